import { useMemo, useRef, useState } from 'react';
import { useAppState } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import { useFormat } from '../../store/use-format.ts';
import { Popover } from '../kit/ui/Popover.tsx';
import { type Column, VirtualTable } from '../kit/ui/VirtualTable.tsx';
import {
  type MatchReason,
  matchReasonText,
  type Outcome,
  outcomeLabel,
  previewOrder,
  type Row,
} from './import-state.ts';
import { Button } from '../kit/ui/Button.tsx';

/** What `transactions-import-preview` says of one row. */
export interface PreviewRow {
  outcome: Outcome;
  payee: string | null;
  payeeName: string | null;
  category: string | null;
  match?: {
    id: string;
    reason: MatchReason;
    date: string;
    amount: number;
    payeeName: string | null;
    notes: string | null;
  };
  changes?: string[];
}

interface Line {
  row: Row;
  preview: PreviewRow | undefined;
}

const CHANGE_NAMES: Record<string, string> = {
  date: 'date',
  imported_id: 'bank ID',
  payee: 'payee',
  category: 'category',
  imported_payee: 'imported payee',
  notes: 'notes',
  cleared: 'cleared flag',
};

/** Why a row matched, with the transaction it matched, in words (the popover's text). */
function MatchExplanation({ preview }: { preview: PreviewRow }) {
  const fmt = useFormat();
  const match = preview.match!;
  const changes = (preview.changes ?? []).map((c) => CHANGE_NAMES[c] ?? c);
  return (
    <div className="import-why" role="dialog" aria-label="Why this matched">
      <p>
        Matches the transaction of <strong>{fmt.date(match.date)}</strong>
        {match.payeeName ? (
          <>
            {' '}
            to <strong>{match.payeeName}</strong>
          </>
        ) : null}{' '}
        for{' '}
        <span className={match.amount < 0 ? 'amount negative' : 'amount'}>
          {fmt.amount(match.amount)}
        </span>
        : {matchReasonText(match.reason)}.
      </p>
      <p className="subdued">
        {changes.length > 0
          ? `The import will update its ${changes.join(', ')}; your payee, category and notes stay.`
          : 'It is already as the file says: nothing will change.'}
      </p>
    </div>
  );
}

function StatusCell({ preview, short }: { preview: PreviewRow | undefined; short: boolean }) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const outcome = preview?.outcome;
  const label = outcomeLabel(outcome);
  const shown = outcomeLabel(outcome, short);
  if (!preview?.match) {
    return (
      <span className={`import-status status-${outcome ?? 'pending'}`} title={label}>
        {shown}
      </span>
    );
  }
  return (
    <>
      <Button
        ref={anchor}
        type="button"
        variant="plain"
        className={`import-status status-${outcome} import-why-button`}
        aria-expanded={open}
        aria-haspopup="dialog"
        // Named by the word it shows (a phone shows the short one), as WCAG 2.5.3 asks.
        aria-label={`${shown}: why?`}
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {shown}{' '}
        <span className="import-why-mark" aria-hidden="true">
          ?
        </span>
      </Button>
      {open && (
        <Popover anchor={anchor} keepFocus maxHeight={220} style={{ maxWidth: 340 }}>
          <MatchExplanation preview={preview} />
        </Popover>
      )}
    </>
  );
}

/**
 * The file's transactions as they will be imported, newest first: each says whether it is new,
 * already in the account (and why it matched which transaction), or will update that one.
 */
export function ImportPreview({
  rows,
  previews,
}: {
  rows: readonly Row[];
  previews: readonly (PreviewRow | undefined)[] | null;
}) {
  const fmt = useFormat();
  const { isSmall, isNarrow } = useResponsive();
  const categories = useAppState((s) => s.categories.list);
  const categoryName = useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c.name]));
    return (id: string | null | undefined) => (id ? (byId.get(id) ?? null) : null);
  }, [categories]);
  const lines: Line[] = useMemo(
    () => previewOrder(rows).map((i) => ({ row: rows[i]!, preview: previews?.[i] })),
    [rows, previews],
  );

  const payeeOf = (l: Line) => l.preview?.payeeName ?? l.row.transaction.payee_name ?? '';
  const categoryOf = (l: Line) => {
    const t = l.row.transaction;
    if (t.subtransactions?.length) return 'Split';
    // Only what the import writes: a file's name that matches no category is not shown.
    return categoryName(l.preview?.category) ?? '';
  };
  const columns: Column<Line>[] = [
    {
      id: 'status',
      header: 'Status',
      width: isNarrow ? '80px' : '144px',
      cell: (l) => <StatusCell preview={l.preview} short={isNarrow} />,
    },
    {
      id: 'date',
      header: 'Date',
      width: isNarrow ? '88px' : '104px',
      cell: (l) => fmt.date(l.row.transaction.date),
    },
    { id: 'payee', header: 'Payee', width: 'minmax(56px, 1.3fr)', cell: payeeOf },
  ];
  if (!isSmall) {
    columns.push(
      {
        id: 'notes',
        header: 'Notes',
        width: 'minmax(60px, 1fr)',
        cell: (l) => l.row.transaction.notes ?? '',
      },
      { id: 'category', header: 'Category', width: 'minmax(60px, 0.8fr)', cell: categoryOf },
    );
  }
  columns.push({
    id: 'amount',
    header: 'Amount',
    width: isNarrow ? '84px' : '104px',
    align: 'right',
    cell: (l) => {
      const amount = l.row.transaction.amount;
      return (
        <span className={amount < 0 ? 'amount negative' : 'amount'}>{fmt.amount(amount)}</span>
      );
    },
  });

  return (
    <VirtualTable
      label="Transactions to import"
      className="import-table"
      columns={columns}
      rows={lines}
      rowKey={(l) => String(l.row.key)}
      rowLabel={(l) =>
        `${fmt.date(l.row.transaction.date)} ${payeeOf(l)} ${fmt.amount(l.row.transaction.amount)}`
      }
      rowProps={(l) => ({ 'data-state': l.preview?.outcome })}
      empty="Nothing in this file can be imported with these settings."
    />
  );
}

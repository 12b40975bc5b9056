import { useEffect, useMemo, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import { useFormat } from '../../store/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { type Column, VirtualTable } from '../kit/ui/VirtualTable.tsx';
import {
  type Change,
  PREVIEW_MORE_WITHIN,
  previewColumns,
  type PreviewRow,
  rowChanges,
} from './preview.ts';
import { fieldName, type RuleRow } from './rule-editor.ts';
import { transactionValueText } from '../conditions/rule-text.ts';
import { useRuleFormats, useRuleNames } from '../conditions/use-rule-names.ts';
import type { RulePreview as Preview } from './use-rule-preview.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

const WIDTHS: Record<string, string> = {
  date: '104px',
  amount: '100px',
};
/** A phone's modal leaves about 310 px: every column fits without scrolling sideways. */
const NARROW_WIDTHS: Record<string, string> = {
  select: '30px',
  date: '88px',
  payee: 'minmax(60px, 1fr)',
  amount: '84px',
  why: '34px',
};

/**
 * The transactions the rule applies to, newest first (spec: the editor's preview; default
 * columns date, payee, amount). Coffer tests the rule before it is saved: each field an action
 * sets shows its value now and after, and the heading says how many transactions would
 * change. Selected rows take the actions with 'Apply actions'.
 */
export function RulePreview({
  preview,
  conditions,
  actions,
  onApply,
}: {
  preview: Preview;
  conditions: readonly RuleRow[];
  actions: readonly RuleRow[];
  /** Applies the actions to these transactions; resolves to false when they were refused. */
  onApply: (ids: string[]) => Promise<boolean>;
}) {
  const store = useStore();
  const fmt = useFormat();
  const names = useRuleNames();
  const formats = useRuleFormats();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [applied, setApplied] = useState<string | null>(null);
  const { rows, total, changing, filter } = preview;

  // Another set of conditions is another set of transactions.
  useEffect(() => {
    setSelected(new Set());
    setApplied(null);
  }, [filter]);

  // A phone keeps date, payee and amount; the counts above still say what would change.
  const { isSmall, isNarrow } = useResponsive();
  const width = (id: string, wide: string) => (isNarrow ? (NARROW_WIDTHS[id] ?? wide) : wide);
  const all = previewColumns(conditions, actions);
  const fields = isSmall ? all.filter((f) => ['date', 'payee', 'amount'].includes(f)) : all;
  const changesOf = useMemo(() => {
    const cache = new Map<string, Change[]>();
    return (row: PreviewRow) => {
      let c = cache.get(row.id);
      if (!c) cache.set(row.id, (c = rowChanges(row, actions)));
      return c;
    };
  }, [actions]);

  const show = (field: string, value: unknown) =>
    transactionValueText(field, value, names, formats);

  const cell = (field: string) => (row: PreviewRow) => {
    const change = changesOf(row).find((c) => c.field === field);
    if (field === 'amount' && !change) return <Amount cents={row.amount} />;
    if (field === 'date' && !change) return fmt.date(row.date);
    const now = show(field, row[field]);
    if (!change) return now;
    if (!change.changed) return <span className="subdued">{now}</span>;
    const after = show(field, change.to);
    return (
      <span className="preview-change" title={`${now} → ${after}`}>
        <span className="preview-from">{now}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> becomes </span>
        <strong className="preview-to">{after}</strong>
      </span>
    );
  };

  const allSelected = total !== null && total > 0 && selected.size === total;
  const columns: Column<PreviewRow>[] = [
    {
      id: 'select',
      header: (
        <Checkbox
          label={allSelected ? 'Select none' : 'Select all'}
          checked={allSelected}
          disabled={!total}
          onChange={async () =>
            setSelected(allSelected ? new Set() : new Set(await preview.allIds()))
          }
        />
      ),
      width: width('select', '36px'),
      align: 'center',
      cell: (row) => (
        <Checkbox
          label={`Select ${fmt.date(row.date)} ${show('payee', row.payee)}`}
          checked={selected.has(row.id)}
          onChange={() =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(row.id)) next.delete(row.id);
              else next.add(row.id);
              return next;
            })
          }
        />
      ),
    },
    ...fields.map((field): Column<PreviewRow> => ({
      id: field,
      header: fieldName(field === 'schedule' ? 'Schedule' : field),
      width: width(field, WIDTHS[field] ?? 'minmax(90px, 1fr)'),
      align: field === 'amount' ? 'right' : 'left',
      cell: cell(field),
    })),
    {
      id: 'why',
      header: <span className="sr-only">Rules</span>,
      width: width('why', '44px'),
      align: 'center',
      cell: (row) => (
        <Button
          type="button"
          variant="bare"
          className="preview-why"
          aria-label={`Why did this happen? ${fmt.date(row.date)} ${show('payee', row.payee)}`}
          title="Why did this happen? The rules that run on this transaction"
          onClick={() => store.pushModal('rule-trace', { transactionId: row.id })}
        >
          ?
        </Button>
      ),
    },
  ];

  const summary =
    total === null
      ? 'Counting…'
      : `${count(total, 'transaction matches', 'transactions match')}${
          changing !== null && total > 0
            ? `, ${count(changing, 'would change', 'would change')}`
            : ''
        }`;

  return (
    <section className="rule-preview" aria-label="Preview">
      <div className="rule-preview-head">
        <div>
          <div>This rule applies to these transactions:</div>
          <div className="subdued rule-preview-summary" role="status">
            {summary}
            {preview.skipped > 0 &&
              ` (${count(preview.skipped, 'condition is', 'conditions are')} not complete and left out)`}
          </div>
        </div>
        {applied && (
          <span className="rule-preview-applied" role="status">
            {applied}
          </span>
        )}
        <Button
          type="button"
          disabled={selected.size === 0}
          onClick={async () => {
            const ids = [...selected];
            // The selection stays (and so does focus, on this button): applying twice is harmless.
            if (await onApply(ids)) {
              setApplied(`Applied to ${count(ids.length, 'transaction', 'transactions')}`);
            }
          }}
        >
          Apply actions ({selected.size.toLocaleString()})
        </Button>
      </div>
      <VirtualTable
        label="Transactions this rule applies to"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(r) => r.id}
        rowLabel={(r) => `${fmt.date(r.date)} ${show('payee', r.payee)}`}
        onNearEnd={preview.loadMore}
        nearEndWithin={PREVIEW_MORE_WITHIN}
        empty={filter === null ? 'No conditions to match yet' : 'No transactions match'}
        className="rule-preview-table"
      />
    </section>
  );
}

import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { useStore } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import { useFormat } from '../../store/use-format.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import type { Column } from '../kit/ui/VirtualTable.tsx';
import { type Change, previewColumns, type PreviewRow, rowChanges } from './preview.ts';
import { fieldName, type RuleRow } from './rule-editor.ts';
import type { RulePreview as Preview } from './use-rule-preview.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';

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
 * The preview's columns: a checkbox to select the row, the fields the conditions and actions
 * touch (each field an action sets shows its value now and after), and the button that asks
 * why the rules ran as they did. A phone keeps date, payee and amount.
 */
export function usePreviewColumns({
  preview,
  conditions,
  actions,
  selected,
  setSelected,
  show,
}: {
  preview: Preview;
  conditions: readonly RuleRow[];
  actions: readonly RuleRow[];
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** A field's value in words. */
  show: (field: string, value: unknown) => string;
}): Column<PreviewRow>[] {
  const store = useStore();
  const fmt = useFormat();
  const { total } = preview;
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
  return [
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
}

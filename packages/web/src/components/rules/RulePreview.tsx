import { useEffect, useState } from 'react';
import { useFormat } from '../../store/use-format.ts';
import { VirtualTable } from '../kit/ui/VirtualTable.tsx';
import { PREVIEW_MORE_WITHIN } from './preview.ts';
import type { RuleRow } from './rule-editor.ts';
import { usePreviewColumns } from './use-preview-columns.tsx';
import { transactionValueText } from '../conditions/rule-text.ts';
import { useRuleFormats, useRuleNames } from '../conditions/use-rule-names.ts';
import type { RulePreview as Preview } from './use-rule-preview.ts';
import { Button } from '../kit/ui/Button.tsx';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

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

  const show = (field: string, value: unknown) =>
    transactionValueText(field, value, names, formats);
  const columns = usePreviewColumns({
    preview,
    conditions,
    actions,
    selected,
    setSelected,
    show,
  });

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

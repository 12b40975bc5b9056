/**
 * A split's lines in the touch editor: each line's category, payee (a transfer payee makes the
 * line a transfer) and amount, removing a line, adding one that holds what is left, and
 * spreading what is left over the lines (the register's `distribute`).
 */
import {
  addDraftLine,
  type Draft,
  type DraftLine,
  draftRemainder,
  removeDraftLine,
} from '../editing/draft.ts';
import { distribute } from '../rows/register-rows.ts';
import { newUuid } from '../editing/uuid.ts';
import { CategoryAutocomplete, PayeeAutocomplete } from '../../kit/pickers/Pickers.tsx';
import { Amount, AmountInput } from '../../kit/ui/AmountInput.tsx';
import { Button } from '../../kit/ui/Button.tsx';

export interface SplitLinesProps {
  draft: Draft;
  update: (fn: (d: Draft) => Draft) => void;
  onInvalid: (id: string, bad: boolean) => void;
}

export function SplitLines({ draft, update, onInvalid }: SplitLinesProps) {
  const lines = draft.lines ?? [];
  const left = draftRemainder(draft);
  const setLine = (i: number, patch: Partial<DraftLine>) =>
    update((d) => ({
      ...d,
      lines: (d.lines ?? []).map((l, j) => (j === i ? { ...l, ...patch } : l)),
    }));

  return (
    <section className="ph-split" aria-label="Split lines">
      <h2 className="ph-split-title">Split</h2>
      <ol className="ph-lines">
        {lines.map((line, i) => {
          const n = i + 1;
          const amountId = `ph-line-${line.id}-amount`;
          return (
            <li key={line.id} className="ph-line card">
              <div className="ph-line-head">
                <span>Line {n}</span>
                <Button
                  variant="bare"
                  className="ph-remove"
                  onClick={() => update((d) => removeDraftLine(d, i))}
                >
                  Remove<span className="sr-only"> line {n}</span>
                </Button>
              </div>
              <CategoryAutocomplete
                label={`Category of line ${n}`}
                placeholder="Category"
                value={line.category}
                onCommit={(item) => setLine(i, { category: item?.id ?? null })}
              />
              <PayeeAutocomplete
                label={`Payee of line ${n}`}
                placeholder="Payee (the transaction's if blank)"
                value={line.payee}
                options={{ excludeAccount: draft.account ?? undefined }}
                onCommit={(item) => setLine(i, { payee: item?.id ?? null })}
              />
              <AmountInput
                id={amountId}
                label={`Amount of line ${n}`}
                value={line.amount}
                signToggle
                defaultNegative={draft.amount <= 0}
                onChange={(c) => {
                  onInvalid(amountId, c === undefined);
                  if (c !== undefined) setLine(i, { amount: c ?? 0 });
                }}
              />
            </li>
          );
        })}
      </ol>
      <p className="ph-left" aria-live="polite">
        <span>Amount left</span> <Amount cents={left} />
      </p>
      <div className="ph-split-buttons">
        <Button onClick={() => update((d) => addDraftLine(d, newUuid))}>Add split line</Button>
        <Button
          disabled={left === 0}
          onClick={() =>
            update((d) => {
              const amounts = distribute(
                d.amount,
                (d.lines ?? []).map((l) => l.amount),
              );
              return {
                ...d,
                lines: (d.lines ?? []).map((l, i) => ({ ...l, amount: amounts[i]! })),
              };
            })
          }
        >
          Distribute
        </Button>
      </div>
    </section>
  );
}

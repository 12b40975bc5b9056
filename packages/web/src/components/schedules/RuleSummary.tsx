import { useAppState, useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { actionText, conditionText, type Names, type RuleLike } from './rule-text.ts';
import { Button } from '../kit/ui/Button.tsx';

/**
 * The rule behind a schedule, in words, with 'Edit as rule' for the conditions the schedule
 * form does not show (notes, category...). The rule editor is the rules area's modal.
 */
export function RuleSummary({ rule }: { rule: RuleLike }) {
  const store = useStore();
  const fmt = useFormat();
  const payeeName = usePayeeName();
  const accounts = useAppState((s) => s.accounts);
  const categories = useAppState((s) => s.categories.list);
  const names: Names = {
    id: (field, id) =>
      field === 'payee'
        ? payeeName(id)
        : field === 'account'
          ? (accounts.find((a) => a.id === id)?.name ?? '')
          : (categories.find((c) => c.id === id)?.name ?? ''),
    amount: fmt.amount,
    date: fmt.date,
  };
  return (
    <section className="card schedule-section" aria-labelledby="rule-title">
      <div className="schedule-section-head">
        <h2 id="rule-title">Rule</h2>
        <Button
          type="button"
          onClick={() =>
            store.pushModal('edit-rule', {
              rule: {
                id: rule.id,
                stage: rule.stage,
                conditionsOp: rule.conditionsOp,
                conditions: rule.conditions,
                actions: rule.actions,
              },
            })
          }
        >
          Edit as rule
        </Button>
      </div>
      <p className="subdued">
        Transactions that match this rule are linked to the schedule and count as its payment.
      </p>
      <ul className="rule-lines" aria-label="Rule conditions">
        {rule.conditions.map((c, i) => (
          <li key={i}>
            {i > 0 && (
              <span className="subdued">{rule.conditionsOp === 'or' ? 'or ' : 'and '}</span>
            )}
            {conditionText(c, names)}
          </li>
        ))}
        {rule.actions.map((a, i) => (
          <li key={`a${i}`} className="rule-action">
            <span aria-hidden="true">→ </span>
            {actionText(a, names)}
          </li>
        ))}
      </ul>
    </section>
  );
}

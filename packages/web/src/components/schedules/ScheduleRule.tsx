import { useStore } from '../../store/context.ts';
import type { RuleRow } from '../conditions/rule-text.ts';
import { RuleSummary } from '../conditions/RuleSummary.tsx';
import { useRuleFormats, useRuleNames } from '../conditions/use-rule-names.ts';
import { Button } from '../kit/ui/Button.tsx';

/** The rule behind a schedule, as `rule-get` answers it. */
export interface RuleLike {
  id: string;
  stage: string | null;
  conditionsOp: 'and' | 'or';
  conditions: Array<RuleRow & { field: string }>;
  actions: RuleRow[];
}

/**
 * The rule behind a schedule, in words, with 'Edit as rule' for the conditions the schedule
 * form does not show (notes, category...). The rule editor is the rules area's modal.
 */
export function ScheduleRule({ rule }: { rule: RuleLike }) {
  const store = useStore();
  const names = useRuleNames();
  const formats = useRuleFormats();
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
      <RuleSummary rule={rule} names={names} formats={formats} lines />
    </section>
  );
}

import type { CompiledRule, Rule, RuleAction, RuleCondition } from './types.ts';

/**
 * A compiled rule as the UI sees it (`rules-get`, `rule-get`): normalized conditions and
 * actions (with `type`, without editor leftovers) whose ids are the current, mapped ones, so
 * a rule about a payee that was merged shows the payee it was merged into.
 */
export function toPublicRule(rule: CompiledRule): Rule {
  const conditions = rule.conditions.map((c): RuleCondition => {
    const v = c.value;
    if (v.kind === 'id') return { ...c.source, value: v.id };
    if (v.kind === 'ids') return { ...c.source, value: [...v.ids] };
    return c.source;
  });
  const actions = rule.actions.map((a): RuleAction =>
    a.op === 'set' && a.type === 'id' ? { ...a.source, value: a.value } : a.source,
  );
  return { id: rule.id, stage: rule.stage, conditionsOp: rule.conditionsOp, conditions, actions };
}

/** The normalized rule with its raw ids, for storing. */
export function toStoredRule(rule: CompiledRule): Rule {
  return {
    id: rule.id,
    stage: rule.stage,
    conditionsOp: rule.conditionsOp,
    conditions: rule.conditions.map((c) => c.source),
    actions: rule.actions.map((a) => a.source),
  };
}

import type { CompiledRule, NewRule, Rule, RuleCondition } from './types.ts';

/** The pre-stage rule that renames imported payees: `imported_payee oneOf names → set payee`. */
export function makePayeeRenameRule(fromNames: readonly string[], payeeId: string): NewRule {
  return {
    stage: 'pre',
    conditionsOp: 'and',
    conditions: [
      {
        field: 'imported_payee',
        op: 'oneOf',
        value: fromNames.filter((n) => n !== ''),
        type: 'string',
      },
    ],
    actions: [{ op: 'set', field: 'payee', value: payeeId, type: 'id' }],
  };
}

/** True for a rule of exactly the rename shape that sets this payee. */
export function isPayeeRenameRuleFor(rule: CompiledRule, payeeId: string): boolean {
  const [cond] = rule.conditions;
  const [action] = rule.actions;
  return (
    rule.stage === 'pre' &&
    rule.conditions.length === 1 &&
    rule.actions.length === 1 &&
    cond?.field === 'imported_payee' &&
    cond.op === 'oneOf' &&
    action?.op === 'set' &&
    action.field === 'payee' &&
    action.value === payeeId
  );
}

export type RuleWrite = { kind: 'insert'; rule: NewRule } | { kind: 'update'; rule: Rule };

/**
 * What `rule-add-payee-rename` writes: new names are merged into an existing rename rule for
 * the payee (keeping its names first, without duplicates or empty names), otherwise a new
 * rule is created. `rules` are in run order; the first matching one is used.
 */
export function planPayeeRename(
  rules: readonly CompiledRule[],
  fromNames: readonly string[],
  payeeId: string,
): RuleWrite {
  const existing = rules.find((rule) => isPayeeRenameRuleFor(rule, payeeId));
  if (!existing) return { kind: 'insert', rule: makePayeeRenameRule(fromNames, payeeId) };
  const cond = existing.source.conditions[0] as RuleCondition;
  const names = new Set(Array.isArray(cond.value) ? (cond.value as unknown[]) : []);
  for (const name of fromNames) if (name !== '') names.add(name);
  return {
    kind: 'update',
    rule: { ...existing.source, conditions: [{ ...cond, value: [...names] }] },
  };
}

/** The rule the editor opens with when creating a rule from a payee. */
export function newRuleForPayee(payeeId: string): NewRule {
  return {
    stage: null,
    conditionsOp: 'and',
    conditions: [{ field: 'payee', op: 'is', value: payeeId, type: 'id' }],
    actions: [{ op: 'set', field: 'category', value: null, type: 'id' }],
  };
}

/** How many of a payee's latest transactions category learning looks at. */
export const LEARN_WINDOW = 5;
/** How many of them must share a category for a rule to be made. */
export const LEARN_MIN_COUNT = 3;

export interface LearnableTransaction {
  id: string;
  category: string | null | undefined;
}

/**
 * The category most of these transactions have, if it has at least 3 of them; ties go to
 * the category seen first (the most recent).
 */
export function getProbableCategory(transactions: readonly LearnableTransaction[]): string | null {
  const counts = new Map<string, number>();
  for (const t of transactions) {
    if (t.category) counts.set(t.category, (counts.get(t.category) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [category, count] of counts) {
    // Map order is first-seen order, so a tie keeps the most recent category.
    if (count > bestCount) [best, bestCount] = [category, count];
  }
  return bestCount >= LEARN_MIN_COUNT ? best : null;
}

/**
 * Category learning for one payee. `latestFirst` are the payee's transactions, newest first
 * (the caller loads a ±180-day window from open accounts, without split parents). Only the
 * latest 5 count, and only when one of them is among the transactions just changed.
 */
export function learnCategory(
  latestFirst: readonly LearnableTransaction[],
  changedIds: ReadonlySet<string>,
): string | null {
  const latest = latestFirst.slice(0, LEARN_WINDOW);
  if (!latest.some((t) => changedIds.has(t.id))) return null;
  return getProbableCategory(latest);
}

/** True for a default-stage rule of exactly the shape `payee is P → set category`. */
export function isCategorySetterFor(rule: CompiledRule, payeeId: string): boolean {
  const [cond] = rule.conditions;
  const [action] = rule.actions;
  return (
    rule.stage === null &&
    rule.conditions.length === 1 &&
    rule.actions.length === 1 &&
    cond?.field === 'payee' &&
    cond.op === 'is' &&
    cond.value.kind === 'id' &&
    cond.value.id === payeeId &&
    action?.op === 'set' &&
    action.field === 'category'
  );
}

/**
 * The writes that make `payee is P → set category C` true: every existing rule of that shape
 * that sets another category is updated (two devices may each have made one), or a new rule
 * is created when there is none.
 */
export function planCategoryRule(
  rules: readonly CompiledRule[],
  payeeId: string,
  categoryId: string,
): RuleWrite[] {
  const setters = rules.filter((rule) => isCategorySetterFor(rule, payeeId));
  if (setters.length === 0) {
    return [
      {
        kind: 'insert',
        rule: {
          stage: null,
          conditionsOp: 'and',
          conditions: [{ field: 'payee', op: 'is', value: payeeId, type: 'id' }],
          actions: [{ op: 'set', field: 'category', value: categoryId, type: 'id' }],
        },
      },
    ];
  }
  return setters
    .filter((rule) => rule.actions[0]?.op === 'set' && rule.actions[0].value !== categoryId)
    .map((rule) => ({
      kind: 'update',
      rule: { ...rule.source, actions: [{ ...rule.source.actions[0]!, value: categoryId }] },
    }));
}

/** The schedule a rule belongs to (its link-schedule action), if any. */
export function linkedScheduleId(rule: { actions: readonly { op: string; value?: unknown }[] }) {
  const link = rule.actions.find((a) => a.op === 'link-schedule');
  return typeof link?.value === 'string' ? link.value : null;
}

/**
 * The rules that mention a payee (`payees-get-rules`): a payee condition with is, isNot,
 * oneOf or notOneOf naming it, or an action setting it. `rules` are in run order.
 */
export function getRulesForPayee(rules: readonly CompiledRule[], payeeId: string): CompiledRule[] {
  return rules.filter(
    (rule) =>
      rule.conditions.some(
        (c) =>
          c.field === 'payee' &&
          ((c.value.kind === 'id' && c.value.id === payeeId) ||
            (c.value.kind === 'ids' && c.value.ids.includes(payeeId))),
      ) || rule.actions.some((a) => a.op === 'set' && a.field === 'payee' && a.value === payeeId),
  );
}

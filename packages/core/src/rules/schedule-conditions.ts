import type { BetweenValue, RuleCondition } from './types.ts';

/** The conditions of a schedule's rule that define the schedule. */
export interface ScheduleConditions {
  payee: RuleCondition | null;
  account: RuleCondition | null;
  amount: RuleCondition | null;
  date: RuleCondition | null;
}

function find(
  conditions: readonly RuleCondition[],
  fields: readonly string[],
  ops: readonly string[],
): RuleCondition | null {
  for (const field of fields) {
    const found = conditions.find((c) => c.field === field && ops.includes(c.op));
    if (found) return found;
  }
  return null;
}

/**
 * Picks the schedule's key conditions out of its rule: payee is, account is, amount
 * is/isapprox/isbetween and date is/isapprox. The stored (internal) field names are accepted
 * too, so this works on raw JSON as well.
 */
export function extractScheduleConditions(
  conditions: readonly RuleCondition[],
): ScheduleConditions {
  return {
    payee: find(conditions, ['payee', 'description'], ['is']),
    account: find(conditions, ['account', 'acct'], ['is']),
    amount: find(conditions, ['amount'], ['is', 'isapprox', 'isbetween']),
    date: find(conditions, ['date'], ['is', 'isapprox']),
  };
}

/**
 * `schedules_json_paths`: where each key condition sits in the rule's conditions array
 * (`$[i]`), so the schedules view can read them with SQL JSON functions.
 */
export function scheduleJsonPaths(conditions: readonly RuleCondition[]): {
  payee: string | null;
  account: string | null;
  amount: string | null;
  date: string | null;
} {
  const conds = extractScheduleConditions(conditions);
  const path = (c: RuleCondition | null) => {
    const i = c ? conditions.indexOf(c) : -1;
    return i === -1 ? null : `$[${i}]`;
  };
  return {
    payee: path(conds.payee),
    account: path(conds.account),
    amount: path(conds.amount),
    date: path(conds.date),
  };
}

/** The amount a schedule posts: a range posts its rounded midpoint; no amount posts 0. */
export function getScheduledAmount(amount: number | BetweenValue | null | undefined): number {
  if (amount == null) return 0;
  if (typeof amount === 'number') return amount;
  return Math.round((amount.num1 + amount.num2) / 2);
}

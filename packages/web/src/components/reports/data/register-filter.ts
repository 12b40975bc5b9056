import type { Month } from '@coffer/core/ui';
import { type MonthSpan, spanDates } from './range.ts';

/** A rule-style condition, as the register's filter bar takes them (CONTRACTS.md). */
export interface FilterCondition {
  field: string;
  op: string;
  value: unknown;
  type: 'id' | 'date' | 'number' | 'string';
  options?: Record<string, unknown>;
}

/** Where a click on a figure goes: the register, filtered to the figure's transactions. */
export interface RegisterTarget {
  path: string;
  state: { filter: { conditions: FilterCondition[]; conditionsOp: 'and' | 'or' } };
}

export const monthCondition = (month: Month): FilterCondition => ({
  field: 'date',
  op: 'is',
  value: month,
  options: { month: true },
  type: 'date',
});

export const dayCondition = (date: string): FilterCondition => ({
  field: 'date',
  op: 'is',
  value: date,
  type: 'date',
});

/** A whole-month span: one month is `date is <month>`, more are two bounds. */
export function spanConditions(span: MonthSpan): FilterCondition[] {
  if (span.start === span.end) return [monthCondition(span.start)];
  const { first, last } = spanDates(span);
  return [
    { field: 'date', op: 'gte', value: first, type: 'date' },
    { field: 'date', op: 'lte', value: last, type: 'date' },
  ];
}

export const idIs = (field: string, value: string | null): FilterCondition => ({
  field,
  op: 'is',
  value,
  type: 'id',
});

export const idOneOf = (field: string, values: readonly string[]): FilterCondition => ({
  field,
  op: 'oneOf',
  value: [...values],
  type: 'id',
});

export const amountSign = (sign: 'in' | 'out'): FilterCondition => ({
  field: 'amount',
  op: sign === 'in' ? 'gt' : 'lt',
  value: 0,
  type: 'number',
});

/**
 * 'Notes has tag #a' (`has`, one tag), or 'notes has no tag #a #b' (`none`: none of them), as
 * the register's filter bar writes them.
 */
export const tagCondition = (kind: 'has' | 'none', tags: readonly string[]): FilterCondition => ({
  field: 'notes',
  op: kind === 'has' ? 'hasTags' : 'doesNotHaveTags',
  value: tags.map((t) => `#${t}`).join(' '),
  type: 'string',
});

/** Leaves out transfers to and from these transfer payees' accounts. */
export function notTransfers(transferPayees: readonly string[]): FilterCondition[] {
  return transferPayees.length > 0
    ? [{ field: 'payee', op: 'notOneOf', value: [...transferPayees], type: 'id' }]
    : [];
}

/**
 * The register for these accounts: one account opens its own register; several (fewer than
 * all) add an account condition to the filter of the all-accounts register.
 */
export function registerTarget(
  accounts: readonly string[],
  allAccounts: readonly string[],
  conditions: readonly FilterCondition[],
): RegisterTarget {
  const all = allAccounts.every((id) => accounts.includes(id));
  const only = accounts.length === 1 ? accounts[0] : undefined;
  const scoped = all || only ? [] : [idOneOf('account', accounts)];
  return {
    path: only ? `/accounts/${only}` : '/accounts',
    state: { filter: { conditions: [...conditions, ...scoped], conditionsOp: 'and' } },
  };
}

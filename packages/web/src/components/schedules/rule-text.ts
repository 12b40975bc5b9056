/**
 * A schedule's rule in words, for the editor's "rule behind it" line: each condition as
 * `field op value` with names for ids, amounts and dates in the person's formats.
 */
import { describeRecurrence } from '@coffer/core/ui';
import { isRange } from './schedule-logic.ts';

export interface RuleLike {
  id: string;
  stage: string | null;
  conditionsOp: 'and' | 'or';
  conditions: Array<{ field: string; op: string; value: unknown; type?: string }>;
  actions: Array<{ op: string; field?: string | null; value: unknown; type?: string }>;
}

export interface Names {
  id: (field: string, id: string) => string;
  amount: (cents: number) => string;
  date: (date: string) => string;
}

const FIELDS: Record<string, string> = {
  imported_payee: 'imported payee',
  payee: 'payee',
  account: 'account',
  category: 'category',
  amount: 'amount',
  date: 'date',
  notes: 'notes',
  cleared: 'cleared',
};

const OPS: Record<string, string> = {
  is: 'is',
  isNot: 'is not',
  isapprox: 'is approximately',
  isbetween: 'is between',
  contains: 'contains',
  doesNotContain: 'does not contain',
  oneOf: 'is one of',
  notOneOf: 'is not one of',
  gt: 'is greater than',
  gte: 'is greater than or equal to',
  lt: 'is less than',
  lte: 'is less than or equal to',
};

function valueText(field: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === '') return '(nothing)';
  if (Array.isArray(value)) return value.map((v) => valueText(field, v, names)).join(', ');
  if (field === 'amount') {
    if (isRange(value)) return `${names.amount(value.num1)} and ${names.amount(value.num2)}`;
    if (typeof value === 'number') return names.amount(value);
  }
  if (field === 'date') {
    if (typeof value === 'string') return names.date(value);
    return describeRecurrence(value, names.date);
  }
  if (typeof value === 'string' && ['payee', 'account', 'category'].includes(field)) {
    return names.id(field, value) || '(deleted)';
  }
  return String(value);
}

/** One condition: `payee is Landlord`, `amount is between -90.00 and -110.00`. */
export function conditionText(
  c: { field: string; op: string; value: unknown },
  names: Names,
): string {
  return `${FIELDS[c.field] ?? c.field} ${OPS[c.op] ?? c.op} ${valueText(c.field, c.value, names)}`;
}

/** One action: `link to this schedule`, `set category to Rent`. */
export function actionText(
  a: { op: string; field?: string | null; value: unknown },
  names: Names,
): string {
  if (a.op === 'link-schedule') return 'link to this schedule';
  const field = a.field ?? '';
  return `${a.op} ${FIELDS[field] ?? field} to ${valueText(field, a.value, names)}`;
}

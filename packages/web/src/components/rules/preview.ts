/**
 * The rule editor's preview as queries (spec: the editor's preview table; Coffer's "test a rule
 * before saving it"): the filters the core makes from the conditions, combined by and/or, the
 * matching transactions newest first, how many match, and how many the actions would change.
 */
import { q, type QueryState } from '@coffer/core/ui';
import type { RuleRow } from './rule-editor.ts';

/**
 * Rows asked for at first: a little more than the preview shows on a tall screen. The rows
 * come newest first through the date index, so a payee on 1 transaction in 200 costs a scan of
 * 200 rows per row asked for: a small first page is what makes the first rows quick.
 */
export const PREVIEW_FIRST = 25;
/** Rows added on each scroll near the end of those loaded. */
export const PREVIEW_PAGE = 100;
/** How near the end of the loaded rows the next page is asked for. */
export const PREVIEW_MORE_WITHIN = 10;

/** Every field the preview shows or an action can set. */
export const PREVIEW_FIELDS = [
  'id',
  'date',
  'imported_payee',
  'payee',
  'notes',
  'category',
  'account',
  'amount',
  'cleared',
  'schedule',
] as const;

export interface PreviewRow {
  id: string;
  date: string;
  imported_payee: string | null;
  payee: string | null;
  notes: string | null;
  category: string | null;
  account: string;
  amount: number;
  cleared: boolean;
  schedule: string | null;
  [field: string]: unknown;
}

export type QueryFilter = Record<string, unknown>;

/** The conditions' filters joined as the rule joins its conditions; null matches nothing. */
export function ruleFilter(filters: readonly QueryFilter[], op: 'and' | 'or'): QueryFilter | null {
  if (filters.length === 0) return null;
  return op === 'or' ? { $or: [...filters] } : { $and: [...filters] };
}

/**
 * The matching transactions as the rules see them: split children on their own, ids as
 * stored (a rule matches a deleted payee's id too, so the preview does not join the payees
 * to hide it). In the register's order, newest first, which the transactions' date index
 * serves, so the first page stops reading early.
 */
function matching(filter: QueryFilter) {
  return q('transactions').filter(filter).withoutValidatedRefs();
}

export function previewQuery(filter: QueryFilter, limit: number): QueryState {
  return matching(filter)
    .select([...PREVIEW_FIELDS])
    .limit(limit)
    .serialize();
}

export function countQuery(filter: QueryFilter): QueryState {
  return matching(filter).calculate({ $count: '$id' }).serialize();
}

/** Every matching id, for 'select all' before applying the actions. */
export function idsQuery(filter: QueryFilter): QueryState {
  return matching(filter).select(['id']).serialize();
}

/** What an action writes: its field (`schedule` for link-schedule) and value. */
export interface Setting {
  field: string;
  value: unknown;
}

export function settings(actions: readonly RuleRow[]): Setting[] {
  const out: Setting[] = [];
  for (const a of actions) {
    if (a.op === 'link-schedule') out.push({ field: 'schedule', value: a.value ?? null });
    else if (a.op === 'set' && a.field) out.push({ field: a.field, value: a.value ?? null });
  }
  // When two actions set one field, the last one wins, as when the rule runs.
  const last = new Map(out.map((s) => [s.field, s]));
  return [...last.values()];
}

const isNewPayee = (v: unknown) => typeof v === 'string' && v.startsWith('new:');

/**
 * The transactions the actions would change: any set field that differs. A payee still to be
 * created differs from every transaction's payee.
 */
export function changingFilter(actions: readonly RuleRow[]): QueryFilter | null {
  return settingsFilter(settings(actions));
}

/** `changingFilter` from the settings already worked out. */
export function settingsFilter(set: readonly Setting[]): QueryFilter | null {
  const parts = set.map(({ field, value }) =>
    isNewPayee(value) ? { id: { $ne: null } } : { [field]: { $ne: value } },
  );
  return parts.length === 0 ? null : { $or: parts };
}

export interface Change {
  field: string;
  from: unknown;
  to: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (typeof a === 'boolean' && (b === 1 || b === 0) && a === !!b);

/** What the actions would do to one transaction, field by field. */
export function rowChanges(row: PreviewRow, actions: readonly RuleRow[]): Change[] {
  return settings(actions).map(({ field, value }) => ({
    field,
    from: row[field] ?? null,
    to: value,
    changed: isNewPayee(value) || !same(row[field], value),
  }));
}

/**
 * The preview's columns: date, payee and amount always (the spec's defaults), the imported payee
 * when a condition tests it, and every other field an action sets.
 */
export function previewColumns(conditions: readonly RuleRow[], actions: readonly RuleRow[]) {
  const fields = ['date'];
  if (conditions.some((c) => c.field === 'imported_payee')) fields.push('imported_payee');
  fields.push('payee');
  for (const { field } of settings(actions)) {
    if (!['date', 'payee', 'amount', 'imported_payee'].includes(field) && !fields.includes(field)) {
      fields.push(field);
    }
  }
  fields.push('amount');
  return fields;
}

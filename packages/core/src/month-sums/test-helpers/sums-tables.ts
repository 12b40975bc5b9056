import type { SqliteDatabase } from '../../platform/sqlite.ts';

/** Every table of kept sums, for tests that compare them with their rebuilds. */
export const SUMS_TABLES = [
  'coffer_month_sums',
  'coffer_category_sums',
  'coffer_payee_sums',
  'coffer_payee_totals',
  'coffer_tag_sums',
];

/** Each sums table's rows in a stable order (by its key columns, then amount and count). */
export const sumsContents = (sqlite: SqliteDatabase) =>
  SUMS_TABLES.map((t) => sqlite.all(`SELECT * FROM ${t} ORDER BY ${t === 'coffer_payee_totals' ? '1, 2, 3, 4' : '1, 2, 3, 4, 5, 6'}, amount, count`)); // prettier-ignore

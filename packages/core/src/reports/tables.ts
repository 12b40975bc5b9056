import type { SqliteDatabase } from '../platform/sqlite.ts';

/**
 * Saved custom reports and the overview's cards live in local-only tables, written with plain
 * SQL and never as sync messages. Their columns are the ones Actual chose later for the same
 * features (`custom_reports`, migration 1707267033000 and the columns added after it, and
 * `dashboard`, 1722804019000), but not their table names:
 *
 * - A message for `custom_reports` would make every 23.8 peer of the budget fail its sync with
 *   `invalid-schema` ("Update required"), so these rows never become messages.
 * - A file that already had a table named `custom_reports` would stop opening in a later Actual:
 *   its own migration creates that table without IF NOT EXISTS and would fail.
 *
 * No migration id is recorded (23.8 refuses a file with one it does not know), and the tables are
 * created on the first save, so a budget that never saved a report keeps exactly 23.8's schema.
 */
export const REPORTS_TABLE = 'coffer_custom_reports';
export const DASHBOARD_TABLE = 'coffer_dashboard';

const CREATE_REPORTS = `CREATE TABLE IF NOT EXISTS ${REPORTS_TABLE} (
  id TEXT PRIMARY KEY,
  name TEXT,
  start_date TEXT,
  end_date TEXT,
  date_static INTEGER DEFAULT 0,
  date_range TEXT,
  mode TEXT DEFAULT 'total',
  group_by TEXT DEFAULT 'Category',
  sort_by TEXT DEFAULT 'desc',
  balance_type TEXT DEFAULT 'Payment',
  show_empty INTEGER DEFAULT 0,
  show_offbudget INTEGER DEFAULT 0,
  show_hidden INTEGER DEFAULT 0,
  show_uncategorized INTEGER DEFAULT 0,
  include_current INTEGER DEFAULT 0,
  trim_intervals INTEGER DEFAULT 0,
  selected_categories TEXT,
  graph_type TEXT DEFAULT 'BarGraph',
  conditions TEXT,
  conditions_op TEXT DEFAULT 'and',
  metadata TEXT,
  interval TEXT DEFAULT 'Monthly',
  color_scheme TEXT,
  tombstone INTEGER DEFAULT 0
)`;

const CREATE_DASHBOARD = `CREATE TABLE IF NOT EXISTS ${DASHBOARD_TABLE} (
  id TEXT PRIMARY KEY,
  type TEXT,
  width INTEGER,
  height INTEGER,
  x INTEGER,
  y INTEGER,
  meta TEXT,
  tombstone INTEGER DEFAULT 0
)`;

export function tableExists(db: SqliteDatabase, name: string): boolean {
  return db.first("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?", [name])
    ? true
    : false;
}

/** Creates both tables when missing (before the first write). */
export function ensureReportTables(db: SqliteDatabase): void {
  db.exec(`${CREATE_REPORTS};\n${CREATE_DASHBOARD};`);
}

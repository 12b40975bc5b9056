import { isDate } from '../calendar/months.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { ConditionsOp, RuleCondition } from '../rules/index.ts';
import { ensureReportTables, REPORTS_TABLE, tableExists } from './tables.ts';

/**
 * Values follow Actual's `custom_reports` where it has them (`Interval` groups by month);
 * `Tag` is Coffer's own (`report/tag-sums`).
 */
export const GROUP_BY = ['Category', 'Group', 'Payee', 'Account', 'Interval', 'Tag'] as const;
/** `Budgeted` is Coffer's own: the budgeted amounts of the categories, not transactions. */
export const BALANCE_TYPES = ['Payment', 'Deposit', 'Net', 'Budgeted'] as const;
export const GRAPH_TYPES = ['TableGraph', 'BarGraph', 'LineGraph', 'DonutGraph'] as const;

export type ReportGroupBy = (typeof GROUP_BY)[number];
export type ReportBalanceType = (typeof BALANCE_TYPES)[number];
export type ReportGraphType = (typeof GRAPH_TYPES)[number];

/** A saved custom report as the UI sees it. Dates are `YYYY-MM-DD`, whole months. */
export interface CustomReport {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** A fixed range (start and end as saved) or a live one named by `dateRange`. */
  isDateStatic: boolean;
  dateRange: string;
  mode: 'total' | 'time';
  groupBy: ReportGroupBy;
  balanceType: ReportBalanceType;
  graphType: ReportGraphType;
  showEmpty: boolean;
  showOffBudget: boolean;
  showHidden: boolean;
  showUncategorized: boolean;
  conditions: RuleCondition[];
  conditionsOp: ConditionsOp;
}

export type CustomReportInput = Omit<CustomReport, 'id'> & { id?: string };

interface ReportRow {
  id: string;
  name: string | null;
  start_date: string | null;
  end_date: string | null;
  date_static: number | null;
  date_range: string | null;
  mode: string | null;
  group_by: string | null;
  balance_type: string | null;
  graph_type: string | null;
  show_empty: number | null;
  show_offbudget: number | null;
  show_hidden: number | null;
  show_uncategorized: number | null;
  conditions: string | null;
  conditions_op: string | null;
}

const pick = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function parseConditions(json: string | null): RuleCondition[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value)
      ? value.filter((c): c is RuleCondition => typeof c === 'object' && c !== null)
      : [];
  } catch {
    return [];
  }
}

function toReport(row: ReportRow): CustomReport {
  return {
    id: row.id,
    name: row.name ?? '',
    startDate: row.start_date ?? '',
    endDate: row.end_date ?? '',
    isDateStatic: row.date_static === 1,
    dateRange: row.date_range ?? '',
    mode: row.mode === 'time' ? 'time' : 'total',
    groupBy: pick(GROUP_BY, row.group_by, 'Category'),
    balanceType: pick(BALANCE_TYPES, row.balance_type, 'Payment'),
    graphType: pick(GRAPH_TYPES, row.graph_type, 'BarGraph'),
    showEmpty: row.show_empty === 1,
    showOffBudget: row.show_offbudget === 1,
    showHidden: row.show_hidden === 1,
    showUncategorized: row.show_uncategorized === 1,
    conditions: parseConditions(row.conditions),
    conditionsOp: row.conditions_op === 'or' ? 'or' : 'and',
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Saved reports, by name. */
export function getReports(db: SqliteDatabase): CustomReport[] {
  if (!tableExists(db, REPORTS_TABLE)) return [];
  return db
    .all<ReportRow>(`SELECT * FROM ${REPORTS_TABLE} WHERE tombstone = 0`)
    .map(toReport)
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

export function getReport(db: SqliteDatabase, id: string): CustomReport | null {
  return getReports(db).find((r) => r.id === id) ?? null;
}

export type ReportError = HandlerError<
  'report-name-required' | 'report-name-exists' | 'report-invalid' | 'report-not-found'
>;

function check(db: SqliteDatabase, report: CustomReportInput): ReportError | null {
  const name = report.name.trim();
  if (!name) return handlerError('report-name-required', 'Report name is required');
  const twin = getReports(db).find(
    (r) => r.id !== report.id && collator.compare(r.name.trim(), name) === 0,
  );
  if (twin) return handlerError('report-name-exists', `There is already a report named ${name}`);
  if (!isDate(report.startDate) || !isDate(report.endDate) || report.startDate > report.endDate) {
    return handlerError(
      'report-invalid',
      `The report’s range is not a valid range of dates: ${report.startDate} to ${report.endDate}`,
    );
  }
  return null;
}

function columns(report: CustomReportInput): Record<string, string | number | null> {
  return {
    name: report.name.trim(),
    start_date: report.startDate,
    end_date: report.endDate,
    date_static: report.isDateStatic ? 1 : 0,
    date_range: report.dateRange,
    mode: report.mode,
    group_by: report.groupBy,
    balance_type: report.balanceType,
    graph_type: report.graphType,
    show_empty: report.showEmpty ? 1 : 0,
    show_offbudget: report.showOffBudget ? 1 : 0,
    show_hidden: report.showHidden ? 1 : 0,
    show_uncategorized: report.showUncategorized ? 1 : 0,
    conditions: JSON.stringify(report.conditions),
    conditions_op: report.conditionsOp,
  };
}

/** Saves a new report; → its id. */
export function createReport(
  db: SqliteDatabase,
  report: CustomReportInput,
  newId: () => string,
): string | ReportError {
  const problem = check(db, { ...report, id: undefined });
  if (problem) return problem;
  ensureReportTables(db);
  const id = newId();
  const cols = { id, ...columns(report), tombstone: 0 };
  const names = Object.keys(cols);
  db.run(
    `INSERT INTO ${REPORTS_TABLE} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    Object.values(cols),
  );
  return id;
}

export function updateReport(
  db: SqliteDatabase,
  report: CustomReportInput & { id: string },
): 'ok' | ReportError {
  if (!getReport(db, report.id)) {
    return handlerError('report-not-found', `No report with id ${report.id}`);
  }
  const problem = check(db, report);
  if (problem) return problem;
  const cols = columns(report);
  db.run(
    `UPDATE ${REPORTS_TABLE} SET ${Object.keys(cols)
      .map((c) => `${c} = ?`)
      .join(', ')} WHERE id = ?`,
    [...Object.values(cols), report.id],
  );
  return 'ok';
}

/** Marks the report deleted (as Actual does, with its tombstone); unknown ids change nothing. */
export function deleteReport(db: SqliteDatabase, id: string): void {
  if (!tableExists(db, REPORTS_TABLE)) return;
  db.run(`UPDATE ${REPORTS_TABLE} SET tombstone = 1 WHERE id = ?`, [id]);
}

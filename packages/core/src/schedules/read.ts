import type { Budget } from '../budget-file/budget.ts';
import {
  type BetweenValue,
  type RuleAction,
  type RuleCondition,
  type RuleRow,
  extractScheduleConditions,
  ruleFromRow,
} from '../rules/index.ts';
import { fromDateInt } from '../transactions/model.ts';
import { ensureScheduleLinksIndex, LATEST_LINKED_SQL } from './links-index.ts';
import {
  type RecurConfig,
  type ScheduleStatus,
  getScheduleStatus,
  isSchedulePaid,
} from '../recurrence/index.ts';

/** A schedule as `v_schedules` shows it, with its rule's key conditions pulled out. */
export interface Schedule {
  id: string;
  name: string | null;
  rule: string;
  next_date: string | null;
  completed: boolean;
  posts_transaction: boolean;
  _payee: string | null;
  _account: string | null;
  _amount: number | BetweenValue | null;
  _amountOp: string | null;
  _date: string | RecurConfig | null;
  /** The operator of the date condition ('is' or 'isapprox'). */
  _dateOp: string | null;
  /** The rule's conditions with public field names. */
  _conditions: RuleCondition[];
  _actions: RuleAction[];
}

interface ViewRow {
  id: string;
  name: string | null;
  rule: string;
  next_date: number | null;
  completed: number | null;
  posts_transaction: number | null;
  _payee: string | null;
  _account: string | null;
  _amount: string | number | null;
  _amountOp: string | null;
  _date: string | null;
  _conditions: string | null;
  _actions: string | null;
}

/** `json_extract` gives objects as JSON text and strings as they are. */
function jsonOrText(value: string | number | null): unknown {
  if (typeof value !== 'string') return value;
  if (!value.startsWith('{') && !value.startsWith('[')) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function toSchedule(row: ViewRow): Schedule {
  const rule = ruleFromRow({
    id: row.rule,
    stage: null,
    conditions: row._conditions,
    actions: row._actions,
  } satisfies RuleRow);
  const conditions = rule?.conditions ?? [];
  return {
    id: row.id,
    name: row.name,
    rule: row.rule,
    next_date: row.next_date == null ? null : fromDateInt(row.next_date),
    completed: row.completed === 1,
    posts_transaction: row.posts_transaction === 1,
    _payee: row._payee,
    _account: row._account,
    _amount: jsonOrText(row._amount) as Schedule['_amount'],
    _amountOp: row._amountOp,
    _date: jsonOrText(row._date) as Schedule['_date'],
    _dateOp: extractScheduleConditions(conditions).date?.op ?? null,
    _conditions: conditions,
    _actions: rule?.actions ?? [],
  };
}

const SELECT = `SELECT s.id, s.name, s.rule, s.next_date, s.completed, s.posts_transaction,
  s._payee, s._account, s._amount, s._amountOp, s._date, s._conditions, s._actions
  FROM v_schedules s`;

/** Live schedules (all, or the given one), ordered like Actual's list: open first, by date. */
export function getSchedules(budget: Budget, id?: string): Schedule[] {
  const rows = budget.sqlite.all<ViewRow>(
    `${SELECT} WHERE s.tombstone = 0 ${id === undefined ? '' : 'AND s.id = ?'}
     ORDER BY s.completed, s.next_date, s.id`,
    id === undefined ? [] : [id],
  );
  return rows.map(toSchedule);
}

export function getSchedule(budget: Budget, id: string): Schedule | null {
  return getSchedules(budget, id)[0] ?? null;
}

/** Schedules the daily service looks after: not completed, in an open account. */
export function activeSchedules(budget: Budget): Schedule[] {
  return budget.sqlite
    .all<ViewRow>(
      `${SELECT} JOIN accounts a ON (a.id = s._account AND a.tombstone = 0)
       WHERE s.tombstone = 0 AND IFNULL(s.completed, 0) = 0 AND IFNULL(a.closed, 0) = 0
       ORDER BY s.next_date, s.id`,
    )
    .map(toSchedule);
}

/**
 * The latest date of a live transaction linked to each schedule, read through Coffer's index
 * of the linked rows (`links-index.ts`; made here the first time): no schedules, no read.
 */
export function latestLinkedDates(budget: Budget, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  ensureScheduleLinksIndex(budget.sqlite);
  const rows = budget.sqlite.all<{ schedule: string; latest: number }>(LATEST_LINKED_SQL, [
    JSON.stringify(ids),
  ]);
  return new Map(rows.map((r) => [r.schedule, fromDateInt(r.latest)]));
}

export function statusOf(schedule: Schedule, latest: string | undefined, today: string) {
  const paid = isSchedulePaid(latest ? [latest] : [], schedule.next_date, schedule._dateOp);
  return getScheduleStatus(
    { nextDate: schedule.next_date, completed: schedule.completed, hasTransaction: paid },
    today,
  );
}

/** The derived status of every live schedule (what the schedules list shows). */
export function scheduleStatuses(budget: Budget, today: string): Record<string, ScheduleStatus> {
  const schedules = getSchedules(budget);
  const latest = latestLinkedDates(
    budget,
    schedules.map((s) => s.id),
  );
  const out: Record<string, ScheduleStatus> = {};
  for (const s of schedules) out[s.id] = statusOf(s, latest.get(s.id), today);
  return out;
}

import type { Budget } from '../budget-file/budget.ts';
import { type RuleCondition, extractScheduleConditions } from '../rules/index.ts';
import { dayOf, fromDateInt, toDateInt } from '../transactions/model.ts';
import { type RecurConfig, getNextDate } from '../recurrence/index.ts';

/**
 * Which copy of the next date a write sets (the reference's two-copy scheme):
 * - `base` when the schedule is rebased (its definition changed, or it advanced after a
 *   payment), stamped with the wall clock;
 * - `local` when the user skips a date, stamped with the current base stamp, so the view uses
 *   it only until any device rebases the schedule. A skip can then never undo an advance.
 */
export type NextDateCopy = 'base' | 'local';

interface NextDateRow {
  id: string;
  local_next_date: number | null;
  local_next_date_ts: number | null;
  base_next_date: number | null;
  base_next_date_ts: number | null;
}

/** The next date the view shows for a schedule (local copy while it is current). */
export function currentNextDate(budget: Budget, scheduleId: string): string | null {
  const row = budget.sqlite.first<NextDateRow>(
    'SELECT * FROM schedules_next_date WHERE schedule_id = ? AND IFNULL(tombstone, 0) = 0',
    [scheduleId],
  );
  if (!row) return null;
  const date =
    row.local_next_date_ts === row.base_next_date_ts ? row.local_next_date : row.base_next_date;
  return date == null ? null : fromDateInt(date);
}

/** Writes one copy of a schedule's next date (creating its row if it went missing). */
export function writeNextDate(
  budget: Budget,
  scheduleId: string,
  date: string | null,
  copy: NextDateCopy,
): void {
  const value = date === null ? null : toDateInt(date);
  const row = budget.sqlite.first<NextDateRow>(
    'SELECT * FROM schedules_next_date WHERE schedule_id = ? AND IFNULL(tombstone, 0) = 0',
    [scheduleId],
  );
  const now = budget.env.platform.clock.now();
  if (!row) {
    budget.db.insert('schedules_next_date', {
      schedule_id: scheduleId,
      local_next_date: value,
      local_next_date_ts: now,
      base_next_date: value,
      base_next_date_ts: now,
      tombstone: 0,
    });
    return;
  }
  // A rebase must change the stamp, or a skip stamped with the old one would still count.
  const stamp = Math.max(now, (row.base_next_date_ts ?? 0) + 1);
  budget.db.update(
    'schedules_next_date',
    copy === 'base'
      ? { id: row.id, base_next_date: value, base_next_date_ts: stamp }
      : { id: row.id, local_next_date: value, local_next_date_ts: row.base_next_date_ts },
  );
}

/** The schedule's date condition value: a `YYYY-MM-DD` day or a recurrence config. */
export function dateValueOf(conditions: readonly RuleCondition[]): string | RecurConfig | null {
  const cond = extractScheduleConditions(conditions).date;
  const value = cond?.value;
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) {
    return value as string | RecurConfig;
  }
  return null;
}

/**
 * Recomputes a schedule's next date from its date condition: the first occurrence on or after
 * `from` (today by default). Nothing is written when there is no date condition or the date
 * does not change.
 */
export function setNextDate(
  budget: Budget,
  scheduleId: string,
  conditions: readonly RuleCondition[],
  options: { from?: string; copy: NextDateCopy },
): void {
  const value = dateValueOf(conditions);
  if (value === null) return;
  const from = options.from ?? dayOf(budget.env.platform.clock.now());
  const next = getNextDate(value, from);
  if (next === currentNextDate(budget, scheduleId)) return;
  writeNextDate(budget, scheduleId, next, options.copy);
}

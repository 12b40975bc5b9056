import type { Budget } from '../budget-file/budget.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import {
  type RuleCondition,
  type RuleRow,
  extractScheduleConditions,
  ruleFromRow,
  validateRule,
} from '../rules/index.ts';
import { insertRule, updateRule } from '../rules-handlers/store.ts';
import { dayOf, toDateInt } from '../transactions/model.ts';
import { addDaysTo, getNextDate } from '../recurrence/index.ts';
import { currentNextDate, dateValueOf, setNextDate } from './next-date.ts';

/** The schedule columns a caller may set (the rule is the schedule's own business). */
export interface ScheduleFields {
  id?: string;
  name?: string | null;
  posts_transaction?: boolean | null;
  completed?: boolean | null;
  active?: boolean | null;
  rule?: string | null;
}

export type ScheduleError = HandlerError<
  'date-required' | 'name-taken' | 'invalid-conditions' | 'rule-change' | 'schedule-not-found'
>;

const SCHEDULE_COLUMNS = ['name', 'posts_transaction', 'completed', 'active'] as const;

function scheduleColumns(fields: ScheduleFields): Record<string, string | boolean | null> {
  const out: Record<string, string | boolean | null> = {};
  for (const column of SCHEDULE_COLUMNS) {
    const value = fields[column];
    if (value !== undefined) out[column] = value;
  }
  return out;
}

function checkName(budget: Budget, name: string | null | undefined, self: string) {
  if (!name) return null;
  const taken = budget.sqlite.first(
    'SELECT id FROM schedules WHERE tombstone = 0 AND name = ? AND id != ?',
    [name, self],
  );
  return taken ? handlerError('name-taken', 'Cannot create schedules with the same name') : null;
}

/** Checks the conditions of a schedule rule; the spec's texts for the date cases. */
function checkConditions(conditions: readonly RuleCondition[], needDate: boolean) {
  const date = extractScheduleConditions(conditions).date;
  if (needDate && !date) {
    return handlerError('date-required', 'A date condition is required to create a schedule');
  }
  if (date && date.value == null) return handlerError('date-required', 'Date is required');
  const errors = validateRule({ conditions, actions: [] });
  if (errors) {
    return {
      error: {
        type: 'invalid-conditions' as const,
        message: 'The schedule has invalid conditions',
        conditionErrors: errors.conditionErrors,
      },
    };
  }
  return null;
}

/**
 * A new schedule: its rule (the conditions plus `link-schedule`), both copies of its next date
 * (the first occurrence from today), and the schedule row. Returns the schedule id.
 */
export function createSchedule(
  budget: Budget,
  schedule: ScheduleFields,
  conditions: RuleCondition[],
): string | ScheduleError {
  const id = schedule.id ?? budget.env.platform.random.uuid();
  const problem = checkConditions(conditions, true) ?? checkName(budget, schedule.name, id);
  if (problem) return problem;
  const today = dayOf(budget.env.platform.clock.now());
  const value = dateValueOf(conditions)!;
  const next = getNextDate(value, today);
  const nextInt = next === null ? null : toDateInt(next);
  const now = budget.env.platform.clock.now();
  budget.db.batch(() => {
    const rule = insertRule(budget, {
      stage: null,
      conditionsOp: 'and',
      conditions,
      actions: [{ op: 'link-schedule', value: id }],
    });
    budget.db.insert('schedules_next_date', {
      schedule_id: id,
      local_next_date: nextInt,
      local_next_date_ts: now,
      base_next_date: nextInt,
      base_next_date_ts: now,
      tombstone: 0,
    });
    budget.db.insert('schedules', {
      completed: false,
      posts_transaction: false,
      ...scheduleColumns(schedule),
      id,
      rule,
      tombstone: 0,
    });
  });
  return id;
}

/**
 * New key conditions replace the old ones in place (payee, account, amount, date); key
 * conditions the rule did not have are appended; every other condition stays. A payee or
 * account update whose value is null removes that condition: without it a schedule whose payee
 * was cleared in the editor would keep matching the old payee (Actual's merge cannot express
 * the removal at all).
 */
export function updateConditions(
  conditions: readonly RuleCondition[],
  updates: readonly RuleCondition[],
): RuleCondition[] {
  const before = extractScheduleConditions(conditions);
  const after = extractScheduleConditions(updates);
  const keys = ['payee', 'account', 'amount', 'date'] as const;
  const out: RuleCondition[] = [];
  for (const c of conditions) {
    const key = keys.find((k) => before[k] === c);
    if (key && clears(after[key])) continue;
    out.push(key && after[key] ? after[key] : c);
  }
  for (const key of keys) {
    if (!before[key] && after[key] && !clears(after[key])) out.push(after[key]);
  }
  return out;
}

/** `payee is null` / `account is null` in an update: remove the condition. */
const clears = (c: RuleCondition | null | undefined) =>
  c != null && (c.field === 'payee' || c.field === 'account') && c.value == null;

const withoutType = (c: RuleCondition | undefined) =>
  c ? JSON.stringify({ ...c, type: undefined }) : null;

interface RuleOfSchedule {
  id: string;
  conditions: RuleCondition[];
}

function ruleOfSchedule(budget: Budget, scheduleId: string): RuleOfSchedule | null {
  const row = budget.sqlite.first<RuleRow>(
    `SELECT r.id, r.stage, r.conditions, r.actions, r.conditions_op, r.tombstone
     FROM schedules s JOIN rules r ON r.id = s.rule WHERE s.id = ? AND r.tombstone = 0`,
    [scheduleId],
  );
  const rule = row ? ruleFromRow(row) : null;
  return rule ? { id: rule.id, conditions: rule.conditions } : null;
}

/**
 * Changes a schedule. New conditions are merged into its rule; the next date is rebased when
 * asked, or when the account or the date condition changed.
 */
export function updateSchedule(
  budget: Budget,
  schedule: ScheduleFields & { id: string },
  conditions: RuleCondition[] | null | undefined,
  resetNextDate: boolean,
): 'ok' | ScheduleError {
  if (schedule.rule) {
    return handlerError('rule-change', 'You cannot change the rule of a schedule');
  }
  const exists = budget.sqlite.first('SELECT id FROM schedules WHERE id = ? AND tombstone = 0', [
    schedule.id,
  ]);
  if (!exists) return handlerError('schedule-not-found', `No schedule with id ${schedule.id}`);
  const problem =
    (conditions
      ? checkConditions(
          conditions.filter((c) => !clears(c)),
          false,
        )
      : null) ?? checkName(budget, schedule.name, schedule.id);
  if (problem) return problem;

  budget.db.batch(() => {
    if (conditions) {
      let rule = ruleOfSchedule(budget, schedule.id);
      if (!rule) rule = repairRule(budget, schedule.id);
      const merged = updateConditions(rule.conditions, conditions);
      updateRule(budget, { id: rule.id, conditions: merged });
      const field = (list: readonly RuleCondition[], name: string) =>
        withoutType(list.find((c) => c.field === name));
      if (
        resetNextDate ||
        field(rule.conditions, 'account') !== field(merged, 'account') ||
        field(rule.conditions, 'date') !== field(merged, 'date')
      ) {
        setNextDate(budget, schedule.id, merged, { copy: 'base' });
      }
    } else if (resetNextDate) {
      const rule = ruleOfSchedule(budget, schedule.id);
      if (rule) setNextDate(budget, schedule.id, rule.conditions, { copy: 'base' });
    }
    const columns = scheduleColumns(schedule);
    if (Object.keys(columns).length > 0) {
      budget.db.update('schedules', { id: schedule.id, ...columns });
    }
  });
  return 'ok';
}

/**
 * A schedule whose rule went missing (a bug or a hand-edited file) gets a harmless one, so it
 * keeps working: approximately today, approximately zero.
 */
function repairRule(budget: Budget, scheduleId: string): RuleOfSchedule {
  const today = dayOf(budget.env.platform.clock.now());
  const conditions: RuleCondition[] = [
    { op: 'isapprox', field: 'date', value: today },
    { op: 'isapprox', field: 'amount', value: 0 },
  ];
  const id = insertRule(budget, {
    stage: null,
    conditionsOp: 'and',
    conditions,
    actions: [{ op: 'link-schedule', value: scheduleId }],
  });
  budget.db.update('schedules', { id: scheduleId, rule: id });
  return { id, conditions };
}

/** Deletes the schedule and its rule. */
export function deleteSchedule(budget: Budget, id: string): void {
  const row = budget.sqlite.first<{ rule: string | null }>(
    'SELECT rule FROM schedules WHERE id = ? AND tombstone = 0',
    [id],
  );
  if (!row) return;
  budget.db.batch(() => {
    if (row.rule) budget.db.delete('rules', row.rule);
    budget.db.delete('schedules', id);
  });
}

/** Moves the next date to the following occurrence, on this device's local copy. */
export function skipNextDate(budget: Budget, id: string): void {
  const rule = ruleOfSchedule(budget, id);
  const current = currentNextDate(budget, id);
  if (!rule || current === null) return;
  setNextDate(budget, id, rule.conditions, { from: addDaysTo(current, 1), copy: 'local' });
}

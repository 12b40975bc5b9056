import type { Budget } from '../../budget-file/budget.ts';
import { isHandlerError } from '../../handlers-core/errors.ts';
import type { RuleCondition } from '../../rules/index.ts';
import { createSchedule } from '../../schedules/crud.ts';
import type { PlanSchedule } from './plan.ts';

export interface ScheduleRefs {
  /** The new account id of an account key, or null when the plan has no such account. */
  account(key: string): string | null;
  /** The new payee id of a schedule's payee (a transfer's: the account's transfer payee). */
  payee(schedule: PlanSchedule): string | null;
}

/**
 * Each planned schedule through the same path as `schedule/create` (rule, next-date copies
 * from today, row). One that cannot be made (its account was not imported, a date the
 * recurrence rejects) is logged and left out rather than failing the whole import.
 * Returns how many were made.
 */
export function writeSchedules(
  budget: Budget,
  schedules: readonly PlanSchedule[],
  refs: ScheduleRefs,
): number {
  let made = 0;
  for (const s of schedules) {
    const account = refs.account(s.account);
    if (!account) continue;
    const conditions: RuleCondition[] = [
      { op: 'is', field: 'payee', value: refs.payee(s) },
      { op: 'is', field: 'account', value: account },
      { op: 'is', field: 'amount', value: s.amount },
      { op: 'is', field: 'date', value: s.date },
    ];
    const id = createSchedule(budget, { name: s.name ?? null }, conditions);
    if (isHandlerError(id)) {
      budget.env.platform.log.warn('Skipped a scheduled transaction', {
        key: s.key,
        reason: id.error.type,
      });
      continue;
    }
    made++;
  }
  return made;
}

import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { getScheduledAmount } from '../rules/index.ts';
import { addTransactions } from '../transactions/add.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import type { TransactionError } from '../transactions/references.ts';
import { writeNextDate } from './next-date.ts';
import {
  type Schedule,
  activeSchedules,
  getSchedule,
  latestLinkedDates,
  statusOf,
} from './read.ts';
import { advanceAfterPayment, parseRecurrence } from '../recurrence/index.ts';

/**
 * Creates the transaction a schedule stands for, dated its next date (or `date`), uncleared
 * and linked to it, through `addTransactions` so rules run on it as on any added transaction.
 */
export function postTransaction(
  budget: Budget,
  schedule: Schedule,
  emit?: Emit,
  date: string | null = schedule.next_date,
): string[] | TransactionError | null {
  if (!schedule._account || !date) return null;
  const ids = addTransactions(
    budget,
    schedule._account,
    [
      {
        payee: schedule._payee,
        account: schedule._account,
        amount: getScheduledAmount(schedule._amount),
        date,
        schedule: schedule.id,
        cleared: false,
      },
    ],
    { emit },
  );
  if (!Array.isArray(ids)) return ids;
  // Another schedule's rule may have matched too and linked it elsewhere; the transaction
  // belongs to the schedule that posted it (else that one would post again every day).
  const [id] = ids;
  const row = budget.sqlite.first<{ schedule: string | null }>(
    'SELECT schedule FROM transactions WHERE id = ?',
    [id!],
  );
  if (row && row.schedule !== schedule.id) {
    batchUpdateTransactions(budget, { updated: [{ id: id!, schedule: schedule.id }] }, { emit });
  }
  return ids;
}

/**
 * Posts a schedule's transaction now: dated its next date, or `date` when given (the list's
 * 'Post transaction today'). The next date does not move; the daily run sees the payment.
 */
export function postTransactionById(budget: Budget, id: string, emit?: Emit, date?: string) {
  const schedule = getSchedule(budget, id);
  if (!schedule) return null;
  return postTransaction(budget, schedule, emit, date ?? schedule.next_date);
}

export interface AdvanceResult {
  /** Schedules that got a transaction. */
  posted: string[];
  /** Schedules whose next date moved on. */
  advanced: string[];
  /** One-off schedules marked completed. */
  completed: string[];
  /** Payees of due schedules that were not posted because the last sync failed. */
  offlinePayees: (string | null)[];
}

const isRecurring = (s: Schedule): boolean => typeof s._date === 'object' && s._date !== null;

/**
 * One run of the daily schedules service, for every open schedule in an open account:
 * - paid and recurring: move the next date past the paid occurrence (never before today);
 * - paid, one-off and in the past: mark completed;
 * - due or missed and set to post: create its transaction, or, when the last sync failed
 *   (another device may already have posted it), report its payee instead.
 * A schedule is looked at again after it moves, so a daily schedule posts every day's
 * occurrence on its day.
 */
export function advanceSchedules(
  budget: Budget,
  options: { syncSuccess: boolean; today: string; emit?: Emit },
): AdvanceResult {
  const { emit } = options;
  const result: AdvanceResult = { posted: [], advanced: [], completed: [], offlinePayees: [] };
  const schedules = activeSchedules(budget);
  const latest = latestLinkedDates(
    budget,
    schedules.map((s) => s.id),
  );

  // Each write is its own transaction: a post reads what the steps before it wrote.
  for (const schedule of schedules) {
    handleSchedule(budget, schedule, latest, options, result);
  }

  if (result.offlinePayees.length > 0) {
    emit?.('schedules-offline', { payees: result.offlinePayees });
  } else if (result.posted.length > 0) {
    // Posted transactions arrive like a sync would bring them: let registers refresh.
    emit?.('sync-event', { type: 'success', tables: ['transactions'], syncDisabled: false });
  }
  return result;
}

function handleSchedule(
  budget: Budget,
  original: Schedule,
  latest: Map<string, string>,
  options: { syncSuccess: boolean; today: string; emit?: Emit },
  result: AdvanceResult,
): void {
  let schedule = original;
  // Each pass either settles the schedule or moves it forward; the bound guards loops.
  for (let pass = 0; pass < 4; pass++) {
    const status = statusOf(schedule, latest.get(schedule.id), options.today);
    if (status === 'paid') {
      const moved = advancePaid(budget, schedule, options.today, result);
      if (!moved) return;
      schedule = moved;
      continue;
    }
    if ((status === 'due' || status === 'missed') && schedule.posts_transaction) {
      if (!options.syncSuccess) {
        result.offlinePayees.push(schedule._payee);
      } else if (Array.isArray(postTransaction(budget, schedule, options.emit))) {
        result.posted.push(schedule.id);
        latest.set(schedule.id, schedule.next_date!);
      }
    }
    return;
  }
}

/** The schedule after handling its payment, or null when it stays as it is. */
function advancePaid(
  budget: Budget,
  schedule: Schedule,
  today: string,
  result: AdvanceResult,
): Schedule | null {
  if (!schedule._date || !schedule.next_date) return null;
  if (!isRecurring(schedule)) {
    if (typeof schedule._date === 'string' && schedule._date < today) {
      budget.db.update('schedules', { id: schedule.id, completed: true });
      result.completed.push(schedule.id);
    }
    return null;
  }
  const parsed = parseRecurrence(schedule._date);
  if (!parsed.ok) return null;
  const next = advanceAfterPayment(parsed.recurrence, schedule.next_date, today);
  if (next === null || next === schedule.next_date) return null;
  writeNextDate(budget, schedule.id, next, 'base');
  result.advanced.push(schedule.id);
  return { ...schedule, next_date: next };
}

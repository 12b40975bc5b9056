import type { RecurConfig, RecurFrequency } from '../../recurrence/types.ts';
import type { PlanSchedule } from './plan.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the export's shape is checked field by field */
type Json = Record<string, any>;

/** nYNAB's repeat choices as (frequency, interval); `never` is a one-off date instead. */
const REPEATS: Record<string, [RecurFrequency, number]> = {
  daily: ['daily', 1],
  weekly: ['weekly', 1],
  everyOtherWeek: ['weekly', 2],
  every4Weeks: ['weekly', 4],
  twiceAMonth: ['monthly', 1],
  monthly: ['monthly', 1],
  everyOtherMonth: ['monthly', 2],
  every3Months: ['monthly', 3],
  every4Months: ['monthly', 4],
  twiceAYear: ['monthly', 6],
  yearly: ['yearly', 1],
  everyOtherYear: ['yearly', 2],
};

/** nYNAB's second date of a twice-a-month schedule falls 15 days after the first. */
const TWICE_A_MONTH_GAP_DAYS = 15;

function dayOfMonth(date: string, plusDays = 0): number {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.getUTCDate();
}

/** The date condition of one scheduled transaction, or null for a frequency we do not know. */
function dateOf(s: Json): string | RecurConfig | null {
  const first = String(s.date_first ?? s.date_next ?? '').slice(0, 10);
  if (!/^\d{4}-\d\d-\d\d$/.test(first)) return null;
  if (s.frequency === 'never') return String(s.date_next ?? first).slice(0, 10);
  const repeat = REPEATS[String(s.frequency)];
  if (!repeat) return null;
  const [frequency, interval] = repeat;
  return {
    start: first,
    frequency,
    interval,
    patterns:
      s.frequency === 'twiceAMonth'
        ? [
            { type: 'day', value: dayOfMonth(first) },
            { type: 'day', value: dayOfMonth(first, TWICE_A_MONTH_GAP_DAYS) },
          ]
        : [],
    skipWeekend: false,
    weekendSolveMode: 'after',
    endMode: 'never',
  };
}

/**
 * nYNAB's scheduled transactions as schedules: payee (or the transfer account), account,
 * amount (a split's total) and the repeat. The memo names the schedule, made unique because
 * schedule names are; categories and split lines have no place in a schedule and are left out.
 */
export function ynab5Schedules(
  scheduled: Json[],
  transferOfPayee: ReadonlyMap<string, string>,
  cents: (milliunits: unknown) => number,
): PlanSchedule[] {
  const out: PlanSchedule[] = [];
  const names = new Set<string>();
  for (const s of scheduled) {
    const date = dateOf(s);
    if (date === null || !s.account_id) continue;
    const transferAccount =
      s.transfer_account_id ?? (s.payee_id ? transferOfPayee.get(s.payee_id) : undefined) ?? null;
    let name: string | null = typeof s.memo === 'string' && s.memo.trim() ? s.memo.trim() : null;
    if (name) {
      const base = name;
      for (let n = 2; names.has(name); n++) name = `${base} (${n})`;
      names.add(name);
    }
    out.push({
      key: s.id,
      account: s.account_id,
      amount: cents(s.amount),
      payee: transferAccount ? null : s.payee_id || null,
      transferAccount,
      date,
      name,
    });
  }
  return out;
}

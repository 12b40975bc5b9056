/**
 * Upcoming scheduled transactions shown at the top of the register (never stored): schedules
 * that are due, upcoming (within 7 days) or missed, in the view's accounts.
 */

export interface ScheduleRow {
  id: string;
  name: string | null;
  next_date: string | null;
  completed: boolean;
  _payee: string | null;
  _account: string | null;
  _amount: unknown;
  _amountOp: string | null;
}

export interface Preview {
  id: string;
  schedule: string;
  name: string | null;
  date: string;
  account: string;
  payee: string | null;
  amount: number;
  status: 'due' | 'upcoming' | 'missed';
}

export const PREVIEW_STATUSES = ['due', 'upcoming', 'missed'] as const;

/** A schedule's amount: a number, or the middle of an `isbetween` range. */
export function scheduledAmount(amount: unknown): number {
  if (typeof amount === 'number') return amount;
  if (amount && typeof amount === 'object') {
    const { num1, num2 } = amount as { num1?: unknown; num2?: unknown };
    if (typeof num1 === 'number' && typeof num2 === 'number') return Math.round((num1 + num2) / 2);
  }
  return 0;
}

/** The previews of a view (`inView` says whether an account is shown), soonest first. */
export function previewsOf(
  schedules: readonly ScheduleRow[],
  statuses: Readonly<Record<string, string>>,
  inView: (account: string) => boolean,
): Preview[] {
  const out: Preview[] = [];
  for (const s of schedules) {
    const status = statuses[s.id];
    if (s.completed || !s.next_date || !s._account || !inView(s._account)) continue;
    if (!(PREVIEW_STATUSES as readonly string[]).includes(status ?? '')) continue;
    out.push({
      id: `preview/${s.id}`,
      schedule: s.id,
      name: s.name,
      date: s.next_date,
      account: s._account,
      payee: s._payee,
      amount: scheduledAmount(s._amount),
      status: status as Preview['status'],
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The schedules list's rules, pure: what a row shows (status badge, amount, date), what the
 * search matches, and which actions a row's menu offers (spec: schedule status, the list).
 */
import type { RecurConfig } from '@coffer/core/ui';
import type { MenuEntry } from '../kit/ui/Menu.tsx';

/** A range amount: `isbetween`'s value. */
export interface AmountRange {
  num1: number;
  num2: number;
}

/** A row of `q('schedules').select('*')`: the schedule with its rule's key conditions. */
export interface ScheduleRow {
  id: string;
  name: string | null;
  rule: string;
  next_date: string | null;
  completed: boolean;
  posts_transaction: boolean;
  _payee: string | null;
  _account: string | null;
  _amount: number | AmountRange | null;
  _amountOp: string | null;
  _date: string | RecurConfig | null;
  /** The rule's conditions (`v_schedules` gives them whole). */
  _conditions?: ReadonlyArray<{ field: string; op: string }> | null;
}

/** The operator of a schedule's date condition ('is' or 'isapprox'), or null without one. */
export function dateOpOf(row: Pick<ScheduleRow, '_conditions'>): string | null {
  return row._conditions?.find((c) => c.field === 'date')?.op ?? null;
}

/** The derived statuses (core's get-statuses), plus the badges the spec also names. */
export type ScheduleStatus =
  | 'missed'
  | 'due'
  | 'upcoming'
  | 'paid'
  | 'completed'
  | 'pending'
  | 'scheduled'
  | 'cleared'
  | (string & {});

const STATUS_LABELS: Record<string, string> = {
  missed: 'Missed',
  due: 'Due',
  upcoming: 'Upcoming',
  paid: 'Paid',
  completed: 'Completed',
  pending: 'Pending',
  scheduled: 'Scheduled',
  cleared: 'Cleared',
};

/** The badge of a status: its word and its look (any other status gets the default badge). */
export function statusBadge(status: string | undefined): { text: string; kind: string } {
  const key = status ?? 'scheduled';
  if (key in STATUS_LABELS) return { text: STATUS_LABELS[key]!, kind: key };
  const text = key ? key[0]!.toUpperCase() + key.slice(1) : 'Unknown';
  return { text, kind: 'default' };
}

export const isRange = (amount: unknown): amount is AmountRange =>
  typeof amount === 'object' &&
  amount !== null &&
  typeof (amount as AmountRange).num1 === 'number' &&
  typeof (amount as AmountRange).num2 === 'number';

export const isRecurring = (row: Pick<ScheduleRow, '_date'>): boolean =>
  typeof row._date === 'object' && row._date !== null;

/** The amount one occurrence moves: the range's middle, as posting does. */
export function scheduledAmount(amount: ScheduleRow['_amount']): number {
  if (amount == null) return 0;
  if (typeof amount === 'number') return amount;
  return Math.round((amount.num1 + amount.num2) / 2);
}

/** The amount column: exact `-45.00`, approximate `~-45.00`, range `-40.00 to -50.00`. */
/** A range's two ends, formatted, the one nearer zero first. */
export function rangeEnds(
  amount: AmountRange,
  format: (cents: number) => string,
): [string, string] {
  const [low, high] = [amount.num1, amount.num2].sort((a, b) => Math.abs(a) - Math.abs(b));
  return [format(low!), format(high!)];
}

export function amountText(
  row: Pick<ScheduleRow, '_amount' | '_amountOp'>,
  format: (cents: number) => string,
): string {
  const amount = row._amount;
  if (isRange(amount)) {
    const [low, high] = rangeEnds(amount, format);
    return `${low} to ${high}`;
  }
  if (typeof amount !== 'number') return '';
  return row._amountOp === 'isapprox' ? `~${format(amount)}` : format(amount);
}

export interface RowNames {
  payee: (id: string | null) => string;
  account: (id: string | null) => string;
  date: (date: string) => string;
  amount: (cents: number) => string;
}

/** What a row is searched by: name, payee, account, next date, amount and status. */
export function searchText(row: ScheduleRow, status: string | undefined, names: RowNames): string {
  return [
    row.name ?? '',
    names.payee(row._payee),
    names.account(row._account),
    row.next_date ? names.date(row.next_date) : '',
    row.next_date ?? '',
    amountText(row, names.amount),
    statusBadge(status).text,
  ]
    .join('\n')
    .toLowerCase();
}

/** Rows whose text holds every word typed (case-insensitive). */
export function filterSchedules(
  rows: readonly ScheduleRow[],
  text: string,
  statuses: Readonly<Record<string, string>>,
  names: RowNames,
): ScheduleRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const hay = searchText(row, statuses[row.id], names);
    return words.every((w) => hay.includes(w));
  });
}

export type RowAction = 'post' | 'post-today' | 'skip' | 'complete' | 'restart' | 'delete';

/**
 * A row's menu: post (on its date, or today), skip the next date (recurring and open only),
 * complete or restart, delete.
 */
export function rowMenu(row: ScheduleRow, status: string | undefined): MenuEntry[] {
  const completed = status === 'completed' || row.completed;
  const canPost = !completed && row._account !== null && row.next_date !== null;
  const items: MenuEntry[] = [
    { name: 'post', text: 'Post transaction', disabled: !canPost },
    { name: 'post-today', text: 'Post transaction today', disabled: !canPost },
  ];
  if (completed) {
    items.push({ name: 'restart', text: 'Restart' });
  } else {
    if (isRecurring(row)) items.push({ name: 'skip', text: 'Skip next scheduled date' });
    items.push({ name: 'complete', text: 'Complete' });
  }
  items.push({ kind: 'separator' }, { name: 'delete', text: 'Delete', danger: true });
  return items;
}

/** The 'Post transactions?' modal's first line, naming the payees with schedules due today. */
export function postTransactionsText(payees: readonly string[]): string {
  const unique = [...new Set(payees)];
  if (unique.length === 0) return 'Some schedules are due today.';
  const list =
    unique.length === 1
      ? unique[0]!
      : `${unique.slice(0, -1).join(', ')} and ${unique[unique.length - 1]}`;
  return `${unique.length === 1 ? 'The payee' : 'The payees'} ${list} ${unique.length === 1 ? 'has a schedule' : 'have schedules'} due today.`;
}

/** A set with `id` added, or taken out when it was there (a ticked row). */
export function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

import type { Budget } from '../budget-file/budget.ts';
import { type RuleCondition, approxThreshold } from '../rules/index.ts';
import { fromDateInt } from '../transactions/model.ts';
import {
  APPROX_DATE_DAYS,
  type RecurConfig,
  WEEKDAY_CODES,
  formatDay,
  parseDay,
  parseRecurrence,
  weekdayOf,
} from '../recurrence/index.ts';

/** A recurring pattern found in the history, proposed as a schedule (`schedule/discover`). */
export interface DiscoveredSchedule {
  id: string;
  account: string;
  payee: string;
  date: RecurConfig;
  amount: number;
  _conditions: RuleCondition[];
}

interface Tx {
  day: number;
  amount: number;
  payee: string;
}

interface Candidate {
  rank: number;
  account: string;
  payee: string;
  amount: number;
  date: RecurConfig;
  exactDate: boolean;
  exactAmount: boolean;
}

/** How many occurrences in a row a pattern must have been paid. */
const OCCURRENCES = 3;

function addMonths(day: number, months: number): number {
  const d = new Date(day * 86_400_000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(d.getUTCDate(), last)) / 86_400_000);
}

/** The transactions within two days of `day` (the list is sorted by day). */
function near(txs: readonly Tx[], day: number): Tx[] {
  let lo = 0;
  let hi = txs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (txs[mid]!.day < day - APPROX_DATE_DAYS) lo = mid + 1;
    else hi = mid;
  }
  const out: Tx[] = [];
  for (let i = lo; i < txs.length && txs[i]!.day <= day + APPROX_DATE_DAYS; i++) out.push(txs[i]!);
  return out;
}

const closeness = (a: number, b: number) => 1 / (Math.abs(a - b) + 1);

/**
 * Tries one recurrence on an account: every transaction around its last occurrence whose payee
 * also paid about the same amount around each earlier occurrence makes a candidate, ranked by
 * how close to the dates the payments fell.
 */
function matchPattern(account: string, txs: readonly Tx[], config: RecurConfig): Candidate[] {
  const parsed = parseRecurrence(config);
  if (!parsed.ok) return [];
  const days = parsed.recurrence.upcoming(parsed.recurrence.config.startDay, OCCURRENCES);
  if (days.length < OCCURRENCES) return [];
  const base = days[days.length - 1]!;
  const others = days.slice(0, -1);
  const out: Candidate[] = [];
  for (const tx of near(txs, base)) {
    const threshold = approxThreshold(tx.amount);
    let rank = closeness(base, tx.day);
    let exactAmount = true;
    let complete = true;
    for (const day of others) {
      const match = near(txs, day).find(
        (t) => t.payee === tx.payee && Math.abs(t.amount - tx.amount) <= threshold,
      );
      if (!match) {
        complete = false;
        break;
      }
      rank += closeness(day, match.day);
      exactAmount &&= match.amount === tx.amount;
    }
    if (!complete) continue;
    out.push({
      rank,
      account,
      payee: tx.payee,
      amount: tx.amount,
      date: config,
      exactDate: rank === OCCURRENCES,
      exactAmount,
    });
  }
  return out;
}

/** The recurrences worth trying for an account whose latest transaction is on `latest`. */
function patterns(latest: number): RecurConfig[] {
  const out: RecurConfig[] = [];
  const from = (start: number, frequency: RecurConfig['frequency'], extra: object = {}) =>
    out.push({ start: formatDay(start), frequency, endMode: 'never', ...extra });
  for (let i = 0; i < 14; i++) from(latest - 28 + i, 'weekly');
  for (let i = 0; i < 14; i++) from(latest - 49 + i, 'weekly', { interval: 2 });
  const monthStart = addMonths(latest, -4);
  for (let i = 0; i < 62; i++) {
    // Days past the 28th would skip short months; month ends have their own pattern.
    if (new Date((monthStart + i) * 86_400_000).getUTCDate() <= 28) from(monthStart + i, 'monthly');
  }
  for (const back of [3, 4]) {
    from(addMonths(latest, -back), 'monthly', { patterns: [{ type: 'day', value: -1 }] });
  }
  for (const [first, second] of [
    [1, 3],
    [2, 4],
  ] as const) {
    for (let i = 0; i < 14; i++) {
      const start = latest - 56 + i;
      const type = WEEKDAY_CODES[weekdayOf(start)]!;
      from(start, 'monthly', {
        patterns: [
          { type, value: first },
          { type, value: second },
        ],
      });
    }
  }
  return out;
}

function stepBack(config: RecurConfig): RecurConfig | null {
  const start = parseDay(config.start);
  if (start === null) return null;
  const interval = Number(config.interval ?? 1) || 1;
  const back =
    config.frequency === 'weekly'
      ? start - 7 * interval
      : config.frequency === 'monthly'
        ? addMonths(start, -interval)
        : config.frequency === 'yearly'
          ? addMonths(start, -12 * interval)
          : null;
  return back === null ? null : { ...config, start: formatDay(back) };
}

/** Moves the start back one period at a time while the earlier occurrence was paid too. */
function findStart(winner: Candidate, txs: readonly Tx[]): RecurConfig {
  let config = winner.date;
  for (let guard = 0; guard < 520; guard++) {
    const earlier = stepBack(config);
    if (!earlier) break;
    const parsed = parseRecurrence(earlier);
    if (!parsed.ok) break;
    const [first] = parsed.recurrence.upcoming(parsed.recurrence.config.startDay, 1);
    if (first === undefined) break;
    const threshold = approxThreshold(winner.amount);
    const paid = near(txs, first).some(
      (t) =>
        t.payee === winner.payee &&
        (winner.exactDate ? t.day === first : true) &&
        (winner.exactAmount
          ? t.amount === winner.amount
          : Math.abs(t.amount - winner.amount) <= threshold),
    );
    if (!paid) break;
    config = earlier;
  }
  return config;
}

/**
 * Finds recurring payments in the history of open accounts (weekly, every two weeks, monthly
 * on a day, on the last day, or on the 1st/3rd or 2nd/4th weekday) that have no schedule yet,
 * and proposes one schedule per payee: the best-ranked pattern, with exact or approximate date
 * and amount conditions, starting at the earliest occurrence that was paid.
 */
export function discoverSchedules(budget: Budget): DiscoveredSchedule[] {
  const accounts = budget.sqlite.all<{ id: string }>(
    'SELECT id FROM accounts WHERE tombstone = 0 AND IFNULL(closed, 0) = 0 ORDER BY sort_order, id',
  );
  const best = new Map<string, { candidate: Candidate; txs: Tx[] }>();
  for (const { id: account } of accounts) {
    const rows = budget.sqlite.all<{ date: number; amount: number; payee: string }>(
      `SELECT t.date, t.amount, t.payee FROM v_transactions_internal_alive t
       JOIN payees p ON (p.id = t.payee AND p.tombstone = 0 AND p.transfer_acct IS NULL)
       WHERE t.account = ? AND t.is_child = 0 AND t.schedule IS NULL
       ORDER BY t.date, t.sort_order DESC, t.id`,
      [account],
    );
    if (rows.length === 0) continue;
    const txs = rows.map((r) => ({
      day: parseDay(fromDateInt(r.date)) ?? 0,
      amount: r.amount,
      payee: r.payee,
    }));
    const latest = txs[txs.length - 1]!.day;
    for (const config of patterns(latest)) {
      for (const candidate of matchPattern(account, txs, config)) {
        const current = best.get(candidate.payee);
        if (!current || candidate.rank > current.candidate.rank) {
          best.set(candidate.payee, { candidate, txs });
        }
      }
    }
  }
  return [...best.values()].map(({ candidate, txs }) => {
    const date = findStart(candidate, txs);
    return {
      id: budget.env.platform.random.uuid(),
      account: candidate.account,
      payee: candidate.payee,
      date,
      amount: candidate.amount,
      _conditions: [
        { op: 'is', field: 'account', value: candidate.account },
        { op: 'is', field: 'payee', value: candidate.payee },
        { op: candidate.exactDate ? 'is' : 'isapprox', field: 'date', value: date },
        { op: candidate.exactAmount ? 'is' : 'isapprox', field: 'amount', value: candidate.amount },
      ],
    };
  });
}

import { type Month, monthRange, q, type QueryState } from '@coffer/core/ui';
import { dateFilter, type MonthSpan, spanDates } from './range.ts';
import type { QueryRunner } from './source.ts';

export interface NetWorthParams extends MonthSpan {
  /** The accounts counted (ids). */
  accounts: readonly string[];
  /** The month of the budget's first transaction: a span from there has nothing before it. */
  firstMonth?: Month | null;
}

export interface NetWorthMonth {
  month: Month;
  /** Accounts in credit at the end of the month. */
  assets: number;
  /** Accounts in debt at the end of the month (negative). */
  debts: number;
  net: number;
  /** Net worth's change from the month before. */
  change: number;
}

export interface NetWorthData {
  months: NetWorthMonth[];
  /** Net worth at the end of the month before the range. */
  before: number;
  /** Net worth at the end of the range. */
  net: number;
  /** Over the whole range. */
  change: number;
}

interface AccountSum {
  account: string | null;
  amount: number;
}

/**
 * Two grouped sums: each account's balance before the range, and each account's change per
 * month inside it. Accounts are given explicitly, which also leaves out deleted accounts, so
 * references need no checking join. Grouped queries are ordered by their keys: without an
 * order, the register's default one would carry four more columns through the sort of every
 * row.
 */
export function netWorthQueries(p: NetWorthParams): { before: QueryState; during: QueryState } {
  const { first } = spanDates(p);
  const base = q('transactions')
    .filter({ account: { $oneof: [...p.accounts] } })
    .withoutValidatedRefs();
  return {
    before: base
      .filter({ date: { $lt: first } })
      .groupBy('account')
      .select(['account', { amount: { $sum: '$amount' } }])
      .orderBy('account')
      .serialize(),
    during: base
      .filter({ date: dateFilter(p) })
      .groupBy(['account', { $month: '$date' }])
      .select(['account', { month: { $month: '$date' } }, { amount: { $sum: '$amount' } }])
      .orderBy(['account', { $month: '$date' }])
      .serialize(),
  };
}

/**
 * Each account's balance at the end of each month; an account in credit counts as an asset and
 * one in debt as a debt, month by month.
 */
export function shapeNetWorth(
  p: NetWorthParams,
  before: readonly AccountSum[],
  during: readonly (AccountSum & { month: Month })[],
): NetWorthData {
  const balances = new Map<string, number>();
  for (const row of before) {
    if (row.account) balances.set(row.account, (balances.get(row.account) ?? 0) + row.amount);
  }
  const byMonth = new Map<Month, Map<string, number>>();
  for (const row of during) {
    if (!row.account) continue;
    const m = byMonth.get(row.month) ?? new Map<string, number>();
    m.set(row.account, (m.get(row.account) ?? 0) + row.amount);
    byMonth.set(row.month, m);
  }
  const total = () => [...balances.values()].reduce((a, b) => a + b, 0);
  const startNet = total();
  let previous = startNet;
  const months = monthRange(p.start, p.end).map((month) => {
    for (const [account, amount] of byMonth.get(month) ?? []) {
      balances.set(account, (balances.get(account) ?? 0) + amount);
    }
    let assets = 0;
    let debts = 0;
    for (const balance of balances.values()) {
      if (balance >= 0) assets += balance;
      else debts += balance;
    }
    const net = assets + debts;
    const change = net - previous;
    previous = net;
    return { month, assets, debts, net, change };
  });
  return { months, before: startNet, net: previous, change: previous - startNet };
}

export async function loadNetWorth(run: QueryRunner, p: NetWorthParams): Promise<NetWorthData> {
  if (p.accounts.length === 0) return shapeNetWorth(p, [], []);
  const queries = netWorthQueries(p);
  const nothingBefore = p.firstMonth !== undefined && (!p.firstMonth || p.start <= p.firstMonth);
  const [before, during] = await Promise.all([
    nothingBefore ? [] : run<AccountSum[]>(queries.before),
    run<(AccountSum & { month: Month })[]>(queries.during),
  ]);
  return shapeNetWorth(p, before, during);
}

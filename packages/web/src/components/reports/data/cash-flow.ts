import { monthRange, q, type QueryState, addDays } from '@coffer/core/ui';
import { dateFilter, type MonthSpan, monthCount, spanDates } from './range.ts';
import type { QueryRunner } from './source.ts';
import { notTransfersAmong } from './source.ts';

export type Interval = 'month' | 'day';

export interface CashFlowParams extends MonthSpan {
  accounts: readonly string[];
  /** Transfer payees of the chosen accounts: money moved between them is not income or spending. */
  transferPayees: readonly string[];
  interval: Interval;
  /** The month of the budget's first transaction: a span from there starts at zero. */
  firstMonth?: string | null;
}

export interface CashFlowPeriod {
  /** `YYYY-MM` or `YYYY-MM-DD`. */
  period: string;
  income: number;
  /** Negative. */
  expenses: number;
  net: number;
  /** The accounts' balance at the end of the period. */
  balance: number;
}

export interface CashFlowData {
  periods: CashFlowPeriod[];
  income: number;
  expenses: number;
  net: number;
  /** Balance before the range and at its end. */
  startBalance: number;
  endBalance: number;
}

/** Days are offered for short ranges only (a bar a day is unreadable past three months). */
export const MAX_DAILY_MONTHS = 3;

export function canShowDays(span: MonthSpan): boolean {
  return monthCount(span) <= MAX_DAILY_MONTHS;
}

interface PeriodSum {
  period: string;
  total: number;
  /** Sum of absolute amounts: income and expenses come from one pass, (total ± abs) / 2. */
  abs: number;
}

export function cashFlowQueries(p: CashFlowParams): { start: QueryState; periods: QueryState } {
  const { first } = spanDates(p);
  const base = q('transactions')
    .filter({ account: { $oneof: [...p.accounts] } })
    .withoutValidatedRefs();
  const period = p.interval === 'day' ? '$date' : { $month: '$date' };
  return {
    // The real balance: transfers between the chosen accounts cancel out in it anyway.
    start: base
      .filter({ date: { $lt: first } })
      .calculate({ $sum: '$amount' })
      .serialize(),
    periods: base
      .filter({ date: dateFilter(p), ...notTransfersAmong(p.transferPayees) })
      .groupBy([period])
      .select([{ period }, { total: { $sum: '$amount' } }, { abs: { $sum: { $abs: '$amount' } } }])
      .orderBy([period])
      .serialize(),
  };
}

function daysOf(span: MonthSpan): string[] {
  const { first, last } = spanDates(span);
  const out: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(day);
  return out;
}

export function shapeCashFlow(
  p: CashFlowParams,
  startBalance: number,
  rows: readonly PeriodSum[],
): CashFlowData {
  const sums = new Map(rows.map((r) => [r.period, r]));
  const keys: string[] = p.interval === 'day' ? daysOf(p) : monthRange(p.start, p.end);
  let balance = startBalance;
  let income = 0;
  let expenses = 0;
  const periods = keys.map((period) => {
    const row = sums.get(period);
    const inc = row ? (row.total + row.abs) / 2 : 0;
    const exp = row ? (row.total - row.abs) / 2 : 0;
    income += inc;
    expenses += exp;
    balance += inc + exp;
    return { period, income: inc, expenses: exp, net: inc + exp, balance };
  });
  return {
    periods,
    income,
    expenses,
    net: income + expenses,
    startBalance,
    endBalance: balance,
  };
}

export async function loadCashFlow(run: QueryRunner, p: CashFlowParams): Promise<CashFlowData> {
  if (p.accounts.length === 0) return shapeCashFlow(p, 0, []);
  const queries = cashFlowQueries(p);
  const nothingBefore = p.firstMonth !== undefined && (!p.firstMonth || p.start <= p.firstMonth);
  const [start, rows] = await Promise.all([
    nothingBefore ? 0 : run<number>(queries.start),
    run<PeriodSum[]>(queries.periods),
  ]);
  return shapeCashFlow(p, Number(start) || 0, rows);
}

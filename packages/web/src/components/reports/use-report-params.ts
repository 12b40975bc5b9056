import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Account } from '../../store/types.ts';
import {
  currentMonth,
  formatRangeParam,
  type MonthSpan,
  parseRange,
  type RangePreset,
  type ReportRange,
  resolveRange,
} from './data/range.ts';
import { isOffBudget } from './data/source.ts';
import { useFirstMonth } from './use-report.ts';

export type AccountsDefault = 'all' | 'budget';

/** `?accounts=` as ids: `all`, `budget` or a comma list (unknown ids dropped). Pure. */
export function readAccounts(
  param: string | null,
  accounts: readonly Account[],
  fallback: AccountsDefault,
): string[] {
  const kind = param ?? fallback;
  if (kind === 'all') return accounts.map((a) => a.id);
  if (kind === 'budget') return accounts.filter((a) => !isOffBudget(a)).map((a) => a.id);
  const wanted = new Set(kind.split(','));
  return accounts.filter((a) => wanted.has(a.id)).map((a) => a.id);
}

/** The shortest way to write a choice of accounts in the address. Pure. */
export function writeAccounts(ids: readonly string[], accounts: readonly Account[]): string {
  const set = new Set(ids);
  if (accounts.every((a) => set.has(a.id))) return 'all';
  const budget = accounts.filter((a) => !isOffBudget(a));
  if (budget.length === set.size && budget.every((a) => set.has(a.id))) return 'budget';
  return accounts
    .filter((a) => set.has(a.id))
    .map((a) => a.id)
    .join(',');
}

/**
 * A report's range and accounts, kept in the address (`?range=6m&accounts=budget`) so a reload,
 * the back button and a shared link show the same report.
 */
export function useReportParams(
  accounts: readonly Account[],
  defaults: { range: RangePreset; accounts: AccountsDefault },
) {
  const [params, setParams] = useSearchParams();
  const first = useFirstMonth();
  const current = currentMonth();
  const range: ReportRange = parseRange(params.get('range')) ?? { preset: defaults.range };
  const accountsParam = params.get('accounts');
  const chosen = useMemo(
    () => readAccounts(accountsParam, accounts, defaults.accounts),
    [accountsParam, accounts, defaults.accounts],
  );
  const span: MonthSpan = resolveRange(range, current, first.month);

  const update = useCallback(
    (patch: Record<string, string>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(patch)) next.set(k, v);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    range,
    span,
    current,
    first: first.month,
    /** False until the first transaction's month is known (all time waits for it). */
    ready: first.known || range.preset !== 'all',
    chosen,
    setRange: (r: ReportRange) => update({ range: formatRangeParam(r) }),
    setAccounts: (ids: string[]) => update({ accounts: writeAccounts(ids, accounts) }),
  };
}

import type { Account } from '../../../store/types.ts';
import { UNCATEGORIZED_FILTER, viewBalanceCell } from '../balances/balance-queries.ts';

export type ViewKind = 'all' | 'budgeted' | 'offbudget' | 'uncategorized' | 'account';

/** One of the register's views (spec: the account routes), from the route's id. */
export interface RegisterView {
  kind: ViewKind;
  /** The route's id (`budgeted`, an account id, …), undefined for All accounts. */
  routeId: string | undefined;
  /** The account of `/accounts/{id}`, null on the other views (or an unknown id). */
  account: Account | null;
  title: string;
  /** The query filter that picks the view's transactions. */
  filter: Record<string, unknown>;
  /** Views over several accounts show an Account column and ask which account a new row is in. */
  multiAccount: boolean;
  /** The sidebar's balance cell of this view (`account!<name>`'s name). */
  balanceCell: string;
}

const TITLES: Record<string, string> = {
  budgeted: 'For budget',
  offbudget: 'Off budget',
  uncategorized: 'Uncategorized',
};

export function registerView(
  routeId: string | undefined,
  accounts: readonly Account[],
): RegisterView {
  const base = { routeId, balanceCell: viewBalanceCell(routeId) };
  switch (routeId) {
    case undefined:
      return {
        ...base,
        kind: 'all',
        account: null,
        title: 'All accounts',
        filter: { 'account.closed': false },
        multiAccount: true,
      };
    case 'budgeted':
    case 'offbudget':
      return {
        ...base,
        kind: routeId,
        account: null,
        title: TITLES[routeId]!,
        filter: { 'account.offbudget': routeId === 'offbudget', 'account.closed': false },
        multiAccount: true,
      };
    case 'uncategorized':
      return {
        ...base,
        kind: 'uncategorized',
        account: null,
        title: TITLES.uncategorized!,
        filter: { ...UNCATEGORIZED_FILTER, is_parent: false },
        multiAccount: true,
      };
    default: {
      const account = accounts.find((a) => a.id === routeId) ?? null;
      return {
        ...base,
        kind: 'account',
        account,
        title: account?.name ?? 'Account not found',
        filter: { account: routeId },
        multiAccount: false,
      };
    }
  }
}

/** The account a new transaction goes to: the view's, else the last used or first open one. */
export function defaultAccount(
  view: RegisterView,
  accounts: readonly Account[],
  lastUsed: string | null,
): string | null {
  if (view.account) return view.account.id;
  const open = accounts.filter((a) => !a.closed);
  const fits = (a: Account) =>
    view.kind === 'budgeted' ? !a.offbudget : view.kind === 'offbudget' ? !!a.offbudget : true;
  const last = open.find((a) => a.id === lastUsed && fits(a));
  return (last ?? open.find(fits) ?? null)?.id ?? null;
}

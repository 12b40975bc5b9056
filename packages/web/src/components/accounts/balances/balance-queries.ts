/**
 * The sidebar's live balance cells, as serialized `create-query` bindings (the JSON core's
 * `q(...).calculate(...).serialize()` makes; core's budget-db/bindings.ts builds the same ones).
 * Cells live in sheet `account`; their full names are `account!<name>`.
 */

import { q, type QueryState } from '@coffer/core/ui';

export const BALANCE_SHEET = 'account';

function calculation(
  filters: Record<string, unknown>[],
  expr: unknown,
  splitsNone = false,
): QueryState {
  let query = q('transactions');
  for (const filter of filters) query = query.filter(filter);
  if (splitsNone) query = query.options({ splits: 'none' });
  return query.calculate(expr).serialize();
}

/** On-budget rows with no category, except transfers between two on-budget accounts. */
export const UNCATEGORIZED_FILTER = {
  'account.offbudget': false,
  category: null,
  $or: [{ 'payee.transfer_acct.offbudget': true, 'payee.transfer_acct': null }],
};

export interface CellBinding {
  name: string;
  query: ReturnType<typeof calculation>;
}

export const balanceCells = {
  account: (id: string): CellBinding => ({
    name: `balance-${id}`,
    query: calculation([{ account: id }], { $sum: '$amount' }, true),
  }),
  all: (): CellBinding => ({
    name: 'accounts-balance',
    query: calculation([{ 'account.closed': false }], { $sum: '$amount' }),
  }),
  onBudget: (): CellBinding => ({
    name: 'budgeted-accounts-balance',
    query: calculation([{ 'account.offbudget': false, 'account.closed': false }], {
      $sum: '$amount',
    }),
  }),
  offBudget: (): CellBinding => ({
    name: 'offbudget-accounts-balance',
    query: calculation([{ 'account.offbudget': true, 'account.closed': false }], {
      $sum: '$amount',
    }),
  }),
  uncategorizedBalance: (): CellBinding => ({
    name: 'uncategorized-balance',
    query: calculation([UNCATEGORIZED_FILTER], { $sum: '$amount' }),
  }),
  uncategorizedCount: (): CellBinding => ({
    name: 'uncategorized-amount',
    query: calculation([UNCATEGORIZED_FILTER], { $count: '$id' }),
  }),
};

/** The totals the sidebar and the titlebar show (each account's own cell is `account`). */
export function balanceTotals(): CellBinding[] {
  return [
    balanceCells.all(),
    balanceCells.onBudget(),
    balanceCells.offBudget(),
    balanceCells.uncategorizedBalance(),
    balanceCells.uncategorizedCount(),
  ];
}

/** The full cell name a binding's value arrives under in `cells-changed`. */
export const cellName = (binding: { name: string }) => `${BALANCE_SHEET}!${binding.name}`;

/** A cell's value as a number (an empty sum is null). */
export function cellNumber(cells: Readonly<Record<string, unknown>>, name: string): number {
  return knownNumber(cells, name) ?? 0;
}

/**
 * A cell's value as a number, or undefined until the core has sent it (a live query pushes
 * its first value, null included, once read): a balance not known yet is not a zero.
 */
export function knownNumber(
  cells: Readonly<Record<string, unknown>>,
  name: string,
): number | undefined {
  const key = `${BALANCE_SHEET}!${name}`;
  if (!(key in cells)) return undefined;
  const value = cells[key];
  return typeof value === 'number' ? value : 0;
}

/** The balance cell an accounts view (`/accounts`, `/accounts/{id}`, ...) shows. */
export function viewBalanceCell(id: string | undefined): string {
  switch (id) {
    case undefined:
      return balanceCells.all().name;
    case 'budgeted':
      return balanceCells.onBudget().name;
    case 'offbudget':
      return balanceCells.offBudget().name;
    case 'uncategorized':
      return balanceCells.uncategorizedBalance().name;
    default:
      return balanceCells.account(id).name;
  }
}

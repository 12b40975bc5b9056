/**
 * The sidebar's balance cells as `create-query` bindings: the cell names Actual's client binds
 * and the queries behind them. The UI creates them with
 * `send('create-query', {sheetName, name, query: query.serialize()})`.
 */
import { q, type Query } from '../query/index.ts';

/** The sidebar's balance cells, by the names Actual's client binds them to. */
export const balanceQueries = {
  account: (accountId: string): { name: string; query: Query } => ({
    name: `balance-${accountId}`,
    query: q('transactions')
      .filter({ account: accountId })
      .options({ splits: 'none' })
      .calculate({ $sum: '$amount' }),
  }),
  all: (): { name: string; query: Query } => ({
    name: 'accounts-balance',
    query: q('transactions').filter({ 'account.closed': false }).calculate({ $sum: '$amount' }),
  }),
  onBudget: (): { name: string; query: Query } => ({
    name: 'budgeted-accounts-balance',
    query: q('transactions')
      .filter({ 'account.offbudget': false, 'account.closed': false })
      .calculate({ $sum: '$amount' }),
  }),
  offBudget: (): { name: string; query: Query } => ({
    name: 'offbudget-accounts-balance',
    query: q('transactions')
      .filter({ 'account.offbudget': true, 'account.closed': false })
      .calculate({ $sum: '$amount' }),
  }),
  uncategorizedBalance: (): { name: string; query: Query } => ({
    name: 'uncategorized-balance',
    query: uncategorized().calculate({ $sum: '$amount' }),
  }),
  uncategorizedCount: (): { name: string; query: Query } => ({
    name: 'uncategorized-amount',
    query: uncategorized().calculate({ $count: '$id' }),
  }),
};

/** On-budget rows with no category, except transfers between two on-budget accounts. */
function uncategorized(): Query {
  return q('transactions').filter({
    'account.offbudget': false,
    category: null,
    $or: [{ 'payee.transfer_acct.offbudget': true, 'payee.transfer_acct': null }],
  });
}

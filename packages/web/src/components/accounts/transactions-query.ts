import { UNCATEGORIZED_FILTER } from './balance-queries.ts';

/** A serialized transactions query (the shape `q(...).serialize()` produces in core). */
export function transactionsQuery(filter: Record<string, unknown>, limit: number, offset = 0) {
  return {
    table: 'transactions',
    tableOptions: { splits: 'grouped' },
    filterExpressions: Object.keys(filter).length ? [filter] : [],
    selectExpressions: ['*'],
    groupExpressions: [],
    orderExpressions: [{ date: 'desc' }, 'sort_order', 'id'],
    calculation: false,
    rawMode: false,
    withDead: false,
    validateRefs: true,
    limit,
    offset,
  };
}

export function accountFilter(id: string | undefined): Record<string, unknown> {
  switch (id) {
    case undefined:
      return { 'account.closed': false };
    case 'budgeted':
      return { 'account.offbudget': false, 'account.closed': false };
    case 'offbudget':
      return { 'account.offbudget': true, 'account.closed': false };
    case 'uncategorized':
      return { ...UNCATEGORIZED_FILTER, is_parent: false };
    default:
      return { account: id };
  }
}

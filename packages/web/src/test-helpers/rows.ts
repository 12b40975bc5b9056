import type { Account, Payee } from '../store/types.ts';

/** An account row as `accounts-get` answers it: what a test names, the rest empty. */
export function accountRow(fields: Pick<Account, 'id' | 'name'> & Partial<Account>): Account {
  return {
    account_id: null,
    balance_current: null,
    balance_available: null,
    balance_limit: null,
    mask: null,
    official_name: null,
    type: null,
    subtype: null,
    bank: null,
    offbudget: 0,
    closed: 0,
    sort_order: null,
    tombstone: 0,
    bankName: null,
    bankId: null,
    account_sync_source: null,
    ...fields,
  };
}

/** A payee row as `payees-get` answers it: what a test names, the rest empty. */
export function payeeRow(fields: Pick<Payee, 'id' | 'name'> & Partial<Payee>): Payee {
  return { category: null, transfer_acct: null, tombstone: 0, ...fields };
}

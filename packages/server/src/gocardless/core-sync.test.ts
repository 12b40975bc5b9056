/**
 * End to end: a Coffer core (Node platform) → this server over HTTP → the fake GoCardless
 * provider. Linking accounts, syncing them (rules, dedup, starting balance, undo), per-account
 * errors with the spec's messages, and unlinking.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@coffer/core';
import type { ProviderTransaction } from './normalize.ts';
import { type BankClient, startBankClient } from '../test-helpers/bank-client.ts';

let c: BankClient;

interface Outcome {
  errors: Record<string, unknown>[];
  newTransactions: string[];
  matchedTransactions: string[];
  updatedAccounts: string[];
  accounts: { id: string; added: number; matched: number }[];
  replacedPending: unknown[];
  droppedPending: string[];
}

interface Row {
  id: string;
  amount: number;
  date: number;
  financial_id: string | null;
  imported_description: string | null;
  notes: string | null;
  category: string | null;
  description: string | null;
  cleared: number;
  starting_balance_flag: number;
}

const tx = (
  id: string | undefined,
  date: string,
  amount: string,
  extra: Partial<ProviderTransaction> = {},
): ProviderTransaction => ({
  transactionId: id,
  bookingDate: date,
  valueDate: date,
  transactionAmount: { amount, currency: 'GBP' },
  ...extra,
});

const nothing: Outcome = {
  errors: [],
  newTransactions: [],
  matchedTransactions: [],
  updatedAccounts: [],
  accounts: [],
  replacedPending: [],
  droppedPending: [],
};

beforeEach(async () => {
  c = await startBankClient();
  c.timers.skip.add(POLL_INTERVAL_MS);
  await c.configure();
});

afterEach(async () => {
  await c.close();
});

const rows = (acct: string) =>
  c
    .sql()
    .all<Row>('SELECT * FROM transactions WHERE acct = ? AND tombstone = 0 ORDER BY date, amount', [
      acct,
    ]);
const idOf = (sql: string, args: string[] = []) => c.sql().first<{ id: string }>(sql, args)!.id;
const payeeName = (id: string | null) =>
  c.sql().first<{ name: string }>('SELECT name FROM payees WHERE id = ?', [id])?.name;
const accountOf = (bankAccountId: string) =>
  idOf('SELECT id FROM accounts WHERE account_id = ? AND tombstone = 0', [bankAccountId]);

/** The real link flow: consent link, poll until linked, then link each chosen account. */
async function link(accountIds: string[]): Promise<{ requisitionId: string; ids: string[] }> {
  const requisitionId = await c.requisition(accountIds);
  const polled = await c.must<{ data: { accounts: { account_id: string }[] } }>(
    'gocardless-poll-web-token',
    { upgradingAccountId: null, requisitionId },
  );
  const ids: string[] = [];
  for (const account of polled.data.accounts) {
    expect(
      await c.send('gocardless-accounts-link', { requisitionId, account, upgradingId: null }),
    ).toBe('ok');
    ids.push(accountOf(account.account_id));
  }
  return { requisitionId, ids };
}

describe('bank sync from the core, through the server, against the provider', () => {
  it('links an account: recent transactions through the rules, a starting balance, the bank balance', async () => {
    const groceries = idOf("SELECT id FROM categories WHERE name = 'Groceries'");
    await c.must('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'imported_payee', op: 'contains', value: 'coffee', type: 'string' }],
      actions: [{ op: 'set', field: 'category', value: groceries, type: 'id' }],
    });
    c.addAccount('acc-1', {
      name: 'Main',
      iban: 'GB33BUKB20201555555555',
      balances: [
        { balanceAmount: { amount: '900.00', currency: 'GBP' }, balanceType: 'interimAvailable' },
        { balanceAmount: { amount: '1000.50', currency: 'GBP' }, balanceType: 'closingBooked' },
      ],
      booked: [
        tx('t0', '2024-01-10', '-99.00', { creditorName: 'TOO OLD' }),
        tx('t1', '2024-03-01', '-20.25', {
          creditorName: 'COFFEE SHOP LTD',
          remittanceInformationUnstructured: 'card payment',
        }),
        tx('t2', '2024-03-05', '500.00', {
          debtorName: 'Employer plc',
          debtorAccount: { iban: 'GB11EMPL00000012345678' },
        }),
      ],
      pending: [tx(undefined, '2024-03-07', '-3.10', { creditorName: 'Bus' })],
    });
    c.pushed.length = 0;
    const { requisitionId, ids } = await link(['acc-1']);
    const [id] = ids as [string];

    expect(
      c
        .sql()
        .first(
          'SELECT a.name, a.mask, a.official_name, a.balance_current, b.bank_id, b.name AS bank_name FROM accounts a JOIN banks b ON b.id = a.bank WHERE a.id = ?',
          [id],
        ),
    ).toEqual({
      name: 'Main (XXX 5555) GBP',
      mask: '5555',
      official_name: 'Current Account',
      balance_current: 90000,
      bank_id: requisitionId,
      bank_name: 'Test Bank',
    });
    // The first sync asks for the last 30 days only.
    expect(c.requests('/accounts/acc-1/transactions/')).toEqual([
      'GET /api/v2/accounts/acc-1/transactions/?date_from=2024-02-19&date_to=2024-03-20',
    ]);
    const got = rows(id);
    expect(
      got.map((r) => [r.date, r.amount, r.financial_id, payeeName(r.description), r.cleared]),
    ).toEqual([
      // closingBooked 1000.50 minus the downloaded booked ones, dated on the oldest of them.
      [20240301, -2025, 't1', 'Coffee Shop Ltd', 1],
      [20240301, 52075, null, 'Starting Balance', 1],
      [20240305, 50000, 't2', 'Employer plc (GB11 XXX 5678)', 1],
      [20240307, -310, null, 'Bus', 0],
    ]);
    const coffee = got[0]!;
    expect(coffee).toMatchObject({
      category: groceries,
      notes: 'card payment',
      imported_description: 'Coffee Shop Ltd',
      starting_balance_flag: 0,
    });
    expect(got[1]).toMatchObject({
      starting_balance_flag: 1,
      category: idOf("SELECT id FROM categories WHERE name = 'Starting Balances'"),
    });
    expect(c.events('accounts-syncing')).toEqual([{ ids: [id] }, { ids: [] }]);
    expect(c.events('account-sync-status')).toEqual([{ id, failed: false }]);
    // Signed in, the new budget was uploaded: it syncs, so the status is not "disabled".
    expect(c.events('sync-event')).toEqual([
      { type: 'success', tables: ['transactions', 'accounts', 'payees'], syncDisabled: false },
    ]);
  });

  it('later syncs add new transactions, match what the user entered, and undo in one step', async () => {
    c.addAccount('acc-1', {
      balances: [{ balanceAmount: { amount: '100.00' }, balanceType: 'closingBooked' }],
      booked: [tx('t1', '2024-03-01', '-20.00', { creditorName: 'Grocer' })],
    });
    const { ids } = await link(['acc-1']);
    const [id] = ids as [string];
    const bakery = await c.must<string>('payee-create', { name: 'Bakery' });
    await c.must('transaction-add', {
      id: 'typed-in',
      account: id,
      date: '2024-03-12',
      amount: -750,
      payee: bakery,
      notes: 'bread',
    });
    const fake = c.fake.accounts.get('acc-1')!;
    fake.booked.push(
      tx('t3', '2024-03-13', '-7.50', { creditorName: 'BAKERY' }),
      tx('t4', '2024-03-15', '-12.00', { creditorName: 'Cinema' }),
    );

    const second = await c.must<Outcome>('gocardless-accounts-sync', { id });
    const added = idOf("SELECT id FROM transactions WHERE financial_id = 't4'");
    expect(second).toEqual({
      errors: [],
      newTransactions: [added],
      matchedTransactions: ['typed-in'],
      updatedAccounts: [id],
      // Per account: the bank's one new transaction, and the typed-in one it matched.
      accounts: [{ id, added: 1, matched: 1 }],
      replacedPending: [],
      droppedPending: [],
    });
    // From 31 days before the latest transaction, but never before the first one.
    expect(c.requests('/accounts/acc-1/transactions/').at(-1)).toContain(
      'date_from=2024-03-01&date_to=2024-03-20',
    );
    // The bank's date and id win; the payee and notes the user gave stay.
    expect(c.sql().first('SELECT * FROM transactions WHERE id = ?', ['typed-in'])).toMatchObject({
      date: 20240313,
      financial_id: 't3',
      description: bakery,
      notes: 'bread',
      cleared: 1,
    });

    // Nothing new at the bank: nothing written, nothing to reload, nothing to undo either.
    c.pushed.length = 0;
    expect(await c.must('gocardless-accounts-sync', { id })).toEqual({
      ...nothing,
      accounts: [{ id, added: 0, matched: 0 }],
    });
    expect(c.events('sync-event')).toEqual([]);
    expect(rows(id)).toHaveLength(4);

    await c.must('undo');
    expect(rows(id).map((r) => r.financial_id)).toEqual(['t1', null, null]);
    expect(c.sql().first('SELECT * FROM transactions WHERE id = ?', ['typed-in'])).toMatchObject({
      date: 20240312,
      financial_id: null,
      tombstone: 0,
    });
    await c.must('redo');
    expect(rows(id).map((r) => r.financial_id)).toEqual(['t1', null, 't3', 't4']);
  });

  it('syncs all accounts one at a time and reports each failure with the spec message', async () => {
    const good = [tx('g1', '2024-03-10', '-5.00', { creditorName: 'Kiosk' })];
    c.addAccount('acc-1', { booked: good });
    c.addAccount('acc-2', { booked: good });
    c.addAccount('acc-4', { booked: good });
    c.addAccount('acc-5', { booked: good });
    c.addAccount('acc-6', { booked: good });
    const { requisitionId, ids } = await link(['acc-1', 'acc-2']);
    const [ok, limited] = ids as [string, string];
    // In the requisition, but the bank has no such account (any more).
    c.fake.link(requisitionId, ['acc-1', 'acc-2', 'acc-3', 'acc-6']);
    await c.must('gocardless-accounts-link', {
      requisitionId,
      account: { account_id: 'acc-3', name: 'Ghost' },
    });
    const ghost = accountOf('acc-3');
    const expired = await link(['acc-4']);
    c.fake.requisitions.get(expired.requisitionId)!.status = 'EX';
    // Linked to a requisition that does not hold it.
    await c.must('gocardless-accounts-link', {
      requisitionId,
      account: { account_id: 'acc-5', name: 'Stray' },
    });
    const stray = accountOf('acc-5');
    await c.must('gocardless-accounts-link', {
      requisitionId,
      account: { account_id: 'acc-6', name: 'Broken' },
    });
    const broken = accountOf('acc-6');
    c.fake.failNext('/accounts/acc-2/transactions', 429);
    c.fake.failNext('/accounts/acc-6/transactions', 500);
    c.fake.accounts.get('acc-1')!.booked.push(tx('g2', '2024-03-11', '-1.00'));
    c.pushed.length = 0;

    const running = c.send('gocardless-accounts-sync', { id: '__all' });
    // A sync already running: the second answers false without syncing anything.
    expect(await c.send('gocardless-accounts-sync', {})).toBe(false);
    const all = (await running) as Outcome;

    const login =
      'Your password or something else has changed with your bank and you need to login again.';
    const internal =
      'An internal error occurred. Try to login again, or get in touch with support if the problem continues.';
    expect(all.errors).toEqual([
      {
        accountId: limited,
        type: 'SyncError',
        category: 'RATE_LIMIT_EXCEEDED',
        code: 'NORDIGEN_ERROR',
        message: 'Rate limit exceeded for this item. Please try again later.',
        internal: 'The bank limits how often its data can be read; try again later',
      },
      {
        accountId: ghost,
        type: 'SyncError',
        category: 'ITEM_ERROR',
        code: 'NO_ACCOUNTS',
        message:
          'No open accounts could be found. Did you close the account? If so, unlink the account.',
        internal: 'The bank no longer has this account (closed, or left out of the consent)',
      },
      {
        accountId: expired.ids[0],
        type: 'SyncError',
        category: 'ITEM_ERROR',
        code: 'ITEM_LOGIN_REQUIRED',
        message: login,
        internal: 'The access to this account has expired (see the end-user agreement)',
      },
      {
        accountId: stray,
        type: 'SyncError',
        category: 'INVALID_INPUT',
        code: 'INVALID_ACCESS_TOKEN',
        message: 'Item is no longer authorized. You need to login again.',
        internal: 'The account is not linked to this requisition',
      },
      {
        accountId: broken,
        type: 'SyncError',
        category: 'SYNC_ERROR',
        code: 'NORDIGEN_ERROR',
        message: internal,
        internal: 'The bank-data provider reported an error',
      },
    ]);
    expect(all.newTransactions).toEqual([
      idOf("SELECT id FROM transactions WHERE financial_id = 'g2'"),
    ]);
    expect(all.matchedTransactions).toEqual([]);
    expect(all.updatedAccounts).toEqual([ok]);

    // One at a time, in account order: which are left, then how each went.
    const order = [ok, limited, ghost, expired.ids[0]!, stray, broken];
    const progress = c.pushed
      .filter((p) => p.name === 'accounts-syncing' || p.name === 'account-sync-status')
      .map((p) => p.payload);
    expect(progress).toEqual([
      ...order.flatMap((acct, i) => {
        const error = all.errors.find((e) => e.accountId === acct);
        return [
          { ids: order.slice(i) },
          error
            ? {
                id: acct,
                failed: true,
                errorType: error.category,
                errorCode: error.code,
                message: error.message,
              }
            : { id: acct, failed: false },
        ];
      }),
      { ids: [] },
    ]);

    // An id that is not a linked account syncs nothing.
    expect(await c.must('gocardless-accounts-sync', { id: 'no-such-account' })).toEqual(nothing);
  });

  it('connects accounts (the 23.x call) and unlinks them, removing the requisition last', async () => {
    c.addAccount('acc-1', { booked: [tx('c1', '2024-03-10', '-5.00', { creditorName: 'Kiosk' })] });
    c.addAccount('acc-2', {
      balances: [{ balanceAmount: { amount: '50.00' }, balanceType: 'closingBooked' }],
    });
    const requisitionId = await c.requisition(['acc-1', 'acc-2']);
    const ids = await c.must<string[]>('gocardless-accounts-connect', {
      institution: { name: 'Test Bank' },
      publicToken: requisitionId,
      accountIds: ['acc-1', 'acc-2'],
      offbudgetIds: ['acc-2'],
    });
    expect(ids).toHaveLength(2);
    const [onBudget, offBudget] = ids as [string, string];
    expect(
      c
        .sql()
        .all(
          'SELECT account_id, offbudget FROM accounts WHERE id IN (?, ?) ORDER BY account_id',
          ids,
        ),
    ).toEqual([
      { account_id: 'acc-1', offbudget: 0 },
      { account_id: 'acc-2', offbudget: 1 },
    ]);
    expect(rows(onBudget).map((r) => [r.amount, r.financial_id])).toEqual([
      [-500, 'c1'],
      [500, null],
    ]);
    // Off budget: the starting balance has no category.
    expect(rows(offBudget).map((r) => [r.amount, r.category, r.date])).toEqual([
      [5000, null, 20240320],
    ]);

    expect(await c.send('account-unlink', { id: onBudget })).toBe('ok');
    expect(c.sql().first('SELECT account_id, bank FROM accounts WHERE id = ?', [onBudget])).toEqual(
      { account_id: null, bank: null },
    );
    expect(c.fake.requisitions.has(requisitionId)).toBe(true);
    expect(await c.send('account-unlink', { id: offBudget })).toBe('ok');
    expect(c.fake.requisitions.has(requisitionId)).toBe(false);
    expect(c.requests(`DELETE /api/v2/requisitions/${requisitionId}/`)).toHaveLength(1);
    const before = c.requests('/transactions/').length;
    expect(await c.must('gocardless-accounts-sync', { id: null })).toEqual(nothing);
    expect(c.requests('/transactions/')).toHaveLength(before);

    // The unlink is one undo step; the transactions stay either way.
    await c.must('undo');
    expect(c.sql().first('SELECT account_id FROM accounts WHERE id = ?', [offBudget])).toEqual({
      account_id: 'acc-2',
    });
    expect(rows(onBudget)).toHaveLength(2);
  });
});

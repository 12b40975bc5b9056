import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GlobalState } from '../global-state/global-state.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';
import { bankErrorMessage } from './errors.ts';

/** A fake of the Coffer server's `/gocardless/*` JSON endpoints. */
interface Fake {
  linked: boolean;
  txError: Record<string, unknown> | null;
  booked: Record<string, unknown>[];
  calls: { path: string; body: Record<string, unknown> }[];
}

let f: AppFixture;
let server: Server;
let fake: Fake;
let timers: { fn: () => void; ms: number }[];

const ok = (data: unknown) => ({ status: 'ok', data });

function answer(path: string, body: Record<string, unknown>): unknown {
  switch (path) {
    case '/gocardless/status':
      return ok({ configured: true });
    case '/gocardless/get-banks':
      return ok([{ id: 'TESTBANK', name: 'Test Bank', countries: [body.country] }]);
    case '/gocardless/create-web-token':
      return ok({ link: 'https://bank.example/consent', requisitionId: 'req-1' });
    case '/gocardless/get-accounts':
      if (!fake.linked) return { status: 'ok', requisitionStatus: 'CR' };
      return ok({
        id: body.requisitionId,
        accounts: [
          { account_id: 'acc-1', name: 'Main', mask: '1234', institution: { name: 'Test Bank' } },
        ],
      });
    case '/gocardless/transactions':
      if (fake.txError) return ok(fake.txError);
      return ok({
        balances: [{ balanceType: 'interimAvailable', balanceAmount: { amount: '950.00' } }],
        startingBalance: 100000 - fake.booked.reduce((s, t) => s + cents(t), 0),
        transactions: { booked: fake.booked, pending: [] },
      });
    case '/gocardless/remove-account':
      return ok({ summary: 'Requisition deleted' });
    case '/secret':
      return ok('ok');
    default:
      return { status: 'error', reason: 'not-found' };
  }
}

const cents = (t: Record<string, unknown>) =>
  Math.round(Number((t.transactionAmount as { amount: string }).amount) * 100);

const tx = (id: string, date: string, amount: string, extra: Record<string, unknown> = {}) => ({
  transactionId: id,
  bookingDate: date,
  transactionAmount: { amount, currency: 'EUR' },
  ...extra,
});

beforeEach(async () => {
  fake = { linked: false, txError: null, booked: [], calls: [] };
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      fake.calls.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(req.url ?? '', body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  f = await openAppCore();
  timers = [];
  const platform = f.platform as { fetch: typeof fetch; timers: unknown; fs: unknown };
  const files = new Map<string, string>();
  platform.fs = {
    ...f.platform.fs,
    join: (...parts: string[]) => parts.join('/'),
    exists: (path: string) => Promise.resolve(files.has(path)),
    readText: (path: string) => Promise.resolve(files.get(path) ?? ''),
    writeFile: (path: string, text: string) => Promise.resolve(void files.set(path, text)),
  };
  platform.fetch = globalThis.fetch;
  platform.timers = {
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    clearTimeout: () => undefined,
  };
  const state = await GlobalState.load(f.platform.fs, '/docs/global-store.json', f.platform.log);
  const port = (server.address() as AddressInfo).port;
  await state.set({ 'server-url': `http://127.0.0.1:${port}`, 'user-token': 'tok' });
});

afterEach(async () => {
  await new Promise((r) => server.close(r));
});

const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);

async function link(): Promise<string> {
  fake.linked = true;
  await send('gocardless-accounts-link', {
    requisitionId: 'req-1',
    account: {
      account_id: 'acc-1',
      name: 'Main',
      mask: '1234',
      institution: { name: 'Test Bank' },
    },
    upgradingId: null,
  });
  return f.sql.first<{ id: string }>("SELECT id FROM accounts WHERE account_id = 'acc-1'")!.id;
}

describe('bank sync through the server proxy', () => {
  it('reports status, banks and a web token', async () => {
    expect(await send('gocardless-status')).toEqual({ configured: true });
    expect(await send('gocardless-get-banks', { country: 'DE' })).toEqual({
      data: [{ id: 'TESTBANK', name: 'Test Bank', countries: ['DE'] }],
    });
    expect(
      await send('gocardless-create-web-token', {
        upgradingAccountId: null,
        institutionId: 'TESTBANK',
        accessValidForDays: 30,
      }),
    ).toEqual({ link: 'https://bank.example/consent', requisitionId: 'req-1' });
    expect(fake.calls.every((c) => c.path.startsWith('/gocardless/'))).toBe(true);
    expect(await send('secret-set', { name: 'gocardless_secretId', value: 'x' })).toBe('ok');
  });

  it('polls every 3 s until linked, and times out after 10 minutes', async () => {
    const linked = send('gocardless-poll-web-token', { requisitionId: 'req-1' });
    await vi_until(() => timers.length === 1);
    expect(timers[0]!.ms).toBe(3000);
    fake.linked = true;
    timers.shift()!.fn();
    const res = (await linked) as { data: { accounts: unknown[] } };
    expect(res.data.accounts).toHaveLength(1);

    fake.linked = false;
    const timeout = send('gocardless-poll-web-token', { requisitionId: 'req-1' });
    for (let i = 0; i < 200; i++) {
      await vi_until(() => timers.length > 0);
      timers.shift()!.fn();
    }
    expect(await timeout).toEqual({ error: 'timeout', message: 'Timed out. Please try again.' });
    expect(fake.calls.filter((c) => c.path === '/gocardless/get-accounts')).toHaveLength(2 + 200);
  });

  it('stops polling on request', async () => {
    const polling = send('gocardless-poll-web-token', { requisitionId: 'req-1' });
    await vi_until(() => timers.length === 1);
    await send('gocardless-poll-web-token-stop');
    expect(await polling).toEqual({ error: 'stopped' });
  });

  it('links, syncs with a starting balance, then dedups the second sync', async () => {
    fake.booked = [
      tx('t1', '2023-08-01', '-12.50', {
        creditorName: 'Grocer',
        remittanceInformationUnstructured: 'Card 42',
      }),
      tx('t2', '2023-08-03', '40.00', { debtorName: 'Employer' }),
    ];
    const id = await link();
    const account = f.sql.first<Record<string, unknown>>(
      'SELECT a.*, b.bank_id FROM accounts a JOIN banks b ON a.bank = b.id WHERE a.id = ?',
      [id],
    )!;
    expect(account).toMatchObject({
      account_id: 'acc-1',
      bank_id: 'req-1',
      balance_current: 95000,
    });
    const rows = f.txsOf(id);
    expect(
      rows.map((r) => [r.amount, r.financial_id, r.starting_balance_flag, r.date]).sort(),
    ).toEqual(
      [
        [-1250, 't1', 0, 20230801],
        [4000, 't2', 0, 20230803],
        [97250, null, 1, 20230801],
      ].sort(),
    );
    const t1 = rows.find((r) => r.financial_id === 't1')!;
    expect(t1).toMatchObject({ notes: 'Card 42', imported_description: 'Grocer', cleared: 1 });
    expect(fake.calls.find((c) => c.path === '/gocardless/transactions')!.body).toMatchObject({
      requisitionId: 'req-1',
      accountId: 'acc-1',
      startDate: '2023-07-07',
    });

    fake.booked.push(tx('t3', '2023-08-05', '-3.00', { creditorName: 'Cafe' }));
    const second = (await send('gocardless-accounts-sync', { id })) as Record<string, unknown[]>;
    expect(second.errors).toEqual([]);
    expect(second.newTransactions).toHaveLength(1);
    expect(second.updatedAccounts).toEqual([id]);
    expect(f.txsOf(id)).toHaveLength(4);
    expect(fake.calls.filter((c) => c.path === '/gocardless/transactions')[1]!.body.startDate).toBe(
      '2023-08-01',
    );
  });

  it('makes a sync one undo step, and pushes which accounts are syncing and how each went', async () => {
    fake.booked = [tx('t1', '2023-08-01', '-12.50', { creditorName: 'Grocer' })];
    const id = await link();
    fake.booked.push(tx('t2', '2023-08-04', '-3.00', { creditorName: 'Cafe' }));
    f.pushed.length = 0;
    const res = (await send('gocardless-accounts-sync', { id: '__all' })) as Record<
      string,
      unknown
    >;
    expect(res.newTransactions).toHaveLength(1);
    // The whole sync is one commit: one tables-changed push for the UI's live queries.
    expect(f.pushed.filter((p) => p.name === 'tables-changed')).toHaveLength(1);
    expect(f.pushed.filter((p) => p.name !== 'undo-event' && p.name !== 'tables-changed')).toEqual([
      { name: 'accounts-syncing', payload: { ids: [id] } },
      { name: 'account-sync-status', payload: { id, failed: false } },
      { name: 'accounts-syncing', payload: { ids: [] } },
      // Registers reload as after a sync; a local-only budget stays "sync disabled".
      {
        name: 'sync-event',
        payload: {
          type: 'success',
          tables: ['transactions', 'accounts', 'payees'],
          syncDisabled: true,
        },
      },
    ]);
    expect(f.txsOf(id)).toHaveLength(3);
    await send('undo');
    expect(f.txsOf(id).map((r) => r.financial_id)).not.toContain('t2');
    expect(f.txsOf(id)).toHaveLength(2);

    fake.txError = { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' };
    f.pushed.length = 0;
    await send('gocardless-accounts-sync', { id });
    expect(f.pushed.find((p) => p.name === 'account-sync-status')!.payload).toEqual({
      id,
      failed: true,
      errorType: 'ITEM_ERROR',
      errorCode: 'ITEM_LOGIN_REQUIRED',
      message: bankErrorMessage('ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'),
    });
  });

  it('undoes a link with its first sync in one step', async () => {
    fake.booked = [tx('t1', '2023-08-01', '-12.50', { creditorName: 'Grocer' })];
    const id = await link();
    expect(f.txsOf(id)).toHaveLength(2);
    await send('undo');
    expect(f.sql.first('SELECT tombstone FROM accounts WHERE id = ?', [id])).toEqual({
      tombstone: 1,
    });
    expect(f.txsOf(id)).toEqual([]);
    await send('redo');
    expect(f.txsOf(id)).toHaveLength(2);
    expect(f.sql.first('SELECT account_id FROM accounts WHERE id = ?', [id])).toEqual({
      account_id: 'acc-1',
    });
  });

  it('links a bank account to a new off-budget account, or to an existing one', async () => {
    fake.booked = [tx('t1', '2023-08-01', '-12.50', { creditorName: 'Grocer' })];
    await send('gocardless-accounts-link', {
      requisitionId: 'req-1',
      account: { account_id: 'acc-1', name: 'Savings' },
      upgradingId: null,
      offBudget: true,
    });
    const saved = f.sql.first<{ id: string; offbudget: number; name: string }>(
      "SELECT id, offbudget, name FROM accounts WHERE account_id = 'acc-1'",
    )!;
    expect(saved).toMatchObject({ offbudget: 1, name: 'Savings' });
    // Off budget: the starting balance carries no category.
    expect(f.txsOf(saved.id).every((t) => t.category === null)).toBe(true);

    const existing = (await send('account-create', { name: 'Mine' })) as string;
    await send('gocardless-accounts-link', {
      requisitionId: 'req-1',
      account: { account_id: 'acc-2', name: 'Ignored' },
      upgradingId: existing,
      offBudget: true,
    });
    expect(
      f.sql.first('SELECT name, offbudget, account_id FROM accounts WHERE id = ?', [existing]),
    ).toEqual({ name: 'Mine', offbudget: 0, account_id: 'acc-2' });
  });

  it('answers false to a sync asked for while one is running', async () => {
    const id = await link();
    const first = send('gocardless-accounts-sync', { id });
    expect(await send('gocardless-accounts-sync', {})).toBe(false);
    expect(await first).toMatchObject({ errors: [] });
    expect(await send('gocardless-accounts-sync', {})).toMatchObject({ errors: [] });
  });

  it('lists the starting balance with the new transactions of the first sync that works', async () => {
    fake.txError = { error_type: 'RATE_LIMIT_EXCEEDED', error_code: 'NORDIGEN_ERROR' };
    const id = await link();
    expect(f.txsOf(id)).toEqual([]);
    fake.txError = null;
    fake.booked = [tx('t1', '2023-08-02', '-5.00', { creditorName: 'Kiosk' })];
    const res = (await send('gocardless-accounts-sync', { id })) as { newTransactions: string[] };
    expect(res.newTransactions).toHaveLength(2);
    const start = f.tx(res.newTransactions[0]!);
    expect(start).toMatchObject({ starting_balance_flag: 1, amount: 100500, date: 20230802 });
    expect(f.tx(res.newTransactions[1]!)).toMatchObject({ financial_id: 't1', amount: -500 });
  });

  it.each([
    ['ITEM_ERROR', 'NO_ACCOUNTS'],
    ['ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    ['INVALID_INPUT', 'INVALID_ACCESS_TOKEN'],
    ['RATE_LIMIT_EXCEEDED', 'NORDIGEN_ERROR'],
    ['SYNC_ERROR', 'NORDIGEN_ERROR'],
  ])('maps %s/%s to the spec text', async (type, code) => {
    const id = await link();
    fake.txError = { error_type: type, error_code: code, reason: 'why' };
    const res = (await send('gocardless-accounts-sync', { id })) as { errors: unknown[] };
    expect(res.errors).toEqual([
      {
        accountId: id,
        type: 'SyncError',
        category: type,
        code,
        message: bankErrorMessage(type, code),
        internal: 'why',
      },
    ]);
  });

  it('uses the spec texts', () => {
    expect(bankErrorMessage('ITEM_ERROR', 'ITEM_LOGIN_REQUIRED')).toBe(
      'Your password or something else has changed with your bank and you need to login again.',
    );
    expect(bankErrorMessage('INVALID_INPUT', 'INVALID_ACCESS_TOKEN')).toBe(
      'Item is no longer authorized. You need to login again.',
    );
    expect(bankErrorMessage('RATE_LIMIT_EXCEEDED', 'X')).toBe(
      'Rate limit exceeded for this item. Please try again later.',
    );
    expect(bankErrorMessage('ITEM_ERROR', 'NO_ACCOUNTS')).toMatch(
      /^No open accounts could be found/,
    );
    expect(bankErrorMessage('UNKNOWN', 'UNKNOWN')).toMatch(/login again|support/);
  });

  it('unlinks and removes the unused requisition', async () => {
    const id = await link();
    await send('account-unlink', { id });
    expect(f.sql.first('SELECT account_id, bank FROM accounts WHERE id = ?', [id])).toEqual({
      account_id: null,
      bank: null,
    });
    expect(fake.calls.at(-1)).toEqual({
      path: '/gocardless/remove-account',
      body: { requisitionId: 'req-1' },
    });
  });
});

async function vi_until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setImmediate(r));
  if (!cond()) throw new Error('condition never held');
}

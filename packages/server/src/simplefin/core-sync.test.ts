/**
 * End to end: a Coffer core (Node platform) → this server's `/simplefin/*` over HTTP → the fake
 * SimpleFIN Bridge. Status, the bridge's accounts, linking to a new and to an existing account
 * (posted and pending rows, starting balance, bank balance), syncing several accounts, and each
 * bridge failure with the spec's text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bankErrorMessage } from '@coffer/core';
import { type BankClient, startBankClient } from '../test-helpers/bank-client.ts';
import { fillSimpleFin } from '../test-helpers/bank-scenarios.ts';
import {
  type FakeSimpleFin,
  type SimpleFinFailure,
  startFakeSimpleFin,
} from '../test-helpers/fake-simplefin.ts';

let c: BankClient;
let bridge: FakeSimpleFin;

interface Row {
  amount: number;
  date: number;
  financial_id: string | null;
  cleared: number;
  starting_balance_flag: number;
}

interface BridgeAccount {
  id: string;
  name: string;
  org: { domain?: string; id?: string; name: string };
}

interface BatchAnswer {
  accountId: string;
  res: {
    errors: { accountId: string; category?: string; code?: string; message: string }[];
    newTransactions: string[];
    matchedTransactions: string[];
    updatedAccounts: string[];
  };
}

beforeEach(async () => {
  bridge = await startFakeSimpleFin();
  fillSimpleFin(bridge);
  c = await startBankClient();
  await c.must('secret-set', { name: 'simplefin_token', value: bridge.setupToken() });
});

afterEach(async () => {
  await c.close();
  await bridge.close();
});

const rows = (acct: string) =>
  c
    .sql()
    .all<Row>(
      'SELECT amount, date, financial_id, cleared, starting_balance_flag FROM transactions WHERE acct = ? AND tombstone = 0 ORDER BY date, amount',
      [acct],
    );

/** The link modal's account, made from the bridge's answer as Actual's client makes it. */
const external = (a: BridgeAccount) => ({
  account_id: a.id,
  name: a.name,
  institution: a.org.name,
  orgDomain: a.org.domain ?? null,
  orgId: a.org.id ?? null,
});

async function bridgeAccounts(): Promise<BridgeAccount[]> {
  const res = await c.must<{ accounts: BridgeAccount[] }>('simplefin-accounts');
  return res.accounts;
}

async function linkBoth(): Promise<{ checking: string; savings: string }> {
  const [checkingAcct, savingsAcct] = await bridgeAccounts();
  expect(
    await c.send('simplefin-accounts-link', {
      externalAccount: external(checkingAcct!),
      upgradingId: null,
    }),
  ).toBe('ok');
  const savings = await c.must<string>('account-create', { name: 'My savings' });
  expect(
    await c.send('simplefin-accounts-link', {
      externalAccount: external(savingsAcct!),
      upgradingId: savings,
    }),
  ).toBe('ok');
  const checking = c
    .sql()
    .first<{ id: string }>("SELECT id FROM accounts WHERE account_id = 'ACT-checking'")!.id;
  return { checking, savings };
}

describe('SimpleFIN from the core, through the server, against the bridge', () => {
  it('says it is configured and lists the bridge accounts with their organisation', async () => {
    expect(await c.send('simplefin-status')).toEqual({ configured: true });
    const accounts = await bridgeAccounts();
    expect(accounts.map((a) => [a.id, a.org.name])).toEqual([
      ['ACT-checking', 'My Bank'],
      ['ACT-savings', 'Other CU'],
    ]);
  });

  it('links a new and an existing account, importing posted and pending rows once', async () => {
    const { checking, savings } = await linkBoth();
    const link = c.sql().first<Record<string, unknown>>(
      `SELECT a.name, a.account_id, b.bank_id, b.name AS bank_name, a.balance_current
         FROM accounts a JOIN banks b ON a.bank = b.id WHERE a.id = ?`,
      [checking],
    );
    expect(link).toEqual({
      name: 'Everyday Checking',
      account_id: 'ACT-checking',
      bank_id: 'mybank.example',
      bank_name: 'My Bank',
      balance_current: 152035,
    });
    // The client's today is 2024-03-20: the first sync reads 30 days, pending rows uncleared,
    // and the starting balance is the bank balance less every downloaded row.
    expect(rows(checking)).toEqual([
      { amount: -91705, date: 20240220, financial_id: null, cleared: 1, starting_balance_flag: 1 },
      {
        amount: -500,
        date: 20240220,
        financial_id: 'TRN-old',
        cleared: 1,
        starting_balance_flag: 0,
      },
      {
        amount: -1250,
        date: 20240302,
        financial_id: 'TRN-coffee',
        cleared: 1,
        starting_balance_flag: 0,
      },
      {
        amount: 250000,
        date: 20240305,
        financial_id: 'TRN-pay',
        cleared: 1,
        starting_balance_flag: 0,
      },
      {
        amount: -4510,
        date: 20240319,
        financial_id: 'TRN-gas',
        cleared: 0,
        starting_balance_flag: 0,
      },
    ]);
    expect(c.sql().first('SELECT name, account_id FROM accounts WHERE id = ?', [savings])).toEqual({
      name: 'My savings',
      account_id: 'ACT-savings',
    });
    expect(rows(savings).map((r) => r.financial_id)).toContain('TRN-interest');
    // Where Actual keeps the link's provider (the file's own column, or Coffer's side column).
    const cols = c.core.budget!.db.columns;
    const sources = c.sql().all<{ id: string; source: string | null }>(
      `SELECT t.id, ${cols.columnSql('accounts', 'account_sync_source')} AS source
         FROM accounts t${cols.joinSql('accounts')} WHERE t.id IN (?, ?)`,
      [checking, savings],
    );
    expect(sources.map((s) => s.source)).toEqual(['simpleFin', 'simpleFin']);

    // A sync of both: nothing new, nothing twice.
    const again = await c.must<BatchAnswer[]>('simplefin-batch-sync', {});
    expect(again.map((a) => a.accountId).sort()).toEqual([checking, savings].sort());
    expect(
      again.every((a) => a.res.errors.length === 0 && a.res.newTransactions.length === 0),
    ).toBe(true);
    expect(rows(checking)).toHaveLength(5);
  });

  it('syncs several accounts with one bridge request', async () => {
    const { checking, savings } = await linkBoth();
    const reads = () => bridge.requests.filter((r) => r.startsWith('GET /simplefin/accounts'));
    const before = reads().length;
    bridge.accounts[1]!.transactions.push({
      id: 'TRN-fee',
      posted: Date.parse('2024-03-20T08:00:00Z') / 1000,
      amount: '-1.00',
      description: 'FEE',
    });
    const res = await c.must<BatchAnswer[]>('simplefin-batch-sync', {});
    expect(reads()).toHaveLength(before + 1);
    expect(reads().at(-1)).toContain('account=ACT-checking');
    expect(reads().at(-1)).toContain('account=ACT-savings');
    const of = (id: string) => res.find((r) => r.accountId === id)!.res;
    expect(of(savings).newTransactions).toHaveLength(1);
    expect(of(checking).newTransactions).toEqual([]);
    expect(c.events('account-sync-status').slice(-2)).toEqual(
      expect.arrayContaining([
        { id: checking, failed: false },
        { id: savings, failed: false },
      ]),
    );
  });

  it('adds what the bridge posts later, for the one account asked for', async () => {
    const { checking, savings } = await linkBoth();
    bridge.accounts[0]!.transactions.push({
      id: 'TRN-late',
      posted: Date.parse('2024-03-20T09:00:00Z') / 1000,
      amount: '-7.25',
      description: 'BAKERY',
      payee: 'Bakery',
    });
    const res = await c.must<BatchAnswer[]>('simplefin-batch-sync', { ids: [checking] });
    expect(res).toHaveLength(1);
    expect(res[0]!.accountId).toBe(checking);
    expect(res[0]!.res.newTransactions).toHaveLength(1);
    expect(res[0]!.res.updatedAccounts).toEqual([checking]);
    expect(rows(checking).map((r) => r.financial_id)).toContain('TRN-late');
    expect(rows(savings)).toHaveLength(2);
  });

  it.each<[SimpleFinFailure, string, string]>([
    [403, 'INVALID_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN'],
    [402, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    [429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED'],
    [500, 'SERVER_DOWN', 'SERVER_DOWN'],
    [503, 'SERVER_DOWN', 'SERVER_DOWN'],
    ['malformed', 'SERVER_DOWN', 'SERVER_DOWN'],
  ])(
    'a bridge answering %s is %s/%s with the spec text, changes nothing and shows no secret',
    async (status, type, code) => {
      const { checking } = await linkBoth();
      const before = rows(checking);
      const transactionsBefore = c.sql().all('SELECT * FROM transactions ORDER BY id');
      bridge.failNext(status);
      const res = await c.must<BatchAnswer[]>('simplefin-batch-sync', { ids: [checking] });
      expect(res[0]!.res.errors).toEqual([
        expect.objectContaining({
          accountId: checking,
          category: type,
          code,
          message: bankErrorMessage(type, code),
        }),
      ]);
      expect(rows(checking)).toEqual(before);
      expect(c.sql().all('SELECT * FROM transactions ORDER BY id')).toEqual(transactionsBefore);
      // Nothing the client got (answer, pushed events) holds the bridge's credentials.
      const seen = JSON.stringify([res, c.pushed]);
      for (const secret of [bridge.accessUrl, bridge.password, bridge.username]) {
        expect(seen).not.toContain(secret);
      }
      const status_ = c.events('account-sync-status').at(-1);
      expect(status_).toMatchObject({
        id: checking,
        failed: true,
        errorType: type,
        errorCode: code,
      });
    },
  );

  it('reports a failed batch request on every account it held', async () => {
    const { checking, savings } = await linkBoth();
    bridge.failNext(403);
    const res = await c.must<BatchAnswer[]>('simplefin-batch-sync', {});
    for (const id of [checking, savings]) {
      expect(res.find((r) => r.accountId === id)!.res.errors).toEqual([
        expect.objectContaining({
          code: 'INVALID_ACCESS_TOKEN',
          message: bankErrorMessage('INVALID_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN'),
        }),
      ]);
    }
  });

  it('maps a vanished account and a connection needing attention', async () => {
    const { checking, savings } = await linkBoth();
    bridge.accounts.splice(1, 1);
    bridge.errors.push('Connection to My Bank may need attention');
    const res = await c.must<BatchAnswer[]>('simplefin-batch-sync', {});
    const errorOf = (id: string) => res.find((r) => r.accountId === id)!.res.errors[0]!;
    expect(errorOf(savings)).toMatchObject({
      code: 'ACCOUNT_MISSING',
      message: bankErrorMessage('ITEM_ERROR', 'NO_ACCOUNTS'),
    });
    expect(errorOf(checking)).toMatchObject({
      code: 'ACCOUNT_NEEDS_ATTENTION',
      message: bankErrorMessage('ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'),
    });
  });

  it('unlinks a SimpleFIN account without asking the GoCardless routes', async () => {
    const { checking } = await linkBoth();
    const before = c.requests('/requisitions').length;
    expect(await c.send('account-unlink', { id: checking })).toBe('ok');
    expect(c.sql().first('SELECT account_id, bank FROM accounts WHERE id = ?', [checking])).toEqual(
      {
        account_id: null,
        bank: null,
      },
    );
    expect(c.requests('/requisitions')).toHaveLength(before);
    expect(await c.must<BatchAnswer[]>('simplefin-batch-sync', {})).toHaveLength(1);
  });
});

/**
 * End to end: a Coffer core (Node platform) → this server's `/enablebanking/*` over HTTP → the
 * fake Enable Banking API (which checks every request's JWT). Set-up, banks, the consent
 * completed by the app, linking a session's accounts to a new and an existing account, and
 * syncing them with the other providers' accounts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bankErrorMessage } from '@coffer/core';
import { type BankClient, startBankClient } from '../test-helpers/bank-client.ts';
import { fillEnableBanking } from '../test-helpers/bank-scenarios.ts';
import {
  type EbFailure,
  type FakeEnableBanking,
  startFakeEnableBanking,
} from '../test-helpers/fake-enablebanking.ts';

let c: BankClient;
let eb: FakeEnableBanking;

interface Session {
  session_id: string;
  accounts: { account_id: string; name: string; institution: string }[];
}

beforeEach(async () => {
  eb = await startFakeEnableBanking();
  fillEnableBanking(eb);
  c = await startBankClient({ enableBankingBaseUrl: eb.url });
});

afterEach(async () => {
  await c.close();
  await eb.close();
});

const rows = (acct: string) =>
  c
    .sql()
    .all<{ financial_id: string | null; starting_balance_flag: number }>(
      'SELECT financial_id, starting_balance_flag FROM transactions WHERE acct = ? AND tombstone = 0',
      [acct],
    );

/** Configure, start a consent at the first Finnish bank and complete it as the app does. */
async function consent(): Promise<Session> {
  expect(await c.send('enablebanking-status')).toEqual({ configured: false });
  expect(
    await c.send('enablebanking-configure', {
      applicationId: eb.applicationId,
      secretKey: eb.privateKeyPem,
    }),
  ).toEqual({ configured: true });
  expect(await c.send('enablebanking-status')).toEqual({ configured: true });
  const banks = await c.must<{ aspsps: { name: string }[] }>('enablebanking-aspsps', {
    country: 'FI',
  });
  const started = await c.must<{ url: string; state: string }>('enablebanking-start-auth', {
    aspspId: banks.aspsps[0]!.name,
    country: 'FI',
    redirectUrl: 'http://127.0.0.1/app/enablebanking/callback',
    maxConsentValidity: 86_400,
  });
  const code = new URL(eb.consent(started.url)).searchParams.get('code')!;
  return c.must<Session>('enablebanking-complete-auth', { code, state: started.state });
}

describe('Enable Banking from the core, through the server, against the API', () => {
  it('refuses a key that is not the application’s, storing nothing', async () => {
    const res = await c.must<Record<string, unknown>>('enablebanking-configure', {
      applicationId: eb.applicationId,
      secretKey: 'not a key',
    });
    expect(res.error_code).toBe('CONFIGURATION_FAILED');
    expect(await c.send('enablebanking-status')).toEqual({ configured: false });
  });

  it('waits for the consent by polling, and stops waiting when asked', async () => {
    await c.must('enablebanking-configure', {
      applicationId: eb.applicationId,
      secretKey: eb.privateKeyPem,
    });
    const started = await c.must<{ url: string; state: string }>('enablebanking-start-auth', {
      aspspId: 'Nordea',
      country: 'FI',
      redirectUrl: 'http://127.0.0.1/app/enablebanking/callback',
    });
    const waiting = c.send('enablebanking-poll-auth', { state: started.state });
    const code = new URL(eb.consent(started.url)).searchParams.get('code')!;
    await c.must('enablebanking-complete-auth', { code, state: started.state });
    expect(await waiting).toMatchObject({ session_id: expect.any(String) });

    const never = await c.must<{ state: string }>('enablebanking-start-auth', {
      aspspId: 'Nordea',
      country: 'FI',
      redirectUrl: 'http://127.0.0.1/app/enablebanking/callback',
    });
    const gaveUp = c.send('enablebanking-poll-auth', { state: never.state });
    // The stop may come before the poll's request is under way: ask until the poll has ended.
    let ended = false;
    void gaveUp.then(() => (ended = true));
    while (!ended) {
      expect(await c.send('enablebanking-poll-auth-stop', { state: never.state })).toBe('ok');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await gaveUp).toEqual({ error: 'stopped' });
  });

  it('links a session’s accounts to a new and an existing account, then syncs them', async () => {
    const session = await consent();
    expect(session.accounts.length).toBeGreaterThanOrEqual(2);
    const [main, card] = session.accounts;
    expect(
      await c.send('enablebanking-accounts-link', { externalAccount: main, upgradingId: null }),
    ).toBe('ok');
    const existing = await c.must<string>('account-create', { name: 'Credit card' });
    expect(
      await c.send('enablebanking-accounts-link', {
        externalAccount: card,
        upgradingId: existing,
      }),
    ).toBe('ok');
    const linked = c.sql().all<{ id: string; name: string; account_id: string; bank_id: string }>(
      `SELECT a.id, a.name, a.account_id, b.bank_id FROM accounts a JOIN banks b ON a.bank = b.id
         WHERE a.tombstone = 0 ORDER BY a.account_id`,
    );
    expect(linked.map((a) => [a.account_id, a.bank_id])).toEqual([
      [card!.account_id, card!.account_id],
      [main!.account_id, main!.account_id],
    ]);
    const mainId = linked.find((a) => a.account_id === main!.account_id)!.id;
    expect(linked.find((a) => a.id === existing)!.name).toBe('Credit card');
    const first = rows(mainId);
    expect(first.filter((r) => r.starting_balance_flag === 1)).toHaveLength(1);
    expect(first.map((r) => r.financial_id)).toContain('eb-t2');

    const again = await c.must<{ errors: unknown[]; newTransactions: string[] }>(
      'gocardless-accounts-sync',
      {},
    );
    expect(again.errors).toEqual([]);
    expect(again.newTransactions).toEqual([]);
    expect(rows(mainId)).toHaveLength(first.length);
    expect(eb.requests.some((r) => r.includes('/transactions'))).toBe(true);
  });

  it.each<[EbFailure, string, string]>([
    [401, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    [403, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    [429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT_EXCEEDED'],
    [500, 'SERVER_DOWN', 'SERVER_DOWN'],
    [503, 'SERVER_DOWN', 'SERVER_DOWN'],
    ['malformed', 'SERVER_DOWN', 'SERVER_DOWN'],
  ])(
    'an API answering %s is %s/%s with the spec text, changes nothing and shows no secret',
    async (status, type, code) => {
      const session = await consent();
      await c.must('enablebanking-accounts-link', {
        externalAccount: session.accounts[0],
        upgradingId: null,
      });
      const id = c
        .sql()
        .first<{ id: string }>('SELECT id FROM accounts WHERE account_id = ?', [
          session.accounts[0]!.account_id,
        ])!.id;
      const before = rows(id);
      eb.failNext('/accounts/', status);
      const res = await c.must<{ errors: Record<string, unknown>[] }>('gocardless-accounts-sync', {
        id,
      });
      expect(res.errors).toEqual([
        expect.objectContaining({
          accountId: id,
          category: type,
          code,
          message: bankErrorMessage(type, code),
        }),
      ]);
      expect(rows(id)).toEqual(before);
      // Nothing the client got (answer, pushed events) holds the key or a signed token.
      const seen = JSON.stringify([res, c.pushed]);
      for (const line of eb.privateKeyPem.split('\n').filter((l) => l.length > 40)) {
        expect(seen).not.toContain(line);
      }
      expect(seen).not.toMatch(/eyJ[\w-]+\.eyJ/);
    },
  );
});

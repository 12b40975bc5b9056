/**
 * End to end: a Coffer core (Node platform) → this server over HTTP → the fake GoCardless
 * provider. Setting the secrets, the bank list, the consent link and the link poll.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS } from '@coffer/core';
import { type BankClient, startBankClient } from '../test-helpers/bank-client.ts';

let c: BankClient;

beforeEach(async () => {
  c = await startBankClient();
});

afterEach(async () => {
  await c.close();
});

/** Wait until the provider has seen `n` requests matching `prefix` (at most about 20 s). */
async function untilRequests(prefix: string, n: number): Promise<void> {
  for (let i = 0; i < 2000 && c.requests(prefix).length < n; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(c.requests(prefix).length).toBeGreaterThanOrEqual(n);
}

describe('GoCardless setup and linking from the core, through the server', () => {
  it('stores the secrets on the server, then lists banks and makes a consent link', async () => {
    expect(await c.send('gocardless-status')).toEqual({ configured: false });
    expect(await c.send('gocardless-get-banks', { country: 'GB' })).toEqual({ error: 'failed' });

    expect(
      await c.send('secret-set', { name: 'gocardless_secretId', value: c.fake.secretId }),
    ).toBe('ok');
    expect(await c.send('gocardless-status')).toEqual({ configured: false });
    // The 23.8 name of the second secret lands in the same place.
    await c.must('secret-set', { name: 'nordigen_secretKey', value: c.fake.secretKey });
    expect(await c.send('gocardless-status')).toEqual({ configured: true });

    expect(await c.send('gocardless-get-banks', { country: 'GB' })).toEqual({
      data: [expect.objectContaining({ id: 'TESTBANK_TSTBGB2L', name: 'Test Bank' })],
    });
    const demo = (await c.send('gocardless-get-banks', { country: 'DE', showDemo: true })) as {
      data: { id: string }[];
    };
    expect(demo.data.map((b) => b.id)).toEqual(['SANDBOXFINANCE_SFIN0000', 'OTHERBANK_OTHRDEFF']);

    const token = (await c.send('gocardless-create-web-token', {
      upgradingAccountId: null,
      institutionId: 'TESTBANK_TSTBGB2L',
      accessValidForDays: 30,
    })) as { link: string; requisitionId: string };
    expect(token.link).toContain(token.requisitionId);
    const requisition = c.fake.requisitions.get(token.requisitionId)!;
    expect(requisition.status).toBe('CR');
    // The bank sends the user back to this server's link page.
    expect(requisition.redirect).toBe(`${c.server.url}/gocardless/link`);
    expect(c.fake.agreements.get(requisition.agreement)).toMatchObject({
      access_valid_for_days: 30,
    });

    // A wrong secret is stored as given; the provider then refuses it.
    await c.must('secret-set', { name: 'gocardless_secretKey', value: 'wrong' });
    expect(await c.send('gocardless-get-banks', { country: 'GB' })).toEqual({ error: 'failed' });
  });

  it('polls every 3 s until the user has finished at the bank', async () => {
    await c.configure();
    c.addAccount('acc-1', { name: 'Main', iban: 'GB33BUKB20201555555555' });
    c.addAccount('acc-2', { name: 'Savings', iban: 'GB33BUKB20201555556666' });
    const token = await c.must<{ requisitionId: string }>('gocardless-create-web-token', {
      upgradingAccountId: null,
      institutionId: 'TESTBANK_TSTBGB2L',
      accessValidForDays: 30,
    });
    const path = `/requisitions/${token.requisitionId}/`;
    const poll = c.send('gocardless-poll-web-token', {
      upgradingAccountId: null,
      requisitionId: token.requisitionId,
    });
    await untilRequests(path, 1);
    // Still at the bank: the client waits 3 s and asks again.
    c.timers.skip.add(POLL_INTERVAL_MS);
    await untilRequests(path, 3);
    c.fake.link(token.requisitionId, ['acc-1', 'acc-2']);
    const answer = (await poll) as { data: { id: string; accounts: Record<string, unknown>[] } };
    // Every request but the last was followed by a 3 s wait.
    expect(POLL_INTERVAL_MS).toBe(3000);
    const waits = c.timers.waits.filter((ms) => ms === POLL_INTERVAL_MS);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits).toHaveLength(c.requests(path).length - 1);
    expect(answer.data.id).toBe(token.requisitionId);
    expect(answer.data.accounts.map((a) => [a.account_id, a.name, a.mask])).toEqual([
      ['acc-1', 'Main (XXX 5555) GBP', '5555'],
      ['acc-2', 'Savings (XXX 6666) GBP', '6666'],
    ]);
  });

  it('stops polling when asked, and times out after 10 minutes of polls', async () => {
    await c.configure();
    const first = await c.must<{ requisitionId: string }>('gocardless-create-web-token', {
      upgradingAccountId: null,
      institutionId: 'TESTBANK_TSTBGB2L',
      accessValidForDays: 30,
    });
    const path = `/requisitions/${first.requisitionId}/`;
    const stopped = c.send('gocardless-poll-web-token', { requisitionId: first.requisitionId });
    await untilRequests(path, 1);
    expect(await c.send('gocardless-poll-web-token-stop')).toBe('ok');
    expect(await stopped).toEqual({ error: 'stopped' });
    const seen = c.requests(path).length;
    c.timers.skip.add(POLL_INTERVAL_MS);
    // A full round trip later, no poll has gone out since the stop.
    await c.must('gocardless-status');
    expect(c.requests(path)).toHaveLength(seen);

    // A new poll replaces the running one, which ends as stopped at once.
    const replaced = c.send('gocardless-poll-web-token', { requisitionId: first.requisitionId });
    await untilRequests(path, seen + 1);
    let atReplace = 0;
    const replacedAnswer = replaced.then((answer) => {
      atReplace = c.requests(path).length;
      return answer;
    });
    const timedOut = c.send('gocardless-poll-web-token', { requisitionId: first.requisitionId });
    expect(await replacedAnswer).toEqual({ error: 'stopped' });
    expect(await timedOut).toEqual({ error: 'timeout', message: 'Timed out. Please try again.' });
    // 10 minutes at one poll per 3 s, each a real request through the server (plus, at most,
    // the replaced poll's request that was already under way).
    const made = c.requests(path).length - atReplace;
    expect(made).toBeGreaterThanOrEqual(200);
    expect(made).toBeLessThanOrEqual(201);
  });

  it('ends the poll with the linking error when the server cannot read the requisition', async () => {
    await c.configure();
    c.timers.skip.add(POLL_INTERVAL_MS);
    const answer = await c.send('gocardless-poll-web-token', { requisitionId: 'no-such-req' });
    expect(answer).toEqual({
      error: 'unknown',
      message: 'An error occurred while linking your account, sorry!',
    });
    expect(c.requests('/requisitions/no-such-req/')).toHaveLength(1);
  });

  it('reauthorizes an account whose access expired: a new requisition, the same account', async () => {
    await c.configure();
    c.timers.skip.add(POLL_INTERVAL_MS);
    c.addAccount('acc-1', {
      booked: [
        {
          transactionId: 't1',
          bookingDate: '2024-03-10',
          transactionAmount: { amount: '-4.00', currency: 'GBP' },
          creditorName: 'Kiosk',
        },
      ],
    });
    const linkVia = async (requisitionId: string, upgradingId: string | null) => {
      const polled = await c.must<{ data: { accounts: unknown[] } }>('gocardless-poll-web-token', {
        upgradingAccountId: upgradingId,
        requisitionId,
      });
      const [account] = polled.data.accounts;
      expect(
        await c.send('gocardless-accounts-link', { requisitionId, account, upgradingId }),
      ).toBe('ok');
    };
    const first = await c.requisition(['acc-1']);
    await linkVia(first, null);
    const id = c
      .sql()
      .first<{ id: string }>("SELECT id FROM accounts WHERE account_id = 'acc-1'")!.id;
    const txCount = () =>
      c.sql().all('SELECT id FROM transactions WHERE acct = ? AND tombstone = 0', [id]).length;
    expect(txCount()).toBe(2);

    c.fake.requisitions.get(first)!.status = 'EX';
    const failed = (await c.send('gocardless-accounts-sync', { id })) as {
      errors: { code: string }[];
    };
    expect(failed.errors.map((e) => e.code)).toEqual(['ITEM_LOGIN_REQUIRED']);

    const second = await c.requisition(['acc-1']);
    await linkVia(second, id);
    expect(
      c
        .sql()
        .all(
          'SELECT a.id, b.bank_id FROM accounts a JOIN banks b ON b.id = a.bank WHERE a.account_id = ? AND a.tombstone = 0',
          ['acc-1'],
        ),
    ).toEqual([{ id, bank_id: second }]);
    // Not a first sync: no second starting balance, and t1 is not downloaded twice.
    expect(txCount()).toBe(2);
    c.pushed.length = 0;
    expect(await c.send('gocardless-accounts-sync', { id })).toMatchObject({ errors: [] });
    expect(c.events('account-sync-status')).toEqual([{ id, failed: false }]);
  });
});

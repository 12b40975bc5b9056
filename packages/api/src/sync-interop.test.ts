import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../../core/src/files/test-helpers/servers.ts';
import { ApiClient } from './client.ts';
import { ACTUAL_SYNC_RUNNER, bootstrapServer, runActualJob } from './test-helpers/actual-jobs.ts';

// The real @actual-app/api (6.9) runs in a child process per session: its state is global.
const PASSWORD = 'server password';
const KEY_PASSWORD = 'budget key';

interface ActualView {
  budgetId: string;
  accounts: Array<{ id: string; name: string }>;
  balances: Record<string, number>;
  notes: Record<string, string[]>;
}

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server', () => startActualServer()],
];
// The Coffer server is tested once built (`npm run build`, as CI does before the tests).
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `coffer-sync-interop-${name}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function runActual(job: Record<string, unknown>): ActualView {
  return runActualJob<ActualView>(ACTUAL_SYNC_RUNNER, job, tempDir('job'));
}

function merkleHash(dataDir: string, budgetId: string): number {
  const db = new Database(join(dataDir, budgetId, 'db.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT clock FROM messages_clock').get() as { clock: string };
    return (JSON.parse(row.clock) as { merkle: { hash: number } }).merkle.hash;
  } finally {
    db.close();
  }
}

const bootstrap = (url: string) => bootstrapServer(url, PASSWORD);

describe.each(targets)('Coffer’s api and @actual-app/api through %s', (_name, start) => {
  it.each([
    ['unencrypted', null],
    ['encrypted', KEY_PASSWORD],
  ])(
    'share a %s budget: edits cross both ways, balances and merkles agree',
    async (_kind, keyPassword) => {
      const server = await start();
      cleanup.push(() => server.stop());
      await bootstrap(server.url);
      const cofferDir = tempDir('coffer');
      const actualDir = tempDir('actual');

      // Coffer's api makes the budget (uploaded on creation) and, for this case, encrypts it.
      const coffer = new ApiClient();
      cleanup.push(() => coffer.shutdown());
      await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
      const { id: budgetId } = (await coffer.lib.send('create-budget', {
        budgetName: 'Shared',
      })) as { id: string };
      const acct = await coffer.methods.createAccount({ name: 'Joint' }, 100_000);
      await coffer.methods.addTransactions(acct, [
        { date: '2024-03-02', amount: -2_500, notes: 'from coffer' },
      ]);
      if (keyPassword) {
        expect(await coffer.lib.send('key-make', { password: keyPassword })).toEqual({});
      }
      await coffer.methods.sync();
      const { groupId, encryptKeyId } = (await coffer.lib.send('load-prefs')) as {
        groupId: string;
        encryptKeyId?: string | null;
      };
      expect(Boolean(encryptKeyId)).toBe(Boolean(keyPassword));

      // A second script of ours: a wrong sync id, and a missing or wrong key, reject as typed
      // errors and leave nothing behind.
      const other = new ApiClient();
      cleanup.push(() => other.shutdown());
      const otherDir = tempDir('other');
      await other.init({ dataDir: otherDir, serverURL: server.url, password: PASSWORD });
      await expect(other.methods.downloadBudget('no-such-group')).rejects.toMatchObject({
        type: 'budget-not-found',
      });
      if (keyPassword) {
        await expect(other.methods.downloadBudget(groupId)).rejects.toMatchObject({
          type: 'password-required',
        });
        await expect(
          other.methods.downloadBudget(groupId, { password: 'not it' }),
        ).rejects.toMatchObject({ type: 'decrypt-failure' });
      }
      // Nothing was left on this device; the server's file is listed, as Actual's api lists it.
      expect(await other.methods.getBudgets()).toEqual([
        {
          cloudFileId: expect.any(String),
          state: 'remote',
          groupId,
          name: 'Shared',
          encryptKeyId: encryptKeyId ?? null,
          hasKey: false,
        },
      ]);
      await other.shutdown();

      // Actual downloads it, sees Coffer's data, adds a transaction and syncs.
      const job = {
        dataDir: actualDir,
        serverURL: server.url,
        password: PASSWORD,
        syncId: groupId,
        ...(keyPassword ? { keyPassword } : {}),
      };
      const first = runActual({
        ...job,
        account: acct,
        add: [{ date: '2024-03-03', amount: 7_000, notes: 'from actual' }],
      });
      expect(first.accounts.map((a) => a.name)).toEqual(['Joint']);
      expect(first.notes[acct]).toEqual(
        expect.arrayContaining(['from actual:7000', 'from coffer:-2500']),
      );

      // Coffer gets Actual's transaction; both see the same balance.
      await coffer.methods.sync();
      const mine = (await coffer.methods.getTransactions(acct)) as Array<{ notes: string | null }>;
      expect(mine.map((t) => t.notes)).toContain('from actual');
      expect(await coffer.methods.getAccountBalance(acct)).toBe(104_500);
      expect(first.balances[acct]).toBe(104_500);

      // Coffer edits and shuts down (which syncs, as Actual's api does); a new session opens
      // the local copy through downloadBudget. Actual (its local copy too) sees the edits.
      await coffer.methods.updateAccount(acct, { name: 'Joint (renamed)' });
      await coffer.methods.addTransactions(acct, [
        { date: '2024-03-04', amount: -1_000, notes: 'second from coffer' },
      ]);
      await coffer.shutdown();
      await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
      await coffer.methods.downloadBudget(groupId, keyPassword ? { password: keyPassword } : {});
      expect(((await coffer.lib.send('load-prefs')) as { id: string }).id).toBe(budgetId);
      const second = runActual(job);
      expect(second.budgetId).toBe(first.budgetId);
      expect(second.accounts).toEqual([{ id: acct, name: 'Joint (renamed)' }]);
      expect(second.balances[acct]).toBe(103_500);
      expect(second.notes[acct]).toContain('second from coffer:-1000');

      // Coffer takes whatever Actual sent last; then both logs hold the same messages.
      await coffer.methods.sync();
      expect(await coffer.methods.getAccountBalance(acct)).toBe(second.balances[acct]);
      await coffer.shutdown();
      expect(merkleHash(cofferDir, budgetId)).toBe(merkleHash(actualDir, second.budgetId));
    },
    300_000,
  );
});

describe('a paycheck split with a transfer line, through @actual-app/sync-server', () => {
  it('reaches Actual with the line’s own other side; edits and a payee change follow', async () => {
    const server = await startActualServer();
    cleanup.push(() => server.stop());
    await bootstrap(server.url);
    const cofferDir = tempDir('coffer');
    const coffer = new ApiClient();
    cleanup.push(() => coffer.shutdown());
    await coffer.init({ dataDir: cofferDir, serverURL: server.url, password: PASSWORD });
    await coffer.lib.send('create-budget', { budgetName: 'Paycheck' });
    const m = coffer.methods;
    const checking = await m.createAccount({ name: 'Checking' });
    const savings = await m.createAccount({ name: 'Savings', offbudget: true });
    const payees = await m.getPayees();
    const toSavings = payees.find((p) => p.transfer_acct === savings)!.id as string;
    const shop = await m.createPayee({ name: 'Shop' });
    // −100.00 out of checking: −50.00 to savings, −50.00 spent at the shop.
    await m.addTransactions(
      checking,
      [
        {
          date: '2024-05-01',
          amount: -10_000,
          notes: 'paycheck',
          subtransactions: [
            { amount: -5_000, payee: toSavings, notes: 'saved' },
            { amount: -5_000, payee: shop, notes: 'spent' },
          ],
        },
      ],
      { runTransfers: true },
    );
    await m.sync();
    const { groupId } = (await coffer.lib.send('load-prefs')) as { groupId: string };
    const job = {
      dataDir: tempDir('actual'),
      serverURL: server.url,
      password: PASSWORD,
      syncId: groupId,
    };
    const first = runActual(job);
    expect(first.balances).toEqual({ [checking]: -10_000, [savings]: 5_000 });
    expect(first.notes[savings]).toEqual(['saved:5000']);

    // The line's amount changes: its other side follows, in both apps.
    const [parent] = (await m.getTransactions(checking)) as Array<{
      subtransactions: Array<{ id: string; payee: string; amount: number }>;
    }>;
    const line = parent!.subtransactions.find((l) => l.payee === toSavings)!;
    const spent = parent!.subtransactions.find((l) => l.payee === shop)!;
    await m.updateTransaction(line.id, { amount: -6_000 });
    await m.updateTransaction(spent.id, { amount: -4_000 });
    await m.sync();
    const second = runActual(job);
    expect(second.balances).toEqual({ [checking]: -10_000, [savings]: 6_000 });
    expect(await m.getAccountBalance(savings)).toBe(6_000);

    // The line's payee changes away from the transfer: the other side goes, on both.
    await m.updateTransaction(line.id, { payee: shop });
    await m.sync();
    const third = runActual(job);
    expect(third.balances).toEqual({ [checking]: -10_000, [savings]: 0 });
    expect(third.notes[savings]).toEqual([]);
    expect(await m.getAccountBalance(savings)).toBe(0);
  }, 300_000);
});

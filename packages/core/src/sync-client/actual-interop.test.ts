import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActualApi } from '../db/test-helpers/actual-api.ts';
import { downloadActualBudget } from '../db/test-helpers/actual-download.mjs';
import { PASSWORD, connect, makeClient } from '../files/test-helpers/clients.ts';
import { type RunningServer, startActualServer } from '../files/test-helpers/servers.ts';

/**
 * A Coffer client and the real `@actual-app/api` share one encrypted budget through the real
 * sync server: each sees the other's edits, and both end with the same merkle.
 */
describe('a Coffer client and @actual-app/api share an encrypted budget', () => {
  const api = loadActualApi();
  let server: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'actual-interop-'));
  beforeAll(async () => {
    server = await startActualServer();
  });
  afterAll(async () => {
    await api.shutdown().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('edits cross both ways and the merkles agree', async () => {
    const coffer = makeClient({ name: 'interop' });
    try {
      await connect(coffer, server.url);
      await coffer.must('create-budget', { budgetName: 'Interop' });
      const acct = coffer.budget.db.insert('accounts', {
        name: 'Joint',
        offbudget: 0,
        closed: 0,
        sort_order: 1,
      });
      coffer.budget.db.insert('transactions', {
        acct,
        amount: -1234,
        notes: 'from coffer',
        date: 20230806,
        isParent: 0,
        isChild: 0,
        sort_order: 1,
      });
      expect(await coffer.must('key-make', { password: 'shared key' })).toEqual({});
      await coffer.must('sync');
      const groupId = coffer.budget.prefs.groupId!;

      await api.init({ dataDir, serverURL: server.url, password: PASSWORD });
      const budgetDir = await downloadActualBudget(api, groupId, { password: 'shared key' });
      const accounts = (await api.getAccounts()) as Array<{ id: string; name: string }>;
      expect(accounts.map((a) => a.name)).toContain('Joint');
      const seen = (await api.getTransactions(acct, '2023-01-01', '2023-12-31')) as Array<{
        notes: string;
        amount: number;
      }>;
      expect(seen.map((t) => [t.notes, t.amount])).toEqual([['from coffer', -1234]]);

      await api.addTransactions(acct, [{ date: '2023-08-07', amount: 5000, notes: 'from actual' }]);
      await api.sync();
      const got = (await coffer.must('sync')) as { messages: number; tables: string[] };
      expect(got.tables).toContain('transactions');
      const notes = coffer.budget.sqlite
        .all<{ notes: string }>('SELECT notes FROM transactions WHERE tombstone = 0 ORDER BY notes')
        .map((r) => r.notes);
      expect(notes).toEqual(['from actual', 'from coffer']);

      coffer.budget.db.update('accounts', { id: acct, name: 'Joint (renamed)' });
      await coffer.must('sync');
      await api.sync();
      const renamed = (await api.getAccounts()) as Array<{ id: string; name: string }>;
      expect(renamed.find((a) => a.id === acct)?.name).toBe('Joint (renamed)');

      // The same message log on both sides: the same merkle.
      await coffer.must('sync');
      const actualDb = new Database(join(dataDir, budgetDir, 'db.sqlite'), { readonly: true });
      const row = actualDb.prepare('SELECT clock FROM messages_clock').get() as { clock: string };
      actualDb.close();
      expect(JSON.parse(row.clock).merkle.hash).toBe(coffer.budget.db.merkle.hash);
    } finally {
      await coffer.close();
    }
  }, 120_000);
});

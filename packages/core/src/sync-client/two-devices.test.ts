import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  connect,
  makeClient,
  messageLog,
  snapshot,
} from '../files/test-helpers/clients.ts';
import type { RemoteFile } from '../files/file-list.ts';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../files/test-helpers/servers.ts';

function addAccount(client: Client, name: string): string {
  return client.budget.db.insert('accounts', { name, offbudget: 0, closed: 0, sort_order: 1 });
}

function addTransaction(client: Client, acct: string, amount: number, notes: string): string {
  return client.budget.db.insert('transactions', {
    acct,
    amount,
    notes,
    date: 20230806,
    isParent: 0,
    isChild: 0,
    cleared: 1,
    sort_order: 1,
  });
}

async function expectConverged(a: Client, b: Client): Promise<void> {
  expect(snapshot(b)).toEqual(snapshot(a));
  expect(messageLog(b)).toEqual(messageLog(a));
  expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
}

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server', startActualServer],
];
// Coffer's own server, once built (`npm run build`).
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

describe.each(targets)('two devices share a budget through %s', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('unencrypted: create, download, edits both ways, same rows and merkle', async () => {
    const a = makeClient({ name: 'a' });
    const b = makeClient({ name: 'b' });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Shared Plain' });
      const cloudFileId = a.budget.prefs.cloudFileId!;
      expect(cloudFileId).toBeTruthy();
      expect(a.budget.prefs.groupId).toBeTruthy();

      const checking = addAccount(a, 'Checking');
      addTransaction(a, checking, -1250, 'groceries');
      expect(await a.must('sync')).toMatchObject({ messages: 0 });
      expect(a.events.map((e) => e.type)).toEqual(['start', 'success']);

      const remote = await b.must<RemoteFile[]>('get-remote-files');
      expect(remote.find((f) => f.fileId === cloudFileId)).toMatchObject({
        name: 'Shared Plain',
        hasKey: false,
      });
      const { id } = await b.must<{ id: string }>('download-budget', {
        fileId: cloudFileId,
        keepOpen: true,
      });
      expect(b.budget.id).toBe(id);
      expect(b.budget.db.nodeId).not.toBe(a.budget.db.nodeId);
      await expectConverged(a, b);

      // Edits on each side, including the same cell on both.
      const savings = addAccount(b, 'Savings');
      b.budget.db.update('accounts', { id: checking, name: 'Main (b)' });
      addTransaction(a, checking, 5000, 'salary');
      a.budget.db.update('accounts', { id: checking, name: 'Main (a)' });
      await b.must('sync');
      const toA = (await a.must('sync')) as { messages: number; tables: string[] };
      expect(toA.tables).toContain('accounts');
      expect(toA.messages).toBeGreaterThan(0);
      await b.must('sync');
      await expectConverged(a, b);
      expect(
        a.budget.sqlite.first<{ name: string }>('SELECT name FROM accounts WHERE id = ?', [
          savings,
        ]),
      ).toEqual({
        name: 'Savings',
      });
      // The later write wins on both.
      const winner = a.budget.sqlite.first<{ name: string }>(
        'SELECT name FROM accounts WHERE id = ?',
        [checking],
      );
      expect(['Main (a)', 'Main (b)']).toContain(winner!.name);

      const applied = a.events.filter((e) => e.type === 'applied');
      expect(applied.some((e) => e.tables?.includes('accounts'))).toBe(true);

      // The file list sees it as synced on both devices.
      const files = await a.must<Array<{ id?: string; state: string }>>('get-all-files');
      expect(files.find((f) => f.id === a.budget.id)?.state).toBe('synced');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('encrypted: key-make, key-test, download, edits both ways, server sees only ciphertext', async () => {
    const a = makeClient({ name: 'ea' });
    const b = makeClient({ name: 'eb' });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Shared Secret' });
      const acct = addAccount(a, 'Secret Checking');
      addTransaction(a, acct, -999, 'private note');
      expect(await a.must('key-make', { password: 'hunter2' })).toEqual({});
      const cloudFileId = a.budget.prefs.cloudFileId!;
      expect(a.budget.prefs.encryptKeyId).toBeTruthy();
      addTransaction(a, acct, -1, 'after the key');
      await a.must('sync');

      // Without the key the download cannot be read; a wrong password is refused.
      const missing = (await b.send('download-budget', { fileId: cloudFileId })) as {
        error: { reason: string; meta: { isMissingKey: boolean } };
      };
      expect(missing.error).toMatchObject({
        reason: 'decrypt-failure',
        meta: { isMissingKey: true },
      });
      const wrong = (await b.send('key-test', { fileId: cloudFileId, password: 'nope' })) as {
        error: { reason: string };
      };
      expect(wrong.error.reason).toBe('decrypt-failure');
      expect(await b.send('key-test', { fileId: cloudFileId, password: 'hunter2' })).toEqual({});
      const remote = await b.must<RemoteFile[]>('get-remote-files');
      expect(remote.find((f) => f.fileId === cloudFileId)?.hasKey).toBe(true);

      await b.must('download-budget', { fileId: cloudFileId, keepOpen: true });
      expect(b.budget.prefs.encryptKeyId).toBe(a.budget.prefs.encryptKeyId);
      await expectConverged(a, b);

      addTransaction(b, acct, 42, 'from b');
      b.budget.db.update('accounts', { id: acct, name: 'Renamed on b' });
      await b.must('sync');
      addTransaction(a, acct, 7, 'from a');
      await a.must('sync');
      await b.must('sync');
      await expectConverged(a, b);

      // The server's log holds only encrypted envelopes, none showing the plaintext.
      const { default: Database } = await import('better-sqlite3');
      const { readdirSync } = await import('node:fs');
      const userFiles = `${server.dataDir}/user-files`;
      const group = readdirSync(userFiles).find((f) => f.includes(a.budget.prefs.groupId!))!;
      const db = new Database(`${userFiles}/${group}`, { readonly: true });
      const rows = db.prepare('SELECT is_encrypted, content FROM messages_binary').all() as Array<{
        is_encrypted: number;
        content: Buffer;
      }>;
      db.close();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.is_encrypted === 1)).toBe(true);
      expect(rows.some((r) => r.content.includes('Renamed on b'))).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

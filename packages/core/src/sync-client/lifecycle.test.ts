import { Timestamp, makeClock, serializeClock } from '@coffer/crdt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry, RemoteFile } from '../files/file-list.ts';
import { type Client, connect, makeClient, snapshot } from '../files/test-helpers/clients.ts';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../files/test-helpers/servers.ts';

type Failure = { error: { reason: string; meta?: Record<string, unknown> } };

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server', () => startActualServer()],
];
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

async function sharedBudget(server: RunningServer, name: string): Promise<[Client, Client]> {
  const a = makeClient({ name: `${name}-a` });
  const b = makeClient({ name: `${name}-b` });
  await connect(a, server.url);
  await connect(b, server.url);
  await a.must('create-budget', { budgetName: name });
  a.budget.db.insert('accounts', { name: 'Checking', offbudget: 0, closed: 0 });
  await a.must('sync');
  await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId, keepOpen: true });
  return [a, b];
}

describe.each(targets)('file lifecycle through %s', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sync reset: the other device is told file-has-reset, and re-downloads over its copy', async () => {
    const [a, b] = await sharedBudget(server, 'Reset');
    try {
      const oldGroup = a.budget.prefs.groupId;
      a.budget.db.insert('payees', { name: 'Before reset' });
      expect(await a.must('sync-reset')).toEqual({});
      expect(a.budget.prefs.groupId).toBeTruthy();
      expect(a.budget.prefs.groupId).not.toBe(oldGroup);
      expect(
        a.budget.sqlite.first<{ n: number }>('SELECT count(*) AS n FROM messages_crdt')!.n,
      ).toBe(0);
      a.budget.db.insert('payees', { name: 'After reset' });
      await a.must('sync');

      b.budget.db.insert('payees', { name: 'Lost on b' });
      expect(((await b.send('sync')) as Failure).error.reason).toBe('file-has-reset');
      expect(b.events.at(-1)).toMatchObject({ type: 'error', subtype: 'file-has-reset' });
      const files = await b.must<FileEntry[]>('get-all-files');
      expect(files.find((f) => f.id === b.budget.id)?.state).toBe('detached');

      const fileId = a.budget.prefs.cloudFileId;
      const exists = (await b.send('download-budget', { fileId })) as Failure;
      expect(exists.error).toMatchObject({
        reason: 'file-exists',
        meta: { id: b.budget.id, name: 'Reset' },
      });
      await b.must('download-budget', { fileId, replace: true, keepOpen: true });
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a file deleted on the server while open: sync says so, or the file list closes it', async () => {
    const [a, b] = await sharedBudget(server, 'Doomed');
    try {
      const fileId = a.budget.prefs.cloudFileId!;
      const rows = snapshot(a);
      expect(await b.must('delete-budget', { id: b.budget.id, cloudFileId: fileId })).toBe('ok');
      expect(b.core.budget).toBeNull();
      expect(((await a.send('sync')) as Failure).error.reason).toBe('file-not-found');
      expect(snapshot(a)).toEqual(rows);

      let shown = 0;
      a.core.events.on('show-budgets', () => shown++);
      const remote = await a.must<RemoteFile[]>('get-remote-files');
      const listed = remote.find((f) => f.fileId === fileId);
      if (listed) {
        // Servers that list deleted files (Actual 23.8, Coffer): the open file is closed.
        expect(listed.deleted).toBe(true);
        await a.core.idle();
        expect(a.core.budget).toBeNull();
        expect(shown).toBe(1);
      } else {
        // Later servers hide deleted files: it stays open and shows as broken.
        const files = await a.must<FileEntry[]>('get-all-files');
        expect(files.at(-1)).toMatchObject({ state: 'broken', cloudFileId: fileId });
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('after sign-out the key is gone: encrypt-failure with isMissingKey until key-test', async () => {
    const [a, b] = await sharedBudget(server, 'Keys');
    try {
      expect(await a.must('key-make', { password: 'pw-1' })).toEqual({});
      await b.must('key-test', { fileId: a.budget.prefs.cloudFileId, password: 'pw-1' });
      await b.must('download-budget', {
        fileId: a.budget.prefs.cloudFileId,
        replace: true,
        keepOpen: true,
      });

      await b.must('subscribe-sign-out');
      await b.must('subscribe-sign-in', { password: 'correct horse' });
      b.budget.db.insert('payees', { name: 'Needs the key' });
      const res = (await b.send('sync')) as Failure;
      expect(res.error).toMatchObject({ reason: 'encrypt-failure', meta: { isMissingKey: true } });

      expect(await b.must('key-test', { password: 'pw-1' })).toEqual({});
      await b.must('sync');
      await a.must('sync');
      expect(snapshot(a)).toEqual(snapshot(b));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a rejected token: unauthorized event, read-only, nothing lost', async () => {
    const [a, b] = await sharedBudget(server, 'Token');
    try {
      await b.session.state.set({ 'user-token': 'not-a-token' });
      b.budget.db.insert('payees', { name: 'Kept locally' });
      expect(((await b.send('sync')) as Failure).error.reason).toBe('unauthorized');
      expect(b.events.at(-1)).toEqual({ type: 'unauthorized' });
      expect(b.session.state.get('readOnly')).toBe(true);
      expect(await b.must('subscribe-get-user')).toBeNull();

      await b.must('subscribe-sign-in', { password: 'correct horse' });
      expect(b.session.state.get('readOnly')).toBeUndefined();
      await b.must('sync');
      await a.must('sync');
      expect(
        a.budget.sqlite.first('SELECT name FROM payees WHERE name = ?', ['Kept locally']),
      ).toBeTruthy();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a clock more than five minutes ahead on one device stops the other, which loses nothing', async () => {
    const [a, b] = await sharedBudget(server, 'Drift');
    try {
      b.platform.skew.ms = 10 * 60_000;
      b.budget.db.insert('payees', { name: 'From the future' });
      await b.must('sync');
      const before = snapshot(a);
      a.budget.db.insert('payees', { name: 'Local edit' });
      const res = (await a.send('sync')) as Failure;
      expect(res.error.reason).toBe('clock-drift');
      expect(a.events.at(-1)).toMatchObject({ type: 'error', subtype: 'clock-drift' });
      expect(snapshot(a).payees).toEqual([
        ...(before.payees as unknown[]),
        ...(snapshot(a).payees as Array<{ name: string }>).filter((p) => p.name === 'Local edit'),
      ]);
      // Once this device's clock catches up, the same messages apply.
      a.platform.skew.ms = 10 * 60_000;
      await a.must('sync');
      await b.must('sync');
      expect(snapshot(a)).toEqual(snapshot(b));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('sync-repair rebuilds a corrupted local merkle, and syncing works again', async () => {
    const [a, b] = await sharedBudget(server, 'Repair');
    try {
      const ts = Timestamp.parse(a.budget.db.timestamp)!;
      a.budget.sqlite.run('UPDATE messages_clock SET clock = ?', [
        serializeClock(makeClock(ts, { hash: 42 })),
      ]);
      a.budget.db.reloadClock();
      expect(((await a.send('sync')) as Failure).error.reason).toBe('out-of-sync');
      expect(await a.must('sync-repair')).toMatchObject({ changed: true });
      expect(await a.must('sync')).toMatchObject({ messages: 0 });
      expect(a.budget.db.merkle.hash).toBe(b.budget.db.merkle.hash);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('key-make on a file the server has never seen uploads it encrypted', async () => {
    const a = makeClient({ name: 'fresh-a' });
    const b = makeClient({ name: 'fresh-b' });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Fresh', avoidUpload: true });
      a.budget.db.insert('payees', { name: 'Secret payee' });
      expect(a.budget.prefs.cloudFileId).toBeUndefined();
      expect(await a.must('key-make', { password: 'fresh' })).toEqual({});
      const fileId = a.budget.prefs.cloudFileId!;
      expect(fileId).toBeTruthy();
      await a.must('sync');
      await b.must('key-test', { fileId, password: 'fresh' });
      await b.must('download-budget', { fileId, keepOpen: true });
      expect(snapshot(b)).toEqual(snapshot(a));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a rename reaches the server file list; a stale upload day re-uploads on load', async () => {
    const [a, b] = await sharedBudget(server, 'Old name');
    try {
      const fileId = a.budget.prefs.cloudFileId!;
      await a.must('save-prefs', { budgetName: 'New name' });
      await a.must('sync');
      const listed = async () =>
        (await b.must<RemoteFile[]>('get-remote-files')).find((f) => f.fileId === fileId);
      for (let i = 0; i < 50 && (await listed())?.name !== 'New name'; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await listed())?.name).toBe('New name');

      const id = a.budget.id;
      await a.budget.savePrefs({ lastUploaded: '2020-01-01' });
      await a.must('close-budget');
      await a.must('load-budget', { id });
      const today = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < 100 && a.budget.prefs.lastUploaded !== today; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(a.budget.prefs.lastUploaded).toBe(today);
      expect(a.session.state.get('lastBudget')).toBe(id);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

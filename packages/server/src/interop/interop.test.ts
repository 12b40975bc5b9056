/**
 * The same suite, with the real `@actual-app/api` as the client, against Coffer's server and
 * against the real `@actual-app/sync-server`: passing against the latter proves the suite.
 */
import { decodeSyncResponse, encodeSyncRequest, Timestamp } from '@coffer/crdt';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tempDir } from '../test-helpers/harness.ts';
import { ActualClient } from './actual-client.ts';
import { startActualTarget, startCofferTarget, type Target } from './targets.ts';

const PASSWORD = 'first server password';
const NEW_PASSWORD = 'second server password';
const KEY_PASSWORD = 'budget encryption password';

interface Prefs {
  id: string;
  cloudFileId: string;
  groupId: string;
  encryptKeyId?: string | null;
}

interface RemoteFile {
  fileId: string;
  groupId: string;
  name: string;
  deleted: number | boolean;
  encryptKeyId: string | null;
}

describe.each([
  ['coffer', startCofferTarget],
  ['actual-sync-server', startActualTarget],
] as const)('@actual-app/api against %s', { timeout: 120_000 }, (_name, start) => {
  let target: Target;
  const home = tempDir('coffer-interop-clients-');
  const clients: ActualClient[] = [];
  let a: ActualClient;
  let b: ActualClient;
  let c: ActualClient;
  let prefs: Prefs;
  let accountId: string;

  const client = async (dir: string, password?: string) => {
    mkdirSync(join(home, dir), { recursive: true });
    const cl = await ActualClient.start();
    clients.push(cl);
    await cl.init({
      serverURL: target.url,
      dataDir: join(home, dir),
      ...(password ? { password } : {}),
    });
    return cl;
  };
  const balance = (cl: ActualClient) => cl.method<number>('getAccountBalance', accountId);
  const syncOk = async (cl: ActualClient) => {
    const res = await cl.internal<{ error?: { reason?: string } }>('sync');
    expect(res?.error, JSON.stringify(res?.error)).toBeUndefined();
  };

  /**
   * `downloadBudget` opens the new copy, syncs, closes it and opens it again. The sync's success
   * makes this API (6.9.0, its schedules service) write `lastScheduleRun` to `metadata.json`
   * without waiting; the second opening reads that file meanwhile, and a half-written one is
   * read as `{ id, budgetName }`. The copy then has no cloud file id: every sync sends none and
   * any server answers `file-not-found`, and the API saves the damaged prefs back. A race inside
   * the client, seen on a loaded machine against either server (`file-not-found` in the full
   * runs of the last two stops). A copy that lost its cloud file is deleted and downloaded
   * again, as its user would; three losses in a row fail the test.
   */
  const downloadCopy = async (cl: ActualClient, groupId: string, password?: string) => {
    for (let attempt = 1; ; attempt++) {
      await cl.method('downloadBudget', groupId, ...(password ? [{ password }] : []));
      const loaded = await cl.internal<Partial<Prefs> | null>('load-prefs');
      if (loaded?.cloudFileId === undefined && loaded?.id && attempt < 3) {
        await cl.internal('close-budget');
        expect(await cl.internal('delete-budget', { id: loaded.id })).toBe('ok');
        continue;
      }
      expect(loaded, 'the downloaded copy knows its cloud file').toMatchObject({ groupId });
      return;
    }
  };

  /**
   * After a download, a background sync from the first opening can still be pending, and a
   * `sync` call joins it (the API runs one at a time) and gets its answer, which may have been
   * sent with no file loaded. On a loaded machine that sync can start after our first call, so
   * calls are repeated (a few, a moment apart) until one runs on the loaded file; the sync
   * after it must succeed.
   */
  const download = async (cl: ActualClient, groupId: string, password?: string) => {
    await downloadCopy(cl, groupId, password);
    // Two answers in a row without an error: the first may still be the pending sync's.
    let clean = 0;
    for (let attempt = 0; attempt < 40 && clean < 2; attempt++) {
      const res = await cl.internal<{ error?: unknown }>('sync');
      clean = res?.error ? 0 : clean + 1;
      if (clean === 0) await new Promise((r) => setTimeout(r, 250));
    }
    await syncOk(cl);
  };

  beforeAll(async () => {
    target = await start();
  });

  afterAll(async () => {
    await Promise.all(clients.map((cl) => cl.close()));
    await target?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('bootstraps the server and signs in', async () => {
    a = await client('a');
    expect(await a.internal('subscribe-needs-bootstrap')).toMatchObject({
      bootstrapped: false,
      hasServer: true,
    });
    expect(await a.internal('subscribe-bootstrap', { password: '' })).toEqual({
      error: 'invalid-password',
    });
    expect(await a.internal('subscribe-bootstrap', { password: PASSWORD })).toEqual({});
    expect(await a.internal('subscribe-needs-bootstrap')).toMatchObject({ bootstrapped: true });
    expect(await a.internal('subscribe-bootstrap', { password: 'again' })).toEqual({
      error: 'already-bootstrapped',
    });
    expect(await a.internal('subscribe-sign-in', { password: 'wrong' })).toEqual({
      error: 'invalid-password',
    });
    expect(await a.internal('subscribe-sign-in', { password: PASSWORD })).toEqual({});
    expect(await a.internal('subscribe-get-user')).toMatchObject({ offline: false });
    const version = await a.internal<{ version: string }>('get-server-version');
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('creates a budget and uploads it', async () => {
    expect(
      await a.internal('create-budget', { budgetName: 'Interop Budget', avoidUpload: true }),
    ).toEqual({});
    expect(await a.internal('upload-budget')).toEqual({});
    prefs = await a.internal<Prefs>('load-prefs');
    expect(prefs.cloudFileId).toBeTruthy();
    expect(prefs.groupId).toBeTruthy();
    const files = await a.internal<RemoteFile[]>('get-remote-files');
    expect(files.filter((f) => !f.deleted)).toEqual([
      expect.objectContaining({
        fileId: prefs.cloudFileId,
        groupId: prefs.groupId,
        name: 'Interop Budget',
        encryptKeyId: null,
      }),
    ]);
  });

  it('adds transactions and syncs them', async () => {
    accountId = await a.method<string>('createAccount', { name: 'Checking' }, 100_000);
    await a.method('addTransactions', accountId, [
      { date: '2024-03-01', amount: -2_500, payee_name: 'Grocer' },
      { date: '2024-03-02', amount: 120_000, notes: 'salary' },
    ]);
    expect(await balance(a)).toBe(217_500);
    await syncOk(a);
  });

  it('downloads into a second data directory and sees the same balances', async () => {
    b = await client('b', PASSWORD);
    await download(b, prefs.groupId);
    expect(await balance(b)).toBe(217_500);
    const accounts = await b.method<{ id: string; name: string }[]>('getAccounts');
    expect(accounts.map((x) => [x.id, x.name])).toEqual([[accountId, 'Checking']]);

    await b.method('addTransactions', accountId, [
      { date: '2024-03-03', amount: -500, payee_name: 'Bakery' },
    ]);
    await syncOk(b);
    await syncOk(a);
    expect(await balance(a)).toBe(217_000);
  });

  it('changes the password: the old one is refused, and so is the old token where promised', async () => {
    expect(await a.internal('subscribe-change-password', { password: NEW_PASSWORD })).toEqual({});
    const res = await b.internal<{ error?: { reason?: string } }>('sync');
    if (target.rotatesTokenOnPasswordChange) {
      expect(res.error?.reason).toBe('unauthorized');
      expect(await b.internal('subscribe-get-user')).toBeNull();
    } else {
      expect(res.error).toBeUndefined();
    }
    expect(await b.internal('subscribe-sign-in', { password: PASSWORD })).toEqual({
      error: 'invalid-password',
    });
    for (const cl of [a, b]) {
      expect(await cl.internal('subscribe-sign-in', { password: NEW_PASSWORD })).toEqual({});
      await syncOk(cl);
    }
  });

  it('sets up encryption and syncs encrypted', async () => {
    expect(await a.internal('key-make', { password: KEY_PASSWORD })).toEqual({});
    const encrypted = await a.internal<Prefs>('load-prefs');
    expect(encrypted.encryptKeyId).toBeTruthy();
    expect(encrypted.groupId).not.toBe(prefs.groupId);
    prefs = encrypted;
    await a.method('addTransactions', accountId, [
      { date: '2024-03-04', amount: 1_000, payee_name: 'Refund Co' },
    ]);
    await syncOk(a);

    // What the server holds is ciphertext only.
    const login = await call(target.url, 'POST', '/account/login', {
      json: { password: NEW_PASSWORD },
    });
    const token = login.json.data.token as string;
    const list = await call(target.url, 'GET', '/sync/list-user-files', { token });
    const file = (list.json.data as RemoteFile[]).find((f) => f.fileId === prefs.cloudFileId)!;
    expect(file.encryptKeyId).toBe(prefs.encryptKeyId);
    const raw = await call(target.url, 'POST', '/sync/sync', {
      token,
      headers: { 'content-type': 'application/actual-sync' },
      body: encodeSyncRequest({
        messages: [],
        fileId: prefs.cloudFileId,
        groupId: prefs.groupId,
        keyId: prefs.encryptKeyId!,
        since: Timestamp.zero.toString(),
      }),
    });
    const relayed = decodeSyncResponse(raw.bytes).messages;
    expect(relayed.length).toBeGreaterThan(0);
    expect(relayed.every((m) => m.isEncrypted)).toBe(true);
    expect(relayed.some((m) => Buffer.from(m.content).includes('Refund Co'))).toBe(false);

    // A client on the old, unencrypted group is told the file was reset.
    const stale = await b.internal<{ error?: { reason?: string } }>('sync');
    expect(stale.error?.reason).toBe('file-has-reset');

    // A wrong key password fails the download (the API may even exit): a throwaway client.
    const wrong = await client('wrong-key', NEW_PASSWORD);
    await expect(
      wrong.method('downloadBudget', prefs.groupId, { password: 'not the key' }),
    ).rejects.toThrow();
    c = await client('c', NEW_PASSWORD);
    await download(c, prefs.groupId, KEY_PASSWORD);
    expect(await balance(c)).toBe(218_000);
  });

  it('resets sync: the other client gets file-has-reset and can download again', async () => {
    expect(await a.internal('sync-reset')).toEqual({});
    const reset = await a.internal<Prefs>('load-prefs');
    expect(reset.groupId).toBeTruthy();
    expect(reset.groupId).not.toBe(prefs.groupId);
    const res = await c.internal<{ error?: { reason?: string } }>('sync');
    expect(res.error?.reason).toBe('file-has-reset');

    await a.method('addTransactions', accountId, [
      { date: '2024-03-05', amount: -1_000, payee_name: 'Cafe' },
    ]);
    await syncOk(a);
    await download(c, reset.groupId, KEY_PASSWORD);
    expect(await balance(c)).toBe(217_000);
  });
});

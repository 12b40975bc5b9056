/**
 * One suite, every adapter: what the routes rely on from storage holds for SQLite and files and
 * for PostgreSQL (a real server from Debian's packages, started for this file).
 */
import { merkle, Timestamp, type TrieNode } from '@coffer/crdt';
import { Readable } from 'node:stream';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-helpers/harness.ts';
import { makeEnvelopes, ZERO_SINCE } from '../test-helpers/messages.ts';
import { startTestPostgres, type TestPostgres } from '../test-helpers/postgres.ts';
import { CHUNK_BYTES } from './postgres-blobs.ts';
import { PostgresStorage } from './postgres.ts';
import { SqliteStorage } from './sqlite.ts';
import { InvalidTimestampError, TooLargeError, type FileRow, type Storage } from './storage.ts';

interface Backend {
  name: string;
  /** A fresh, empty store; `again()` opens a second handle on the same data (a second process). */
  fresh(): Promise<{ storage: Storage; again: (() => Promise<Storage>) | null }>;
  stop(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    async fresh() {
      const dir = tempDir('coffer-storage-');
      dirs.push(dir);
      const storage = new SqliteStorage(join(dir, 'server-files'), join(dir, 'user-files'));
      // One process owns a data directory: the group handles cache the trie.
      return { storage, again: null };
    },
    async stop() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

function postgresBackend(): Backend {
  let server: TestPostgres | null = null;
  return {
    name: 'postgres',
    async fresh() {
      server ??= await startTestPostgres();
      const url = await server.createDatabase();
      return { storage: await PostgresStorage.open(url), again: () => PostgresStorage.open(url) };
    },
    async stop() {
      await server?.stop();
    },
  };
}

function file(id: string, over: Partial<FileRow> = {}): FileRow {
  return {
    id,
    groupId: `group-${id}`,
    syncVersion: 2,
    encryptMeta: null,
    encryptKeyId: null,
    encryptSalt: null,
    encryptTest: null,
    deleted: false,
    name: `Budget ${id}`,
    blob: null,
    owner: null,
    ...over,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

function rebuiltTrie(timestamps: string[]): TrieNode {
  return merkle.prune(
    timestamps.reduce((trie, ts) => merkle.insert(trie, Timestamp.parse(ts)!), {} as TrieNode),
  );
}

describe.each([sqliteBackend(), postgresBackend()])('storage: $name', (backend) => {
  const open: Storage[] = [];
  const fresh = async () => {
    const made = await backend.fresh();
    open.push(made.storage);
    const again = made.again;
    return {
      storage: made.storage,
      again: again
        ? async () => {
            const s = await again();
            open.push(s);
            return s;
          }
        : null,
    };
  };

  beforeAll(async () => {
    // PostgreSQL's start-up is part of this suite: missing binaries fail here, loudly.
    await backend.fresh().then((m) => m.storage.close());
  }, 120_000);
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  afterAll(() => backend.stop(), 60_000);

  it('sets the first password once, keeps sessions, and ends them all with a new password', async () => {
    const { accounts } = (await fresh()).storage;
    expect(await accounts.passwordHash()).toBeNull();
    expect(await accounts.bootstrap('hash-1')).toBe(true);
    expect(await accounts.bootstrap('hash-2')).toBe(false);
    expect(await accounts.passwordHash()).toBe('hash-1');
    const token = await accounts.createSession(Date.now());
    expect(await accounts.hasSession(token)).toBe(true);
    expect(await accounts.hasSession(token + 'x')).toBe(false);
    expect(await accounts.hasSession('')).toBe(false);
    await accounts.replacePassword('hash-3');
    expect(await accounts.passwordHash()).toBe('hash-3');
    expect(await accounts.hasSession(token)).toBe(false);
  });

  it('switches file rows atomically, refuses without writing, and lists deleted files too', async () => {
    const { accounts } = (await fresh()).storage;
    expect(await accounts.getFile('a')).toBeNull();
    const first = await accounts.switchFile('a', (current) => {
      expect(current).toBeNull();
      return file('a', { blob: 'blob-1' });
    });
    expect(first).toEqual({ previous: null, next: file('a', { blob: 'blob-1' }) });
    expect(await accounts.switchFile('a', () => 'file-has-reset')).toBe('file-has-reset');
    expect(await accounts.getFile('a')).toEqual(file('a', { blob: 'blob-1' }));

    await accounts.switchFile('b', () => file('b'));
    await accounts.updateFile('a', { deleted: true, name: 'Gone' });
    // A deleted row is no current file to the decision, but the switch reports it replaced.
    const replaced = await accounts.switchFile('a', (current) => {
      expect(current).toBeNull();
      return file('a', { groupId: 'group-new', blob: 'blob-2' });
    });
    expect(typeof replaced === 'object' && replaced.previous?.deleted).toBe(true);
    expect(typeof replaced === 'object' && replaced.previous?.groupId).toBe('group-a');

    await accounts.updateFile('b', { deleted: true, encryptKeyId: 'k', encryptSalt: 's' });
    const listed = await accounts.listFiles();
    expect(listed.map((f) => [f.id, f.deleted, f.groupId])).toEqual([
      ['b', true, 'group-b'],
      ['a', false, 'group-new'],
    ]);
    expect(listed[0]).toMatchObject({ encryptKeyId: 'k', encryptSalt: 's', syncVersion: 2 });
  });

  it('keeps one of two racing first switches of the same file', async () => {
    const { storage, again } = await fresh();
    const other = again ? await again() : storage;
    const decide = (blob: string) => (current: FileRow | null) =>
      current ? 'file-has-reset' : file('race', { blob });
    const results = await Promise.all([
      storage.accounts.switchFile('race', decide('x')),
      other.accounts.switchFile('race', decide('y')),
    ]);
    expect(results.filter((r) => r === 'file-has-reset')).toHaveLength(1);
  });

  it('keeps users, owners and shares; removing a user ends their sessions and returns their files', async () => {
    const { accounts } = (await fresh()).storage;
    const before = await accounts.createSession(Date.now());
    await accounts.switchFile('f1', () => file('f1'));
    expect(await accounts.multiuser()).toBe(false);
    const owner = {
      id: 'u-owner',
      userName: 'ada',
      displayName: null,
      role: 'ADMIN' as const,
      enabled: true,
      owner: true,
    };
    expect(await accounts.enableUsers(owner)).toBe(true);
    expect(await accounts.enableUsers({ ...owner, id: 'u-other', userName: 'other' })).toBe(false);
    expect(await accounts.multiuser()).toBe(true);
    expect(await accounts.session(before)).toEqual({
      userId: 'u-owner',
      method: 'password',
      expiresAt: null,
    });
    expect((await accounts.getFile('f1'))?.owner).toBe('u-owner');

    const ben = {
      id: 'u-ben',
      userName: 'ben',
      displayName: 'Ben',
      role: 'BASIC' as const,
      enabled: true,
      owner: false,
    };
    expect(await accounts.insertUser(ben)).toBe(true);
    expect(await accounts.insertUser({ ...ben, id: 'u-ben-2' })).toBe(false);
    expect(await accounts.getUserByName('ben')).toEqual(ben);
    expect((await accounts.listUsers()).map((u) => u.userName)).toEqual(['ada', 'ben']);
    const benSession = await accounts.createSession(Date.now(), 'u-ben');
    expect(await accounts.session(benSession)).toEqual({
      userId: 'u-ben',
      method: 'password',
      expiresAt: null,
    });

    expect(await accounts.grantAccess('f1', 'u-ben')).toBe(true);
    expect(await accounts.grantAccess('f1', 'u-ben')).toBe(false);
    expect(await accounts.listAccess('f1')).toEqual(['u-ben']);
    await accounts.updateFile('f1', { owner: 'u-ben' });
    expect(await accounts.revokeAccess('f1', ['u-ben', 'u-nobody'])).toBe(1);

    await accounts.updateUser({ ...ben, displayName: 'Benjamin', enabled: false });
    expect((await accounts.getUser('u-ben'))?.displayName).toBe('Benjamin');
    expect(await accounts.session(benSession)).toBeNull();
    await accounts.grantAccess('f1', 'u-ben');
    expect(await accounts.deleteUser('u-owner')).toBe(false);
    expect(await accounts.deleteUser('u-ben')).toBe(true);
    expect(await accounts.getUser('u-ben')).toBeNull();
    expect((await accounts.getFile('f1'))?.owner).toBe('u-owner');
    expect(await accounts.listAccess('f1')).toEqual([]);
    await accounts.endSession(before);
    expect(await accounts.hasSession(before)).toBe(false);
  });

  it('keeps sign-in settings, OpenID sign-ins in flight (once), subjects and session expiry', async () => {
    const { accounts } = (await fresh()).storage;
    expect(await accounts.getSetting('openid')).toBeNull();
    await accounts.setSetting('openid', '{"issuer":"a"}');
    await accounts.setSetting('openid', '{"issuer":"b"}');
    expect(await accounts.getSetting('openid')).toBe('{"issuer":"b"}');
    await accounts.setSetting('openid', null);
    expect(await accounts.getSetting('openid')).toBeNull();

    const now = Date.now();
    const pending = (state: string, expiresAt: number) => ({
      state,
      nonce: `n-${state}`,
      codeVerifier: `v-${state}`,
      returnUrl: 'http://127.0.0.1:1',
      expiresAt,
    });
    await accounts.putPendingSignIn(pending('s1', now + 60_000), now);
    await accounts.putPendingSignIn(pending('s-old', now + 10), now);
    expect(await accounts.takePendingSignIn('s-old', now + 20)).toBeNull();
    expect(await accounts.takePendingSignIn('s-none', now)).toBeNull();
    expect(await accounts.takePendingSignIn('s1', now)).toEqual(pending('s1', now + 60_000));
    expect(await accounts.takePendingSignIn('s1', now)).toBeNull();

    expect(await accounts.hasSubjects()).toBe(false);
    expect(await accounts.linkSubject('u-1', 'iss sub-1')).toBe(true);
    expect(await accounts.linkSubject('u-2', 'iss sub-1')).toBe(false);
    expect(await accounts.linkSubject('u-1', 'iss sub-2')).toBe(false);
    expect(await accounts.userIdBySubject('iss sub-1')).toBe('u-1');
    expect(await accounts.userIdBySubject('iss sub-2')).toBeNull();
    expect(await accounts.hasSubjects()).toBe(true);

    const lasting = await accounts.createSession(now, 'u-1', { method: 'openid' });
    const over = await accounts.createSession(now, 'u-1', { method: 'openid', expiresAt: now - 1 });
    expect(await accounts.session(lasting)).toEqual({
      userId: 'u-1',
      method: 'openid',
      expiresAt: null,
    });
    expect(await accounts.hasSession(lasting)).toBe(true);
    expect((await accounts.session(over))?.expiresAt).toBe(now - 1);
    expect(await accounts.hasSession(over)).toBe(false);
  });

  it('stores secrets and forgets them; an empty value counts as none', async () => {
    const { accounts } = (await fresh()).storage;
    expect(await accounts.getSecret('simplefin_token')).toBeNull();
    await accounts.setSecret('simplefin_token', 'abc');
    await accounts.setSecret('simplefin_token', 'def');
    expect(await accounts.getSecret('simplefin_token')).toBe('def');
    await accounts.setSecret('gocardless_secretId', '');
    expect(await accounts.getSecret('gocardless_secretId')).toBeNull();
    await accounts.setSecret('simplefin_token', null);
    expect(await accounts.getSecret('simplefin_token')).toBeNull();
  });

  it('relays messages in timestamp order, counts only new ones, and keeps the trie exact', async () => {
    const { groups } = (await fresh()).storage;
    const empty = await groups.sync('g1', ZERO_SINCE, []);
    expect(empty).toEqual({ messages: [], more: false, trie: {}, added: 0 });

    const batch = makeEnvelopes(5, { node: '1111111111111111' });
    const first = await groups.sync('g1', ZERO_SINCE, batch);
    expect(first.messages).toEqual([]);
    expect(first.added).toBe(5);
    // Sent again with one more: only the new one counts, and the client's own batch is not
    // sent back to it, but everything after `since` stored before it is.
    const more = makeEnvelopes(6, { node: '1111111111111111' });
    const second = await groups.sync('g1', batch[2]!.timestamp, more);
    expect(second.added).toBe(1);
    expect(second.messages.map((m) => m.timestamp)).toEqual(batch.slice(3).map((m) => m.timestamp));
    expect(Buffer.from(second.messages[0]!.content)).toEqual(Buffer.from(batch[3]!.content));
    expect(second.messages[0]!.isEncrypted).toBe(false);

    const stored = await groups.timestamps('g1');
    expect(stored).toEqual(more.map((m) => m.timestamp));
    expect(await groups.count('g1')).toBe(6);
    expect(second.trie).toEqual(rebuiltTrie(stored));
    expect(await groups.count('other')).toBe(0);

    // A large answer a page at a time: the oldest `limit` first, then the rest by `after`.
    const paged = await groups.sync('g1', ZERO_SINCE, [], 4);
    expect(paged.messages.map((m) => m.timestamp)).toEqual(stored.slice(0, 4));
    expect(paged.more).toBe(true);
    const rest = await groups.after('g1', stored[3]!, 4);
    expect(rest.map((m) => m.timestamp)).toEqual(stored.slice(4));
    expect(Buffer.from(rest[0]!.content)).toEqual(Buffer.from(more[4]!.content));
    expect((await groups.sync('g1', stored[1]!, [], 4)).more).toBe(true);
    expect((await groups.sync('g1', stored[2]!, [], 4)).more).toBe(false);
    expect(await groups.after('other', ZERO_SINCE, 4)).toEqual([]);

    await expect(
      groups.sync('g1', ZERO_SINCE, [{ ...batch[0]!, timestamp: 'not-a-timestamp' }]),
    ).rejects.toBeInstanceOf(InvalidTimestampError);
    expect(await groups.count('g1')).toBe(6);

    await groups.remove('g1');
    expect(await groups.count('g1')).toBe(0);
    expect((await groups.sync('g1', ZERO_SINCE, [])).trie).toEqual({});
  });

  it('loses no message and no trie update under concurrent writers', async () => {
    const { storage, again } = await fresh();
    const writers = [storage, again ? await again() : storage];
    const batches = Array.from({ length: 12 }, (_, i) =>
      makeEnvelopes(25, { node: `${String(i).padStart(2, '0')}aaaaaaaaaaaaaa`, stepMillis: 7 }),
    );
    await Promise.all(
      batches.map((b, i) => writers[i % writers.length]!.groups.sync('busy', ZERO_SINCE, b)),
    );
    const stored = await storage.groups.timestamps('busy');
    expect(stored).toHaveLength(12 * 25);
    expect(new Set(stored).size).toBe(12 * 25);
    const last = await writers[writers.length - 1]!.groups.sync('busy', ZERO_SINCE, []);
    expect(last.trie).toEqual(rebuiltTrie(stored));
    expect(last.messages.map((m) => m.timestamp)).toEqual(stored);
  });

  it('streams snapshots back byte for byte and refuses one over the limit', async () => {
    const { blobs } = (await fresh()).storage;
    const body = Buffer.alloc(CHUNK_BYTES * 2 + 12345);
    for (let i = 0; i < body.length; i++) body[i] = (i * 31) & 0xff;
    const name = await blobs.write(
      'file-1',
      Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
      body.length,
    );
    const opened = await blobs.open(name);
    expect(opened?.size).toBe(body.length);
    expect((await readAll(opened!.stream)).equals(body)).toBe(true);

    const empty = await blobs.write('file-2', Readable.from([]), 10);
    const emptyOpened = await blobs.open(empty);
    expect(emptyOpened?.size).toBe(0);
    expect((await readAll(emptyOpened!.stream)).length).toBe(0);

    await expect(
      blobs.write('file-3', Readable.from([Buffer.alloc(64)]), 63),
    ).rejects.toBeInstanceOf(TooLargeError);
    await expect(blobs.write('../escape', Readable.from([]), 10)).rejects.toThrow();

    await blobs.remove(name);
    expect(await blobs.open(name)).toBeNull();
    expect(await blobs.open('file-missing.blob')).toBeNull();
  });
});

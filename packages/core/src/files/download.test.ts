import { randomBytes } from 'node:crypto';
import { inflateSync, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import { deriveKey, encrypt, metaFor, type EncryptMeta } from '../encryption/cipher.ts';
import { makeBudgetZip, readBudgetZip } from './budget-zip.ts';
import { unpackBudget, zipEntries } from './download.ts';
import { makeClient } from './test-helpers/clients.ts';

describe('budget zip', () => {
  it('holds db.sqlite without the cache and metadata.json with resetClock', () => {
    const sqlite = testSqliteDriver();
    const db = sqlite.open(':memory:');
    db.exec(
      'CREATE TABLE kvcache (key TEXT PRIMARY KEY, value TEXT); CREATE TABLE kvcache_key (id INTEGER PRIMARY KEY, key REAL); CREATE TABLE messages_crdt (timestamp TEXT);',
    );
    db.run("INSERT INTO kvcache VALUES ('k', 'v')");
    db.run("INSERT INTO messages_crdt VALUES ('t1')");
    const zip = makeBudgetZip(sqlite, db.serialize(), {
      id: 'b1',
      budgetName: 'B',
      cloudFileId: 'f',
    });
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['db.sqlite', 'metadata.json']);
    const archive = readBudgetZip(zip);
    if ('error' in archive) throw new Error(archive.error);
    expect(archive.meta).toEqual({ id: 'b1', budgetName: 'B', cloudFileId: 'f', resetClock: true });
    const copy = sqlite.deserialize(archive.db);
    expect(copy.all('SELECT * FROM kvcache')).toEqual([]);
    expect(copy.all('SELECT * FROM messages_crdt')).toEqual([{ timestamp: 't1' }]);
  });

  it('names what is wrong with a bad archive', () => {
    expect(readBudgetZip(new Uint8Array([1, 2, 3]))).toEqual({ error: 'not-zip-file' });
    expect(readBudgetZip(zipSync({ 'other.txt': strToU8('x') }))).toEqual({
      error: 'invalid-zip-file',
    });
    expect(
      readBudgetZip(zipSync({ 'db.sqlite': strToU8('x'), 'metadata.json': strToU8('{') })),
    ).toEqual({
      error: 'invalid-meta-file',
    });
    const nested = readBudgetZip(
      zipSync({ 'export/db.sqlite': strToU8('x'), 'export/metadata.json': strToU8('{"id":"a"}') }),
    );
    expect('error' in nested).toBe(false);
  });
});

/** A platform's one-call inflater (fflate's raw inflate stands in for Node's zlib here). */
const calls: Array<[deflated: number, declared: number | undefined]> = [];
const platformInflate = (data: Uint8Array, size?: number): Uint8Array => {
  calls.push([data.length, size]);
  return inflateSync(data);
};

describe.each([
  ['DecompressionStream', undefined],
  ["the platform's inflateRaw", platformInflate],
])('unpacking with the native inflater: %s', (_inflater, inflate) => {
  const db = strToU8('SQLite format 3\u0000'.padEnd(20_000, 'row,2024-01-01,-1250;'));
  const meta = strToU8('{"id":"b1","budgetName":"B"}');
  it.each([
    ['deflated', zipSync({ 'db.sqlite': db, 'metadata.json': meta })],
    ['stored', zipSync({ 'db.sqlite': db, 'metadata.json': meta }, { level: 0 })],
    ['in a folder', zipSync({ 'export/metadata.json': meta, 'export/db.sqlite': db })],
    [
      'with a comment',
      (() => {
        const zip = zipSync({ 'db.sqlite': db, 'metadata.json': meta });
        // The end record's comment length, then the comment.
        const out = new Uint8Array(zip.length + 5);
        out.set(zip);
        out.set([5, 0], zip.length - 2);
        out.set(strToU8('hello'), zip.length);
        return out;
      })(),
    ],
  ])('%s: reads what readBudgetZip reads', async (_name, zip) => {
    expect(
      zipEntries(zip)
        ?.map((e) => e.name)
        .sort(),
    ).toEqual(Object.keys(unzipSync(zip)).sort());
    const native = await unpackBudget(zip, inflate);
    expect(native).toEqual(readBudgetZip(zip));
    expect('db' in native && native.db.length).toBe(db.length);
  });

  it.each([
    ['not-zip-file', new Uint8Array([9, 9, 9])],
    ['invalid-zip-file', zipSync({ 'readme.txt': strToU8('hi') })],
    ['invalid-meta-file', zipSync({ 'db.sqlite': db, 'metadata.json': strToU8('[1]') })],
  ])('%s as readBudgetZip says it', async (error, zip) => {
    expect(await unpackBudget(zip, inflate)).toEqual({ error });
  });

  it('a damaged deflate stream falls back to readBudgetZip', async () => {
    const zip = zipSync({ 'db.sqlite': db, 'metadata.json': meta });
    const entry = zipEntries(zip)!.find((e) => e.name === 'db.sqlite')!;
    entry.data.fill(0xff, 0, 64);
    expect(await unpackBudget(zip, inflate)).toEqual(readBudgetZip(zip));
  });

  it('inflates the deflated entries with the platform inflater when there is one', async () => {
    calls.length = 0;
    const zip = zipSync({ 'db.sqlite': db, 'metadata.json': meta });
    await unpackBudget(zip, inflate);
    // Each deflated entry once, with the size it has inflated as a hint.
    const expected = [
      [zipEntries(zip)!.find((e) => e.name === 'db.sqlite')!.data.length, db.length],
      [zipEntries(zip)!.find((e) => e.name === 'metadata.json')!.data.length, meta.length],
    ];
    expect(calls).toEqual(inflate ? expected : []);
  });
});

/** A client whose server serves `body` (with `meta`) as the file `f1`. */
async function serving(body: Uint8Array, meta: EncryptMeta | null) {
  const c = makeClient({
    name: 'dl',
    fetch: (async (input: string | URL | Request) => {
      const url = String(input);
      if (url.endsWith('/sync/download-user-file')) return new Response(body, { status: 200 });
      const data = { fileId: 'f1', groupId: 'g1', name: 'Served', deleted: 0, encryptMeta: meta };
      return new Response(JSON.stringify({ status: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch,
  });
  await c.session.init(c.platform, c.documentDir);
  await c.session.state.set({ 'server-url': 'http://fake.test', 'user-token': 'tok' });
  return c;
}

describe('download-budget errors', () => {
  it.each([
    ['not-zip-file', new Uint8Array([9, 9, 9])],
    ['invalid-zip-file', zipSync({ 'readme.txt': strToU8('hi') })],
    [
      'invalid-meta-file',
      zipSync({ 'db.sqlite': strToU8('x'), 'metadata.json': strToU8('not json') }),
    ],
  ])('%s, and nothing is written', async (reason, body) => {
    const c = await serving(body, null);
    try {
      expect(await c.send('download-budget', { fileId: 'f1' })).toMatchObject({
        error: { reason },
      });
      expect(await c.send('get-budgets')).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('decrypt-failure: a missing key, or a key that does not open the file', async () => {
    const right = await deriveKey(globalThis.crypto, 'key-1', 'right', 'salt');
    const wrong = await deriveKey(globalThis.crypto, 'key-1', 'wrong', 'salt');
    const zip = zipSync({ 'db.sqlite': strToU8('x'), 'metadata.json': strToU8('{"id":"x"}') });
    const sealed = await encrypt(globalThis.crypto, right, zip, randomBytes(12));
    const c = await serving(sealed.value, metaFor(right, sealed));
    try {
      expect(await c.send('download-budget', { fileId: 'f1' })).toMatchObject({
        error: { reason: 'decrypt-failure', meta: { isMissingKey: true } },
      });
      c.session.keys.add(wrong);
      expect(await c.send('download-budget', { fileId: 'f1' })).toMatchObject({
        error: { reason: 'decrypt-failure', meta: { isMissingKey: false } },
      });
      expect(await c.send('get-budgets')).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('a network failure is download-failure', async () => {
    const c = makeClient({
      name: 'dl-net',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof globalThis.fetch,
    });
    try {
      await c.session.init(c.platform, c.documentDir);
      await c.session.state.set({ 'server-url': 'http://fake.test', 'user-token': 'tok' });
      expect(await c.send('download-budget', { fileId: 'f1' })).toMatchObject({
        error: { reason: 'download-failure' },
      });
    } finally {
      await c.close();
    }
  });
});

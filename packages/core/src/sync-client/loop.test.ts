import { type TrieNode, Timestamp, encodeEncryptedData, encodeMessage } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../encryption/cipher.ts';
import type { CloudOptions } from '../files/session.ts';
import { makeClient } from '../files/test-helpers/clients.ts';
import { type SyncAnswer, fakeSyncServer } from '../files/test-helpers/fake-server.ts';
import type { SyncRequest } from '@coffer/crdt';

/** A client whose open budget is a cloud file on a fake server. */
async function cloudClient(
  answer: (req: SyncRequest, n: number) => SyncAnswer | Promise<SyncAnswer>,
  cloud: CloudOptions = {},
) {
  const server = fakeSyncServer(answer);
  const c = makeClient({ name: 'loop', fetch: server.fetch, cloud });
  await c.session.init(c.platform, c.documentDir);
  await c.session.state.set({ 'server-url': 'http://fake.test', 'user-token': 'tok' });
  await c.must('create-budget', { budgetName: 'Loop', avoidUpload: true });
  await c.budget.savePrefs({ cloudFileId: 'file-1', groupId: 'group-1' });
  return { c, server };
}

const copy = (t: TrieNode): TrieNode => JSON.parse(JSON.stringify(t)) as TrieNode;

/** The local trie with the hashes along its path flipped down to `depth`. */
function divergeAt(trie: TrieNode, depth: number): TrieNode {
  const out = copy(trie);
  let node: TrieNode | undefined = out;
  for (let d = 0; node && d <= depth; d++) {
    node.hash = (node.hash ?? 0) ^ 0x5a5a;
    const key = (['0', '1', '2'] as const).find((k) => node![k]);
    node = key ? node[key] : undefined;
  }
  return out;
}

describe('the sync loop', () => {
  it('gives up with out-of-sync after 10 rounds ending at the same point', async () => {
    let local: TrieNode = {};
    const { c, server } = await cloudClient(() => ({ merkle: divergeAt(local, 3) }));
    try {
      local = c.budget.db.merkle;
      const res = (await c.send('sync')) as { error: { reason: string } };
      expect(res.error.reason).toBe('out-of-sync');
      expect(server.requests.length).toBe(11);
      expect(c.events.map((e) => e.type)).toEqual(['start', 'error']);
      expect(c.events[1]).toMatchObject({ subtype: 'out-of-sync' });
      // After the first round every request starts at the point where the tries part.
      expect(new Set(server.requests.slice(1).map((r) => r.since)).size).toBe(1);
    } finally {
      await c.close();
    }
  });

  it('gives up after 100 rounds when the point keeps moving', async () => {
    let local: TrieNode = {};
    const { c, server } = await cloudClient((_req, n) => ({
      merkle: divergeAt(local, n % 2 === 0 ? 2 : 15),
    }));
    try {
      local = c.budget.db.merkle;
      const res = (await c.send('sync')) as { error: { reason: string } };
      expect(res.error.reason).toBe('out-of-sync');
      expect(server.requests.length).toBe(101);
    } finally {
      await c.close();
    }
  });

  it('saves the synced point when the tries agree, and sends only newer messages next time', async () => {
    let local: TrieNode = {};
    const { c, server } = await cloudClient(() => ({ merkle: local }));
    try {
      local = c.budget.db.merkle;
      expect(await c.send('sync')).toEqual({ messages: 0, tables: [] });
      const synced = c.budget.prefs.lastSyncedTimestamp!;
      expect(synced).toBe(c.budget.db.timestamp);
      c.budget.db.insert('payees', { name: 'Shop' });
      local = c.budget.db.merkle;
      await c.send('sync');
      const last = server.requests.at(-1)!;
      expect(last.since).toBe(synced);
      expect(last.messages.map((m) => m.timestamp.slice(0, 24)).length).toBe(1);
      expect(last.fileId).toBe('file-1');
      expect(last.groupId).toBe('group-1');
      expect(last.keyId).toBe('');
    } finally {
      await c.close();
    }
  });

  it.each([
    'file-old-version',
    'file-needs-upload',
    'file-key-mismatch',
    'file-not-found',
    'file-has-reset',
    'file-has-new-key',
  ])('a %s answer is an error event with that subtype', async (reason) => {
    const { c } = await cloudClient(() => ({ status: 400, text: reason }));
    try {
      const res = (await c.send('sync')) as { error: { reason: string } };
      expect(res.error.reason).toBe(reason);
      expect(c.events.at(-1)).toMatchObject({ type: 'error', subtype: reason });
    } finally {
      await c.close();
    }
  });

  it('maps network, 500 and 401 answers', async () => {
    const { c } = await cloudClient(() => {
      throw new TypeError('fetch failed');
    });
    const { c: d } = await cloudClient(() => ({ status: 500, text: 'boom' }));
    const { c: e } = await cloudClient(() => ({
      status: 401,
      json: true,
      text: JSON.stringify({ status: 'error', reason: 'unauthorized', details: 'token-not-found' }),
    }));
    try {
      await c.send('sync');
      expect(c.events.at(-1)).toMatchObject({ type: 'error', subtype: 'network' });
      await d.send('sync');
      expect(d.events.at(-1)).toMatchObject({ type: 'error', subtype: 'internal' });
      expect(await e.send('sync')).toMatchObject({ error: { reason: 'unauthorized' } });
      expect(e.events.at(-1)).toEqual({ type: 'unauthorized' });
      expect(e.session.state.get('readOnly')).toBe(true);
    } finally {
      await c.close();
      await d.close();
      await e.close();
    }
  });

  it('a missing key is encrypt-failure (to send) and a wrong one decrypt-failure (to receive)', async () => {
    const { c } = await cloudClient(() => ({ merkle: {} }));
    const key = await deriveKey(globalThis.crypto, 'k-real', 'pw', 'salt');
    const garbage = encodeEncryptedData({
      iv: new Uint8Array(12),
      authTag: new Uint8Array(16),
      data: encodeMessage({ dataset: 'payees', row: 'r', column: 'name', value: 'S:x' }),
    });
    const ts = () => new Timestamp(Date.now() - 1000, 0, '00000000000000aa').toString();
    const { c: d } = await cloudClient(() => ({
      merkle: {},
      messages: [{ timestamp: ts(), isEncrypted: true, content: garbage }],
    }));
    try {
      await c.budget.savePrefs({ encryptKeyId: 'k-missing' });
      expect(await c.send('sync')).toMatchObject({
        error: { reason: 'encrypt-failure', meta: { isMissingKey: true } },
      });
      d.session.keys.add(key);
      await d.budget.savePrefs({ encryptKeyId: 'k-real' });
      expect(await d.send('sync')).toMatchObject({
        error: { reason: 'decrypt-failure', meta: { isMissingKey: false } },
      });
      expect(d.events.at(-1)).toMatchObject({ type: 'error', subtype: 'decrypt-failure' });
    } finally {
      await c.close();
      await d.close();
    }
  });

  it('refuses messages stamped more than 5 minutes ahead, changing nothing', async () => {
    const ahead = new Timestamp(Date.now() + 10 * 60_000, 0, '00000000000000bb').toString();
    const { c } = await cloudClient(() => ({
      merkle: {},
      messages: [
        {
          timestamp: ahead,
          isEncrypted: false,
          content: encodeMessage({
            dataset: 'payees',
            row: 'p-ahead',
            column: 'name',
            value: 'S:Future',
          }),
        },
      ],
    }));
    try {
      const before = c.budget.sqlite.all('SELECT * FROM payees');
      expect(await c.send('sync')).toMatchObject({ error: { reason: 'clock-drift' } });
      expect(c.events.at(-1)).toMatchObject({ type: 'error', subtype: 'clock-drift' });
      expect(c.budget.sqlite.all('SELECT * FROM payees')).toEqual(before);
    } finally {
      await c.close();
    }
  });
});

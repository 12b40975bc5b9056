import { merkle as actualMerkle, Timestamp as ActualTimestamp } from '@actual-app/crdt';
import { encodeSyncRequest, encodeSyncResponse } from '@coffer/crdt';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bootstrap,
  call,
  startTestServer,
  upload,
  type TestServer,
} from '../test-helpers/harness.ts';
import { makeEnvelopes, syncOnce, syncRaw, ZERO_SINCE } from '../test-helpers/messages.ts';

let t: TestServer;
afterEach(async () => t?.stop());

/** The trie Actual's own server would hold after storing these timestamps. */
function actualTrie(timestamps: string[]): unknown {
  let trie = {} as ReturnType<typeof actualMerkle.emptyTrie>;
  for (const ts of timestamps) trie = actualMerkle.insert(trie, ActualTimestamp.parse(ts)!);
  return actualMerkle.prune(trie);
}

async function setup(): Promise<{ token: string; groupId: string }> {
  t = await startTestServer({ limits: { syncMB: 0.05 } });
  const token = await bootstrap(t.url);
  const res = await upload(t.url, token, 'file-1', 'zip bytes');
  return { token, groupId: res.json.groupId as string };
}

describe('/sync/sync', () => {
  it('relays opaque envelopes, never echoes a batch, stores each message once', async () => {
    const { token, groupId } = await setup();
    const batch = makeEnvelopes(3, { node: '1111111111111111' });
    const first = await syncOnce(t.url, { token, fileId: 'file-1', groupId, messages: batch });
    expect(first.raw.headers.get('content-type')).toBe('application/actual-sync');
    expect(first.raw.headers.get('x-actual-sync-method')).toBe('simple');
    expect(first.messages).toEqual([]);
    expect(JSON.parse(first.merkle)).toEqual(actualTrie(batch.map((m) => m.timestamp)));

    const other = await syncOnce(t.url, { token, fileId: 'file-1', groupId });
    expect(other.messages.map((m) => m.timestamp)).toEqual(batch.map((m) => m.timestamp));
    expect(other.messages.map((m) => [...m.content])).toEqual(batch.map((m) => [...m.content]));
    expect(other.merkle).toBe(first.merkle);

    // A retried batch plus one new message: only the new one is stored.
    const extra = makeEnvelopes(1, {
      startMillis: Date.UTC(2024, 0, 1, 0, 1),
      node: '2222222222222222',
      encrypted: true,
    });
    const again = await syncOnce(t.url, {
      token,
      fileId: 'file-1',
      groupId,
      since: batch[2]!.timestamp,
      messages: [...batch, ...extra],
    });
    expect(again.messages).toEqual([]);
    expect(await t.server.context.groups.count(groupId)).toBe(4);
    const all = [...batch, ...extra].map((m) => m.timestamp);
    expect(JSON.parse(again.merkle)).toEqual(actualTrie(all));

    const since = await syncOnce(t.url, {
      token,
      fileId: 'file-1',
      groupId,
      since: batch[1]!.timestamp,
    });
    expect(since.messages.map((m) => m.timestamp)).toEqual([
      batch[2]!.timestamp,
      extra[0]!.timestamp,
    ]);
    expect(since.messages[1]!.isEncrypted).toBe(true);
  });

  it('streams an answer larger than a page, byte for byte the answer built whole', async () => {
    t = await startTestServer({ syncPageMessages: 4 });
    const token = await bootstrap(t.url);
    const groupId = (await upload(t.url, token, 'file-1', 'zip bytes')).json.groupId as string;
    const stored = makeEnvelopes(11, { node: '1111111111111111' });
    await syncOnce(t.url, { token, fileId: 'file-1', groupId, messages: stored });
    // Another device's batch, its stamps between the stored ones: a new device asking from the
    // start gets the 11 stored before it, across three pages, and never its own back.
    const own = makeEnvelopes(5, {
      startMillis: Date.UTC(2024, 0, 1) + 500,
      node: '2222222222222222',
    });
    const answer = await syncOnce(t.url, { token, fileId: 'file-1', groupId, messages: own });
    expect(answer.raw.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.messages.map((m) => m.timestamp)).toEqual(stored.map((m) => m.timestamp));
    const all = [...stored, ...own].map((m) => m.timestamp);
    expect(JSON.parse(answer.merkle)).toEqual(actualTrie(all));
    const whole = encodeSyncResponse({ messages: stored, merkle: answer.merkle });
    expect(Buffer.from(answer.raw.bytes).equals(Buffer.from(whole))).toBe(true);

    // Exactly a page's worth still ends; a smaller answer still comes in one piece.
    all.sort();
    const page = await syncOnce(t.url, { token, fileId: 'file-1', groupId, since: all[11] });
    expect(page.messages.map((m) => m.timestamp)).toEqual(all.slice(12));
    const small = await syncOnce(t.url, { token, fileId: 'file-1', groupId, since: all[12] });
    expect(small.messages.map((m) => m.timestamp)).toEqual(all.slice(13));
    expect(small.raw.headers.get('content-length')).toBe(String(small.raw.bytes.length));
  });

  it('keeps the same merkle trie as Actual over months of messages', async () => {
    const { token, groupId } = await setup();
    const timestamps: string[] = [];
    for (let round = 0; round < 5; round++) {
      const messages = makeEnvelopes(60, {
        startMillis: Date.UTC(2023, round * 2, 3) + round * 7919,
        stepMillis: 3_600_000 * 7,
        node: `${round}`.repeat(16),
      });
      timestamps.push(...messages.map((m) => m.timestamp));
      const res = await syncOnce(t.url, { token, fileId: 'file-1', groupId, messages });
      expect(JSON.parse(res.merkle)).toEqual(actualTrie(timestamps));
    }
  });

  it('starts a new group with the empty trie {}', async () => {
    const { token, groupId } = await setup();
    const res = await syncOnce(t.url, { token, fileId: 'file-1', groupId });
    expect(res.merkle).toBe('{}');
  });

  it('answers each bad request with its status and reason and keeps serving', async () => {
    const { token, groupId } = await setup();
    const req = (over: Partial<Parameters<typeof encodeSyncRequest>[0]>) =>
      encodeSyncRequest({
        messages: [],
        fileId: 'file-1',
        groupId,
        keyId: '',
        since: ZERO_SINCE,
        ...over,
      });

    expect((await syncRaw(t.url, req({}), 'bad-token')).status).toBe(401);

    let res = await syncRaw(t.url, new Uint8Array([0x0a, 0xff, 0xff, 0x01]), token);
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('invalid-sync-request');

    res = await syncRaw(t.url, req({ since: '' }), token);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      status: 'error',
      reason: 'unprocessable-entity',
      details: 'since-required',
    });

    const text = async (body: Uint8Array) => {
      const r = await syncRaw(t.url, body, token);
      return `${r.status} ${r.text}`;
    };
    expect(await text(req({ fileId: 'unknown' }))).toBe('400 file-not-found');
    expect(await text(req({ fileId: '../../server-files/account' }))).toBe('400 file-not-found');
    expect(await text(req({ groupId: 'another-group' }))).toBe('400 file-has-reset');
    expect(await text(req({ groupId: '' }))).toBe('400 file-has-reset');
    expect(await text(req({ keyId: 'some-key' }))).toBe('400 file-has-new-key');

    // A batch with one bad timestamp is refused whole.
    const good = makeEnvelopes(2);
    const bad = { ...good[1]!, timestamp: 'not-a-timestamp' };
    res = await syncRaw(t.url, req({ messages: [good[0]!, bad] }), token);
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('invalid-timestamp');
    expect(await t.server.context.groups.count(groupId)).toBe(0);

    res = await syncRaw(t.url, req({ messages: makeEnvelopes(2000) }), token);
    expect(res.status).toBe(413);
    expect(res.json.reason).toBe('payload-too-large');

    res = await call(t.url, 'POST', '/sync/sync', { token, json: { since: ZERO_SINCE } });
    expect(res.status).toBe(400);

    const ok = await syncOnce(t.url, { token, fileId: 'file-1', groupId, messages: good });
    expect(JSON.parse(ok.merkle)).toEqual(actualTrie(good.map((m) => m.timestamp)));
  });

  it('reports file-old-version, file-needs-upload and file-key-mismatch', async () => {
    const { token, groupId } = await setup();
    await upload(t.url, token, 'old-file', 'zip', { 'x-actual-format': '1' });
    const old = await call(t.url, 'GET', '/sync/list-user-files', { token });
    const oldGroup = old.json.data.find((f: { fileId: string }) => f.fileId === 'old-file').groupId;
    let res = await syncRaw(
      t.url,
      encodeSyncRequest({
        messages: [],
        fileId: 'old-file',
        groupId: oldGroup,
        keyId: '',
        since: ZERO_SINCE,
      }),
      token,
    );
    expect(res.text).toBe('file-old-version');

    // A key registered but the snapshot not re-uploaded with it.
    await call(t.url, 'POST', '/sync/user-create-key', {
      token,
      json: { fileId: 'file-1', keyId: 'key-1', keySalt: 'salt', testContent: '{}' },
    });
    const body = (keyId: string, group: string | null = groupId) =>
      encodeSyncRequest({
        messages: [],
        fileId: 'file-1',
        groupId: group ?? '',
        keyId,
        since: ZERO_SINCE,
      });
    res = await syncRaw(t.url, body('key-1'), token);
    expect(res.text).toBe('file-key-mismatch');

    // Re-upload with the key's meta: now only the key id decides.
    const meta = JSON.stringify({
      keyId: 'key-1',
      algorithm: 'aes-256-gcm',
      iv: 'aaa',
      authTag: 'bbb',
    });
    const up = await upload(t.url, token, 'file-1', 'encrypted zip', {
      'x-actual-group-id': groupId,
      'x-actual-encrypt-meta': meta,
    });
    expect(up.json).toEqual({ status: 'ok', groupId });
    expect((await syncRaw(t.url, body('key-1'), token)).status).toBe(200);
    expect((await syncRaw(t.url, body(''), token)).text).toBe('file-has-new-key');

    await call(t.url, 'POST', '/sync/reset-user-file', { token, json: { fileId: 'file-1' } });
    res = await syncRaw(t.url, body('key-1'), token);
    expect(res.text).toBe('file-needs-upload');
  });
});

describe('encryption keys', () => {
  it('stores a key for a file and returns it', async () => {
    const { token } = await setup();
    let res = await call(t.url, 'POST', '/sync/user-get-key', {
      token,
      json: { fileId: 'file-1' },
    });
    expect(res.json).toEqual({ status: 'ok', data: { id: null, salt: null, test: null } });

    res = await call(t.url, 'POST', '/sync/user-create-key', {
      token,
      json: { fileId: 'file-1', keyId: 'k', keySalt: 's', testContent: '{"value":"x"}' },
    });
    expect(res.json).toEqual({ status: 'ok' });
    res = await call(t.url, 'POST', '/sync/user-get-key', { json: { token, fileId: 'file-1' } });
    expect(res.json).toEqual({ status: 'ok', data: { id: 'k', salt: 's', test: '{"value":"x"}' } });

    res = await call(t.url, 'POST', '/sync/user-create-key', {
      token,
      json: { fileId: 'missing', keyId: 'k', keySalt: 's', testContent: 't' },
    });
    expect(res.status).toBe(400);
    res = await call(t.url, 'POST', '/sync/user-create-key', { token, json: { fileId: 'file-1' } });
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('bad-request');
  });
});

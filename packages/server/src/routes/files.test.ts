import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bootstrap,
  call,
  startTestServer,
  tempDir,
  upload,
  type TestServer,
} from '../test-helpers/harness.ts';
import { makeEnvelopes, syncOnce } from '../test-helpers/messages.ts';

let t: TestServer;
afterEach(async () => t?.stop());

const userFiles = () => readdirSync(join(t.dataDir, 'user-files')).sort();

describe('file registry and snapshots', () => {
  it('uploads, lists, describes, downloads, renames and soft-deletes a file', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    const content = new Uint8Array(300_000).map((_, i) => (i * 31) % 256);
    const up = await upload(t.url, token, 'f1', content, {
      'x-actual-name': encodeURIComponent('Ünïcode budget/1'),
    });
    expect(up.status).toBe(200);
    expect(up.json.status).toBe('ok');
    const groupId = up.json.groupId as string;
    expect(groupId).toMatch(/^[0-9a-f-]{36}$/);

    const down = await call(t.url, 'GET', '/sync/download-user-file', {
      token,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-disposition')).toBe('attachment;filename=f1');
    expect(Buffer.from(down.bytes).equals(Buffer.from(content))).toBe(true);

    const entry = {
      deleted: 0,
      fileId: 'f1',
      groupId,
      name: 'Ünïcode budget/1',
      encryptKeyId: null,
    };
    let list = await call(t.url, 'GET', '/sync/list-user-files', { token });
    expect(list.json.status).toBe('ok');
    expect(list.json.data).toEqual([expect.objectContaining(entry)]);

    let info = await call(t.url, 'GET', '/sync/get-user-file-info', {
      token,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(info.json).toEqual({
      status: 'ok',
      data: {
        deleted: 0,
        fileId: 'f1',
        groupId,
        name: 'Ünïcode budget/1',
        encryptMeta: null,
        usersWithAccess: [],
      },
    });

    let res = await call(t.url, 'POST', '/sync/update-user-filename', {
      token,
      json: { fileId: 'f1', name: 'Renamed' },
    });
    expect(res.json).toEqual({ status: 'ok' });
    list = await call(t.url, 'GET', '/sync/list-user-files', { token });
    expect(list.json.data[0].name).toBe('Renamed');

    res = await call(t.url, 'POST', '/sync/delete-user-file', { token, json: {} });
    expect(res.status).toBe(422);
    res = await call(t.url, 'POST', '/sync/delete-user-file', { token, json: { fileId: 'f1' } });
    expect(res.json).toEqual({ status: 'ok' });
    list = await call(t.url, 'GET', '/sync/list-user-files', { token });
    expect(list.json.data[0].deleted).toBe(1);
    info = await call(t.url, 'GET', '/sync/get-user-file-info', {
      token,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(info.json.data.deleted).toBe(1);
    const gone = await call(t.url, 'GET', '/sync/download-user-file', {
      token,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(gone.status).toBe(400);
    expect(gone.text).toBe('User or file not found');
  });

  it('keeps the group on re-upload, refuses stale groups, and makes a new group after a reset', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    const groupId = (await upload(t.url, token, 'f1', 'v1')).json.groupId as string;
    await syncOnce(t.url, { token, fileId: 'f1', groupId, messages: makeEnvelopes(3) });
    expect(existsSync(join(t.dataDir, 'user-files', `group-${groupId}.sqlite`))).toBe(true);

    let res = await upload(t.url, token, 'f1', 'v2', { 'x-actual-group-id': groupId });
    expect(res.json).toEqual({ status: 'ok', groupId });
    res = await upload(t.url, token, 'f1', 'v3');
    expect(res.status).toBe(400);
    expect(res.text).toBe('file-has-reset');
    res = await upload(t.url, token, 'f1', 'v3', {
      'x-actual-group-id': groupId,
      'x-actual-encrypt-meta': JSON.stringify({ keyId: 'k9' }),
    });
    expect(res.text).toBe('file-has-new-key');
    // Only the latest snapshot is kept.
    expect(userFiles().filter((f) => f.endsWith('.blob'))).toHaveLength(1);

    res = await call(t.url, 'POST', '/sync/reset-user-file', { token, json: { fileId: 'f1' } });
    expect(res.json).toEqual({ status: 'ok' });
    expect(existsSync(join(t.dataDir, 'user-files', `group-${groupId}.sqlite`))).toBe(false);
    res = await call(t.url, 'POST', '/sync/reset-user-file', { token, json: { fileId: 'nope' } });
    expect(res.status).toBe(400);

    res = await upload(t.url, token, 'f1', 'v4');
    expect(res.json.status).toBe('ok');
    expect(res.json.groupId).not.toBe(groupId);
    const down = await call(t.url, 'GET', '/sync/download-user-file', {
      token,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(down.text).toBe('v4');
  });

  it('stores the encrypt meta and returns it parsed', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    const meta = { keyId: 'k1', algorithm: 'aes-256-gcm', iv: 'aXY=', authTag: 'dGFn' };
    await upload(t.url, token, 'f1', 'cipher', { 'x-actual-encrypt-meta': JSON.stringify(meta) });
    const info = await call(t.url, 'GET', '/sync/get-user-file-info', {
      token,
      headers: { 'x-actual-file-id': 'f1' },
    });
    expect(info.json.data.encryptMeta).toEqual(meta);
    const bad = await upload(t.url, token, 'f2', 'cipher', { 'x-actual-encrypt-meta': '{nope' });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('invalid-encrypt-meta');
  });

  it('refuses ids that could escape the data directory', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    for (const id of ['../evil', '..', 'a/b', '.hidden', '%2e%2e']) {
      const res = await upload(t.url, token, id, 'x');
      expect(res.status, id).toBe(400);
      const down = await call(t.url, 'GET', '/sync/download-user-file', {
        token,
        headers: { 'x-actual-file-id': id },
      });
      expect(down.status, id).toBe(400);
    }
    const info = await call(t.url, 'GET', '/sync/get-user-file-info', {
      token,
      headers: { 'x-actual-file-id': '../server-files/account' },
    });
    expect(info.json).toEqual({ status: 'error', reason: 'file-not-found' });
    expect(readdirSync(t.dataDir).sort()).toEqual(['server-files', 'user-files']);
    expect(userFiles()).toEqual([]);
  });

  it('refuses oversized and header-less uploads without leaving files behind', async () => {
    t = await startTestServer({ limits: { fileMB: 0.01 } });
    const token = await bootstrap(t.url);
    let res = await upload(t.url, token, 'big', new Uint8Array(20_000));
    expect(res.status).toBe(413);
    expect(res.json.reason).toBe('payload-too-large');
    res = await call(t.url, 'POST', '/sync/upload-user-file', {
      token,
      body: 'x',
      headers: { 'content-type': 'application/encrypted-file', 'x-actual-file-id': 'f' },
    });
    expect(res.text).toBe('single x-actual-name is required');
    res = await call(t.url, 'POST', '/sync/upload-user-file', {
      token,
      body: 'x',
      headers: { 'content-type': 'application/encrypted-file', 'x-actual-name': 'n' },
    });
    expect(res.text).toBe('fileId is required');
    res = await upload(t.url, 'wrong', 'f', 'x');
    expect(res.status).toBe(401);
    expect(userFiles()).toEqual([]);
    expect((await upload(t.url, token, 'small', 'ok')).status).toBe(200);
  });

  it('lets exactly one of two racing first uploads create the file', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    const results = await Promise.all([
      upload(t.url, token, 'race', 'A'.repeat(100_000)),
      upload(t.url, token, 'race', 'B'.repeat(100_000)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.text).toBe('file-has-reset');
    const down = await call(t.url, 'GET', '/sync/download-user-file', {
      token,
      headers: { 'x-actual-file-id': 'race' },
    });
    expect(down.text[0]).toBe(winner === results[0] ? 'A' : 'B');
    expect(userFiles().filter((f) => f.endsWith('.blob'))).toHaveLength(1);
  });

  it('cleans up what a crash left behind on start-up', async () => {
    const dataDir = tempDir();
    t = await startTestServer({ dataDir });
    const token = await bootstrap(t.url);
    const groupId = (await upload(t.url, token, 'keep', 'data')).json.groupId as string;
    await syncOnce(t.url, { token, fileId: 'keep', groupId, messages: makeEnvelopes(2) });
    await t.stop();

    const dir = join(dataDir, 'user-files');
    writeFileSync(join(dir, '.upload-123.tmp'), 'partial');
    writeFileSync(join(dir, 'file-keep.000000000000.blob'), 'replaced snapshot');
    writeFileSync(join(dir, 'group-orphan.sqlite'), 'reset group');
    t = await startTestServer({ dataDir });
    const left = userFiles();
    expect(left).toContain(`group-${groupId}.sqlite`);
    expect(left.filter((f) => f.endsWith('.blob'))).toHaveLength(1);
    expect(left).not.toContain('.upload-123.tmp');
    expect(left).not.toContain('group-orphan.sqlite');
    expect(left).not.toContain('file-keep.000000000000.blob');
    const res = await call(t.url, 'GET', '/sync/download-user-file', {
      token: (await call(t.url, 'POST', '/account/login', { json: { password: 'correct horse' } }))
        .json.data.token,
      headers: { 'x-actual-file-id': 'keep' },
    });
    expect(res.text).toBe('data');
    const again = await syncOnce(t.url, {
      token: (await call(t.url, 'POST', '/account/login', { json: { password: 'correct horse' } }))
        .json.data.token,
      fileId: 'keep',
      groupId,
    });
    expect(again.messages).toHaveLength(2);
  });
});

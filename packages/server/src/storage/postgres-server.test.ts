/**
 * The server over HTTP on PostgreSQL: two server processes' worth of Coffer (two servers, each
 * with its own connection pool) on one database serve the same files and the same sessions.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bootstrap,
  call,
  startTestServer,
  upload,
  type TestServer,
} from '../test-helpers/harness.ts';
import { makeEnvelopes, syncOnce } from '../test-helpers/messages.ts';
import { startTestPostgres, type TestPostgres } from '../test-helpers/postgres.ts';

let pg: TestPostgres;
const servers: TestServer[] = [];

beforeAll(async () => {
  pg = await startTestPostgres();
}, 120_000);
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});
afterAll(() => pg.stop(), 60_000);

async function pair(): Promise<[TestServer, TestServer]> {
  const databaseUrl = await pg.createDatabase();
  const a = await startTestServer({ databaseUrl });
  const b = await startTestServer({ databaseUrl });
  servers.push(a, b);
  return [a, b];
}

describe('two servers on one PostgreSQL database', () => {
  it('share the password, sessions, files, snapshots and each sync group', async () => {
    const [a, b] = await pair();
    const token = await bootstrap(a.url);
    expect((await call(b.url, 'GET', '/account/needs-bootstrap')).json.data.bootstrapped).toBe(
      true,
    );
    expect((await call(b.url, 'GET', '/account/validate', { token })).status).toBe(200);

    const snapshot = Buffer.alloc(3 * 1024 * 1024 + 7, 7);
    const up = await upload(a.url, token, 'file-1', snapshot);
    expect(up.status).toBe(200);
    const groupId = up.json.groupId as string;
    const listed = await call(b.url, 'GET', '/sync/list-user-files', { token });
    expect(listed.json.data.map((f: { fileId: string }) => f.fileId)).toEqual(['file-1']);
    const down = await call(b.url, 'GET', '/sync/download-user-file', {
      token,
      headers: { 'x-actual-file-id': 'file-1' },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(down.bytes).equals(snapshot)).toBe(true);

    const fromA = makeEnvelopes(4, { node: 'aaaaaaaaaaaaaaaa' });
    const fromB = makeEnvelopes(3, { node: 'bbbbbbbbbbbbbbbb', startMillis: Date.UTC(2024, 1, 1) });
    const sentA = await syncOnce(a.url, { token, fileId: 'file-1', groupId, messages: fromA });
    const sentB = await syncOnce(b.url, { token, fileId: 'file-1', groupId, messages: fromB });
    expect(sentB.messages.map((m) => m.timestamp)).toEqual(fromA.map((m) => m.timestamp));
    expect(sentB.merkle).not.toBe(sentA.merkle);
    const readA = await syncOnce(a.url, { token, fileId: 'file-1', groupId });
    expect(readA.merkle).toBe(sentB.merkle);
    expect(readA.messages).toHaveLength(7);

    // A reset on one server is seen by the other at once.
    const reset = await call(b.url, 'POST', '/sync/reset-user-file', {
      token,
      json: { fileId: 'file-1' },
    });
    expect(reset.status).toBe(200);
    await expect(syncOnce(a.url, { token, fileId: 'file-1', groupId })).rejects.toThrow(
      'sync failed: 400 file-needs-upload',
    );
    expect(await a.server.context.groups.count(groupId)).toBe(0);
  });

  it('refuses on every server a session a password change ended on one', async () => {
    const [a, b] = await pair();
    const token = await bootstrap(a.url);
    const changed = await call(a.url, 'POST', '/account/change-password', {
      token,
      json: { password: 'a new one' },
    });
    expect(changed.status).toBe(200);
    for (const s of [a, b]) {
      const answer = await call(s.url, 'GET', '/account/validate', { token });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        status: 'error',
        reason: 'unauthorized',
        details: 'token-not-found',
      });
    }
  });
});

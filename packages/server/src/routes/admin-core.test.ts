/**
 * The app's calls for users and sharing (core's `users-get`, `user-add`, `access-add`, …, by
 * Actual 26.9's names and routes) through a Coffer core over HTTP against this server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, createCloudModule, isHandlerError } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { bootstrap, startTestServer, type TestServer, upload } from '../test-helpers/harness.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function device(server: TestServer) {
  const documentDir = mkdtempSync(join(tmpdir(), 'coffer-admin-core-'));
  const platform = createNodePlatform({ documentDir, log: quiet });
  const core = createAppCore({ platform, documentDir }).register(
    createCloudModule({ syncDelayMs: 60_000 }).module,
  );
  cleanups.push(() => rmSync(documentDir, { recursive: true, force: true }));
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const must = async (name: string, args?: unknown) => {
    const res = await send(name, args);
    if (isHandlerError(res)) throw new Error(`${name} failed: ${JSON.stringify(res)}`);
    return res;
  };
  await must('set-server-url', { url: server.url });
  return { core, send, must };
}

const reason = (res: unknown) =>
  isHandlerError(res) ? (res.error as { reason?: string }).reason : null;

describe('users and sharing from the app', () => {
  it('turns users on, adds, edits and deletes users, and refuses what the server refuses', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.stop());
    const admin = await device(server);
    expect(await admin.must('owner-created')).toBe(false);
    await admin.must('subscribe-bootstrap', { password: 'correct horse' });
    // Before users are on, the user list is the server's refusal, not an empty list.
    expect(reason(await admin.send('user-add', user('ben')))).toBe('forbidden');
    const ownerId = await admin.must('enable-multiuser', { userName: 'ada' });
    expect(await admin.must('owner-created')).toBe(true);
    expect(reason(await admin.send('enable-multiuser', { userName: 'x' }))).toBe('already-enabled');

    const { id: benId } = (await admin.must('user-add', user('ben', 'Ben'))) as { id: string };
    expect(reason(await admin.send('user-add', user('ben')))).toBe('user-already-exists');
    expect(reason(await admin.send('user-add', user('')))).toBe('user-cant-be-empty');
    const bad = await admin.send('user-add', { ...user('cy'), role: 'ROOT' });
    expect(isHandlerError(bad)).toBe(true);

    await admin.must('user-update', { id: benId, ...user('ben', 'Benjamin'), role: 'ADMIN' });
    expect(await admin.must('users-get')).toEqual([
      {
        id: ownerId,
        userName: 'ada',
        displayName: null,
        role: 'ADMIN',
        enabled: true,
        owner: true,
      },
      {
        id: benId,
        userName: 'ben',
        displayName: 'Benjamin',
        role: 'ADMIN',
        enabled: true,
        owner: false,
      },
    ]);
    expect(reason(await admin.send('user-delete-all', { ids: [ownerId] }))).toBe('not-all-deleted');
    await admin.must('user-delete-all', { ids: [benId] });
    expect((await admin.must('users-get')) as unknown[]).toHaveLength(1);
  });

  it('shares a file, lists its owner and users, hands it over, and a basic user sees only theirs', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.stop());
    const token = await bootstrap(server.url);
    await upload(server.url, token, 'kept', 'bytes');
    await upload(server.url, token, 'shared', 'bytes');
    const admin = await device(server);
    await admin.must('subscribe-sign-in', { password: 'correct horse' });
    const adaId = await admin.must('enable-multiuser', { userName: 'ada' });
    const { id: benId } = (await admin.must('user-add', user('ben', 'Ben'))) as { id: string };

    // Ben signs in with OpenID in the app; here his session comes from the server's own
    // storage interface (real server, real storage) until that flow is wired into this test.
    const ben = await device(server);
    const benToken = await server.server.context.accounts.createSession(Date.now(), benId);
    await ben.must('subscribe-set-token', { token: benToken });
    expect(await ben.must('get-remote-files')).toEqual([]);
    // A basic user reads the user list (names for the share dialog) but changes nothing.
    expect(reason(await ben.send('users-get'))).toBe(null);
    expect(reason(await ben.send('user-add', user('eve')))).toBe('forbidden');

    expect(await admin.must('access-get-available-users', { fileId: 'shared' })).toEqual([
      { userId: benId, userName: 'ben', displayName: 'Ben', haveAccess: false },
    ]);
    await admin.must('access-add', { fileId: 'shared', userId: benId });
    expect(reason(await admin.send('access-add', { fileId: 'shared', userId: benId }))).toBe(
      'user-already-have-access',
    );
    const seen = (await ben.must('get-remote-files')) as Array<Record<string, unknown>>;
    expect(seen.map((f) => [f.fileId, f.owner])).toEqual([['shared', adaId]]);
    expect(seen[0]!.usersWithAccess).toEqual([
      { userId: adaId, userName: 'ada', displayName: null, owner: true },
      { userId: benId, userName: 'ben', displayName: 'Ben', owner: false },
    ]);
    // A basic user may not share another's file.
    expect(reason(await ben.send('access-add', { fileId: 'kept', userId: benId }))).toBe(
      'file-denied',
    );

    await admin.must('access-delete-all', { fileId: 'shared', ids: [benId] });
    expect(await ben.must('get-remote-files')).toEqual([]);
    await admin.must('transfer-ownership', { fileId: 'kept', newUserId: benId });
    const after = (await ben.must('get-remote-files')) as Array<Record<string, unknown>>;
    expect(after.map((f) => [f.fileId, f.owner])).toEqual([['kept', benId]]);
  });
});

function user(userName: string, displayName: string | null = null) {
  return { userName, displayName, role: 'BASIC', enabled: true };
}

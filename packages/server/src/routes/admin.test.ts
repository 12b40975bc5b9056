/**
 * Users on: roles, owners, sharing and hand-over with Actual 26.9's `/admin` answers, and the
 * hostile cases: another user's file, a forged session, a removed or disabled user's session.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  bootstrap,
  call,
  startTestServer,
  upload,
  type TestServer,
} from '../test-helpers/harness.ts';
import { syncOnce } from '../test-helpers/messages.ts';

let t: TestServer;
afterEach(async () => t?.stop());

async function household() {
  t = await startTestServer();
  const admin = await bootstrap(t.url);
  const kept = await upload(t.url, admin, 'budget-kept', 'kept bytes');
  const shared = await upload(t.url, admin, 'budget-shared', 'shared bytes');
  const on = await call(t.url, 'POST', '/admin/multiuser', {
    token: admin,
    json: { userName: 'ada' },
  });
  expect(on.status).toBe(200);
  const created = await call(t.url, 'POST', '/admin/users', {
    token: admin,
    json: { userName: 'ben', role: 'BASIC', displayName: 'Ben', enabled: true },
  });
  expect(created.status).toBe(200);
  const benId = created.json.data.id as string;
  // Basic users sign in with OpenID; the session is what that sign-in leaves behind.
  const ben = await t.server.context.accounts.createSession(Date.now(), benId);
  return {
    admin,
    ben,
    benId,
    adaId: on.json.data.id as string,
    keptGroup: kept.json.groupId as string,
    sharedGroup: shared.json.groupId as string,
  };
}

const fileIds = (res: { json: { data: { fileId: string }[] } }) =>
  res.json.data.map((f) => f.fileId).sort();

describe('users on', () => {
  it('is off by default, and an admin turns it on once, owning every file', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    await upload(t.url, token, 'budget-1', 'bytes');
    const before = await call(t.url, 'GET', '/account/needs-bootstrap');
    expect(before.json.data.multiuser).toBe(false);
    expect((await call(t.url, 'GET', '/admin/owner-created/')).json).toBe(false);
    const forbidden = await call(t.url, 'POST', '/admin/users', {
      token,
      json: { userName: 'x', role: 'BASIC' },
    });
    expect(forbidden.status).toBe(403);

    const on = await call(t.url, 'POST', '/admin/multiuser', { token, json: { userName: 'ada' } });
    expect(on.status).toBe(200);
    expect((await call(t.url, 'POST', '/admin/multiuser', { token })).status).toBe(400);
    expect((await call(t.url, 'GET', '/account/needs-bootstrap')).json.data.multiuser).toBe(true);
    expect((await call(t.url, 'GET', '/admin/owner-created/')).json).toBe(true);
    const me = await call(t.url, 'GET', '/account/validate', { token });
    expect(me.json.data).toMatchObject({
      userName: 'ada',
      permission: 'ADMIN',
      userId: on.json.data.id,
    });
    const list = await call(t.url, 'GET', '/sync/list-user-files', { token });
    expect(list.json.data[0]).toMatchObject({
      fileId: 'budget-1',
      owner: on.json.data.id,
      usersWithAccess: [
        { userId: on.json.data.id, userName: 'ada', displayName: null, owner: true },
      ],
    });
  });

  it('shows a basic user only the files shared with them, and lets them sync those', async () => {
    const h = await household();
    expect(fileIds(await call(t.url, 'GET', '/sync/list-user-files', { token: h.ben }))).toEqual(
      [],
    );

    const share = await call(t.url, 'POST', '/admin/access', {
      token: h.admin,
      json: { fileId: 'budget-shared', userId: h.benId },
    });
    expect(share.json).toEqual({ status: 'ok', data: {} });
    const again = await call(t.url, 'POST', '/admin/access', {
      token: h.admin,
      json: { fileId: 'budget-shared', userId: h.benId },
    });
    expect(again.json.reason).toBe('user-already-have-access');

    expect(fileIds(await call(t.url, 'GET', '/sync/list-user-files', { token: h.ben }))).toEqual([
      'budget-shared',
    ]);
    expect(fileIds(await call(t.url, 'GET', '/sync/list-user-files', { token: h.admin }))).toEqual([
      'budget-kept',
      'budget-shared',
    ]);
    const synced = await syncOnce(t.url, {
      token: h.ben,
      fileId: 'budget-shared',
      groupId: h.sharedGroup,
    });
    expect(synced.messages).toEqual([]);
    const users = await call(t.url, 'GET', '/admin/access/users?fileId=budget-shared', {
      token: h.admin,
    });
    expect(users.json).toEqual([
      { userId: h.benId, userName: 'ben', displayName: 'Ben', haveAccess: 1, owner: 0 },
    ]);

    const revoke = await call(t.url, 'DELETE', '/admin/access?fileId=budget-shared', {
      token: h.admin,
      json: { ids: [h.benId] },
    });
    expect(revoke.json).toEqual({ status: 'ok', data: { someDeletionsFailed: false } });
    expect(fileIds(await call(t.url, 'GET', '/sync/list-user-files', { token: h.ben }))).toEqual(
      [],
    );
  });

  it("answers a basic user's request for another's file as for a missing file", async () => {
    const h = await household();
    const download = await call(t.url, 'GET', '/sync/download-user-file', {
      token: h.ben,
      headers: { 'x-actual-file-id': 'budget-kept' },
    });
    expect(download.status).toBe(400);
    expect(download.text).toBe('User or file not found');
    const info = await call(t.url, 'GET', '/sync/get-user-file-info', {
      token: h.ben,
      headers: { 'x-actual-file-id': 'budget-kept' },
    });
    expect(info.json).toEqual({ status: 'error', reason: 'file-not-found' });
    await expect(
      syncOnce(t.url, { token: h.ben, fileId: 'budget-kept', groupId: h.keptGroup }),
    ).rejects.toThrow('sync failed: 400 file-not-found');
    const key = await call(t.url, 'POST', '/sync/user-get-key', {
      token: h.ben,
      json: { fileId: 'budget-kept' },
    });
    expect(key.text).toBe('file-not-found');
    const rename = await call(t.url, 'POST', '/sync/update-user-filename', {
      token: h.ben,
      json: { fileId: 'budget-kept', name: 'Mine now' },
    });
    expect(rename.status).toBe(400);
    const overwrite = await upload(t.url, h.ben, 'budget-kept', 'not yours', {
      'x-actual-group-id': h.keptGroup,
    });
    expect(overwrite.status).toBe(403);
    const grab = await call(t.url, 'POST', '/admin/access', {
      token: h.ben,
      json: { fileId: 'budget-kept', userId: h.benId },
    });
    expect(grab.json.reason).toBe('file-denied');
    const take = await call(t.url, 'POST', '/admin/access/transfer-ownership/', {
      token: h.ben,
      json: { fileId: 'budget-kept', newUserId: h.benId },
    });
    expect(take.json.reason).toBe('file-denied');
    expect(
      (
        await call(t.url, 'POST', '/admin/users', {
          token: h.ben,
          json: { userName: 'eve', role: 'ADMIN' },
        })
      ).status,
    ).toBe(403);
    // Nothing changed: the owner still downloads the same snapshot under the same name.
    const mine = await call(t.url, 'GET', '/sync/download-user-file', {
      token: h.admin,
      headers: { 'x-actual-file-id': 'budget-kept' },
    });
    expect(mine.text).toBe('kept bytes');
  });

  it('refuses forged sessions and the sessions of removed or disabled users at once', async () => {
    const h = await household();
    for (const token of ['forged-token', h.ben.slice(0, -2) + 'xx', '']) {
      const res = await call(t.url, 'GET', '/sync/list-user-files', { token });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        status: 'error',
        reason: 'unauthorized',
        details: 'token-not-found',
      });
    }
    const disable = await call(t.url, 'PATCH', '/admin/users', {
      token: h.admin,
      json: { id: h.benId, userName: 'ben', role: 'BASIC', enabled: false },
    });
    expect(disable.status).toBe(200);
    expect((await call(t.url, 'GET', '/account/validate', { token: h.ben })).status).toBe(401);

    const ben2 = await t.server.context.accounts.createSession(Date.now(), h.benId);
    await call(t.url, 'POST', '/admin/access/transfer-ownership/', {
      token: h.admin,
      json: { fileId: 'budget-shared', newUserId: h.benId },
    });
    const removed = await call(t.url, 'DELETE', '/admin/users', {
      token: h.admin,
      json: { ids: [h.benId] },
    });
    expect(removed.json).toEqual({ status: 'ok', data: { someDeletionsFailed: false } });
    expect((await call(t.url, 'GET', '/account/validate', { token: ben2 })).status).toBe(401);
    // The removed user's file went back to the owner; the owner cannot be removed.
    const list = await call(t.url, 'GET', '/sync/list-user-files', { token: h.admin });
    expect(list.json.data.map((f: { owner: string }) => f.owner)).toEqual([h.adaId, h.adaId]);
    const self = await call(t.url, 'DELETE', '/admin/users', {
      token: h.admin,
      json: { ids: [h.adaId] },
    });
    expect(self.json.reason).toBe('not-all-deleted');
  });

  it('lets the owner hand a file over; the new owner then sees it and the old one, an admin, too', async () => {
    const h = await household();
    const moved = await call(t.url, 'POST', '/admin/access/transfer-ownership/', {
      token: h.admin,
      json: { fileId: 'budget-kept', newUserId: h.benId },
    });
    expect(moved.json).toEqual({ status: 'ok', data: {} });
    const bens = await call(t.url, 'GET', '/sync/list-user-files', { token: h.ben });
    expect(
      bens.json.data.map((f: { fileId: string; owner: string }) => [f.fileId, f.owner]),
    ).toEqual([['budget-kept', h.benId]]);
    const users = await call(t.url, 'GET', '/admin/users/', { token: h.ben });
    expect(
      users.json.map((u: { userName: string; role: string; owner: boolean }) => [
        u.userName,
        u.role,
        u.owner,
      ]),
    ).toEqual([
      ['ada', 'ADMIN', true],
      ['ben', 'BASIC', false],
    ]);
  });
});

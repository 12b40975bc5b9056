/**
 * Actual 26.9's client (`@actual-app/api` 26.x as `actual-api-26`, each session in its own
 * process) against a Coffer server with users on and OpenID sign-in: the sessions come from
 * the OpenID flow (Actual's API takes them as `sessionToken`), the owner's budget is shared
 * with a second user, who downloads it, reads the owner's transactions and adds their own; the
 * owner then sees them. A third user, not shared with, cannot download it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';
import {
  signInWithOpenId,
  startOidcProvider,
  type TestOidcProvider,
} from '../test-helpers/oidc.ts';

const RUNNER = fileURLToPath(
  new URL('../../../api/src/test-helpers/actual-current-runner.mjs', import.meta.url),
);

let t: TestServer;
let idp: TestOidcProvider;
const dirs: string[] = [];
afterEach(async () => {
  await t?.stop();
  await idp?.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Seed {
  shop: string;
  treats: string;
  split: string;
}

interface JobOut {
  budgetId?: string;
  groupId?: string;
  seed?: Seed;
  transactions?: { id: string; amount: number; notes: string | null }[];
  tags?: { tag: string; color: string; description: string; hidden: unknown }[];
}

/**
 * One Actual session: `sessionToken` is all it knows of the user. Spawned without blocking:
 * the Coffer server answering it runs in this process.
 */
async function actualJob(
  sessionToken: string,
  steps: object[],
): Promise<{ ok: boolean; out: JobOut; err: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-openid-interop-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'job.json'),
    JSON.stringify({ dataDir: dir, serverURL: t.url, sessionToken, steps }),
  );
  const child = spawn(process.execPath, [RUNNER, join(dir, 'job.json'), join(dir, 'out.json')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Under vitest's NODE_ENV=test Actual's api opens budgets with syncing off.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) return { ok: false, out: {}, err: err || `exit ${code}` };
  return { ok: true, out: JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')), err: '' };
}

describe("Actual 26.9's client on a Coffer server with OpenID sign-in", () => {
  it('syncs a shared budget both ways with sessions from the OpenID flow', async () => {
    t = await startTestServer();
    idp = await startOidcProvider({ redirectUris: [`${t.url}/openid/callback`] });
    const password = await bootstrap(t.url);
    await call(t.url, 'POST', '/openid/enable', {
      token: password,
      json: { openId: idp.settings(t.url) },
    });
    const ada = (await signInWithOpenId(t.url, idp, 'ada', 'correct horse')).token!;
    for (const userName of ['ben', 'cy']) {
      await call(t.url, 'POST', '/admin/users', {
        token: ada,
        json: { userName, role: 'BASIC', enabled: true },
      });
    }
    const ben = (await signInWithOpenId(t.url, idp, 'ben')).token!;
    const cy = (await signInWithOpenId(t.url, idp, 'cy')).token!;

    const made = await actualJob(ada, [
      { op: 'create', name: 'Household' },
      { op: 'seed' },
      { op: 'sync' },
    ]);
    expect(made.err).toBe('');
    const { groupId, seed } = made.out;
    const files = await call(t.url, 'GET', '/sync/list-user-files', { token: ada });
    const fileId = files.json.data[0].fileId as string;
    expect(files.json.data[0].owner).toBe(
      (await call(t.url, 'GET', '/account/validate', { token: ada })).json.data.userId,
    );

    const refused = await actualJob(cy, [{ op: 'download', syncId: groupId }]);
    expect(refused.ok).toBe(false);

    const share = await call(t.url, 'POST', '/admin/access', {
      token: ada,
      json: {
        fileId,
        userId: (await call(t.url, 'GET', '/account/validate', { token: ben })).json.data.userId,
      },
    });
    expect(share.json).toEqual({ status: 'ok', data: {} });
    const ids = [seed!.shop, seed!.treats];
    const bens = await actualJob(ben, [
      { op: 'download', syncId: groupId },
      { op: 'read', ids },
      { op: 'tags', create: [{ tag: 'bens', color: '#1f6f43', description: 'from ben' }] },
      { op: 'sync' },
    ]);
    expect(bens.err).toBe('');
    expect(bens.out.transactions?.map((x) => x.id).sort()).toEqual([...ids].sort());

    const back = await actualJob(ada, [{ op: 'download', syncId: groupId }, { op: 'tags' }]);
    expect(back.err).toBe('');
    expect(back.out.tags).toEqual([
      { tag: 'bens', color: '#1f6f43', description: 'from ben', hidden: expect.anything() },
    ]);
  }, 600_000);
});

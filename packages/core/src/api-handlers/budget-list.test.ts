import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../app.ts';
import { isHandlerError } from '../handlers-core/errors.ts';
import { PASSWORD, connect, makeClient } from '../files/test-helpers/clients.ts';
import { diskPlatform } from '../files/test-helpers/node-platform.ts';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../files/test-helpers/servers.ts';
import { createApiModule } from './index.ts';
import type { ApiFileEntity } from './models.ts';

const targets: Array<[string, () => Promise<RunningServer>]> = [
  ['@actual-app/sync-server', startActualServer],
];
// Coffer's own server, once built (`npm run build`).
if (cofferServerBuild()) targets.push(['the Coffer server', startCofferServer]);

/** A script's core: the app with its cloud module and the api handlers. */
function scriptCore() {
  const platform = diskPlatform({ prefix: 'coffer-api-list-' });
  const core = createAppCore({
    platform,
    documentDir: platform.fs.join(platform.dir, 'documents'),
    cloud: { persistState: false, syncDelayMs: 60_000 },
  }).register(createApiModule());
  async function must<T>(name: string, args?: unknown): Promise<T> {
    const res = await core.sendUnknown(name, args);
    if (isHandlerError(res)) throw new Error(`${name} failed: ${JSON.stringify(res)}`);
    return res as T;
  }
  return { platform, core, must };
}

const byName = (list: ApiFileEntity[]) =>
  [...list].sort((a, b) => `${a.name}${a.state ?? ''}`.localeCompare(`${b.name}${b.state ?? ''}`));

describe.each(targets)('api/get-budgets through %s', (_name, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists local folders, then every file on the server while signed in', async () => {
    // Another device puts two files on the server and deletes one of them there.
    const other = makeClient({ name: 'api-list-other' });
    const script = scriptCore();
    try {
      await connect(other, server.url);
      await other.must('create-budget', { budgetName: 'Theirs' });
      const theirs = await other.must<{ cloudFileId: string; groupId: string }>('load-prefs');
      await other.must('create-budget', { budgetName: 'Trashed' });
      const trashed = await other.must<{ cloudFileId: string }>('load-prefs');
      await other.must('close-budget');
      await other.must('delete-budget', { cloudFileId: trashed.cloudFileId });

      // Not signed in: the folders on this device only.
      const local = await script.must<{ id: string }>('create-budget', {
        budgetName: 'Mine',
        avoidUpload: true,
      });
      await script.must('close-budget');
      expect(await script.must('api/get-budgets')).toEqual([{ id: local.id, name: 'Mine' }]);

      await script.must('set-server-url', { url: server.url });
      await script.must('subscribe-sign-in', { password: PASSWORD });
      const shared = await script.must<{ id: string }>('create-budget', { budgetName: 'Shared' });
      const prefs = await script.must<{ cloudFileId: string; groupId: string }>('load-prefs');
      await script.must('close-budget');

      // A synced budget appears twice: its folder and its server file (Actual's api does the
      // same); the deleted file does not appear at all.
      expect(byName(await script.must<ApiFileEntity[]>('api/get-budgets'))).toEqual([
        { id: local.id, name: 'Mine' },
        { id: shared.id, cloudFileId: prefs.cloudFileId, groupId: prefs.groupId, name: 'Shared' },
        {
          cloudFileId: prefs.cloudFileId,
          state: 'remote',
          groupId: prefs.groupId,
          name: 'Shared',
          encryptKeyId: null,
          hasKey: false,
        },
        {
          cloudFileId: theirs.cloudFileId,
          state: 'remote',
          groupId: theirs.groupId,
          name: 'Theirs',
          encryptKeyId: null,
          hasKey: false,
        },
      ]);

      // Signed out: the server's files go from the list again.
      await script.must('subscribe-sign-out');
      expect(byName(await script.must<ApiFileEntity[]>('api/get-budgets'))).toEqual([
        { id: local.id, name: 'Mine' },
        { id: shared.id, cloudFileId: prefs.cloudFileId, groupId: prefs.groupId, name: 'Shared' },
      ]);
    } finally {
      await other.close();
      await script.core.sendUnknown('close-budget');
      await script.core.idle();
      script.platform.cleanup();
    }
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { createApiModule } from './api-handlers/index.ts';
import { createAppCore } from './app.ts';
import { createCloudModule } from './files/cloud-module.ts';
import { createTestPlatform } from './db/test-helpers/test-platform.ts';

describe('createAppCore', () => {
  it('registers every domain module once, and the api module on top without clashes', async () => {
    const core = createAppCore({ platform: createTestPlatform(), documentDir: '/docs' });
    for (const name of [
      'create-budget',
      'undo',
      'accounts-get',
      'account-close',
      'payees-merge',
      'get-categories',
      'category-group-delete',
      'transactions-batch-update',
      'notes-save',
      'tools/fix-split-transactions',
      'query',
      'create-query',
      'getCell',
      'budget/budget-amount',
    ]) {
      expect(core.has(name), name).toBe(true);
    }
    expect(() => core.register(createApiModule())).not.toThrow();
    expect(await core.sendUnknown('accounts-get')).toMatchObject({ error: { type: 'no-budget' } });
    expect(await core.sendUnknown('no-such-handler')).toEqual({
      error: { type: 'APIError', message: 'Unknown method: no-such-handler' },
    });
  });

  it('registers the cloud module when asked (the api on Node), and only then', () => {
    const platform = createTestPlatform();
    const plain = createAppCore({ platform, documentDir: '/docs' });
    expect(plain.has('sync')).toBe(false);
    expect(plain.has('get-last-opened-backup')).toBe(true);
    // A host without the option adds its own cloud module (the browser worker does).
    expect(() => plain.register(createCloudModule().module)).not.toThrow();

    const cloud = createAppCore({ platform, documentDir: '/docs', cloud: {} });
    for (const name of ['set-server-url', 'download-budget', 'sync', 'key-test', 'sync-reset']) {
      expect(cloud.has(name), name).toBe(true);
    }
    expect(() => cloud.register(createCloudModule().module)).toThrow(/already registered/);
  });
});

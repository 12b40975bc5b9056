import { afterEach, describe, expect, it } from 'vitest';
import { createApiModule } from '../api-handlers/index.ts';
import { createAppCore } from '../app.ts';
import { type DiskPlatform, diskPlatform } from './test-helpers/node-platform.ts';
import { revocableServer as server } from './test-helpers/revocable-server.ts';

let platform: DiskPlatform | undefined;
afterEach(() => platform?.cleanup());

describe('read-only after the server rejected our token', () => {
  it('refuses writes to a cloud file with `unauthorized` until sign-in; reads and local files go on', async () => {
    const fake = server();
    platform = diskPlatform({ prefix: 'coffer-readonly-', fetch: fake.fetch });
    const core = createAppCore({
      platform,
      documentDir: platform.dir,
      cloud: { persistState: false, syncDelayMs: 60_000 },
    }).register(createApiModule());
    /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped edge for brevity */
    const send = (name: string, args?: unknown) => core.sendUnknown(name, args) as Promise<any>;
    const messages = () =>
      core.budget!.sqlite.first<{ n: number }>('SELECT count(*) AS n FROM messages_crdt')!.n;

    await send('set-server-url', { url: 'http://sync.invalid', validate: false });
    expect(await send('subscribe-sign-in', { password: 'pw' })).toEqual({});
    const { id } = await send('create-budget', { budgetName: 'Shared' });
    expect((await send('load-prefs')).cloudFileId).toBeTruthy();
    expect(typeof (await send('payee-create', { name: 'Before' }))).toBe('string');

    fake.state.revoked = true;
    expect(await send('sync')).toMatchObject({ error: { type: 'unauthorized' } });
    const before = messages();
    const refused = await send('payee-create', { name: 'While read-only' });
    expect(refused).toEqual({
      error: {
        type: 'unauthorized',
        reason: 'unauthorized',
        message: 'You are not logged in.',
        meta: { readOnly: true },
      },
    });
    // Through the api's entry too, and nothing was written by either.
    expect(await send('api/payee-create', { payee: { name: 'Api' } })).toMatchObject({
      error: { type: 'unauthorized' },
    });
    expect(messages()).toBe(before);
    expect((await send('payees-get')).map((p: { name: string }) => p.name)).toContain('Before');
    expect(await send('undo')).toMatchObject({ error: { type: 'unauthorized' } });

    // A local-only budget never talks to the server: it stays writable.
    await send('create-budget', { budgetName: 'Local', avoidUpload: true });
    expect(typeof (await send('payee-create', { name: 'Local payee' }))).toBe('string');

    // Signing in again lifts it.
    fake.state.revoked = false;
    expect(await send('load-budget', { id })).toEqual({});
    expect(await send('subscribe-sign-in', { password: 'pw' })).toEqual({});
    expect(typeof (await send('payee-create', { name: 'After' }))).toBe('string');
    await send('close-budget');
  });
});

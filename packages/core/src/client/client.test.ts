import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createAppCore } from '../app.ts';
import { diskPlatform, type DiskPlatform } from '../files/test-helpers/node-platform.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { CoreError, createClient, type CofferClient } from './client.ts';
import { serveCore, type ServedCore } from './serve.ts';
import type { ClientEvents, CoreHandlers } from './types.ts';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Handlers that misbehave on purpose, on top of the real app core. */
const faultyModule = defineModule('faulty', {
  boom: handler({
    run(): never {
      throw new Error('boom');
    },
  }),
  'api/boom': handler({
    run(): never {
      throw new Error('api boom');
    },
  }),
});

function appCore(platform: DiskPlatform) {
  return createAppCore({ platform, documentDir: platform.dir }).register(faultyModule);
}

type TestHandlers = CoreHandlers & {
  boom: { args: undefined; result: never };
  'api/boom': { args: undefined; result: never };
};

interface Setup {
  client: CofferClient<TestHandlers>;
  served: ServedCore;
  core: ReturnType<typeof appCore>;
  ports: [MessagePort, MessagePort];
}

function setup(options: { serve?: boolean } = {}): Setup & { serve(): ServedCore } {
  const platform = diskPlatform({ prefix: 'coffer-client-' });
  const core = appCore(platform);
  const { port1, port2 } = new MessageChannel();
  const client = createClient<TestHandlers>(port1);
  let served: ServedCore | null = null;
  const serve = (): ServedCore => (served = serveCore(core, port2, { timers: platform.timers }));
  if (options.serve !== false) serve();
  cleanups.push(() => {
    client.close();
    served?.close();
    port1.close();
    port2.close();
    platform.cleanup();
  });
  return {
    client,
    core,
    ports: [port1, port2],
    serve,
    get served() {
      if (!served) throw new Error('not served');
      return served;
    },
  };
}

/** The pushes of one event, collected. */
function collect<K extends keyof ClientEvents & string>(
  client: CofferClient<TestHandlers>,
  name: K,
): ClientEvents[K][] {
  const seen: ClientEvents[K][] = [];
  cleanups.push(client.listen(name, (payload) => seen.push(payload)));
  return seen;
}

describe('client ↔ serveCore over a MessageChannel, with the real app core', () => {
  it('creates a budget, writes a row and reads it back through typed calls', async () => {
    const { client } = setup();
    await client.ready;
    expect(client.connected).toBe(true);
    const created = await client.send('create-budget', { budgetName: 'Home', avoidUpload: true });
    expect(created).toMatchObject({ id: expect.stringMatching(/^Home-/) });
    const accountId = await client.send('account-create', { name: 'Checking', balance: 12345 });
    expect(typeof accountId).toBe('string');
    const accounts = await client.send('accounts-get');
    expect(accounts).toEqual([expect.objectContaining({ id: accountId, name: 'Checking' })]);
  });

  it('queues requests sent before the core is served and answers them in order', async () => {
    const { client, serve } = setup({ serve: false });
    const first = client.send('create-budget', { budgetName: 'Early', avoidUpload: true });
    // A mutator: it queues behind create-budget in the core, so it sees the new budget.
    const second = client.send('account-create', { name: 'First' });
    expect(client.connected).toBe(false);
    serve();
    await expect(first).resolves.toMatchObject({ id: expect.stringMatching(/^Early-/) });
    await expect(second).resolves.toEqual(expect.any(String));
    expect(await client.send('accounts-get')).toMatchObject([{ name: 'First' }]);
  });

  it('forwards core events as pushes, and listen returns an unsubscribe', async () => {
    const { client, core } = setup();
    const syncEvents = collect(client, 'sync-event');
    const undoEvents = collect(client, 'undo-event');
    await client.send('create-budget', { budgetName: 'Pushy', avoidUpload: true });
    await client.send('account-create', { name: 'Cash' });
    await client.send('undo');
    expect(undoEvents).toHaveLength(1);
    expect(undoEvents[0]?.tables).toContain('accounts');
    expect(await client.send('accounts-get')).toEqual([]);

    const late: unknown[] = [];
    const stop = client.listen('sync-event', (e) => late.push(e));
    core.events.emit('sync-event', { type: 'start' });
    await client.send('load-prefs');
    stop();
    core.events.emit('sync-event', { type: 'success', tables: ['accounts'] });
    await client.send('load-prefs'); // a round trip: every earlier push has arrived
    expect(syncEvents).toEqual([{ type: 'start' }, { type: 'success', tables: ['accounts'] }]);
    expect(late).toEqual([{ type: 'start' }]);
  });

  it('a push that cannot be cloned arrives as server-error, and the emitter goes on', async () => {
    const { client, core } = setup();
    await client.ready;
    const serverErrors = collect(client, 'server-error');
    const unclonable = { type: 'start', meta: () => 'a function' } as const;
    expect(() => core.events.emit('sync-event', unclonable)).not.toThrow();
    await client.send('load-prefs');
    expect(serverErrors).toEqual([{ message: expect.any(String) }]);
  });

  it('holds pushes made before the handshake until the UI answers', async () => {
    const { client, serve } = setup({ serve: false });
    const failures = collect(client, 'app-init-failure');
    const served = serve();
    served.push('app-init-failure', {
      reason: 'opfs-unavailable',
      message: 'no OPFS',
      fallbackAvailable: true,
    });
    expect(served.connected).toBe(false);
    await client.ready;
    await client.send('load-prefs');
    expect(failures).toEqual([
      { reason: 'opfs-unavailable', message: 'no OPFS', fallbackAvailable: true },
    ]);
  });

  it('returns expected failures as values: unknown method, no budget, invalid args', async () => {
    const { client } = setup();
    const unknown = client as unknown as CofferClient<
      Record<string, { args: unknown; result: unknown }>
    >;
    expect(await unknown.send('no-such-handler')).toEqual({
      error: { type: 'APIError', message: 'Unknown method: no-such-handler' },
    });
    expect(await client.send('accounts-get')).toMatchObject({ error: { type: 'no-budget' } });
    expect(await unknown.send('load-budget', { id: 7 })).toMatchObject({
      error: { type: 'APIError' },
    });
  });

  it('a handler that throws rejects send and pushes server-error once', async () => {
    const { client } = setup();
    const serverErrors = collect(client, 'server-error');
    await expect(client.send('boom')).rejects.toEqual(new CoreError('InternalError', 'boom'));
    await client.send('load-prefs');
    expect(serverErrors).toEqual([{ message: 'boom' }]);
  });

  it('sendCatch turns a throw into { error } and a result into { data }', async () => {
    const { client } = setup();
    expect(await client.sendCatch('boom')).toEqual({
      error: { type: 'InternalError', message: 'boom' },
    });
    expect(await client.sendCatch('load-prefs')).toEqual({ data: null });
  });

  it('an api/* handler that throws replies with its error', async () => {
    const { client } = setup();
    const rejection = await client.send('api/boom').catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(CoreError);
    expect(rejection).toMatchObject({ type: 'InternalError', message: 'api boom' });
  });

  it('carries the undo tag and reports the writers that succeeded as mutated', async () => {
    const platform = diskPlatform({ prefix: 'coffer-client-' });
    const core = appCore(platform);
    const { port1, port2 } = new MessageChannel();
    const mutated: unknown[] = [];
    let url = '/budget';
    const client = createClient(port1, {
      undoTag: () => ({ url }),
      onMutated: (t) => mutated.push(t),
    });
    // The real core says which handlers write.
    const served = serveCore(core, port2, { timers: platform.timers });
    cleanups.push(async () => {
      client.close();
      served.close();
      port1.close();
      port2.close();
      // The open budget keeps building its derived tables in the background: close it and let
      // that finish, or the folder is removed while a step still writes into it (ENOTEMPTY).
      await core.sendUnknown('close-budget');
      await core.idle();
      platform.cleanup();
    });
    const undoEvents = collect(client as CofferClient<TestHandlers>, 'undo-event');
    url = '/nothing-open';
    // A writer that fails with an error value wrote nothing.
    expect(await client.send('account-create', { name: 'Nowhere' })).toMatchObject({
      error: { type: 'no-budget' },
    });
    url = '/budget';
    await client.send('create-budget', { budgetName: 'Tags', avoidUpload: true });
    url = '/accounts';
    await client.send('account-create', { name: 'Savings' });
    url = '/elsewhere';
    await client.send('accounts-get');
    expect(mutated).toEqual([{ url: '/budget' }, { url: '/accounts' }]);
    await client.send('undo');
    // The undo restores the UI state the undone request carried; it is a writer itself.
    expect(undoEvents[0]?.undoTag).toEqual({ url: '/accounts' });
    expect(mutated).toHaveLength(3);
  });

  it("holds the core's background work from each request's arrival until its answer is sent", async () => {
    const platform = diskPlatform({ prefix: 'coffer-client-' });
    const core = appCore(platform);
    const { port1, port2 } = new MessageChannel();
    const client = createClient<TestHandlers>(port1);
    const seen: string[] = [];
    const served = serveCore(
      {
        events: core.events,
        isMutator: (name) => core.isMutator(name),
        foreground: (until) => {
          seen.push('held');
          void until.then(() => seen.push('released'));
        },
        sendUnknown: async (name, args, options) => {
          seen.push(`running ${name}`);
          const answer = await core.sendUnknown(name, args, options);
          seen.push(`answered ${name}`);
          return answer;
        },
      },
      port2,
      { timers: platform.timers },
    );
    cleanups.push(() => {
      client.close();
      served.close();
      port1.close();
      port2.close();
      platform.cleanup();
    });
    expect(await client.send('user-active')).toBe(null);
    await expect(client.send('boom')).rejects.toThrow('boom');
    expect(seen).toEqual([
      'held',
      'running user-active',
      'answered user-active',
      'released',
      'held',
      'running boom',
      'released',
    ]);
  });

  it('repeats connect until the UI answers, then stops', async () => {
    const sent: unknown[] = [];
    const pending: Array<() => void> = [];
    const timers = {
      setTimeout: (fn: () => void) => pending.push(fn),
      clearTimeout: () => undefined,
    };
    let listener: ((event: { data: unknown }) => void) | null = null;
    const port = {
      postMessage: (m: unknown) => sent.push(m),
      addEventListener: (_t: 'message', fn: (event: { data: unknown }) => void) => (listener = fn),
      removeEventListener: () => (listener = null),
    };
    const core = { sendUnknown: async () => 'ok', events: { onAny: () => () => undefined } };
    const served = serveCore(core, port, { timers });
    pending.shift()?.();
    pending.shift()?.();
    expect(sent).toEqual([{ type: 'connect' }, { type: 'connect' }, { type: 'connect' }]);
    listener!({ data: { name: 'client-connected-to-backend' } });
    expect(served.connected).toBe(true);
    pending.shift()?.();
    expect(sent).toHaveLength(3);
    served.close();
  });

  it('close rejects waiting requests and refuses new ones', async () => {
    const { client } = setup({ serve: false });
    const waiting = client.send('load-prefs');
    client.close('The core worker failed to start');
    await expect(waiting).rejects.toMatchObject({
      type: 'ClientClosed',
      message: 'The core worker failed to start',
    });
    await expect(client.send('load-prefs')).rejects.toMatchObject({ type: 'ClientClosed' });
  });

  it('types calls by the handler map', () => {
    type Client = CofferClient;
    expectTypeOf<Parameters<Client['send']>[0]>().toEqualTypeOf<keyof CoreHandlers & string>();
    const check = (client: Client) => {
      // @ts-expect-error: account-create needs its arguments
      void client.send('account-create');
      // @ts-expect-error: name must be a string
      void client.send('account-create', { name: 5 });
      // @ts-expect-error: not a handler
      void client.send('no-such-handler');
      // @ts-expect-error: not an event
      client.listen('no-such-event', () => undefined);
      client.listen('cells-changed', (cells) => expectTypeOf(cells).toBeArray());
      return client.send('create-budget');
    };
    expectTypeOf(check).returns.resolves.toMatchTypeOf<{ id: string } | { error: unknown }>();
  });
});

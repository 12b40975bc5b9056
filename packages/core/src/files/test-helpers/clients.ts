import { budgetFileModule } from '../../budget-file/handlers.ts';
import { createCore } from '../../handlers-core/core.ts';
import type { CoreEvents } from '../../handlers-core/events.ts';
import { isHandlerError } from '../../handlers-core/errors.ts';
import { SYNCED_SCHEMA } from '../../schema/synced-tables.ts';
import { createCloudModule } from '../cloud-module.ts';
import type { CloudOptions } from '../session.ts';
import { type DiskPlatform, diskPlatform } from './node-platform.ts';

export const PASSWORD = 'correct horse';

/** One Coffer device: its own platform, document folder and core. */
export function makeClient(
  options: { fetch?: typeof globalThis.fetch; cloud?: CloudOptions; name?: string } = {},
) {
  const platform: DiskPlatform = diskPlatform({
    fetch: options.fetch,
    prefix: `coffer-${options.name ?? 'client'}-`,
  });
  const documentDir = platform.fs.join(platform.dir, 'documents');
  const cloud = createCloudModule({ syncDelayMs: 60_000, ...options.cloud });
  const core = createCore({ platform, documentDir })
    .register(budgetFileModule)
    .register(cloud.module);
  const events: Array<CoreEvents['sync-event']> = [];
  core.events.on('sync-event', (e) => events.push(e));

  /** `send`, failing the test on an error value. */
  async function must<T>(name: string, args?: unknown): Promise<T> {
    const res = await core.sendUnknown(name, args);
    if (isHandlerError(res)) throw new Error(`${name} failed: ${JSON.stringify(res)}`);
    return res as T;
  }

  return {
    name: options.name ?? 'client',
    platform,
    documentDir,
    core,
    session: cloud.session,
    events,
    must,
    send: (name: string, args?: unknown) => core.sendUnknown(name, args),
    get budget() {
      const budget = core.budget;
      if (!budget) throw new Error('no budget open');
      return budget;
    },
    async close() {
      await core.sendUnknown('close-budget');
      await core.idle();
      platform.cleanup();
    },
  };
}

export type Client = ReturnType<typeof makeClient>;

/** Point a client at a server and sign in (bootstrapping the server the first time). */
export async function connect(client: Client, url: string): Promise<void> {
  await client.must('set-server-url', { url });
  const state = await client.must<{ bootstrapped: boolean }>('subscribe-needs-bootstrap');
  if (!state.bootstrapped) await client.must('subscribe-bootstrap', { password: PASSWORD });
  await client.must('subscribe-sign-in', { password: PASSWORD });
}

/** Every synced table's rows, in id order: what must agree between devices. */
export function snapshot(client: Client): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of Object.keys(SYNCED_SCHEMA)) {
    out[table] = client.budget.sqlite.all(
      `${client.budget.db.columns.rowsSql(table)} ORDER BY t.id`,
    );
  }
  return out;
}

export function messageLog(client: Client): unknown[] {
  return client.budget.sqlite.all(
    'SELECT timestamp, dataset, row, column, value FROM messages_crdt ORDER BY timestamp',
  );
}

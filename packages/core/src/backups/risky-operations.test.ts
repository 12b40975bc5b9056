import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../app.ts';
import { DB_FILE, METADATA_FILE } from '../budget-file/prefs.ts';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import { type DiskPlatform, diskPlatform } from '../files/test-helpers/node-platform.ts';
import { GLOBAL_STATE_FILE } from '../global-state/global-state.ts';
import { initSchema } from '../schema/migrate.ts';
import { MIGRATIONS } from '../schema/migrations.ts';
import { BACKUP_DIR, type BackupInfo } from './store.ts';

let platform: DiskPlatform | undefined;
afterEach(() => platform?.cleanup());

/** Every request answers OK with a token and a group id: enough for sign-in and an upload. */
const okServer: typeof globalThis.fetch = async () =>
  new Response(JSON.stringify({ status: 'ok', data: { token: 'tok' }, groupId: 'group-1' }), {
    headers: { 'content-type': 'application/json' },
  });

function setup() {
  platform = diskPlatform({ prefix: 'coffer-risky-', fetch: okServer });
  const core = createAppCore({
    platform,
    documentDir: platform.dir,
    cloud: { persistState: false, syncDelayMs: 60_000 },
  });
  /* eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped edge for brevity */
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args) as Promise<any>;
  return { core, send, platform };
}

function count(path: string, sql: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('backups before risky operations', () => {
  it('a sync reset keeps the file as it was, message log and deleted rows included', async () => {
    const { send, platform: p } = setup();
    await send('set-server-url', { url: 'http://sync.invalid', validate: false });
    expect(await send('subscribe-sign-in', { password: 'pw' })).toEqual({});
    const { id } = await send('create-budget', { budgetName: 'Reset me', avoidUpload: true });
    const gone = await send('payee-create', { name: 'Deleted before the reset' });
    await send('payees-batch-change', { deleted: [{ id: gone }] });
    expect(await send('backups-get', { id })).toEqual([]);

    expect(await send('sync-reset')).toEqual({});
    const backups = (await send('backups-get', { id })) as BackupInfo[];
    expect(backups).toHaveLength(1);
    const copy = p.fs.join(p.dir, id, BACKUP_DIR, backups[0]!.id);
    const live = p.fs.join(p.dir, id, DB_FILE);
    expect(count(copy, 'SELECT count(*) AS n FROM messages_crdt')).toBeGreaterThan(0);
    expect(count(copy, 'SELECT count(*) AS n FROM payees WHERE tombstone = 1')).toBe(1);
    await send('close-budget');
    expect(count(live, 'SELECT count(*) AS n FROM messages_crdt')).toBe(0);
    expect(count(live, 'SELECT count(*) AS n FROM payees WHERE tombstone = 1')).toBe(0);
  });

  it('opening a file that needs migrations backs it up first, once', async () => {
    const { send, platform: p } = setup();
    // A file from an older version: the base schema and only the first ten migrations.
    const id = 'Old-file-1234567';
    const dir = p.fs.join(p.dir, id);
    await p.fs.mkdir(dir);
    const old = testSqliteDriver().open(p.fs.join(dir, DB_FILE));
    initSchema(old);
    for (const m of MIGRATIONS.slice(0, 10)) {
      m.up(old);
      old.run('INSERT INTO __migrations__ (id) VALUES (?)', [m.id]);
    }
    old.close();
    await p.fs.writeFile(p.fs.join(dir, METADATA_FILE), JSON.stringify({ id, budgetName: 'Old' }));

    expect(await send('load-budget', { id })).toEqual({});
    const backups = (await send('backups-get', { id })) as BackupInfo[];
    expect(backups).toHaveLength(1);
    const copy = p.fs.join(dir, BACKUP_DIR, backups[0]!.id);
    expect(count(copy, 'SELECT count(*) AS n FROM __migrations__')).toBe(10);
    await send('close-budget');
    expect(count(p.fs.join(dir, DB_FILE), 'SELECT count(*) AS n FROM __migrations__')).toBe(
      MIGRATIONS.length,
    );

    // Up to date now: opening again makes no backup.
    expect(await send('load-budget', { id })).toEqual({});
    expect(await send('backups-get', { id })).toHaveLength(1);
  });

  it('the last opened budget comes from the core’s own global state, not a file', async () => {
    const { send, platform: p } = setup();
    const { id } = await send('create-budget', { budgetName: 'Last', avoidUpload: true });
    expect(await send('get-last-opened-backup')).toBe(id);
    // The api keeps its state in memory: there is no state file to read it from.
    expect(await p.fs.exists(p.fs.join(p.dir, GLOBAL_STATE_FILE))).toBe(false);
    await send('close-budget');
    expect(await send('get-last-opened-backup')).toBeNull();
  });
});

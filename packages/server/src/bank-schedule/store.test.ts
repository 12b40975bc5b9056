/**
 * The scheduled sync's store, one suite for both adapters (SQLite, and PostgreSQL from Debian's
 * packages, started for this file): links, one claim per run, held rows and their release.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-helpers/harness.ts';
import { startTestPostgres, type TestPostgres } from '../test-helpers/postgres.ts';
import { PostgresStorage } from '../storage/postgres.ts';
import { SqliteStorage } from '../storage/sqlite.ts';
import type { Storage } from '../storage/storage.ts';
import type { IncomingRow, LinkKey } from './store.ts';

interface Backend {
  name: string;
  /** A fresh store and, on PostgreSQL, a second process's handle on the same database. */
  fresh(): Promise<Storage[]>;
  stop(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    async fresh() {
      const dir = tempDir('coffer-bank-hold-');
      dirs.push(dir);
      return [new SqliteStorage(join(dir, 'server-files'), join(dir, 'user-files'))];
    },
    async stop() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

function postgresBackend(): Backend {
  let server: TestPostgres | null = null;
  return {
    name: 'postgres',
    async fresh() {
      server ??= await startTestPostgres();
      const url = await server.createDatabase();
      // Two processes opening together: the schema is made once, without a race.
      return Promise.all([PostgresStorage.open(url), PostgresStorage.open(url)]);
    },
    async stop() {
      await server?.stop();
    },
  };
}

const key: LinkKey = { fileId: 'file-1', provider: 'simplefin', accountId: 'ACT-1' };
const row = (id: string, amount: string): IncomingRow => ({
  transactionId: id,
  digest: `${id}:${amount}`,
  data: JSON.stringify({ transactionId: id, amount }),
});

describe.each([sqliteBackend(), postgresBackend()])('bank hold store: $name', (backend) => {
  const open: Storage[] = [];
  const fresh = async () => {
    const made = await backend.fresh();
    open.push(...made);
    return made;
  };
  beforeAll(async () => {
    for (const s of await backend.fresh()) await s.close();
  }, 120_000);
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  afterAll(() => backend.stop(), 60_000);

  it('replaces a file’s links and keeps who registered them', async () => {
    const [{ bankHold }] = (await fresh()) as [Storage];
    await bankHold.setLinks('file-1', 'user-a', [
      { provider: 'simplefin', accountId: 'ACT-1', since: '2026-11-01' },
      { provider: 'enablebanking', accountId: 'EB-1', since: '2026-11-02' },
    ]);
    await bankHold.setLinks('file-2', null, [
      { provider: 'simplefin', accountId: 'ACT-1', since: '2026-10-01' },
    ]);
    await bankHold.setLinks('file-1', 'user-a', [
      { provider: 'simplefin', accountId: 'ACT-1', since: '2026-11-05' },
    ]);
    const links = await bankHold.listLinks();
    expect(links.map((l) => [l.fileId, l.provider, l.accountId, l.userId, l.since])).toEqual([
      ['file-1', 'simplefin', 'ACT-1', 'user-a', '2026-11-05'],
      ['file-2', 'simplefin', 'ACT-1', null, '2026-10-01'],
    ]);
  });

  it('gives each run of a link to exactly one claimant', async () => {
    const stores = await fresh();
    const [first] = stores as [Storage];
    await first.bankHold.setLinks('file-1', null, [
      { provider: 'simplefin', accountId: 'ACT-1', since: '2026-11-01' },
    ]);
    const claimants = [...stores, ...stores, ...stores];
    const won = await Promise.all(claimants.map((s) => s.bankHold.claimRun(key, 1000, 61_000)));
    expect(won.filter(Boolean)).toHaveLength(1);
    // Not due again before the interval is over; then one claim again.
    expect(await first.bankHold.claimRun(key, 60_999, 121_000)).toBe(false);
    expect(await first.bankHold.claimRun(key, 61_000, 121_000)).toBe(true);
    expect(await first.bankHold.claimRun({ ...key, accountId: 'nope' }, 61_000, 1)).toBe(false);
    expect((await first.bankHold.listLinks())[0]!.nextDue).toBe(121_000);
  });

  it('holds new and changed rows once, and forgets what the app released', async () => {
    const [{ bankHold }] = (await fresh()) as [Storage];
    expect(await bankHold.hold(key, [row('t1', '-5.00')])).toBe(0); // not linked: nothing held
    await bankHold.setLinks('file-1', null, [
      { provider: 'simplefin', accountId: 'ACT-1', since: '2026-11-01' },
    ]);
    expect(await bankHold.hold(key, [row('t1', '-5.00'), row('t2', '-7.00')])).toBe(2);
    expect(await bankHold.hold(key, [row('t1', '-5.00'), row('t2', '-7.00')])).toBe(0);
    const read = await bankHold.held('file-1');
    expect(read.map((r) => r.transactionId)).toEqual(['t1', 't2']);
    expect(JSON.parse(read[1]!.data)).toEqual({ transactionId: 't2', amount: '-7.00' });
    expect(await bankHold.held('file-2')).toEqual([]);

    // A pending row that posts with another amount after the app read: it is held again and
    // the app's release (up to what it read) leaves the new version.
    expect(await bankHold.hold(key, [row('t2', '-8.40')])).toBe(1);
    expect(await bankHold.release('file-1', Math.max(...read.map((r) => r.seq)))).toBe(1);
    const after = await bankHold.held('file-1');
    expect(after.map((r) => [r.transactionId, JSON.parse(r.data).amount])).toEqual([
      ['t2', '-8.40'],
    ]);
    expect(await bankHold.release('file-1', after[0]!.seq)).toBe(1);
    expect(await bankHold.held('file-1')).toEqual([]);
    // Released rows are not held again when the bank sends them again.
    expect(await bankHold.hold(key, [row('t1', '-5.00'), row('t2', '-8.40')])).toBe(0);

    // An unlinked account's rows go with its link.
    expect(await bankHold.hold(key, [row('t3', '-1.00')])).toBe(1);
    await bankHold.setLinks('file-1', null, []);
    expect(await bankHold.held('file-1')).toEqual([]);
  });

  it('keeps the schedule setting', async () => {
    const [{ bankHold }] = (await fresh()) as [Storage];
    expect(await bankHold.schedule()).toBeNull();
    await bankHold.setSchedule({ enabled: true, intervalMinutes: 240 });
    await bankHold.setSchedule({ enabled: false, intervalMinutes: 60 });
    expect(await bankHold.schedule()).toEqual({ enabled: false, intervalMinutes: 60 });
  });
});

/**
 * Issue 31's fail-over load test, short version: three real server processes on one PostgreSQL
 * behind the round-robin proxy, clients syncing all the while, one process killed with SIGKILL
 * part-way. `bench/server/load.ts --processes 3` is the long one (and prints the timings).
 */
import { merkle, Timestamp, type TrieNode } from '@coffer/crdt';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledMain } from '../test-helpers/cli.ts';
import { bootstrap, call, upload } from '../test-helpers/harness.ts';
import { syncOnce } from '../test-helpers/messages.ts';
import { startTestPostgres, type TestPostgres } from '../test-helpers/postgres.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { runLoad } from './load-client.ts';

/** The run's shape; the long run in bench/server is 60 s with a kill at 30 s. */
const RUN_MS = 8_000;
const KILL_AT_MS = 3_000;
const FILE = 'failover-file';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let postgres: TestPostgres;
let cluster: Cluster | undefined;
beforeAll(async () => {
  postgres = await startTestPostgres();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await postgres?.stop();
}, 60_000);

async function download(base: string, token: string): Promise<Buffer> {
  const res = await call(base, 'GET', '/sync/download-user-file', {
    token,
    headers: { 'x-actual-file-id': FILE },
  });
  if (res.status !== 200) throw new Error(`download ${res.status}: ${res.text}`);
  return Buffer.from(res.bytes);
}

/** Downloads through the proxy until the kill is over, retrying as the sync clients do. */
async function downloadLoop(url: string, token: string, expected: Buffer, until: () => boolean) {
  const outcome = { downloads: 0, retried: 0, wrong: 0, errors: [] as string[] };
  while (!until()) {
    for (let attempt = 0; ; attempt++) {
      try {
        const bytes = await download(url, token);
        outcome.downloads++;
        if (!bytes.equals(expected)) outcome.wrong++;
        break;
      } catch (e) {
        if (attempt >= 5) {
          outcome.errors.push((e as Error).message);
          break;
        }
        outcome.retried++;
        await sleep(50);
      }
    }
    await sleep(250);
  }
  return outcome;
}

describe('three server processes on one PostgreSQL, one killed with SIGKILL mid-run', () => {
  it('loses and doubles no message, every client ends on the server merkle, files and sessions survive', async () => {
    const databaseUrl = await postgres.createDatabase();
    cluster = await startCluster({ mainScript: await bundledMain(), databaseUrl, processes: 3 });
    const c = cluster;
    // Through the proxy, the first request goes to process 0: the one that gets killed.
    const token = await bootstrap(c.url, 'a host password');
    const snapshot = randomBytes(1024 * 1024 + 11);
    const up = await upload(c.url, token, FILE, snapshot);
    expect(up.status).toBe(200);
    const groupId = up.json.groupId as string;

    let loadDone = false;
    const files = downloadLoop(c.url, token, snapshot, () => loadDone);
    const killed = sleep(KILL_AT_MS).then(() => c.kill(0));
    const result = await runLoad(
      { url: c.url, token, fileId: FILE, groupId },
      { clients: 16, messagesPerClient: 40, batchSize: 4, durationMs: RUN_MS, retries: 5 },
    );
    loadDone = true;
    expect(await killed).toBe('SIGKILL');
    const fileRun = await files;

    // The kill was felt (requests to the dead process failed and were retried) and then
    // routed around; no client was left with an error after its retries. Whichever request
    // reaches the dead process first (a sync client's or the download loop's) is refused and
    // marks it down, so the retries are counted over both kinds of client.
    expect(c.proxy.down.has(0)).toBe(true);
    expect(c.proxy.failed()).toBeGreaterThan(0);
    expect(result.retried.length + fileRun.retried).toBeGreaterThan(0);
    expect(result.errors).toEqual([]);
    expect(result.clientsComplete).toBe(true);

    // Every acknowledged message stored exactly once, counted in the database itself.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const counted = await db.query<{ all: string; distinct: string }>(
        'SELECT count(*) AS all, count(DISTINCT timestamp) AS distinct FROM coffer_messages WHERE group_id = $1',
        [groupId],
      );
      expect(Number(counted.rows[0]!.all)).toBe(result.created);
      expect(Number(counted.rows[0]!.distinct)).toBe(result.created);
    } finally {
      await db.end();
    }

    // Each survivor answers the same merkle: the pruned trie of every stored timestamp, and
    // the trie each client ended with.
    const survivors = c.processes.slice(1).map((p) => p.url);
    const answers = await Promise.all(
      survivors.map((url) =>
        syncOnce(url, { token, fileId: FILE, groupId, since: Timestamp.zero.toString() }),
      ),
    );
    const [first, second] = answers;
    expect(second!.merkle).toBe(first!.merkle);
    const serverTrie = JSON.parse(first!.merkle) as TrieNode;
    const rebuilt = merkle.prune(
      first!.messages.reduce(
        (trie, m) => merkle.insert(trie, Timestamp.parse(m.timestamp)!),
        {} as TrieNode,
      ),
    );
    expect(first!.messages).toHaveLength(result.created);
    expect(serverTrie).toEqual(rebuilt);
    for (const hash of result.clientHashes) expect(hash).toBe(serverTrie.hash);

    // Downloads went on through the kill, always the whole snapshot.
    expect(fileRun.errors).toEqual([]);
    expect(fileRun.wrong).toBe(0);
    expect(fileRun.downloads).toBeGreaterThan(0);

    // After it: a new upload through the proxy is what every survivor serves.
    const next = randomBytes(256 * 1024 + 3);
    const again = await upload(c.url, token, FILE, next, { 'x-actual-group-id': groupId });
    expect(again.status).toBe(200);
    for (const url of survivors) expect((await download(url, token)).equals(next)).toBe(true);

    // Sessions: the one made by the killed process, and a new one, work on both survivors.
    const login = await call(c.url, 'POST', '/account/login', {
      json: { password: 'a host password' },
    });
    const fresh = login.json.data.token as string;
    for (const url of survivors) {
      for (const t of [token, fresh]) {
        expect((await call(url, 'GET', '/account/validate', { token: t })).status).toBe(200);
      }
      const forged = await call(url, 'GET', '/account/validate', { token: 'not-a-session' });
      expect(forged.status).toBe(401);
    }
  }, 240_000);
});

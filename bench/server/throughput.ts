/**
 * Requests per second and latency percentiles of sync and of file download, closed loop (each
 * worker sends its next request when the last is answered), on the same work against:
 * Coffer on SQLite (one process), Coffer on PostgreSQL with 1..N processes (more than one behind
 * the round-robin proxy, which runs in this process) and Actual 26.9's own server.
 *
 * Actual's server limits every client address to 500 requests a minute. As a host would run it,
 * it trusts the local proxy (`ACTUAL_TRUSTED_PROXIES=127.0.0.1/32`) and each request names its
 * own client address in `X-Forwarded-For`, so the figures are its speed, not its limiter (its
 * development mode, which drops the limiter, needs packages the npm build does not ship).
 * Coffer ignores the header.
 */
import { encodeMessage, encodeSyncRequest, Timestamp, type MessageEnvelope } from '@coffer/crdt';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from '../../packages/server/src/load/cluster.ts';
import { percentile } from '../../packages/server/src/load/load-client.ts';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { startTestPostgres } from '../../packages/server/src/test-helpers/postgres.ts';
import { peakRssMB, startCoffer } from './servers.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    seed: { type: 'string', default: '2000' },
    'file-mb': { type: 'string', default: '1' },
    processes: { type: 'string', default: '1,3' },
    actual: { type: 'string', default: 'actual-sync-server-26' },
  },
});
const WORKERS = Number(values.workers);
const SECONDS = Number(values.seconds);
const SEED = Number(values.seed);
const FILE_BYTES = Math.round(Number(values['file-mb']) * 1024 * 1024);
const PG_PROCESSES = values.processes.split(',').map(Number).filter(Boolean);

interface Target {
  name: string;
  url: string;
  pids: number[];
  stop(): Promise<void>;
}

interface Phase {
  requests: number;
  errors: number;
  firstError: string | null;
  perSecond: number;
  p50: number;
  p99: number;
}

interface Row {
  target: string;
  sync: Phase;
  download: Phase;
  peakMB: number;
}

let nextAddress = 0;
/** A different client address for every request (see the note at the top). */
function forwardedFor(): Record<string, string> {
  const n = nextAddress++;
  return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

async function post(url: string, body: unknown): Promise<{ data: { token: string } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { token: string } };
}

/** Runs `once` in `WORKERS` closed loops for `SECONDS`; a thrown error counts, it does not stop. */
async function closedLoop(once: (worker: number) => Promise<void>): Promise<Phase> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await once(worker);
          latencies.push(performance.now() - t);
        } catch (e) {
          errors++;
          firstError ??= e instanceof Error ? `${e.message} ${String(e.cause ?? '')}` : String(e);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    errors,
    firstError,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function measure(target: Target): Promise<Row> {
  const token = (await post(`${target.url}/account/bootstrap`, { password: 'bench' })).data.token;
  const fileId = 'throughput-file';
  const file = randomBytes(FILE_BYTES);
  const up = await fetch(`${target.url}/sync/upload-user-file`, {
    method: 'POST',
    headers: {
      'content-type': 'application/encrypted-file',
      'x-actual-token': token,
      'x-actual-file-id': fileId,
      'x-actual-name': 'Throughput',
      'x-actual-format': '2',
    },
    body: file,
  });
  if (up.status !== 200) throw new Error(`${target.name}: upload ${up.status}`);
  const groupId = ((await up.json()) as { groupId: string }).groupId;

  const syncBody = (since: string, messages: MessageEnvelope[]) =>
    encodeSyncRequest({ messages, fileId, groupId, keyId: '', since });
  const sync = async (body: Uint8Array) => {
    const res = await fetch(`${target.url}/sync/sync`, {
      method: 'POST',
      headers: {
        'content-type': 'application/actual-sync',
        'x-actual-token': token,
        ...forwardedFor(),
      },
      body,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sync ${res.status}`);
  };
  const message = (ts: Timestamp, i: number): MessageEnvelope => ({
    timestamp: ts.toString(),
    isEncrypted: false,
    content: encodeMessage({
      dataset: 'transactions',
      row: `row-${i}`,
      column: 'amount',
      value: `N:${i}`,
    }),
  });

  // A history to sync against: SEED messages from a week ago, in batches of 500.
  const seedStart = Date.now() - 7 * 86_400_000;
  for (let i = 0; i < SEED; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(SEED, i + 500); j++) {
      batch.push(message(new Timestamp(seedStart + j * 1000, 0, '00000000000000aa'), j));
    }
    await sync(syncBody(Timestamp.zero.toString(), batch));
  }

  // Each worker is a device: one new message per sync, asking for what came since its last.
  const clocks = Array.from({ length: WORKERS }, (_, w) => ({
    node: (0xb000 + w).toString(16).padStart(16, '0'),
    last: Timestamp.zero.toString(),
    counter: 0,
    millis: 0,
  }));
  const syncPhase = await closedLoop(async (w) => {
    const clock = clocks[w]!;
    const now = Date.now();
    clock.counter = now > clock.millis ? 0 : clock.counter + 1;
    clock.millis = Math.max(now, clock.millis);
    const ts = new Timestamp(clock.millis, clock.counter, clock.node);
    const since = clock.last === Timestamp.zero.toString() ? ts.toString() : clock.last;
    await sync(syncBody(since, [message(ts, w)]));
    clock.last = ts.toString();
  });

  const downloadPhase = await closedLoop(async () => {
    const res = await fetch(`${target.url}/sync/download-user-file`, {
      headers: { 'x-actual-token': token, 'x-actual-file-id': fileId, ...forwardedFor() },
    });
    const bytes = await res.arrayBuffer();
    if (res.status !== 200 || bytes.byteLength !== FILE_BYTES) {
      throw new Error(`download ${res.status} ${bytes.byteLength}`);
    }
  });
  return {
    target: target.name,
    sync: syncPhase,
    download: downloadPhase,
    peakMB: target.pids.reduce((sum, pid) => sum + peakRssMB(pid), 0),
  };
}

async function main() {
  console.log(
    `server throughput: ${WORKERS} workers, ${SECONDS} s each of sync (1 message, on ${SEED} stored) ` +
      `and download (${(FILE_BYTES / 1048576).toFixed(1)} MB), node ${process.version}`,
  );
  const mainScript = resolve('packages/server/dist/main.js');
  const starts: (() => Promise<Target>)[] = [
    async () => {
      const s = await startCoffer();
      return { name: 'coffer sqlite', url: s.url, pids: [s.pid], stop: s.stop };
    },
    ...PG_PROCESSES.map((n) => async (): Promise<Target> => {
      const pg = await startTestPostgres();
      const cluster = await startCluster({
        mainScript,
        databaseUrl: await pg.createDatabase(),
        processes: n,
      });
      return {
        name: `coffer postgres x${n}${n > 1 ? ' (proxy)' : ''}`,
        // One process is reached directly: the proxy's own cost is not one process's.
        url: n > 1 ? cluster.url : cluster.processes[0]!.url,
        pids: cluster.processes.map((p) => p.pid),
        async stop() {
          await cluster.stop();
          await pg.stop();
        },
      };
    }),
    async () => {
      const s = await startActualServer({ ACTUAL_TRUSTED_PROXIES: '127.0.0.1/32' }, values.actual);
      return { name: `actual ${values.actual}`, url: s.url, pids: [s.pid], stop: s.stop };
    },
  ];
  const rows: Row[] = [];
  for (const start of starts) {
    const target = await start();
    try {
      rows.push(await measure(target));
    } finally {
      await target.stop();
    }
  }
  const f = (n: number) => n.toFixed(1);
  console.table(
    rows.map((r) => ({
      server: r.target,
      'sync req/s': f(r.sync.perSecond),
      'sync p50 ms': f(r.sync.p50),
      'sync p99 ms': f(r.sync.p99),
      'download req/s': f(r.download.perSecond),
      'download p50 ms': f(r.download.p50),
      'download p99 ms': f(r.download.p99),
      errors: r.sync.errors + r.download.errors,
      'peak RSS MB': r.peakMB.toFixed(0),
    })),
  );
  for (const r of rows) {
    for (const [phase, p] of [
      ['sync', r.sync],
      ['download', r.download],
    ] as const) {
      if (p.firstError) console.log(`${r.target} ${phase}: first error: ${p.firstError}`);
    }
  }
  process.exitCode = rows.every((r) => r.sync.errors + r.download.errors === 0) ? 0 : 1;
}

await main();

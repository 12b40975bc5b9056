/**
 * The long load test: concurrent clients syncing into one group for a minute against Coffer's
 * server (its own process). Checks every message is stored once and every client ends with the
 * server's merkle trie; prints latency percentiles and the server's peak memory.
 *
 * With `--processes N`, Coffer runs as N processes on one PostgreSQL behind the round-robin
 * proxy; `--kill-at S` SIGKILLs the first process S seconds in (issue 31: `--clients 200
 * --processes 3 --kill-at 30`). Clients then retry a failed sync up to 5 times.
 */
import { decodeSyncResponse, encodeSyncRequest, Timestamp } from '@coffer/crdt';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startCluster } from '../../packages/server/src/load/cluster.ts';
import { percentile, runLoad } from '../../packages/server/src/load/load-client.ts';
import { startTestPostgres } from '../../packages/server/src/test-helpers/postgres.ts';
import { peakRssMB, startActual, startCoffer, type ServerProcess } from './servers.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    messages: { type: 'string', default: '500' },
    batch: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    target: { type: 'string', default: 'coffer' },
    processes: { type: 'string', default: '0' },
    'kill-at': { type: 'string', default: '0' },
  },
});
const PROCESSES = Number(values.processes);
const KILL_AT_MS = Number(values['kill-at']) * 1000;

/** N Coffer processes on a throwaway PostgreSQL behind the proxy, as one server to the clients. */
async function startPgCluster(): Promise<ServerProcess & { kill(): Promise<unknown> }> {
  const pg = await startTestPostgres();
  const cluster = await startCluster({
    mainScript: resolve('packages/server/dist/main.js'),
    databaseUrl: await pg.createDatabase(),
    processes: PROCESSES,
  });
  return {
    name: `coffer postgres x${PROCESSES} (proxy)`,
    url: cluster.url,
    pid: cluster.processes[1]?.pid ?? cluster.processes[0]!.pid,
    kill: () => cluster.kill(0),
    async stop() {
      console.log('requests answered by each process:', cluster.proxy.served.join(', '));
      await cluster.stop();
      await pg.stop();
    },
  };
}

async function main() {
  const cluster = PROCESSES > 0 ? await startPgCluster() : null;
  const server =
    cluster ?? (values.target === 'actual' ? await startActual() : await startCoffer());
  try {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const token = (await post('/account/bootstrap', { password: 'load' })).data.token as string;
    const up = await fetch(`${server.url}/sync/upload-user-file`, {
      method: 'POST',
      headers: {
        'content-type': 'application/encrypted-file',
        'x-actual-token': token,
        'x-actual-file-id': 'load-file',
        'x-actual-name': 'Load',
        'x-actual-format': '2',
      },
      body: 'snapshot',
    });
    const groupId = ((await up.json()) as { groupId: string }).groupId;
    const options = {
      clients: Number(values.clients),
      messagesPerClient: Number(values.messages),
      batchSize: Number(values.batch),
      durationMs: Number(values.seconds) * 1000,
      retries: cluster ? 5 : 0,
    };
    const kill =
      cluster && KILL_AT_MS > 0
        ? setTimeout(() => {
            console.log(`SIGKILL to process 0 at ${KILL_AT_MS / 1000} s`);
            void cluster.kill();
          }, KILL_AT_MS)
        : null;
    console.log(
      `load: ${options.clients} clients x ${options.messagesPerClient} messages in batches of ${options.batchSize} ` +
        `over ${values.seconds} s against ${server.name}`,
    );
    const result = await runLoad({ url: server.url, token, fileId: 'load-file', groupId }, options);
    if (kill) clearTimeout(kill);

    // An independent check: a fresh client pulls everything and counts distinct timestamps.
    const res = await fetch(`${server.url}/sync/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/actual-sync', 'x-actual-token': token },
      body: encodeSyncRequest({
        messages: [],
        fileId: 'load-file',
        groupId,
        keyId: '',
        since: Timestamp.zero.toString(),
      }),
    });
    const all = decodeSyncResponse(new Uint8Array(await res.arrayBuffer()));
    const distinct = new Set(all.messages.map((m) => m.timestamp)).size;
    const serverHash = (JSON.parse(all.merkle) as { hash?: number }).hash;
    const agree = result.clientHashes.every((h) => h === serverHash);

    console.table({
      'messages created': result.created,
      'messages stored': all.messages.length,
      'distinct stored': distinct,
      'sync requests': result.requests,
      'failed then retried': result.retried.length,
      'errors after retry': result.errors.length,
      'all clients complete': result.clientsComplete,
      'all merkles agree': agree,
      'elapsed s': (result.elapsedMs / 1000).toFixed(1),
      'requests/s': (result.requests / (result.elapsedMs / 1000)).toFixed(0),
      'p50 ms': percentile(result.latencies, 50).toFixed(1),
      'p95 ms': percentile(result.latencies, 95).toFixed(1),
      'p99 ms': percentile(result.latencies, 99).toFixed(1),
      'max ms': percentile(result.latencies, 100).toFixed(1),
      'server peak RSS MB (one process)': peakRssMB(server.pid).toFixed(0),
    });
    if (result.errors.length) console.log('first errors:', result.errors.slice(0, 5));
    const ok =
      result.errors.length === 0 &&
      result.clientsComplete &&
      agree &&
      all.messages.length === result.created &&
      distinct === result.created;
    console.log(ok ? 'PASS: every message stored once, all clients on the server merkle' : 'FAIL');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

await main();

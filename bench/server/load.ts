/**
 * The long load test: concurrent clients syncing into one group for a minute against Coffer's
 * server (its own process). Checks every message is stored once and every client ends with the
 * server's merkle trie; prints latency percentiles and the server's peak memory.
 */
import { decodeSyncResponse, encodeSyncRequest, Timestamp } from '@coffer/crdt';
import { parseArgs } from 'node:util';
import { percentile, runLoad } from '../../packages/server/src/load/load-client.ts';
import { peakRssMB, startActual, startCoffer } from './servers.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    messages: { type: 'string', default: '500' },
    batch: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    target: { type: 'string', default: 'coffer' },
  },
});

async function main() {
  const server = values.target === 'actual' ? await startActual() : await startCoffer();
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
    };
    console.log(
      `load: ${options.clients} clients x ${options.messagesPerClient} messages in batches of ${options.batchSize} ` +
        `over ${values.seconds} s against ${server.name}`,
    );
    const result = await runLoad({ url: server.url, token, fileId: 'load-file', groupId }, options);

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
      errors: result.errors.length,
      'all clients complete': result.clientsComplete,
      'all merkles agree': agree,
      'elapsed s': (result.elapsedMs / 1000).toFixed(1),
      'requests/s': (result.requests / (result.elapsedMs / 1000)).toFixed(0),
      'p50 ms': percentile(result.latencies, 50).toFixed(1),
      'p95 ms': percentile(result.latencies, 95).toFixed(1),
      'p99 ms': percentile(result.latencies, 99).toFixed(1),
      'max ms': percentile(result.latencies, 100).toFixed(1),
      'server peak RSS MB': peakRssMB(server.pid).toFixed(0),
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

/**
 * The same upload, sync and download work against Coffer's server and `@actual-app/sync-server`,
 * each in its own process on 127.0.0.1, through the raw protocol. Prints times and peak memory.
 */
import {
  decodeSyncResponse,
  encodeSyncRequest,
  Timestamp,
  type MessageEnvelope,
} from '@coffer/crdt';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { makeEnvelopes } from '../../packages/server/src/test-helpers/messages.ts';
import { peakRssMB, startActual, startCoffer, type ServerProcess } from './servers.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '1000' },
    'upload-mb': { type: 'string', default: '8' },
    servers: { type: 'string', default: 'coffer,actual' },
  },
});
const MESSAGES = Number(values.messages);
const BATCH = Number(values.batch);
const UPLOAD_BYTES = Math.round(Number(values['upload-mb']) * 1024 * 1024);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function json(url: string, init: RequestInit): Promise<Json> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

async function sync(base: string, token: string, body: Uint8Array) {
  const res = await fetch(`${base}/sync/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/actual-sync', 'x-actual-token': token },
    body,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`sync ${res.status}: ${Buffer.from(bytes).toString()}`);
  return decodeSyncResponse(bytes);
}

interface Row {
  server: string;
  signIn: number;
  upload: number;
  push: number;
  download: number;
  catchUp: number;
  total: number;
  peakMB: number;
  /** The peak before the catch-up sync: what answering every message at once added to it. */
  peakBeforeCatchUpMB: number;
}

async function run(
  server: ServerProcess,
  messages: MessageEnvelope[],
  snapshot: Uint8Array,
): Promise<Row> {
  const base = server.url;
  const password = 'bench password';
  const post = (path: string, body: unknown) =>
    json(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/account/bootstrap', { password });
  const [login, signIn] = await timed(() => post('/account/login', { password }));
  const token = login.data.token as string;
  const fileId = 'bench-file';

  const [uploaded, upload] = await timed(() =>
    json(`${base}/sync/upload-user-file`, {
      method: 'POST',
      headers: {
        'content-type': 'application/encrypted-file',
        'x-actual-token': token,
        'x-actual-file-id': fileId,
        'x-actual-name': 'Bench',
        'x-actual-format': '2',
      },
      body: snapshot,
    }),
  );
  const groupId = uploaded.groupId as string;
  const request = (since: string, batch: MessageEnvelope[]) =>
    encodeSyncRequest({ messages: batch, fileId, groupId, keyId: '', since });

  const [, push] = await timed(async () => {
    let since = Timestamp.zero.toString();
    for (let i = 0; i < messages.length; i += BATCH) {
      const batch = messages.slice(i, i + BATCH);
      await sync(base, token, request(since, batch));
      since = batch[batch.length - 1]!.timestamp;
    }
  });

  const [bytes, download] = await timed(async () => {
    const res = await fetch(`${base}/sync/download-user-file`, {
      headers: { 'x-actual-token': token, 'x-actual-file-id': fileId },
    });
    return new Uint8Array(await res.arrayBuffer());
  });
  if (bytes.length !== snapshot.length)
    throw new Error(`${server.name}: download has ${bytes.length} bytes`);

  const peakBeforeCatchUpMB = peakRssMB(server.pid);
  const [caughtUp, catchUp] = await timed(() =>
    sync(base, token, request(Timestamp.zero.toString(), [])),
  );
  if (caughtUp.messages.length !== messages.length) {
    throw new Error(`${server.name}: catch-up returned ${caughtUp.messages.length} messages`);
  }
  return {
    server: server.name,
    signIn,
    upload,
    push,
    download,
    catchUp,
    total: upload + push + download + catchUp,
    peakMB: peakRssMB(server.pid),
    peakBeforeCatchUpMB,
  };
}

async function main() {
  if (MESSAGES / BATCH > 400) {
    console.warn(
      'warning: the real sync-server allows 500 requests per minute; use a larger --batch',
    );
  }
  const messages = makeEnvelopes(MESSAGES, { startMillis: Date.UTC(2024, 0, 1), stepMillis: 997 });
  const snapshot = randomBytes(UPLOAD_BYTES);
  console.log(
    `server benchmark: upload ${(UPLOAD_BYTES / 1048576).toFixed(1)} MB, push ${MESSAGES} messages in batches of ${BATCH}, ` +
      `download, catch-up sync of all ${MESSAGES} (node ${process.version})`,
  );
  const rows: Row[] = [];
  const starts = { coffer: startCoffer, actual: startActual };
  for (const name of values.servers.split(',') as Array<keyof typeof starts>) {
    const start = starts[name];
    const server = await start();
    try {
      rows.push(await run(server, messages, snapshot));
    } finally {
      await server.stop();
    }
  }
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.table(
    rows.map((r) => ({
      server: r.server,
      'sign-in': ms(r.signIn),
      upload: ms(r.upload),
      'sync push': ms(r.push),
      download: ms(r.download),
      'catch-up sync': ms(r.catchUp),
      'total (no sign-in)': ms(r.total),
      'peak RSS': `${r.peakMB.toFixed(0)} MB`,
      'peak before the catch-up': `${r.peakBeforeCatchUpMB.toFixed(0)} MB`,
    })),
  );
  const [coffer, actual] = rows;
  if (coffer && actual) {
    console.log(
      `Coffer total is ${(actual.total / coffer.total).toFixed(2)}x faster than Actual's sync-server.`,
    );
  }
}

await main();

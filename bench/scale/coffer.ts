// Coffer's client in process for the scale benchmark (the app core with the cloud module on the
// Node platform, as bench/download/coffer.ts assembles it). One step per process, so each
// step's peak memory is its own; prints one JSON line. The options come in SCALE_COFFER (JSON):
//   upload       — `upload-budget` of a closed budget from disk (the zip a client sends);
//   new-device   — bench/download's new device: download, open, catch up, one budget month;
//   sync-again   — open the new device's copy, `sync`, and read one transaction's amount.
import { createAppCore, createCloudModule } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cofferNewDevice } from '../download/coffer.ts';

interface Options {
  step: 'upload' | 'new-device' | 'sync-again';
  dataDir: string;
  serverURL: string;
  password: string;
  id?: string;
  groupId?: string;
  month?: string;
  transactionId?: string;
}

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

function cpuMs(since?: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** A signed-in core; `sizes` gathers the body size of each upload request. */
async function signedIn(o: Options) {
  const base = createNodePlatform({ documentDir: o.dataDir, log: quiet });
  const uploads: Array<{ bytes: number; status: number; ms: number }> = [];
  const platform = {
    ...base,
    fetch: async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const at = performance.now();
      const res = await base.fetch(input, init).catch((err: unknown) => {
        // The core reports any failed request as 'network'; the cause goes to stderr.
        const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : '';
        console.error(`${String(input)}: ${String(err)}${cause}`);
        throw err;
      });
      if (String(input).endsWith('/sync/upload-user-file')) {
        const body = init?.body as Uint8Array | undefined;
        uploads.push({ bytes: body?.byteLength ?? 0, status: res.status, ms: performance.now() - at }); // prettier-ignore
      }
      return res;
    },
  };
  const core = createAppCore({ platform, documentDir: o.dataDir }).register(
    createCloudModule().module,
  );
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const failed = (name: string, value: unknown) => {
    if (value && typeof value === 'object' && 'error' in value) {
      throw new Error(`${name} failed: ${JSON.stringify(value)}`);
    }
  };
  failed('set-server-url', await send('set-server-url', { url: o.serverURL }));
  failed('subscribe-sign-in', await send('subscribe-sign-in', { password: o.password }));
  return { send, failed, uploads };
}

async function upload(o: Options) {
  const { send, uploads } = await signedIn(o);
  const cpu = process.cpuUsage();
  const t = performance.now();
  const res = await send('upload-budget', { id: o.id });
  const ms = performance.now() - t;
  const error = res && typeof res === 'object' && 'error' in res ? res : undefined;
  // The prefs hold the cloud ids once an upload went through (Actual's API may leave the file
  // empty before that).
  const meta = error
    ? {}
    : (JSON.parse(readFileSync(join(o.dataDir, o.id!, 'metadata.json'), 'utf8')) as {
        cloudFileId?: string;
        groupId?: string;
      });
  return {
    step: 'upload',
    error,
    ms,
    cpuMs: cpuMs(cpu),
    request: uploads.at(-1),
    fileId: meta.cloudFileId,
    groupId: meta.groupId,
    peakRssMb: peakRssMb(),
  };
}

async function syncAgain(o: Options) {
  const { send, failed } = await signedIn(o);
  const id = readdirSync(o.dataDir).find((d) => !d.startsWith('.'))!;
  const t = performance.now();
  failed('load-budget', await send('load-budget', { id }));
  const openMs = performance.now() - t;
  const t1 = performance.now();
  const synced = await send('sync');
  failed('sync', synced);
  const syncMs = performance.now() - t1;
  failed('close-budget', await send('close-budget'));
  const db = new Database(join(o.dataDir, id, 'db.sqlite'), { readonly: true });
  const row = db.prepare('SELECT amount FROM transactions WHERE id = ?').get(o.transactionId) as
    { amount: number } | undefined;
  db.close();
  return { step: 'sync-again', openMs, syncMs, synced, amount: row?.amount, peakRssMb: peakRssMb() }; // prettier-ignore
}

const o = JSON.parse(process.env.SCALE_COFFER ?? '{}') as Options;
const out =
  o.step === 'upload'
    ? await upload(o)
    : o.step === 'sync-again'
      ? await syncAgain(o)
      : await cofferNewDevice({
          dataDir: o.dataDir,
          serverURL: o.serverURL,
          password: o.password,
          groupId: o.groupId!,
          month: o.month!,
        });
console.log(JSON.stringify(out));
process.exit(0);

// The scale benchmark's orchestrator (bundled and started by run.mjs; see there).
import { Timestamp } from '@coffer/crdt';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'; // prettier-ignore
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';
import { type BudgetState, differences, inspectBudget } from '../download/inspect.ts';
import { peakRssMB, startCoffer, type ServerProcess } from '../server/servers.ts';
import { resetLog, syncBatch, type Target, writeHistory } from './history.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    edits: { type: 'string', default: '2000000' },
    batch: { type: 'string', default: '10000' },
    tail: { type: 'string', default: '200' },
    servers: { type: 'string', default: 'coffer,actual' },
    /** Actual's server's upload limit (MB) for the run that compares it; its default is 50. */
    'actual-file-mb': { type: 'string', default: '2000' },
    reuse: { type: 'string' },
    steps: { type: 'string', default: 'coffer-device,actual-device' },
  },
});
const COUNT = Number(values.transactions);
const EDITS = Number(values.edits);
const PASSWORD = 'bench password';
const RUN = resolve('bench/scale/run.mjs');
const BUILD = process.env.SCALE_BENCH_BUILD ?? 'bench/results/.build';
const STEPS = new Set(values.steps.split(','));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Runs node with `args` (and `env`) and answers its last JSON line, with the child's stderr on failure. */
function child(args: string[], what: string, env: Record<string, string> = {}): Promise<Json> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.once('exit', (code) => {
      const line = out.trim().split('\n').filter((l) => l.startsWith('{')).pop(); // prettier-ignore
      if (code !== 0 || !line)
        fail(new Error(`${what} failed (exit ${code}):\n${err.slice(-4000)}`)); // prettier-ignore
      else done(JSON.parse(line));
    });
  });
}

const coffer = (options: object, what: string) =>
  child([join(BUILD, 'scale-coffer.mjs')], what, { SCALE_COFFER: JSON.stringify(options) });

async function post(url: string, body: unknown): Promise<Json> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }); // prettier-ignore
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

function dbOf(dir: string): string {
  const folder = readdirSync(dir).find((d) => existsSync(join(dir, d, 'db.sqlite')));
  if (!folder) throw new Error(`no budget in ${dir}`);
  return join(dir, folder, 'db.sqlite');
}

function check(what: string, got: BudgetState, source: BudgetState, merkle: number): void {
  const wrong = differences(source, got);
  if (got.merkleHash !== merkle) wrong.push(`merkle ${got.merkleHash}, server ${merkle}`);
  if (wrong.length > 0) throw new Error(`${what} is wrong:\n  ${wrong.join('\n  ')}`);
}

async function startServer(name: string): Promise<ServerProcess> {
  if (name === 'coffer') return startCoffer();
  const limit = values['actual-file-mb'];
  const s = await startActualServer(
    { ACTUAL_UPLOAD_SYNC_ENCRYPTED_FILE_SYNC_SIZE_LIMIT_MB: limit },
    'actual-sync-server-26',
  );
  return { name: `actual-sync-server-26 (file limit ${limit} MB)`, url: s.url, pid: s.pid, stop: s.stop }; // prettier-ignore
}

/** Up to three tries: on a loaded machine a client's large request now and then fails. */
async function tries<T>(
  what: string,
  once: () => Promise<T>,
  failed: (r: T) => boolean = () => false,
): Promise<T & { tries?: number }> {
  // prettier-ignore
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await once();
      if (!failed(r) || attempt >= 3) return { ...r, tries: attempt };
      console.error(`${what} failed (try ${attempt}): ${JSON.stringify(r).slice(0, 300)}`);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.error(`${what} failed (try ${attempt}): ${String(err).slice(0, 300)}`);
    }
  }
}

/** Each step's figures as soon as they are known: a run of hours that stops keeps them. */
function told(out: Json, key: string): void {
  console.log(`${new Date().toISOString()} ${out.server} ${key}: ${JSON.stringify(out[key])}`);
}

async function onServer(base: string, name: string, made: string, id: string, out: Json) {
  const server = await startServer(name);
  const dir = (d: string) => join(base, `${name}-${d}`);
  out.server = server.name;
  try {
    await post(`${server.url}/account/bootstrap`, { password: PASSWORD });
    const login = await post(`${server.url}/account/login`, { password: PASSWORD });
    cpSync(made, dir('source'), { recursive: true });
    const db = dbOf(dir('source'));
    resetLog(db);
    const options = { dataDir: dir('source'), serverURL: server.url, password: PASSWORD, id };
    // The first upload registers the file (the client's "register"); the history follows.
    out.register = await coffer({ step: 'upload', ...options }, 'the first upload');
    told(out, 'register');
    if (out.register.error) throw new Error(`the first upload: ${JSON.stringify(out.register.error)}`); // prettier-ignore
    const target: Target = { url: server.url, token: login.data.token, fileId: out.register.fileId, groupId: out.register.groupId }; // prettier-ignore
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    const t = performance.now();
    out.history = await writeHistory(db, target, { count: EDITS, batch: Number(values.batch), fromMillis: now - 730 * day, toMillis: now - 2 * 3600 * 1000, seed: 11 }); // prettier-ignore
    out.history.ms = performance.now() - t;
    out.history.serverPeakMb = peakRssMB(server.pid);
    out.history.dbMb = statSync(db).size / 1024 / 1024;
    told(out, 'history');
    // The file as it now is, with the whole history in its log: what a device uploads.
    out.upload = await tries('the upload', () => coffer({ step: 'upload', ...options }, 'the upload'), (r) => Boolean(r.error)); // prettier-ignore
    out.upload.serverPeakMb = peakRssMB(server.pid);
    told(out, 'upload');
    if (out.upload.error) {
      console.error(`${server.name} refused the upload: ${JSON.stringify(out.upload.error)}`);
      return;
    }
    // Edits after the upload: what a new device catches up on.
    out.tail = await writeHistory(db, target, { count: Number(values.tail), batch: Number(values.tail), fromMillis: now - 3600 * 1000, toMillis: now - 600 * 1000, seed: 12 }); // prettier-ignore
    told(out, 'tail');
    const merkle = (await syncBatch(target, [], Timestamp.max.toString())).hash;
    const source = inspectBudget(db);
    check('the source', source, source, merkle);
    out.source = { transactions: source.transactions, messages: source.messages };
    const month = new Date().toISOString().slice(0, 7);
    const device = { dataDir: dir('device'), serverURL: server.url, password: PASSWORD, groupId: target.groupId, month }; // prettier-ignore
    if (STEPS.has('coffer-device')) {
      out.cofferDevice = await tries('Coffer new device', () => {
        rmSync(dir('device'), { recursive: true, force: true });
        mkdirSync(dir('device'));
        return coffer({ step: 'new-device', ...device }, 'Coffer new device');
      });
      delete out.cofferDevice.requests;
      delete out.cofferDevice.events;
      out.cofferDevice.serverPeakMb = peakRssMB(server.pid);
      told(out, 'cofferDevice');
      check('Coffer new device', inspectBudget(dbOf(dir('device'))), source, merkle);
    }
    if (STEPS.has('actual-device')) {
      const edit = { id: pickPlain(db), amount: -123457 };
      out.actualDevice = await tries('Actual 26.9 joining', () => {
        rmSync(dir('actual'), { recursive: true, force: true });
        mkdirSync(dir('actual'));
        return child([RUN, '--child', 'actual-joins', '--options', JSON.stringify({ ...device, dataDir: dir('actual'), edit })], 'Actual 26.9 joining'); // prettier-ignore
      });
      told(out, 'actualDevice');
      if (STEPS.has('coffer-device')) {
        out.cofferSeesIt = await coffer({ step: 'sync-again', ...device, transactionId: edit.id }, 'Coffer syncing again'); // prettier-ignore
        told(out, 'cofferSeesIt');
        if (out.cofferSeesIt.amount !== edit.amount) {
          throw new Error(`Coffer does not see Actual's edit: ${out.cofferSeesIt.amount}`);
        }
        const after = (await syncBatch(target, [], Timestamp.max.toString())).hash;
        const state = inspectBudget(dbOf(dir('device')));
        if (state.merkleHash !== after) throw new Error(`Coffer's merkle ${state.merkleHash}, server ${after}`); // prettier-ignore
      }
    }
    out.serverPeakMb = peakRssMB(server.pid);
  } finally {
    await server.stop();
    for (const d of ['source', 'device', 'actual'])
      rmSync(dir(d), { recursive: true, force: true });
  }
}

/** A plain transaction of the file (not a split), for Actual's edit. */
function pickPlain(dbPath: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3');
  const d = new Database(dbPath, { readonly: true });
  const row = d.prepare('SELECT id FROM transactions WHERE isParent = 0 AND isChild = 0 AND tombstone = 0 ORDER BY id LIMIT 1 OFFSET 777').get(); // prettier-ignore
  d.close();
  return row.id;
}

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  try {
    const made = values.reuse ? resolve(values.reuse, String(COUNT)) : join(base, 'made');
    let id = existsSync(made) ? readdirSync(made).find((d) => d.startsWith('BudgetBench')) : undefined; // prettier-ignore
    const t = performance.now();
    if (!id) {
      mkdirSync(made, { recursive: true });
      ({ id } = await child([RUN, '--child', 'make', '--dir', made, '--transactions', String(COUNT)], 'making the budget')); // prettier-ignore
    }
    const makeMs = performance.now() - t;
    const runs: Json[] = [];
    for (const name of values.servers.split(',')) {
      // What a failed run measured before it failed is kept beside its error.
      const out: Json = { server: name };
      runs.push(out);
      try {
        await onServer(base, name, made, id!, out);
      } catch (err) {
        console.error(`\n${name}: ${String(err)}`);
        out.error = String(err).slice(0, 2000);
        process.exitCode = 1;
      }
      console.log(JSON.stringify(runs.at(-1), null, 1));
    }
    const outDir = resolve('bench/results');
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({ benchmark: 'scale', count: COUNT, edits: EDITS, makeMs, runs, node: process.version }, null, 2)); // prettier-ignore
    console.log(`Results: ${file}`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

await main();

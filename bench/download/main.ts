// The download benchmark's orchestrator (bundled and started by run.mjs; see there).
import { decodeSyncResponse, encodeSyncRequest, Timestamp } from '@coffer/crdt';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startActual, startCoffer, type ServerProcess } from '../server/servers.ts';
import { type BudgetState, differences, inspectBudget } from './inspect.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    tail: { type: 'string', default: '1000' },
    servers: { type: 'string', default: 'coffer,actual' },
    'cpu-prof': { type: 'string' },
    reuse: { type: 'string' },
    repeat: { type: 'string', default: '1' },
    // Which new devices run (all four by default); `--sides coffer` profiles Coffer alone.
    sides: { type: 'string', default: 'actual,actual-26,coffer,coffer-api' },
  },
});
const COUNT = Number(values.transactions);
const TAIL = Number(values.tail);
const REPEAT = Math.max(1, Number(values.repeat));
// DOWNLOAD_BENCH_COFFER_B=<a download-coffer.mjs bundled from another tree> adds a side
// 'coffer-b' that runs it beside this tree's, in the same rounds against the same server: an
// A/B of two builds under one load (bundle it inside a checkout, so better-sqlite3 resolves).
const COFFER_B = process.env.DOWNLOAD_BENCH_COFFER_B;
const SIDES = [
  'actual',
  'actual-26',
  'coffer',
  'coffer-api',
  ...(COFFER_B ? ['coffer-b'] : []),
].filter(
  // prettier-ignore
  (s) => s === 'coffer-b' || values.sides.split(',').includes(s),
);
const PASSWORD = 'bench password';
const RUN = resolve('bench/download/run.mjs');
const COFFER = join(
  process.env.DOWNLOAD_BENCH_BUILD ?? 'bench/results/.build',
  'download-coffer.mjs',
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Runs node with `args` and returns its last JSON line (async: the servers' pipes keep flowing). */
function child(args: string[], what: string): Promise<Json> {
  const prof = values['cpu-prof'];
  const flags = prof ? ['--cpu-prof', '--cpu-prof-dir', resolve(prof)] : [];
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, [...flags, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.once('exit', (code) => {
      const line = out
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop();
      if (code !== 0 || !line)
        fail(new Error(`${what} failed (exit ${code}):\n${err.slice(-4000)}`)); // prettier-ignore
      else done(JSON.parse(line));
      // DOWNLOAD_BENCH_OUTPUT=dir: every child's whole stdout kept there (V8's traces, see
      // DOWNLOAD_BENCH_V8_FLAGS in coffer.ts).
      const keep = process.env.DOWNLOAD_BENCH_OUTPUT;
      if (keep) writeFileSync(join(keep, `${what}-${p.pid}.out`), out);
    });
  });
}

/**
 * `fetch`, once more after a network error: between two checks a child runs for seconds, and
 * the server may close the pooled connection just as the next request goes out on it.
 */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function post(url: string, body: unknown): Promise<Json> {
  const res = await fetchAgain(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * The server's merkle hash for the file: a sync that sends nothing and asks for nothing. The
 * bench signs in once per server (`token`): a sign-in per check, two per device run, met the
 * server's limit on sign-ins (20 a minute) at --repeat 3.
 */
async function serverMerkle(
  base: string,
  token: string,
  fileId: string,
  groupId: string,
): Promise<number> {
  const res = await fetchAgain(`${base}/sync/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/actual-sync', 'x-actual-token': token },
    body: encodeSyncRequest({
      messages: [],
      fileId,
      groupId,
      keyId: '',
      since: Timestamp.max.toString(),
    }),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`sync ${res.status}: ${Buffer.from(bytes).toString()}`);
  const trie = JSON.parse(decodeSyncResponse(bytes).merkle) as { hash?: number };
  return trie.hash ?? 0;
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

/** What a Ctrl-C or kill must not leave behind: the running server and the temp folder. */
const leftovers = { pid: 0, base: '' };
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (leftovers.pid) process.kill(leftovers.pid, 'SIGTERM');
    if (leftovers.base) rmSync(leftovers.base, { recursive: true, force: true });
    process.exit(1);
  });
}

async function onServer(
  base: string,
  start: () => Promise<ServerProcess>,
  made: string,
  id: string | undefined,
) {
  if (!id) throw new Error(`no budget in ${made}`);
  const server = await start();
  leftovers.pid = server.pid;
  try {
    const url = server.url;
    await post(`${url}/account/bootstrap`, { password: PASSWORD });
    const token: string = (await post(`${url}/account/login`, { password: PASSWORD })).data.token;
    const dir = (name: string) => join(base, `${server.name}-${name}`);
    cpSync(made, dir('source'), { recursive: true });
    const t = performance.now();
    const src = await child([RUN, '--child', 'upload', '--dir', dir('source'), '--id', id, '--url', url, '--password', PASSWORD, '--tail', String(TAIL)], 'upload + tail'); // prettier-ignore
    const setupMs = performance.now() - t;
    const merkle = await serverMerkle(url, token, src.fileId, src.groupId);
    const source = inspectBudget(dbOf(dir('source')));
    check('the source', source, source, merkle);

    const month = new Date().toISOString().slice(0, 7);
    const options = (name: string) =>
      JSON.stringify({ dataDir: dir(name), serverURL: url, password: PASSWORD, groupId: src.groupId, month }); // prettier-ignore
    const tries: Record<string, Json[]> = { actual: [], 'actual-26': [], coffer: [], 'coffer-api': [], 'coffer-b': [] }; // prettier-ignore
    for (let round = 0; round < REPEAT; round++) {
      // Alternate who goes first, so neither side always meets a warmer machine.
      const order = [...SIDES];
      if (round % 2 === 1) order.reverse();
      for (const name of order) {
        const folder = `${name}-${round}`;
        mkdirSync(dir(folder));
        const once = () =>
          name === 'coffer'
            ? child([COFFER, options(folder)], 'Coffer')
            : name === 'coffer-b'
              ? child([COFFER_B!, options(folder)], 'CofferB')
              : child([RUN, '--child', name, '--options', options(folder)], name);
        // A side that fails (Actual's client sometimes reports network-failure against the real
        // sync-server) gets one more try in a clean folder; the retry is recorded.
        let result;
        try {
          result = await once();
        } catch (err) {
          console.error(`${name} failed once, retrying: ${String(err).slice(0, 300)}`);
          rmSync(dir(folder), { recursive: true, force: true });
          mkdirSync(dir(folder));
          result = { ...(await once()), retried: String(err).slice(0, 300) };
        }
        const state = inspectBudget(dbOf(dir(folder)));
        // Opening a file must not send anything: the server's merkle is still the source's.
        check(name, state, source, await serverMerkle(url, token, src.fileId, src.groupId));
        tries[name]!.push({ ...result, state });
        rmSync(dir(folder), { recursive: true, force: true });
      }
    }
    const sides: Record<string, Json> = {};
    for (const [name, list] of Object.entries(tries)) {
      if (list.length === 0) continue;
      // The median run by download time, with every run's time beside it.
      const sorted = [...list].sort((x, y) => x.downloadMs - y.downloadMs);
      sides[name] = {
        ...sorted[Math.floor(sorted.length / 2)],
        allDownloadMs: list.map((x) => x.downloadMs),
        allDownloadCpuMs: list.map((x) => x.downloadCpuMs),
        // The median of each run's own CPU: the median run by wall time can be any of them on a
        // loaded machine, and its CPU then stands for the side no better than the others'.
        medianCpuMs: median(list.map((x: Json) => x.downloadCpuMs as number)),
        allSettledCpuMs: list.map((x) => x.settledCpuMs),
      };
    }
    const [first, ...others] = SIDES;
    for (const name of others) {
      const [a, c] = [sides[first!].month, sides[name].month];
      if (JSON.stringify(a) !== JSON.stringify(c)) {
        throw new Error(`the month differs: ${first} ${JSON.stringify(a)}, ${name} ${JSON.stringify(c)}`); // prettier-ignore
      }
    }
    return { server: server.name, setupMs, tail: src, source, actual: sides.actual, actual26: sides['actual-26'], coffer: sides.coffer, cofferApi: sides['coffer-api'], cofferB: sides['coffer-b'] }; // prettier-ignore
  } finally {
    await server.stop();
    leftovers.pid = 0;
  }
}

const r = (x: number) => Math.round(x);
function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}
function column(s: Json) {
  return {
    'download + catch-up (ms)': r(s.downloadMs),
    '  every run (ms)': s.allDownloadMs.map(r).join(' '),
    '  CPU (ms)': r(s.downloadCpuMs),
    '  every run CPU (ms)': s.allDownloadCpuMs.map(r).join(' '),
    // Coffer's side only: its collections inside that time (scavenges / mark-compacts).
    '  of it GC (ms, minor/major)': s.gc ? `${r(s.gc.ms)} (${s.gc.minor}/${s.gc.major})` : '',
    '+ first budget month (ms)': r(s.readyMs),
    '  CPU (ms) ': r(s.readyCpuMs),
    '+ idle: background builds (ms)': r(s.settledMs),
    '  CPU (ms)  ': r(s.settledCpuMs),
    '  every run CPU (ms) ': s.allSettledCpuMs.map(r).join(' '),
    'sign-in (ms)': r(s.signInMs),
    'process start (ms)': r(s.startupMs),
    'process CPU (ms)': r(s.processCpuMs),
    'peak RSS (MB)': r(s.peakRssMb),
  };
}

async function main() {
  const root = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const base = mkdtempSync(join(root, 'bench-download-'));
  leftovers.base = base;
  try {
    // --reuse <dir>: keep the made budget there and start from it next time (for profiling).
    const made = values.reuse ? resolve(values.reuse, String(COUNT)) : join(base, 'made');
    const t = performance.now();
    let id = existsSync(made) ? readdirSync(made).find((d) => d.startsWith('BudgetBench')) : undefined; // prettier-ignore
    if (!id) {
      mkdirSync(made, { recursive: true });
      ({ id } = await child([RUN, '--child', 'make', '--dir', made, '--transactions', String(COUNT)], 'making the budget')); // prettier-ignore
    }
    const makeMs = performance.now() - t;
    const starts: Record<string, () => Promise<ServerProcess>> = { coffer: startCoffer, actual: startActual }; // prettier-ignore
    const runs = [];
    const failures: Array<{ server: string; error: string }> = [];
    for (const name of values.servers.split(',')) {
      const start = starts[name];
      if (!start) throw new Error(`unknown server ${name}`);
      let run;
      try {
        run = await onServer(base, start, made, id);
      } catch (err) {
        // One server failing still leaves the other's results, written below; the exit says so.
        console.error(`\nServer ${name} failed: ${String(err)}`);
        failures.push({ server: name, error: String(err) });
        continue;
      }
      runs.push(run);
      const version = createRequire(import.meta.url)('@actual-app/api/package.json').version;
      console.log(
        `\nServer: ${run.server}. ${COUNT} transactions, tail of ${run.tail.added} added, ${run.tail.edited} edited, ` +
          `${run.tail.deleted} deleted (${run.source.messages} messages in the log); both devices checked: ` +
          `balances, rows and merkle equal to the source and the server.`,
      );
      // Its package exports no package.json: read it beside the entry point.
      const entry26 = createRequire(import.meta.url).resolve('actual-api-26');
      const version26 = JSON.parse(readFileSync(join(dirname(entry26), '../package.json'), 'utf8')).version; // prettier-ignore
      const labelled: Array<[string, Json]> = [
        [`Actual (@actual-app/api ${version})`, run.actual],
        [`Actual (@actual-app/api ${version26})`, run.actual26],
        ['Coffer (core + cloud module)', run.coffer],
        ['Coffer (packages/api)', run.cofferApi],
        [`Coffer B (${COFFER_B})`, run.cofferB],
      ];
      console.table(Object.fromEntries(labelled.filter(([, s]) => s).map(([l, s]) => [l, column(s)]))); // prettier-ignore
      // The target is against the current Actual (26.9); 6.9 stays beside it for the history.
      for (const [label, c] of [
        ['in process', run.coffer],
        ['through packages/api', run.cofferApi],
        ['B', run.cofferB],
      ]) {
        for (const [name, a] of [
          [version26, run.actual26],
          [version, run.actual],
        ]) {
          if (!a || !c) continue;
          console.log(
            `Coffer ${label} against Actual ${name}: ${(a.downloadMs / c.downloadMs).toFixed(1)}x faster (wall), ` +
              `${(a.downloadCpuMs / c.downloadCpuMs).toFixed(1)}x (CPU; ${(a.medianCpuMs / c.medianCpuMs).toFixed(1)}x by each side's median CPU) at download + catch-up; ` +
              `${(a.readyMs / c.readyMs).toFixed(1)}x (wall) to the first budget month; ` +
              `${(a.settledCpuMs / c.settledCpuMs).toFixed(1)}x (CPU) until idle.${name === version26 ? ' Target ≥ 5x.' : ''}`,
          );
        }
      }
    }
    const outDir = resolve('bench/results');
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `download-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({ benchmark: 'download', count: COUNT, tail: TAIL, repeat: REPEAT, makeMs, runs, failures, node: process.version }, null, 2)); // prettier-ignore
    console.log(`Results: ${file}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

await main();

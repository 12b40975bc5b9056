/**
 * The differential test's driver: one worker process per implementation (Coffer, and each
 * Actual version), the same operations sent to all, and their budgets compared after the
 * sequence (or where a version stops at a documented divergence).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Version, stopTags } from './divergences.ts';
import type { Op } from './ops.ts';
import type { BudgetState } from './view.ts';
import type { OpReply, Request } from './worker.ts';

/** The checkout: found upwards from this file, which may run from a bundle elsewhere in it. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, WORKER))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`${WORKER} not found above ${import.meta.url}`);
    dir = up;
  }
  return dir;
}
const WORKER = 'packages/api/src/fuzz/worker.ts';
const root = findRoot();

/**
 * The worker as one ESM file for plain Node, bundled as `npm run build` bundles the api; the
 * native SQLite binding and the Actual packages load from the repository's node_modules (hence
 * the output's place).
 */
export async function bundleWorker(): Promise<string> {
  const cache = process.env.COFFER_FUZZ_CACHE ?? 'node_modules/.cache/coffer-fuzz';
  const outfile = join(root, cache, 'worker.mjs');
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(root, WORKER)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: EXTERNAL,
    banner: {
      js: "import { createRequire as fuzzRequire } from 'node:module'; const require = fuzzRequire(import.meta.url);",
    },
  });
  return outfile;
}

const EXTERNAL = ['better-sqlite3', '@actual-app/api', 'actual-api-26', 'esbuild'];

export type Impl = 'coffer' | Version;

/** Far longer than any call takes, even on a loaded machine. */
const REQUEST_LIMIT_MS = 120_000;

/** A budget folder on tmpfs where there is one: Actual writes its file with fsync. */
function scratchDir(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  return mkdtempSync(join(base, 'coffer-fuzz-'));
}

export class Worker {
  private next = 1;
  private pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private stderr = '';

  private constructor(
    readonly impl: Impl,
    private proc: ChildProcess,
    private dataDir: string,
    private readonly script: string,
  ) {
    this.attach(proc);
  }

  private attach(proc: ChildProcess): void {
    const impl = this.impl;
    proc.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    proc.on('message', (msg: { id?: number; result?: unknown; crash?: string }) => {
      const waiting = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id!);
      if (msg.crash) waiting.reject(new Error(`${impl} worker: ${msg.crash}`));
      else waiting.resolve(msg.result);
    });
    proc.on('exit', (code) => {
      for (const w of this.pending.values()) {
        w.reject(new Error(`${impl} worker exited (${code}): ${this.stderr}`));
      }
      this.pending.clear();
    });
  }

  private static async spawn(impl: Impl, script: string) {
    const dataDir = scratchDir();
    const proc = fork(script, [impl, dataDir], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    await new Promise<void>((resolveReady, rejectReady) => {
      proc.once('message', () => resolveReady());
      proc.once('exit', (code) => rejectReady(new Error(`${impl} worker did not start (${code})`)));
    });
    return { proc, dataDir };
  }

  static async start(impl: Impl, script: string): Promise<Worker> {
    const { proc, dataDir } = await Worker.spawn(impl, script);
    return new Worker(impl, proc, dataDir, script);
  }

  /**
   * A fresh budget to run a sequence on. An Actual process that a failed call left in a bad
   * state (its spreadsheet mid-transaction, say) is replaced first.
   */
  async begin(): Promise<void> {
    try {
      if (this.hung) throw new Error('replace');
      await this.request({ cmd: 'begin' });
    } catch {
      this.hung = false;
      await this.stop();
      const { proc, dataDir } = await Worker.spawn(this.impl, this.script);
      this.proc = proc;
      this.dataDir = dataDir;
      this.attach(proc);
      await this.request({ cmd: 'begin' });
    }
  }

  /** Wall time spent waiting on each kind of request, in ms (for the CLI's report). */
  readonly timing: Record<Request['cmd'], number> = { begin: 0, op: 0, dump: 0 };

  /**
   * One request. An answer that does not come within `REQUEST_LIMIT_MS` (a call that never
   * settles) fails the request; the worker is replaced at the next `begin`.
   */
  request<T>(req: Request): Promise<T> {
    const id = this.next++;
    const started = performance.now();
    return new Promise<T>((resolveReq, rejectReq) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.hung = true;
        rejectReq(new Error(`${this.impl} did not answer ${JSON.stringify(req).slice(0, 300)}`));
      }, REQUEST_LIMIT_MS);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          this.timing[req.cmd] += performance.now() - started;
          resolveReq(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          rejectReq(e);
        },
      });
      this.proc.send({ id, req });
    });
  }

  /** Set when a request went unanswered: the process is replaced before the next sequence. */
  private hung = false;

  async stop(): Promise<void> {
    if (this.proc.exitCode === null && this.proc.signalCode === null) {
      const exited = new Promise((r) => this.proc.once('exit', r));
      this.proc.kill();
      await exited;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface Divergence {
  version: Version;
  /** The operation at which it showed (its index), or the end of the sequence. */
  at: number | 'end';
  what: string[];
}

export interface SequenceResult {
  divergences: Divergence[];
  /** Where each version stopped at a documented divergence (by tag), if it did. */
  stopped: Partial<Record<Version, { at: number; tags: string[] }>>;
}

/** Runs `ops` on fresh budgets in Coffer and each Actual version, and compares them. */
export async function runSequence(
  coffer: Worker,
  actual: readonly Worker[],
  ops: readonly Op[],
): Promise<SequenceResult> {
  const all = [coffer, ...actual];
  await Promise.all(all.map((w) => w.begin()));
  const result: SequenceResult = { divergences: [], stopped: {} };
  let live = [...actual];
  for (const [i, op] of ops.entries()) {
    if (live.length === 0) break;
    const dumpIf = [...new Set(live.flatMap((w) => stopTags(w.impl as Version)))];
    const [ours, ...theirs] = await Promise.all([
      coffer.request<OpReply>({ cmd: 'op', op, stop: [], dumpIf }),
      ...live.map((w) =>
        w
          .request<OpReply>({ cmd: 'op', op, stop: stopTags(w.impl as Version), dumpIf: [] })
          .catch((err: Error) => ({ crash: err.message }) as const),
      ),
    ]);
    const still: Worker[] = [];
    live.forEach((w, j) => {
      const version = w.impl as Version;
      const answer = theirs[j]!;
      const fail = (what: string[]) => result.divergences.push({ version, at: i, what });
      if ('crash' in answer) {
        fail([`${version} failed: ${answer.crash}`]);
        return;
      }
      const reply = answer;
      if (reply.stopped) {
        result.stopped[version] = { at: i, tags: reply.tags };
        if (!ours!.before) fail([`tags: coffer ${fmt(ours!.tags)}, ${version} ${fmt(reply.tags)}`]);
        else {
          const diff = diffValues(ours!.before, reply.stopped, 'state');
          if (diff.length > 0) fail(diff);
        }
        return;
      }
      const diff = diffValues(
        { r: ours!.outcome.r, detail: ours!.outcome.detail ?? null },
        { r: reply.outcome.r, detail: reply.outcome.detail ?? null },
        'outcome',
      );
      if (diff.length > 0) {
        fail([
          ...diff,
          `coffer: ${ours!.outcome.message ?? ''}`,
          `${version}: ${reply.outcome.message ?? ''}`,
        ]);
        return;
      }
      still.push(w);
    });
    live = still;
  }
  if (live.length > 0) {
    const [ours, ...theirs] = await Promise.all([
      coffer.request<BudgetState>({ cmd: 'dump' }),
      ...live.map((w) =>
        w.request<BudgetState>({ cmd: 'dump' }).catch((err: Error) => ({ crash: err.message })),
      ),
    ]);
    live.forEach((w, j) => {
      const theirState = theirs[j]!;
      const diff =
        'crash' in theirState
          ? [`${w.impl} failed to read the budget: ${theirState.crash}`]
          : diffValues(ours, theirState, 'state');
      if (diff.length > 0) {
        result.divergences.push({ version: w.impl as Version, at: 'end', what: diff });
      }
    });
  }
  return result;
}

const fmt = (value: unknown) => JSON.stringify(value);

/** Where `a` (Coffer) and `b` (Actual) differ, as `path: coffer ≠ actual` lines (at most 12). */
export function diffValues(a: unknown, b: unknown, path: string, out: string[] = []): string[] {
  if (out.length >= 12) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.every((x) => typeof x === 'string') && b.every((x) => typeof x === 'string')) {
      const onlyA = a.filter((x) => !b.includes(x));
      const onlyB = b.filter((x) => !a.includes(x));
      if (onlyA.length || onlyB.length || a.length !== b.length) {
        for (const x of onlyA.slice(0, 4)) out.push(`${path}: only coffer has ${x}`);
        for (const x of onlyB.slice(0, 4)) out.push(`${path}: only actual has ${x}`);
        if (!onlyA.length && !onlyB.length) out.push(`${path}: ${fmt(a)} ≠ ${fmt(b)}`);
      }
      return out;
    }
    if (a.length !== b.length) out.push(`${path}: length ${a.length} ≠ ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) diffValues(a[i], b[i], `${path}[${i}]`, out);
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      diffValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
    }
    return out;
  }
  if (fmt(a) !== fmt(b)) out.push(`${path}: ${fmt(a)} ≠ ${fmt(b)}`);
  return out;
} // prettier-ignore

/** A failure in words: the operations and what differed. */
export function describeFailure(ops: readonly Op[], result: SequenceResult): string {
  const lines = result.divergences.map(
    (d) =>
      `${d.version} at ${d.at === 'end' ? 'the end' : `op ${d.at}`}:\n  ${d.what.join('\n  ')}`,
  );
  return `${lines.join('\n')}\nops: ${JSON.stringify(ops)}`;
}

/**
 * Where a returning start's CPU went (phone.ts `--trace`, issue 29), from a Chrome trace taken
 * without the sampling profiler: the profiler's interrupts and source-position collection more
 * than doubled the start it watched (5.8 s against 2.4 s untraced). Under the phone's CPU quota
 * every thread of the browser spends from one share, so the start's wall time is about its CPU
 * summed over all of them divided by the share: each thread's CPU (its outermost tasks' own
 * thread time), from the navigation to the budget's first paint, is what to cut.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { TraceEvent } from './phone-trace.ts';

/**
 * The timeline, script and compile work, wasm's compiles, and whether V8's caches were read
 * (the disabled-by-default timeline has the wasm module cache's hits and writes); no sampling
 * profiler.
 */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'toplevel',
  'v8.wasm',
  'v8',
  'loading',
];

export interface ThreadCpu {
  thread: string;
  /** CPU ms of its tasks from the navigation to the budget's first paint. */
  cpuMs: number;
  /** The same after the paint, to the trace's end (background work, the old page's leave). */
  afterMs: number;
  /** The kinds of work inside its tasks before the paint, in CPU ms, most first. */
  top: Array<{ what: string; ms: number; count: number }>;
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** A name for an event: a script call by its function and file, an event by its type. */
function what(e: TraceEvent): string {
  const d = e.args?.data;
  if ((e.name === 'FunctionCall' || e.name === 'EvaluateScript') && d) {
    const file = (d.url ?? '').split('/').pop() ?? '';
    return `${e.name} ${d.functionName || ''} ${file}`.replace(/ +/g, ' ').trim();
  }
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
  return e.name;
}

const cpuOf = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;

/** Each thread's CPU from the (last) navigation to `coffer:budget-shown`, most first. */
export function startCpu(trace: { traceEvents: TraceEvent[] }): {
  shownMs: number;
  threads: ThreadCpu[];
  caches: string[];
} {
  const events = trace.traceEvents;
  const names = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? '');
  }
  const navs = events.filter((e) => e.name === 'navigationStart').map((e) => e.ts);
  const start = navs.length ? Math.min(...navs) : Math.min(...events.map((e) => e.ts || Infinity));
  const shown = events.find((e) => e.name === 'coffer:budget-shown')?.ts ?? Infinity;
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const threads: ThreadCpu[] = [];
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let cpuMs = 0;
    let afterMs = 0;
    let covered = -Infinity;
    const kinds = new Map<string, { ms: number; count: number }>();
    for (const task of list) {
      if (task.dur === 0) continue;
      // Outermost events only (a RunTask inside a RunTask counts once); not only tasks: a
      // worker's long microtask run (the budget's open) is an outermost event of its own.
      if (task.ts < covered || task.ts < start) continue;
      covered = task.ts + task.dur!;
      if (task.ts >= shown) {
        afterMs += cpuOf(task);
        continue;
      }
      cpuMs += cpuOf(task);
    }
    for (const e of list) {
      if (TASK.has(e.name) || e.ts < start || e.ts >= shown) continue;
      const k = kinds.get(what(e)) ?? { ms: 0, count: 0 };
      k.ms += cpuOf(e);
      k.count++;
      kinds.set(what(e), k);
    }
    if (cpuMs + afterMs < 3) continue;
    const pid = Number(key.split(':')[0]);
    threads.push({
      thread: `${names.get(key) ?? 'thread'} (${processes.get(pid) ?? pid} ${key})`,
      cpuMs: Math.round(cpuMs),
      afterMs: Math.round(afterMs),
      top: [...kinds]
        .map(([w, k]) => ({ what: w, ms: Math.round(k.ms), count: k.count }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10),
    });
  }
  threads.sort((a, b) => b.cpuMs - a.cpuMs);
  return { shownMs: Math.round((shown - start) / 1000), threads, caches: cacheUse(events, start) };
}

/**
 * Whether the start's code came from V8's caches: each script or module compiled with the
 * bytes of V8's code cache it read, and the wasm module cache's events (a hit, a miss is no
 * event, and a write of a tiered-up module).
 */
function cacheUse(events: TraceEvent[], start: number): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.ts < start) continue;
    const d = e.args?.data;
    if ((e.name === 'v8.compileModule' || e.name === 'v8.compile') && d?.url) {
      const file = d.url.split('/').pop();
      out.push(`${file}: ${d.consumedCacheSize ? `${d.consumedCacheSize} B from the code cache` : 'compiled'}`); // prettier-ignore
    }
    if (e.name.startsWith('v8.wasm.') && e.name !== 'v8.wasm.streamFromResponseCallback')
      out.push(e.name);
  }
  return out;
}

/** Starts the light trace of the whole browser; `stop` returns the start's CPU per thread. */
export async function traceStart(browser: Browser, page: Page, file: string) {
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  return {
    file,
    async stop() {
      await browser.stopTracing();
      return startCpu(JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] });
    },
  };
}

/** The per-thread CPU as lines: the total, then each thread and its largest kinds of work. */
export function printStartCpu(what: string, cpu: ReturnType<typeof startCpu>): void {
  const total = cpu.threads.reduce((s, t) => s + t.cpuMs, 0);
  console.log(`${what}: shown at ${cpu.shownMs} ms; CPU before it ${total} ms over all threads`);
  console.log(`  code caches: ${cpu.caches.join('; ') || 'no compiles seen'}`);
  for (const t of cpu.threads.slice(0, 12)) {
    console.log(`  ${t.thread}: ${t.cpuMs} ms CPU before shown, ${t.afterMs} after`);
    for (const k of t.top.slice(0, t.cpuMs >= 30 ? 10 : 0))
      console.log(`    ${k.ms} ms ×${k.count} ${k.what}`);
  }
}

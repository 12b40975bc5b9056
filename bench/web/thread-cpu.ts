/**
 * Each thread's CPU between two moments of a Chrome trace, taken without the sampling profiler
 * (whose interrupts and source-position collection more than doubled the step it watched):
 * under a CPU quota or on a loaded machine the wall time of a step is about its CPU summed over
 * every thread it keeps busy, so that sum, split by thread and kind of work, is what to cut.
 * Used by the phone's returning start (phone-start-cpu.ts) and the browser import's Coffer and
 * floor windows (bench/import/web.ts).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { TraceEvent } from './phone-trace.ts';

/**
 * The timeline, script and compile work, wasm's compiles, and whether V8's caches were read
 * (the disabled-by-default timeline has the wasm module cache's hits and writes); no sampling
 * profiler.
 */
export const CPU_CATEGORIES = [
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
  /** The process's name (Browser, Renderer, GPU Process...), to sum a process's threads. */
  process: string;
  /** CPU ms of its outermost events that began in the window. */
  cpuMs: number;
  /** The same for those that began after the window, to the trace's end. */
  afterMs: number;
  /** The kinds of work inside its events in the window, in CPU ms, most first. */
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

/** The thread's CPU in an event: under a quota `dur` also counts the pauses. */
const cpuOf = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;

/** The trace's timestamp (µs) of the first event named `name` (a `performance.mark`...). */
export function markAt(events: readonly TraceEvent[], name: string): number | undefined {
  return events.find((e) => e.name === name)?.ts;
}

/**
 * Each thread's CPU in [from, to) (trace µs), most first: the thread time of its outermost
 * events that began in it (a RunTask inside a RunTask counts once; not only tasks: a worker's
 * long microtask run is an outermost event of its own). Threads under `minMs` in all are left out.
 */
export function cpuByThread(
  events: readonly TraceEvent[],
  from: number,
  to: number,
  minMs = 3,
): ThreadCpu[] {
  const names = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? '');
  }
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
    for (const task of list) {
      if (task.dur === 0) continue;
      if (task.ts < covered || task.ts < from) continue;
      covered = task.ts + task.dur!;
      if (task.ts >= to) afterMs += cpuOf(task);
      else cpuMs += cpuOf(task);
    }
    const kinds = new Map<string, { ms: number; count: number }>();
    for (const e of list) {
      if (TASK.has(e.name) || e.ts < from || e.ts >= to) continue;
      const k = kinds.get(what(e)) ?? { ms: 0, count: 0 };
      k.ms += cpuOf(e);
      k.count++;
      kinds.set(what(e), k);
    }
    if (cpuMs + afterMs < minMs) continue;
    const pid = Number(key.split(':')[0]);
    const process = processes.get(pid) ?? String(pid);
    threads.push({
      thread: `${names.get(key) ?? 'thread'} (${process} ${key})`,
      process,
      cpuMs: Math.round(cpuMs),
      afterMs: Math.round(afterMs),
      top: [...kinds]
        .map(([w, k]) => ({ what: w, ms: Math.round(k.ms), count: k.count }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10),
    });
  }
  return threads.sort((a, b) => b.cpuMs - a.cpuMs);
}

/** The CPU of all threads, and of each process's threads together, in the window. */
export function cpuTotals(threads: readonly ThreadCpu[]): {
  totalMs: number;
  byProcess: Record<string, number>;
} {
  const byProcess: Record<string, number> = {};
  for (const t of threads) byProcess[t.process] = (byProcess[t.process] ?? 0) + t.cpuMs;
  return { totalMs: threads.reduce((s, t) => s + t.cpuMs, 0), byProcess };
}

/**
 * A Chrome trace through the page's DevTools session (a persistent context has no `Browser` to
 * trace with); it holds every process's threads: the page, the core's worker, the browser
 * process (OPFS's files), the compile threads. With CPU_CATEGORIES it leaves out the sampling
 * profiler, which slows what it watches: the CPU figures are then the work's own.
 */
export async function traceThroughPage(page: Page, categories: readonly string[]) {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types each event as a string map; they are trace events.
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: [...categories] },
    transferMode: 'ReportEvents',
  });
  return {
    async stop(file: string | undefined) {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      if (file) writeFileSync(file, JSON.stringify({ traceEvents: events }));
      return events;
    },
  };
}

/** Every thread's CPU between two page marks, summed, by process, and the busiest threads. */
export function windowCpu(events: TraceEvent[], from: string, to: string) {
  const start = markAt(events, from);
  const end = markAt(events, to);
  if (start === undefined || end === undefined) throw new Error(`no mark ${from} or ${to}`);
  const threads = cpuByThread(events, start, end);
  return {
    ...cpuTotals(threads),
    wallMs: Math.round((end - start) / 1000),
    threads: threads.slice(0, 6).map(({ thread, cpuMs, top }) => ({
      thread,
      cpuMs,
      top: top.slice(0, 6),
    })),
  };
}

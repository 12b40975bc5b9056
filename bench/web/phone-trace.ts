/**
 * Where a measured step's time went, from a Chrome trace of the whole browser (every process and
 * thread: the page's main thread, the core's dedicated worker, the service worker): each
 * thread's busy time (its top-level tasks) and the kinds of work that filled it. Used by
 * phone.ts (`--trace`) around the save step.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

/** What the timeline shows of script, layout and paint, and the worker's own tasks. */
export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
  // What fills the pool threads and the worker's first calls into SQLite at a start: wasm's
  // tier-up (wasm.TopTierCompilation) and lazy compiles (wasm.CompileLazy), JS's optimizing
  // compiles (V8.MaglevTask): a returning start spent 36-153 ms of CPU on wasm's tier-up alone.
  'v8.wasm',
  'disabled-by-default-v8.wasm.detailed',
  'disabled-by-default-v8.compile',
].join(',');

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** A Chrome trace event, as far as the phone bench's readers use it. */
export interface TraceEvent {
  ph: string;
  name: string;
  cat?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (under the CPU quota `dur` also counts the pauses). */
  tdur?: number;
  /** A `Profile` and its `ProfileChunk`s share it. */
  id?: string;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      type?: string;
      consumedCacheSize?: number;
      cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] };
    };
  };
}

export interface ThreadSplit {
  thread: string;
  busyMs: number;
  /** The CPU time of its top-level tasks: `busyMs` includes the quota's pauses inside them. */
  cpuMs: number;
  /** The sampling profiler's functions with the most samples of their own (minified names). */
  hot: Array<{ where: string; samples: number }>;
  /** The kinds of work, longest total first (nested events overlap their parents). */
  top: Array<{ what: string; ms: number; count: number }>;
}

/**
 * Starts tracing the whole browser; `stop` returns each busy thread's split. `profile` false:
 * without the sampling profiler, whose interrupts and source positions more than doubled the
 * phone's tap it watched (each thread's CPU is then the step's own).
 */
export async function traceStep(browser: Browser, page: Page, file: string, profile = true) {
  const categories = CATEGORIES.split(',').filter(
    (c) => profile || c !== 'disabled-by-default-v8.cpu_profiler',
  );
  // What marked each element for style and layout, by node (bench/web-phone/invalidations.mjs
  // reads them): heavier, so asked for by the environment, not in timed runs.
  if (process.env.COFFER_BENCH_INVALIDATIONS === '1')
    categories.push('disabled-by-default-devtools.timeline.invalidationTracking');
  await browser.startTracing(page, { path: file, categories });
  return {
    async stop(): Promise<{ wallMs: number; threads: ThreadSplit[] }> {
      await browser.stopTracing();
      return summarize(JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] });
    },
  };
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** A name for an event: a script call by its function and file, an event by its type. */
function what(e: TraceEvent): string {
  const d = e.args?.data;
  if (e.name === 'FunctionCall' && d) {
    const file = (d.url ?? '').split('/').pop() ?? '';
    return `FunctionCall ${d.functionName || '(anonymous)'} ${file}`.trim();
  }
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
  return e.name;
}

export function summarize(trace: { traceEvents: TraceEvent[] }): {
  wallMs: number;
  threads: ThreadSplit[];
} {
  const names = new Map<string, string>();
  let first = Infinity;
  let last = -Infinity;
  for (const e of trace.traceEvents) {
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.ph === 'X' && e.dur !== undefined) {
      first = Math.min(first, e.ts);
      last = Math.max(last, e.ts + e.dur);
    }
  }
  const busy = new Map<string, number>();
  const cpu = new Map<string, number>();
  const kinds = new Map<string, Map<string, { ms: number; count: number }>>();
  // A task inside a task (Chromium's RunTask inside ThreadControllerImpl::RunTask, at the same
  // time) counts once: both counted made a thread busier than the trace was long.
  const covered = new Map<string, number>();
  const ordered = trace.traceEvents
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  for (const e of ordered) {
    const key = `${e.pid}:${e.tid}`;
    if (TASK.has(e.name)) {
      if (e.ts < (covered.get(key) ?? -Infinity)) continue;
      covered.set(key, e.ts + e.dur!);
      busy.set(key, (busy.get(key) ?? 0) + e.dur! / 1000);
      cpu.set(key, (cpu.get(key) ?? 0) + (e.tdur ?? 0) / 1000);
      continue;
    }
    const byKind = kinds.get(key) ?? new Map<string, { ms: number; count: number }>();
    kinds.set(key, byKind);
    const k = byKind.get(what(e)) ?? { ms: 0, count: 0 };
    k.ms += e.dur! / 1000;
    k.count += 1;
    byKind.set(what(e), k);
  }
  // The sampling profiler: nodes arrive in chunks, samples name the node they landed in. A
  // chunk is written from the profiler's own thread; the thread it samples is the one of the
  // `Profile` event with the same id (keyed by the chunk's thread, a worker's hot functions
  // were filed under a thread with no tasks, and never shown).
  const sampled = new Map<string, string>();
  for (const e of trace.traceEvents) {
    if (e.name === 'Profile' && e.id !== undefined)
      sampled.set(`${e.pid}:${e.id}`, `${e.pid}:${e.tid}`);
  }
  const frames = new Map<string, Map<number, CallFrame>>();
  const samples = new Map<string, Map<string, number>>();
  for (const e of trace.traceEvents) {
    const profile = e.name === 'ProfileChunk' ? e.args?.data?.cpuProfile : undefined;
    if (!profile) continue;
    const key = sampled.get(`${e.pid}:${e.id}`) ?? `${e.pid}:${e.tid}`;
    const nodes = frames.get(key) ?? new Map<number, CallFrame>();
    frames.set(key, nodes);
    for (const n of profile.nodes ?? []) nodes.set(n.id, n.callFrame);
    const counts = samples.get(key) ?? new Map<string, number>();
    samples.set(key, counts);
    for (const id of profile.samples ?? []) {
      const f = nodes.get(id);
      if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue;
      const file = (f.url ?? '').split('/').pop() ?? '';
      const where = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      counts.set(where, (counts.get(where) ?? 0) + 1);
    }
  }
  const threads = [...busy.entries()]
    .filter(([, ms]) => ms >= 5)
    .sort((a, b) => b[1] - a[1])
    .map(([key, ms]) => ({
      thread: `${names.get(key) ?? 'thread'} (${key})`,
      busyMs: Math.round(ms),
      cpuMs: Math.round(cpu.get(key) ?? 0),
      top: [...(kinds.get(key) ?? new Map()).entries()]
        .map(([w, k]) => ({ what: w, ms: Math.round(k.ms), count: k.count }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 8),
      hot: [...(samples.get(key) ?? new Map<string, number>()).entries()]
        .map(([where, n]) => ({ where, samples: n }))
        .sort((a, b) => b.samples - a.samples)
        .slice(0, 12),
    }));
  return { wallMs: Math.round((last - first) / 1000), threads };
}

/**
 * A measured step as a timeline of the page's main thread and the core's worker, from a Chrome
 * trace taken without the sampling profiler (which adds its own interrupts to every task and
 * doubled the step it watched): each task in order from the step's first event, with its start,
 * its length and the work inside it (script, style and layout, paint, the worker's message), and
 * per thread the time in each kind of work. Used by tags.ts (`--trace`); phone-trace.ts keeps the
 * profiler's view of where a long task's script went.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

/** The timeline's script, layout and paint; no sampling profiler. */
const CATEGORIES = ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel'];

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in it (the wall time `dur` also holds waits for a core). */
  tdur?: number;
  args?: { name?: string; data?: { type?: string; functionName?: string } };
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** Which kind of work an event inside a task is (null: a wrapper, counted by what it holds). */
const KIND: Record<string, string> = {
  EventDispatch: 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  HandlePostMessage: 'message',
  ParseHTML: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

export interface TimelineTask {
  thread: 'main' | 'worker';
  /** ms from the step's first event. */
  at: number;
  ms: number;
  /** Of `ms`, the thread's own CPU time (on a loaded machine the rest waited for a core). */
  cpu: number;
  /** Its outermost kinds of work, longest first, in CPU ms: `script 12.1, layout 3.0`. */
  what: string;
}

export interface Timeline {
  tasks: TimelineTask[];
  /**
   * Per thread, CPU ms in each kind of work (outermost events only, so nothing counts twice),
   * and `task`: its tasks' whole CPU time.
   */
  totals: Record<'main' | 'worker', Record<string, number>>;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The outermost events of a kind inside [start, end) on one thread, summed by kind. */
function kindsWithin(events: TraceEvent[], start: number, end: number): Map<string, number> {
  const out = new Map<string, number>();
  let covered = -Infinity;
  for (const e of events) {
    if (e.ts < start || e.ts >= end || e.ts < covered) continue;
    const kind = KIND[e.name];
    if (!kind) continue;
    out.set(kind, (out.get(kind) ?? 0) + (e.tdur ?? e.dur!) / 1000);
    covered = e.ts + e.dur!;
  }
  return out;
}

/** The timeline of the main thread and the dedicated worker, from the first `from` event. */
export function timeline(events: TraceEvent[], from: (e: TraceEvent) => boolean): Timeline {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const threadOf = (e: TraceEvent): 'main' | 'worker' | null => {
    const n = names.get(`${e.pid}:${e.tid}`) ?? '';
    return n === 'CrRendererMain' ? 'main' : n === 'DedicatedWorker thread' ? 'worker' : null;
  };
  const timed = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && threadOf(e))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const start = timed.find((e) => threadOf(e) === 'main' && from(e))?.ts;
  const totals: Timeline['totals'] = { main: {}, worker: {} };
  if (start === undefined) return { tasks: [], totals };
  const tasks: TimelineTask[] = [];
  for (const thread of ['main', 'worker'] as const) {
    const mine = timed.filter((e) => threadOf(e) === thread);
    for (const t of mine) {
      if (!TASK.has(t.name) || t.ts + t.dur! < start) continue;
      const kinds = kindsWithin(mine, t.ts, t.ts + t.dur!);
      for (const [k, ms] of kinds) totals[thread][k] = round((totals[thread][k] ?? 0) + ms);
      const cpu = (t.tdur ?? t.dur!) / 1000;
      totals[thread].task = round((totals[thread].task ?? 0) + cpu);
      if (t.dur! < 500) continue;
      tasks.push({
        thread,
        at: round((t.ts - start) / 1000),
        ms: round(t.dur! / 1000),
        cpu: round(cpu),
        what: [...kinds]
          .sort((a, b) => b[1] - a[1])
          .map(([k, ms]) => `${k} ${round(ms)}`)
          .join(', '),
      });
    }
  }
  tasks.sort((a, b) => a.at - b.at);
  return { tasks, totals };
}

/** Starts a trace without the profiler; `stop` returns the timeline from the first click. */
export async function traceTimeline(browser: Browser, page: Page, file: string) {
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  return {
    async stop(): Promise<Timeline> {
      await browser.stopTracing();
      const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
      return timeline(
        trace.traceEvents,
        (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click',
      );
    },
  };
}

/** The timeline as lines: each task ≥ 0.5 ms, then each thread's totals. */
export function printTimeline(what: string, t: Timeline): void {
  console.log(`${what}: tasks from the click (ms from it, wall ms, CPU ms, CPU ms inside)`);
  for (const task of t.tasks)
    console.log(
      `  ${String(task.at).padStart(7)} ${task.thread.padEnd(6)} ${String(task.ms).padStart(6)} ${String(task.cpu).padStart(6)}  ${task.what}`,
    );
  for (const [thread, kinds] of Object.entries(t.totals))
    console.log(
      `  ${thread} in all (CPU ms): ${Object.entries(kinds)
        .map(([k, ms]) => `${k} ${ms}`)
        .join(', ')}`,
    );
}

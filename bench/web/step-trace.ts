/**
 * A Chrome trace of one measured step of a page of a persistent context (which has no `Browser`
 * to trace, so phone-trace.ts's `traceStep` does not apply): taken through the page's DevTools
 * session, which records the renderer's threads (the page's main thread, its compositor and the
 * core's dedicated worker). `stop` writes the trace for chrome://tracing and returns each
 * thread's busy time (phone-trace.ts's `summarize`) and the main thread's and worker's tasks in
 * order, so a step's time splits into the click's handler, the messages, the render, layout and
 * paint. Used by budget-page.ts (`--trace`).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { CATEGORIES, summarize, type ThreadSplit } from './phone-trace.ts';

/** A trace event, with the thread time Chromium records for most of them. */
type Event = Parameters<typeof summarize>[0]['traceEvents'][number] & { tdur?: number };

/** One top-level task of a thread: when it started (ms from `from`), how long, what filled it. */
export interface Task {
  atMs: number;
  ms: number;
  /** The thread's own time in it (wall time less what other processes took on a loaded machine). */
  cpuMs: number;
  /** The longest events nested in it, by name, as `name ms`. */
  inside: string[];
}

export interface StepTrace {
  wallMs: number;
  threads: ThreadSplit[];
  /** Tasks of at least 0.5 ms on each named thread, in order, from the step's own start mark. */
  tasks: Record<string, Task[]>;
  /** Each listed thread's own time in the step's tasks (`stepCpu`). */
  cpuMs: Record<string, number>;
}

const TOP = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** The threads whose tasks are listed (Chromium's names). */
const LISTED = ['CrRendererMain', 'DedicatedWorker thread', 'Compositor'];

/**
 * A thread's outermost task events, in order: Chromium nests one task event in another
 * (`RunTask` of the timeline in `ThreadControllerImpl::RunTask` of `toplevel`), and a light
 * trace has only the latter.
 */
function outermost(list: readonly Event[]): Event[] {
  const all = list.filter((e) => TOP.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: Event[] = [];
  for (const e of all) {
    const last = out.at(-1);
    if (last && e.ts >= last.ts && e.ts + e.dur! <= last.ts + last.dur!) continue;
    out.push(e);
  }
  return out;
}

function label(e: Event): string {
  const d = e.args?.data;
  if (e.name === 'FunctionCall' && d) return `FunctionCall ${d.functionName || '(anon)'}`;
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame') return e.name;
  return e.name;
}

/**
 * Each listed thread's tasks from the first user-timing mark named `startMark` (or the trace's
 * first event), with what filled each.
 */
export function taskList(events: Event[], startMark: string): Record<string, Task[]> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  const mark = events.find((e) => e.name === startMark && e.ph !== 'M');
  const from = mark?.ts ?? Math.min(...events.filter((e) => e.ph === 'X').map((e) => e.ts));
  const byThread = new Map<string, Event[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const name = names.get(`${e.pid}:${e.tid}`) ?? '';
    if (!LISTED.includes(name)) continue;
    const key = `${name} ${e.pid}:${e.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const out: Record<string, Task[]> = {};
  for (const [key, list] of byThread) {
    const tops = outermost(list).filter((e) => e.dur! >= 500 && e.ts + e.dur! >= from);
    out[key] = tops.map((t) => {
      const nested = new Map<string, number>();
      for (const e of list) {
        if (TOP.has(e.name) || e.ts < t.ts || e.ts + e.dur! > t.ts + t.dur!) continue;
        nested.set(label(e), (nested.get(label(e)) ?? 0) + (e.tdur ?? e.dur!) / 1000);
      }
      return {
        atMs: Math.round((t.ts - from) / 100) / 10,
        ms: Math.round(t.dur! / 100) / 10,
        cpuMs: Math.round((t.tdur ?? 0) / 100) / 10,
        inside: [...nested.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([n, ms]) => `${n} ${ms.toFixed(1)}`),
      };
    });
  }
  return out;
}

/**
 * The thread time of each listed thread's tasks from the task that holds `startMark` to the
 * one that holds `endMark` (both included): what the step cost the page's main thread and the
 * core's worker, whatever else ran on the machine meanwhile (wall times on a loaded machine
 * are mostly waiting for a core).
 */
export function stepCpu(
  events: Event[],
  startMark: string,
  endMark: string,
): Record<string, number> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  const byThread = new Map<string, Event[]>();
  for (const e of events) {
    const name = names.get(`${e.pid}:${e.tid}`) ?? '';
    if (e.ph !== 'X' || e.dur === undefined || !LISTED.includes(name)) continue;
    byThread.set(name, [...(byThread.get(name) ?? []), e]);
  }
  const tasks = new Map([...byThread].map(([name, list]) => [name, outermost(list)]));
  const mainTasks = tasks.get('CrRendererMain') ?? [];
  const at = (mark: string) => events.find((e) => e.name === mark && e.ph !== 'M')?.ts;
  const holding = (ts: number | undefined) =>
    ts === undefined ? undefined : mainTasks.find((t) => t.ts <= ts && ts <= t.ts + t.dur!);
  const first = holding(at(startMark));
  const last = holding(at(endMark));
  const out: Record<string, number> = {};
  if (!first || !last) return out;
  for (const [name, list] of tasks) {
    for (const e of list) {
      if (e.ts < first.ts || e.ts > last.ts + last.dur!) continue;
      out[name] = Math.round(((out[name] ?? 0) + (e.tdur ?? 0) / 1000) * 10) / 10;
    }
  }
  return out;
}

export interface TraceOptions {
  /** The user-timing marks in the page that start and end the step. */
  startMark: string;
  endMark: string;
  /** Where to write the trace (for chrome://tracing); none: not written. */
  file?: string;
  /** Adds the sampling profiler (the hot functions), whose interrupts slow the script. */
  profile?: boolean;
  /** Only what `stepCpu` needs: the lightest trace, for every repeat of a step. */
  light?: boolean;
}

/** Starts tracing the page's renderer; `stop` returns the split (and writes the file). */
export async function traceStep(page: Page, options: TraceOptions) {
  const cdp = await page.context().newCDPSession(page);
  const collected: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => collected.push(...e.value));
  const categories = options.light
    ? ['toplevel', 'blink.user_timing', '__metadata']
    : CATEGORIES.split(',').filter(
        (c) => options.profile || c !== 'disabled-by-default-v8.cpu_profiler',
      );
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories } });
  return {
    async stop(): Promise<StepTrace> {
      const done = new Promise<void>((resolve) =>
        cdp.once('Tracing.tracingComplete', () => resolve()),
      );
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      const events = collected as Event[];
      if (options.file) writeFileSync(options.file, JSON.stringify({ traceEvents: events }));
      const cpuMs = stepCpu(events, options.startMark, options.endMark);
      if (options.light) return { wallMs: 0, threads: [], tasks: {}, cpuMs };
      const split = summarize({ traceEvents: events });
      return { ...split, tasks: taskList(events, options.startMark), cpuMs };
    },
  };
}

/** Prints a step's split: each busy thread, then each listed thread's tasks in order. */
export function printStepTrace(what: string, t: StepTrace): void {
  console.log(
    `\n${what}, traced over ${t.wallMs} ms; the step's thread time: ${JSON.stringify(t.cpuMs)}`,
  );
  for (const th of t.threads.slice(0, 4)) {
    console.log(`  ${th.thread}: busy ${th.busyMs} ms`);
    for (const k of th.top) console.log(`    ${k.ms} ms ×${k.count} ${k.what}`);
    for (const h of th.hot.slice(0, 8)) console.log(`    ${h.samples} samples in ${h.where}`);
  }
  for (const [thread, tasks] of Object.entries(t.tasks)) {
    console.log(`  ${thread}, tasks from the step's start:`);
    for (const task of tasks) {
      console.log(
        `    +${task.atMs} ms, ${task.ms} ms (cpu ${task.cpuMs}): ${task.inside.join(', ')}`,
      );
    }
  }
}

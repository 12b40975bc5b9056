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
import { CPU_CATEGORIES, cpuByThread, markAt, type ThreadCpu } from './thread-cpu.ts';

/** Each thread's CPU from the (last) navigation to `coffer:budget-shown`, most first. */
export function startCpu(trace: { traceEvents: TraceEvent[] }): {
  shownMs: number;
  threads: ThreadCpu[];
  caches: string[];
} {
  const events = trace.traceEvents;
  const navs = events.filter((e) => e.name === 'navigationStart').map((e) => e.ts);
  const start = navs.length ? Math.min(...navs) : Math.min(...events.map((e) => e.ts || Infinity));
  const shown = markAt(events, 'coffer:budget-shown') ?? Infinity;
  return {
    shownMs: Math.round((shown - start) / 1000),
    threads: cpuByThread(events, start, shown),
    caches: cacheUse(events, start),
  };
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
  // The sampling profiler too when asked (COFFER_BENCH_START_PROFILE=1): the worker's open is
  // one long task, and only samples split it by function; it slows what it watches, so timed
  // runs go without it.
  const categories =
    process.env.COFFER_BENCH_START_PROFILE === '1'
      ? [...CPU_CATEGORIES, 'disabled-by-default-v8.cpu_profiler']
      : CPU_CATEGORIES;
  await browser.startTracing(page, { path: file, categories });
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

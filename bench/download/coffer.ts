// The new device through Coffer's own client in process: the app core with the cloud module on
// the Node platform (assembled as packages/core-web's worker does). `set-server-url` +
// `subscribe-sign-in`, then what a script's downloadBudget does: `get-remote-files`, then
// `download-budget` (fetch, unpack, open, catch up with the server; kept open), and one
// `api/budget-month` to show the budget is ready to read; then waits for the background builds
// to end (`settled`). Prints one JSON line.
//   node download-coffer.mjs <json options>
import { createAppCore, createCloudModule } from '@coffer/core';
import { decodeSyncRequest } from '@coffer/crdt';
import { createNodePlatform } from '@coffer/core-node';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { join } from 'node:path';
import { settled } from '../lib/settle.mjs';

interface Options {
  dataDir: string;
  serverURL: string;
  password: string;
  groupId: string;
  month: string;
}

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

function cpuMs(since?: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

/**
 * CPU time so far of each thread of this process (Linux `schedstat`, in ns), by thread id, or
 * null elsewhere. A process's CPU counts the V8 compiler and collector threads and libuv's pool
 * beside the main thread: the split says whether a change saved work on the thread that waits.
 */
function threadCpuNs(): Map<string, number> | null {
  if (!existsSync('/proc/self/task')) return null;
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      out.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** Main-thread and other-thread CPU (ms) between two `threadCpuNs` readings. */
function threadSplit(before: Map<string, number> | null, after: Map<string, number> | null) {
  if (!before || !after) return null;
  let main = 0;
  let others = 0;
  for (const [tid, ns] of after) {
    const ms = (ns - (before.get(tid) ?? 0)) / 1e6;
    if (tid === String(process.pid)) main += ms;
    else others += ms;
  }
  return { mainMs: Math.round(main * 10) / 10, otherThreadsMs: Math.round(others * 10) / 10 };
}

function ok<T>(name: string, value: unknown): T {
  if (value && typeof value === 'object' && 'error' in value) {
    throw new Error(`${name} failed: ${JSON.stringify(value)}`);
  }
  return value as T;
}

export async function cofferNewDevice(o: Options) {
  const loadedMs = performance.now();
  const base = createNodePlatform({ documentDir: o.dataDir, log: quiet });
  // Every request the client makes, and how long until its answer's headers came.
  const requests: Array<{ path: string; at: number; ms: number }> = [];
  // Each /sync/sync: the `since` it asked from, the messages it sent, the answer's size.
  const syncs: Array<{ since: string; sent: number; answerBytes: number | null; ms: number }> = [];
  const platform = {
    ...base,
    fetch: async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const at = performance.now();
      const res = await base.fetch(input, init);
      const path = new URL(String(input)).pathname;
      const ms = Math.round(performance.now() - at);
      requests.push({ path, at: Math.round(at), ms });
      if (path.endsWith('/sync/sync') && init?.body instanceof Uint8Array) {
        const { since, messages } = decodeSyncRequest(init.body);
        const length = res.headers.get('content-length');
        syncs.push({ since, sent: messages.length, answerBytes: length === null ? null : Number(length), ms }); // prettier-ignore
      }
      return res;
    },
  };
  const cloud = createCloudModule();
  const core = createAppCore({ platform, documentDir: o.dataDir }).register(cloud.module);
  const events: Array<{ type: string; at: number }> = [];
  core.events.on('sync-event', (e) => events.push({ type: e.type, at: Math.round(performance.now()) })); // prettier-ignore
  const send = async <T>(name: string, args?: unknown) =>
    ok<T>(name, await core.sendUnknown(name, args));

  const t0 = performance.now();
  await send('set-server-url', { url: o.serverURL });
  await send('subscribe-sign-in', { password: o.password });
  const signInMs = performance.now() - t0;

  // DOWNLOAD_BENCH_PROFILE=dir: a CPU profile of the clocked part alone (download + catch-up),
  // sampled every 100 µs, written there (the whole process's --cpu-prof also holds the set-up).
  const profileDir = process.env.DOWNLOAD_BENCH_PROFILE;
  // DOWNLOAD_BENCH_HEAP=dir: a sampled allocation profile of the same part, counting what the
  // collector already freed too (what the GC inside the clock is spent on), as .heapprofile.
  const heapDir = process.env.DOWNLOAD_BENCH_HEAP;
  const inspector = profileDir || heapDir ? new Session() : null;
  if (inspector) inspector.connect();
  if (inspector && profileDir) {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
    await inspector.post('Profiler.start');
  }
  if (inspector && heapDir) {
    await inspector.post('HeapProfiler.enable');
    await inspector.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  // The garbage collections inside the clocked part, by kind (minor: scavenges; major:
  // mark-compact), from the GC's own performance entries.
  const gcs: Array<{ kind: number; at: number; ms: number }> = [];
  const gcWatch = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // Node puts `{ kind }` on a GC entry (not in this version of its types).
      const detail: unknown = 'detail' in e ? e.detail : null;
      const kind =
        detail && typeof detail === 'object' && 'kind' in detail && typeof detail.kind === 'number'
          ? detail.kind
          : 0;
      gcs.push({ kind, at: e.startTime, ms: e.duration });
    }
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  // DOWNLOAD_BENCH_V8_FLAGS='--trace-opt --trace-deopt': V8 tracing flags set for the clocked
  // part alone (the optimising compiler's work and the optimised code it threw away there); V8
  // prints to stdout, which the bench keeps with DOWNLOAD_BENCH_OUTPUT (bench/download/deopts.mjs
  // counts it).
  const v8Flags = process.env.DOWNLOAD_BENCH_V8_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  for (const flag of v8Flags) setFlagsFromString(flag);
  const threadsBefore = threadCpuNs();
  const cpu = process.cpuUsage();
  const t1 = performance.now();
  const files = await send<Array<{ fileId: string; groupId: string }>>('get-remote-files');
  const file = files.find((f) => f.groupId === o.groupId);
  if (!file) throw new Error(`no remote file with group ${o.groupId}`);
  const res = await send<{ id: string; syncError?: unknown }>('download-budget', {
    fileId: file.fileId,
    replace: true,
    keepOpen: true,
  });
  if (res.syncError) throw new Error(`catch-up failed: ${JSON.stringify(res.syncError)}`);
  const downloadMs = performance.now() - t1;
  const downloadCpuMs = cpuMs(cpu);
  const threads = threadSplit(threadsBefore, threadCpuNs());
  for (const flag of v8Flags) setFlagsFromString(flag.replace(/^--/, '--no-'));
  const tEnd = performance.now();
  // Entries are delivered after the fact: one turn later, every collection so far is in.
  await new Promise((done) => setImmediate(done));
  gcWatch.disconnect();
  const inWindow = gcs.filter((g) => g.at >= t1 && g.at <= tEnd);
  const sumOf = (list: typeof gcs) => Math.round(list.reduce((n, g) => n + g.ms, 0) * 10) / 10;
  const minor = inWindow.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MINOR);
  const major = inWindow.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
  const each = inWindow.map((g) => ({ kind: g.kind, at: Math.round(g.at - t1), ms: Math.round(g.ms * 10) / 10 })); // prettier-ignore
  const gc = { count: inWindow.length, ms: sumOf(inWindow), minor: minor.length, minorMs: sumOf(minor), major: major.length, majorMs: sumOf(major), each }; // prettier-ignore
  if (inspector && profileDir) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(join(profileDir, `download-coffer-${process.pid}.cpuprofile`), JSON.stringify(profile)); // prettier-ignore
  }
  if (inspector && heapDir) {
    const { profile } = await inspector.post('HeapProfiler.stopSampling');
    writeFileSync(join(heapDir, `download-coffer-${process.pid}.heapprofile`), JSON.stringify(profile)); // prettier-ignore
  }
  inspector?.disconnect();
  const t2 = performance.now();
  const shown = await send<{ toBudget: number; totalSpent: number; totalIncome: number }>(
    'api/budget-month',
    { month: o.month },
  );
  const firstMonthMs = performance.now() - t2;
  const readyCpuMs = cpuMs(cpu);
  // The months and derived tables built in the background after the budget was shown.
  const { settledMs, settledCpuMs } = await settled(t1, cpu);
  await send('close-budget');
  return {
    side: 'coffer',
    startupMs: loadedMs,
    signInMs,
    downloadMs,
    downloadCpuMs,
    threads,
    gc,
    firstMonthMs,
    readyMs: downloadMs + firstMonthMs,
    readyCpuMs,
    settledMs,
    settledCpuMs,
    month: { toBudget: shown.toBudget, totalSpent: shown.totalSpent, totalIncome: shown.totalIncome }, // prettier-ignore
    processCpuMs: cpuMs(),
    requests: requests.filter((r) => r.at >= t1),
    syncs,
    events: events.filter((e) => e.at >= t1),
    t1: Math.round(t1),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

const arg = process.argv[2];
if (arg) {
  console.log(JSON.stringify(await cofferNewDevice(JSON.parse(arg) as Options)));
  // Nothing else to wait for: the pooled HTTP connections would keep the process alive a while.
  process.exit(0);
}

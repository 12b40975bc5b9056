// A phone bench's returning-start trace (`run.mjs --trace`: /tmp/phone-start-coffer-PID.json),
// laid out by kind of thread and along the start's path (issue 29). Under the bench's CPU quota
// every thread of the browser spends from one share, so what to cut is the CPU of all of them
// before the budget shows, and what waits on what is the path's stamps (ms from the
// navigation): the entry's evaluation, the core's worker made, the core's bundle and SQLite's
// wasm asked for, the core's first server request ('who is signed in'), the budget loaded, the
// core's first sync, the budget shown. A/B: run it on a trace of each build.
//   node bench/web-phone/start-path.mjs <trace.json> [<trace.json> …]
import { readFileSync } from 'node:fs';

/** Each thread's outermost events' CPU (thread time), from the navigation to 'shown'. */
function layOut(file) {
  const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
  const threads = new Map();
  const processes = new Map();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.name === 'process_name') processes.set(e.pid, e.args.name);
  }
  const start = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const shown = events.find((e) => e.name === 'coffer:budget-shown')?.ts ?? Infinity;
  const key = (e) => `${e.pid}:${e.tid}`;
  const url = (e) => e.args?.data?.url ?? '';
  // The new page's core worker is the thread that compiles the core's bundle after the start;
  // another dedicated worker then is the page before's, still closing its budget.
  const compile = events.find(
    (e) => e.name === 'v8.compileModule' && e.ts > start && /worker-main/.test(url(e)),
  );
  const core = compile && key(compile);
  // SQLite's warm-up helper (core-web's sqlite/warm-helper.ts), the core worker's nested
  // worker: the thread that sets its marks.
  const helper = events.find((e) => e.name === 'coffer-worker:warm-helper:script');
  const warm = helper && key(helper);
  const kind = (k) => {
    const thread = threads.get(k) ?? '';
    const process = processes.get(Number(k.split(':')[0])) ?? '';
    if (k === core) return 'core worker';
    if (k === warm) return "SQLite's warm-up helper (a worker)";
    if (thread.startsWith('DedicatedWorker')) return 'the page before: its worker';
    if (process === 'Renderer' && thread === 'CrRendererMain') return 'page main thread';
    if (process === 'Renderer' && thread.startsWith('ThreadPool'))
      return 'renderer pool (wasm and JS compiles)';
    if (thread.startsWith('ServiceWorker')) return 'service worker';
    if (process === 'Renderer') return 'renderer other (compositor, IO)';
    if (process === 'Browser') return 'browser process';
    if (process.startsWith('GPU')) return 'GPU process';
    return `${process} ${thread}`;
  };
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const list = byThread.get(key(e)) ?? [];
    list.push(e);
    byThread.set(key(e), list);
  }
  const cpu = new Map();
  for (const [k, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let covered = -Infinity;
    let ms = 0;
    for (const e of list) {
      if (e.ts < covered) continue;
      covered = e.ts + e.dur;
      if (e.ts >= start && e.ts < shown) ms += (e.tdur ?? 0) / 1000;
    }
    cpu.set(kind(k), (cpu.get(kind(k)) ?? 0) + ms);
  }
  const first = (test) => events.find((e) => e.ts > start && test(e))?.ts;
  const asked = (pattern, thread) =>
    first(
      (e) =>
        e.name === 'ResourceSendRequest' &&
        pattern.test(url(e)) &&
        (thread === undefined || key(e) === thread),
    );
  const path = {
    'entry evaluated': first(
      (e) => e.name === 'v8.evaluateModule' && threads.get(key(e)) === 'CrRendererMain',
    ),
    'worker made': first((e) => e.name.startsWith('DedicatedWorkerHostFactoryImpl::CreateWorker')),
    'core bundle asked': asked(/worker-main/),
    'wasm asked': asked(/\.wasm/),
    'who is signed in asked': asked(/account\/validate/),
    'budget loaded': first((e) => e.name === 'coffer:budget-loaded'),
    'first sync asked': asked(/sync\/sync/, core),
    shown,
  };
  // The core worker's own marks (core-web's workerMark: its script, SQLite, the pool, each step
  // of the open), set beside the SQLite floor's steps the bench prints.
  // The helper's marks (its script, its end) are named as such; its SQLite's are not the core's.
  const worker = new Map();
  for (const e of events) {
    if (e.ts <= start || !e.name.startsWith('coffer-worker:')) continue;
    const name = e.name.slice('coffer-worker:'.length);
    if (key(e) !== core && !(key(e) === warm && name.startsWith('warm-helper:'))) continue;
    if (!worker.has(name)) worker.set(name, e.ts);
  }
  return { start, cpu, path, worker };
}

for (const file of process.argv.slice(2)) {
  const { start, cpu, path, worker } = layOut(file);
  const at = (ts) => (ts === undefined ? '—' : String(Math.round((ts - start) / 1000)));
  const total = [...cpu.values()].reduce((a, b) => a + b, 0);
  console.log(`${file}: CPU before shown ${Math.round(total)} ms over all threads`);
  console.log(`  path: ${Object.entries(path).map(([k, ts]) => `${k} ${at(ts)}`).join(', ')}`); // prettier-ignore
  const steps = [...worker].sort((a, b) => a[1] - b[1]);
  if (steps.length > 0) console.log(`  core worker: ${steps.map(([k, ts]) => `${k} ${at(ts)}`).join(', ')}`); // prettier-ignore
  for (const [k, ms] of [...cpu].sort((a, b) => b[1] - a[1]))
    if (ms >= 1) console.log(`  ${k}: ${Math.round(ms)} ms`);
}

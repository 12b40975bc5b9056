// The core worker's time between two of its marks in a returning start's trace, by function
// (issue 29): the budget's open runs as one long task, which the trace's events do not split,
// so this reads the sampling profiler's samples, taken when the run is made with
// COFFER_BENCH_START_PROFILE=1 (`run.mjs --trace`; the profiler slows what it watches, so
// use it to see where, the light trace to time). Also counts SQLite's wasm functions V8
// compiled lazily (at their first call) in the span, and their CPU.
//   node bench/web-phone/start-profile.mjs <trace.json> [from = open:prefs-read]
//     [to = load-budget:answered] [under = a function's name: what it calls, 3 frames deep]
import { readFileSync } from 'node:fs';

const [file, from = 'open:prefs-read', to = 'load-budget:answered', under] = process.argv.slice(2);
if (!file) throw new Error('usage: start-profile.mjs <trace.json> [from] [to] [under]');
const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
const start = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
// The start's core worker compiles the core's bundle after the navigation (start-path.mjs).
const compile = events.find(
  (e) => e.name === 'v8.compileModule' && e.ts > start && /worker-main/.test(e.args?.data?.url),
);
if (!compile) throw new Error('no core worker in this trace');
const mine = events.filter((e) => e.pid === compile.pid && e.tid === compile.tid);
const at = (mark) => {
  const found = mine.find((e) => e.name === `coffer-worker:${mark}`);
  if (!found) throw new Error(`no mark ${mark}`);
  return found.ts;
};
const [t0, t1] = [at(from), at(to)];

const lazy = mine.filter((e) => e.name === 'wasm.CompileLazy' && e.ts >= t0 && e.ts <= t1);
const lazyCpu = lazy.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
console.log(`${from} ${((t0 - start) / 1000).toFixed(0)} → ${to} ${((t1 - start) / 1000).toFixed(0)} ms`); // prettier-ignore
console.log(`  wasm functions compiled lazily: ${lazy.length}, ${lazyCpu.toFixed(1)} ms CPU`);

const profiles = mine.filter((e) => e.name === 'Profile');
if (profiles.length === 0) {
  console.log('  no samples: run with COFFER_BENCH_START_PROFILE=1');
  process.exit(0);
}
const ids = new Set(profiles.map((p) => p.id));
const nodes = new Map();
const name = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${(url || '').split('/').pop()}:${lineNumber}`;
};
const self = new Map();
const total = new Map();
const below = new Map();
let samples = 0;
let t = profiles[0].args.data.startTime;
const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && ids.has(e.id))) {
  const data = chunk.args.data;
  for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  const ticks = data.cpuProfile?.samples ?? [];
  for (let i = 0; i < ticks.length; i++) {
    t += data.timeDeltas[i];
    if (t < t0 || t > t1) continue;
    samples++;
    const chain = [];
    for (let n = nodes.get(ticks[i]); n; n = nodes.get(n.parent)) chain.unshift(name(n));
    add(self, chain.at(-1));
    for (const frame of new Set(chain)) add(total, frame);
    const k = under ? chain.findIndex((frame) => frame.startsWith(`${under} `)) : -1;
    if (k >= 0) add(below, chain.slice(k + 1, k + 4).join(' > ') || '(itself)');
  }
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([what, count]) => `    ${count} ${what}`)
    .join('\n');
console.log(`  ${samples} samples; most of their own:\n${top(self, 15)}`);
console.log(`  most in total (with what they call):\n${top(total, 30)}`);
if (under) console.log(`  under ${under}:\n${top(below, 15)}`);

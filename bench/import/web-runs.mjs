// The browser side's runs (web.ts, one fresh browser each: the import, then its floor's writes
// in the same browser, warm, then in a fresh browser of their own, cold: the floor) and what
// they print: wall and CPU side by side, run by run, then medians, against both floors. CPU is every thread's (the core's worker, the page, the browser process's file work,
// the compile threads) between the marks around the step, from a trace without the sampling
// profiler (bench/web/thread-cpu.ts): at load 17 one build's wall time swung 7.7 → 4.4 s between
// runs, which a ratio of wall times cannot survive.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

import { option, runChild } from '../lib/child.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () => loadavg()[0].toFixed(1);

/** One browser run of `count` rows, run by `script` (web.ts bundled) from the checkout `root`. */
function runWebSide(script, count, root) {
  const trace = option('trace', null);
  return runChild(
    script,
    'coffer-web',
    [
      ...['--count', String(count)],
      ...(trace ? ['--trace', resolve(trace)] : []),
      ...(process.argv.includes('--profile') ? ['--profile'] : []),
      ...(process.argv.includes('--compiles') ? ['--compiles'] : []),
      // One argument: parseArgs takes a value starting with '-' only in the '=' form.
      ...(option('js-flags', null) ? [`--js-flags=${option('js-flags', null)}`] : []),
      ...(process.argv.includes('--bare-floor') ? ['--bare-floor'] : []),
    ],
    { cwd: root, prefix: 'bench-import' },
  );
}

/**
 * `repeat` runs, each with the load before it; answers the medians under the names a single
 * run has (importMs, floorMs...), CPU ones beside them, and every run in `runs`.
 */
export function webRuns(script, count, repeat, root) {
  const runs = [];
  for (let i = 0; i < repeat; i++) runs.push({ load: load(), ...runWebSide(script, count, root) });
  const med = (pick) => median(runs.map(pick));
  return {
    ...runs[runs.length - 1],
    importMs: med((r) => r.importMs),
    previewMs: med((r) => r.previewMs),
    // The warm floor keeps its old names (floorMs, floorCpuMs) so figures compare with earlier
    // results; the cold floor is the floor the target is against.
    floorMs: med((r) => r.floorMs),
    floorColdMs: med((r) => r.floorColdMs),
    floorLiveMs: med((r) => r.floorLiveMs),
    importCpuMs: med((r) => r.cpu.import.totalMs),
    previewCpuMs: med((r) => r.cpu.preview.totalMs),
    settleCpuMs: med((r) => r.cpu.settle.totalMs),
    floorCpuMs: med((r) => r.cpu.floor.totalMs),
    floorColdCpuMs: med((r) => r.cpu.floorCold.totalMs),
    floorLiveCpuMs: med((r) => r.cpu.floorLive.totalMs),
    cpuRatioCold: med((r) => r.cpu.import.totalMs / r.cpu.floorCold.totalMs),
    floorColdDerivedMs: med((r) => r.floorColdDerivedMs),
    floorColdDerivedCpuMs: med((r) => r.cpu.floorColdDerived.totalMs),
    cpuRatioColdDerived: med((r) => r.cpu.import.totalMs / r.cpu.floorColdDerived.totalMs),
    cpuRatioWarm: med((r) => r.cpu.import.totalMs / r.cpu.floor.totalMs),
    wallRatioCold: med((r) => r.importMs / r.floorColdMs),
    wallRatioWarm: med((r) => r.importMs / r.floorMs),
    runs,
  };
}

/** A window's CPU as "total (process a, process b...)", the processes with most first. */
function split(w) {
  const parts = Object.entries(w.byProcess)
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 5)
    .map(([p, ms]) => `${p} ${ms}`);
  return `${w.totalMs} ms CPU (${parts.join(', ')})`;
}

/** The derived tables not current after the import, if any. */
function stale(after) {
  const names = Object.entries(after ?? {})
    .filter(([, current]) => !current)
    .map(([name]) => name);
  return names.length
    ? `; after the import NOT current: ${names.join(', ')}`
    : ', and after the import';
}

/** The busiest thread of a window, which names its process's id (pid:tid). */
const busiest = (w) => w.threads[0]?.thread ?? 'none';

/** Prints each run and the medians; answers the median CPU ratio to the (cold) floor. */
export function printWeb(web) {
  const r2 = (x) => x.toFixed(2);
  web.runs.forEach((r, i) => {
    const { import: imp, floor: warm, floorCold: cold } = r.cpu;
    console.log(
      `run ${i + 1} (load ${r.load}): Coffer's import ${Math.round(r.importMs)} ms wall, ` +
        `${split(imp)}; its floor, cold, in a browser of its own` +
        `${r.floorColdBare ? ' that ran nothing before (--bare-floor)' : ''} ` +
        `${Math.round(r.floorColdMs)} ms ` +
        `wall, ${split(cold)}: ${r2(r.importMs / r.floorColdMs)}x by wall, ` +
        `${r2(imp.totalMs / cold.totalMs)}x by CPU; its floor, warm, after the import in its ` +
        `browser ${Math.round(r.floorMs)} ms wall, ${split(warm)}: ` +
        `${r2(r.importMs / r.floorMs)}x by wall, ${r2(imp.totalMs / warm.totalMs)}x by CPU. ` +
        `Preview before it ${Math.round(r.previewMs)} ms wall, ${r.cpu.preview.totalMs} ms CPU; ` +
        `after the answer, 1.5 s of background ${r.cpu.settle.totalMs} ms CPU. The derived ` +
        `tables were current ${Math.round(r.derivedWaitMs)} ms after the set-up` +
        `${stale(r.derivedAfter)}.`,
    );
    const derived = r.cpu.floorColdDerived;
    console.log(
      `  the cold floor with the derived tables' rows too (${r.derivedRows.join(', ')}; ` +
        `put/removed): ${Math.round(r.floorColdDerivedMs)} ms wall, ${split(derived)}: ` +
        `${r2(imp.totalMs / derived.totalMs)}x by CPU`,
    );
    if (r.compiles) {
      const c = (w) =>
        `lazy ${w.lazyMs}, JS optimising ${w.optimisingMs}, wasm tier-up ${w.wasmTierUpMs}`;
      console.log(
        `  V8's compiles, ms CPU: preview ${c(r.compiles.preview)}; import ${c(r.compiles.import)}; ` +
          `floor, cold ${c(r.compiles.floorCold)}; floor, warm ${c(r.compiles.floor)}`,
      );
    }
    console.log(
      `  busiest threads: the import's ${busiest(imp)}, the cold floor's ${busiest(cold)}, ` +
        `the warm floor's ${busiest(warm)}`,
    );
    const worker = imp.threads[0];
    if (worker) {
      console.log(`  busiest thread of the import: ${worker.thread} ${worker.cpuMs} ms CPU;`);
      console.log(`    ${worker.top.map((k) => `${k.what} ${k.ms} ms ×${k.count}`).join('; ')}`);
    }
  });
  console.log(
    `Coffer in Chromium, medians of ${web.runs.length}: import ${Math.round(web.importMs)} ms wall, ` +
      `${Math.round(web.importCpuMs)} ms CPU. Its floor (the same writes, wasm SQLite on OPFS, ` +
      `${web.floorRebuilt?.length ?? 0} index(es) built again after the writes, as the write ` +
      `path does), cold, in a fresh browser` +
      `${web.floorColdBare ? ' that ran nothing before (--bare-floor)' : ' after the same set-up'}: ` +
      `${Math.round(web.floorColdMs)} ms wall, ` +
      `${Math.round(web.floorColdCpuMs)} ms CPU; ratio (median of the runs' ratios) ` +
      `${r2(web.wallRatioCold)}x by wall, ${r2(web.cpuRatioCold)}x by CPU (target: at most ` +
      `1.5x). The floor, warm, after the import in its browser: ${Math.round(web.floorMs)} ms ` +
      `wall, ${Math.round(web.floorCpuMs)} ms CPU; ratio ${r2(web.wallRatioWarm)}x by wall, ` +
      `${r2(web.cpuRatioWarm)}x by CPU. The warm floor keeping its indexes live: ` +
      `${Math.round(web.floorLiveMs)} ms wall, ${Math.round(web.floorLiveCpuMs)} ms CPU.`,
  );
  console.log(
    `The cold floor that also writes the rows the import left in the derived tables the write ` +
      `path keeps in step (the sums, the account order, the notes' and tags' indexes; ` +
      `import-floor-derived.ts): ${Math.round(web.floorColdDerivedMs)} ms wall, ` +
      `${Math.round(web.floorColdDerivedCpuMs)} ms CPU; ratio ${r2(web.cpuRatioColdDerived)}x ` +
      `by CPU.`,
  );
  // The modal's preview runs when the file is chosen; the import's click follows.
  const both = web.previewCpuMs + web.importCpuMs;
  console.log(
    `Preview and import together: ${Math.round(web.previewMs + web.importMs)} ms wall, ` +
      `${Math.round(both)} ms CPU, ${r2(both / web.floorColdCpuMs)}x the cold floor's CPU, ` +
      `${r2(both / web.floorCpuMs)}x the warm floor's.`,
  );
  return web.cpuRatioCold;
}

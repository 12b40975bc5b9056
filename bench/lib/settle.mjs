// When a process has finished the work a step left behind it (background builds on timers):
// the benchmarks' clock stops at a mark (the budget shown), but work the app deferred past that
// mark still costs the machine, so a side also reports the CPU until it has settled.

const TICK_MS = 100;
/** Below this much CPU in a tick (ms), the tick counts as idle (the polling itself, a timer). */
const IDLE_CPU_MS = 5;
/**
 * This many idle ticks in a row: settled. Three seconds: longer than any delay an app leaves
 * before a background build (Coffer's derived tables start a second after the open settles).
 */
const IDLE_TICKS = 30;

function cpuMs(since) {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

/**
 * Waits until this process has used (almost) no CPU for three seconds, at most `limitMs`.
 * Answers the time from `startMs` (a `performance.now()`) and the CPU since `startCpu` (a
 * `process.cpuUsage()`) up to the end of the last busy tick.
 */
export async function settled(startMs, startCpu, limitMs = 60_000) {
  let busyEndMs = performance.now();
  let busyEndCpu = cpuMs(startCpu);
  let quiet = 0;
  while (quiet < IDLE_TICKS && performance.now() - busyEndMs < limitMs) {
    const before = process.cpuUsage();
    await new Promise((done) => setTimeout(done, TICK_MS));
    if (cpuMs(before) < IDLE_CPU_MS) {
      quiet++;
    } else {
      quiet = 0;
      busyEndMs = performance.now();
      busyEndCpu = cpuMs(startCpu);
    }
  }
  return { settledMs: busyEndMs - startMs, settledCpuMs: busyEndCpu };
}

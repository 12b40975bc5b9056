/**
 * A traced phone tap's CPU over every thread of the browser (issue 29), from the tap's
 * `touchend` to the end of the page's first frame after its click (the main thread's first
 * `Commit` to the compositor after the click): under the bench's whole-browser CPU quota a
 * tap's frame waits on the sum of all threads' CPU, not only the page's, so that sum and its
 * split by thread are what to cut. From a trace phone.ts `--trace --trace-light` wrote.
 *   node bench/web-phone/tap-threads.mjs TRACE.json
 */
import { readFileSync } from 'node:fs';
import type { TraceEvent } from '../web/phone-trace.ts';
import { cpuByThread, cpuTotals } from '../web/thread-cpu.ts';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: tap-threads.mjs TRACE.json');
const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8')) as {
  traceEvents: TraceEvent[];
};
const dispatch = (type: string) =>
  events.find((e) => e.name === 'EventDispatch' && e.ph === 'X' && e.args?.data?.type === type);
const touch = dispatch('touchend');
const click = dispatch('click');
if (!touch || !click) throw new Error('no touchend and click in the trace');
const clickEnd = click.ts + (click.dur ?? 0);
const commit = events
  .filter((e) => e.name === 'Commit' && e.pid === touch.pid && e.tid === touch.tid)
  .find((e) => e.ts >= clickEnd);
if (!commit) throw new Error('no frame after the click');
const to = commit.ts + (commit.dur ?? 0);
const threads = cpuByThread(events, touch.ts, to, 0.5);
const { totalMs, byProcess } = cpuTotals(threads);
console.log(
  `${file}: touchend → first frame after the click ${((to - touch.ts) / 1000).toFixed(1)} ms; CPU over all threads ${totalMs} ms ${JSON.stringify(byProcess)}`,
);
for (const t of threads) {
  if (t.cpuMs === 0) continue;
  const top = t.top.slice(0, 4).map((k) => `${k.what} ${k.ms}`);
  console.log(`  ${t.thread}: ${t.cpuMs} ms (${top.join('; ')})`);
}

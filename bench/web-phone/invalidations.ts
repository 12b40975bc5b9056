// What marked the page's elements for layout and style in a traced phone tap, from a trace
// phone.ts `--trace` wrote with COFFER_BENCH_INVALIDATIONS=1 (invalidation tracking on): each
// Layout from the touchend (its dirty and total objects), and before it the layout
// invalidations since the previous one, counted by reason and node, so a list laid out again
// shows what marked it.
//   node bench/web-phone/invalidations.mjs TRACE.json [window ms (300)]
import { readFileSync } from 'node:fs';
import type { TraceEvent } from '../web/phone-trace.ts';

type Event = TraceEvent & {
  args?: TraceEvent['args'] & {
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    data?: { reason?: string; nodeName?: string; changedClass?: string; changedPseudo?: string };
  };
};

const [file, windowMs] = process.argv.slice(2);
if (!file) throw new Error('usage: invalidations.mjs TRACE.json [window ms]');
const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] }).traceEvents;
const touch = events.find(
  (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'touchend' && e.ph === 'X',
);
if (!touch) throw new Error('no touchend in the trace');
const from = touch.ts;
const to = from + Number(windowMs ?? 300) * 1000;
const mine = events
  .filter((e) => e.pid === touch.pid && e.ts >= from && e.ts <= to)
  .sort((a, b) => a.ts - b.ts);
const KINDS = new Set([
  'LayoutInvalidationTracking',
  'StyleRecalcInvalidationTracking',
  'ScheduleStyleInvalidationTracking',
  'StyleInvalidatorInvalidationTracking',
]);
let counts = new Map<string, number>();
const flush = (title: string) => {
  console.log(title);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  for (const [what, n] of sorted.slice(0, Number(process.env.TOP ?? 25)))
    console.log(`    ${n} × ${what}`);
  if (sorted.length > Number(process.env.TOP ?? 25))
    console.log(`    … ${sorted.length - Number(process.env.TOP ?? 25)} more`);
  counts = new Map();
};
for (const e of mine) {
  const d = e.args?.data ?? {};
  if (KINDS.has(e.name)) {
    const what = [
      e.name.replace('InvalidationTracking', ''),
      d.reason ?? '',
      d.changedClass ? `.${d.changedClass}` : '',
      d.changedPseudo ? `:${d.changedPseudo}` : '',
      d.nodeName ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    counts.set(what, (counts.get(what) ?? 0) + 1);
  } else if (e.name === 'Layout' && e.ph === 'X' && e.tid === touch.tid) {
    const b = e.args?.beginData;
    const at = ((e.ts - from) / 1000).toFixed(1);
    flush(
      `layout at ${at} ms: ${b?.dirtyObjects ?? '?'}/${b?.totalObjects ?? '?'} objects, after:`,
    );
  }
}
flush('after the last layout:');

/**
 * A phone tap's main-thread work, task by task, from a Chrome trace (phone.ts `--trace`, issue
 * 29): from the tap's `touchend` to the first frame that showed its result, each task of the
 * page's main thread with its CPU split into script (which events and calls), style (how many
 * elements), layout (how many objects, and whether script forced it) and paint. The busy
 * threads' totals (phone-trace.ts) say how much; this says which task and what kind, so a
 * forced layout or a list laid out again shows as a count, whatever the machine's load.
 *   node bench/web-phone/tap-split.mjs TRACE.json [ms from the touchend to include (200)]
 */
import type { TraceEvent } from './phone-trace.ts';

type Event = TraceEvent & {
  args?: TraceEvent['args'] & {
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number; stackTrace?: unknown[] };
  };
};

export interface SplitTask {
  /** ms from the touchend. */
  at: number;
  ms: number;
  cpu: number;
  /** The outermost work inside, in order, with its CPU ms and counts. */
  inside: string[];
}

export interface TapSplit {
  tasks: SplitTask[];
  /** CPU ms of the main thread's tasks in the window, by kind, and the counts of work. */
  cpu: { task: number; script: number; style: number; layout: number; paint: number };
  styledElements: number;
  /** Objects laid out (dirty) over all layouts, and layouts that script forced. */
  laidOut: number;
  layouts: number;
  forcedLayouts: number;
  forcedStyles: number;
  /** The sampling profiler's most-sampled functions in the window (when it ran). */
  hot: string[];
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const SCRIPT = new Set([
  'EventDispatch',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'HandlePostMessage',
  'V8.Execute',
]);
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer']);
const r1 = (ms: number) => Math.round(ms * 10) / 10;
const cpuOf = (e: Event) => (e.tdur ?? e.dur ?? 0) / 1000;

function scriptName(e: Event): string {
  const d = e.args?.data;
  if (e.name === 'EventDispatch') return `event ${d?.type ?? ''}`;
  if (e.name === 'FunctionCall') return `call ${d?.functionName || '(anon)'}`;
  return e.name;
}

/** The main thread's tasks from the page's touchend for `windowMs`. */
export function tapSplit(events: Event[], windowMs = 200): TapSplit | null {
  const touch = events.find(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'touchend' && e.ph === 'X',
  );
  if (!touch) return null;
  const from = touch.ts;
  const to = from + windowMs * 1000;
  const mine = events
    .filter(
      (e) => e.ph === 'X' && e.pid === touch.pid && e.tid === touch.tid && e.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tops: Event[] = [];
  for (const e of mine) {
    if (!TASK.has(e.name) || e.ts + e.dur! < from || e.ts > to) continue;
    const last = tops.at(-1);
    if (last && e.ts + e.dur! <= last.ts + last.dur!) continue;
    tops.push(e);
  }
  const out: TapSplit = {
    tasks: [],
    cpu: { task: 0, script: 0, style: 0, layout: 0, paint: 0 },
    styledElements: 0,
    laidOut: 0,
    layouts: 0,
    forcedLayouts: 0,
    forcedStyles: 0,
    hot: [],
  };
  for (const t of tops) {
    const end = t.ts + t.dur!;
    const inside: string[] = [];
    // Outermost script events; style and layout are counted wherever they are (a forced one
    // sits inside a script event).
    let scriptEnd = -Infinity;
    let paintEnd = -Infinity;
    for (const e of mine) {
      if (e.ts < t.ts || e.ts + e.dur! > end || e === t || TASK.has(e.name)) continue;
      const inScript = e.ts < scriptEnd;
      if (SCRIPT.has(e.name) && !inScript) {
        scriptEnd = e.ts + e.dur!;
        out.cpu.script += cpuOf(e);
        inside.push(`${scriptName(e)} ${r1(cpuOf(e))}`);
      } else if (e.name === 'UpdateLayoutTree') {
        if (!inScript) out.cpu.style += cpuOf(e);
        if (inScript) out.forcedStyles += 1;
        out.styledElements += e.args?.elementCount ?? 0;
        inside.push(
          `${inScript ? 'FORCED ' : ''}style ${r1(cpuOf(e))} (${e.args?.elementCount ?? '?'} el)`,
        );
      } else if (e.name === 'Layout') {
        const b = e.args?.beginData;
        if (!inScript) out.cpu.layout += cpuOf(e);
        if (inScript) out.forcedLayouts += 1;
        out.layouts += 1;
        out.laidOut += b?.dirtyObjects ?? 0;
        inside.push(
          `${inScript ? 'FORCED ' : ''}layout ${r1(cpuOf(e))} (${b?.dirtyObjects ?? '?'}/${b?.totalObjects ?? '?'} obj)`,
        );
      } else if (PAINT.has(e.name) && e.ts >= paintEnd) {
        paintEnd = e.ts + e.dur!;
        out.cpu.paint += cpuOf(e);
        inside.push(`${e.name} ${r1(cpuOf(e))}`);
      }
    }
    out.cpu.task += cpuOf(t);
    if (t.dur! < 300) continue;
    out.tasks.push({
      at: r1((t.ts - from) / 1000),
      ms: r1(t.dur! / 1000),
      cpu: r1(cpuOf(t)),
      inside,
    });
  }
  for (const k of Object.keys(out.cpu) as Array<keyof TapSplit['cpu']>) out.cpu[k] = r1(out.cpu[k]);
  out.hot = hotIn(events, touch, from, to);
  return out;
}

/**
 * The profiler's samples in [from, to] on the touch's thread: the functions with the most
 * samples of their own, and each sample given to the nearest component up its stack (a
 * capitalised function: with a readable build, React's components by name).
 */
function hotIn(events: Event[], touch: Event, from: number, to: number): string[] {
  // The Profile event is on the profiled thread; its chunks (same id) come from another one.
  const profile = events.find(
    (e) => e.name === 'Profile' && e.pid === touch.pid && e.tid === touch.tid,
  );
  if (!profile) return [];
  const id = (profile as { id?: string }).id;
  const start = (profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  const nodes = new Map<number, { name: string; parent?: number }>();
  const self = new Map<string, number>();
  const component = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let ts = start;
  const chunks = events
    .filter((e) => e.name === 'ProfileChunk' && e.pid === touch.pid)
    .filter((e) => (e as { id?: string }).id === id)
    .sort((a, b) => a.ts - b.ts);
  for (const e of chunks) {
    const data = e.args?.data as
      | {
          cpuProfile?: {
            nodes?: Array<{ id: number; parent?: number; callFrame: { functionName: string } }>;
            samples?: number[];
          };
          timeDeltas?: number[];
        }
      | undefined;
    for (const n of data?.cpuProfile?.nodes ?? [])
      nodes.set(n.id, { name: n.callFrame.functionName || '(anon)', parent: n.parent });
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((sample, i) => {
      ts += deltas[i] ?? 0;
      const node = nodes.get(sample);
      if (ts < from || ts > to || !node || /^\((idle|program|root)\)$/.test(node.name)) return;
      add(self, node.name);
      for (let n: typeof node | undefined = node; n; n = n.parent ? nodes.get(n.parent) : undefined)
        if (/^[A-Z][A-Za-z0-9]*$/.test(n.name)) return add(component, n.name);
      add(component, '(no component)');
    });
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, c]) => `${n} ${c}`);
  return [`self: ${top(self, 12).join(', ')}`, `by component: ${top(component, 15).join(', ')}`];
}

export function printTapSplit(what: string, s: TapSplit | null): void {
  if (!s) {
    console.log(`${what}: no touchend in the trace`);
    return;
  }
  console.log(
    `${what}: main thread from the touchend, CPU ms ${JSON.stringify(s.cpu)}; style ${s.styledElements} elements (${s.forcedStyles} forced); ${s.layouts} layouts of ${s.laidOut} objects (${s.forcedLayouts} forced)`,
  );
  for (const t of s.tasks)
    console.log(`  +${t.at} ms: ${t.ms} ms wall, ${t.cpu} CPU: ${t.inside.join('; ')}`);
  for (const h of s.hot) console.log(`  samples, ${h}`);
}

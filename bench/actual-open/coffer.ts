// One first open of a file Actual made, in Coffer's core in process (bench/actual-open/run.mjs
// copies the file fresh for each run): `load-budget`, the current month through
// `api/budget-month` (the first screen), then the background work the open left (derived
// tables built in steps, the cache write) until all of it is done. The whole run is profiled
// through the inspector, and every sample is put in the phase of the nearest frame whose
// source file (found through the bundle's module comments) names one. Prints one JSON line.
import { createAppCore, type Budget } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { SumsSlot } from '../../packages/core/src/month-sums/slot.ts';
import { SearchIndexSlot } from '../../packages/core/src/search/slot.ts';
import { TagIndexSlot } from '../../packages/core/src/tags/slot.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

/** Source file → phase; the first rule that matches wins. */
const PHASES: Array<[RegExp, string]> = [
  [/budget-db\/load\.ts#(collectSpent|readSpent)/, 'spending scan'],
  [/budget-db\/cache-store\.ts/, 'budget cache'],
  [/budget-db\/(load|engine)\.ts/, 'sheet inputs'],
  [/\/budget\/|budget-db\//, 'sheet build'],
  [/month-sums\//, 'month and group sums'],
  [/search\//, 'search index'],
  [/tags\//, 'tag index'],
  [/query-handler\/|\/query\//, 'queries'],
  [/schema\/|budget-file\/(budget|prefs)\.ts|files\//, 'reading the file'],
  [/sync\/|crdt\//, 'write path'],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Line ranges of the bundle → the source file esbuild wrote above them. */
function sourceLines(bundle: string): (line: number) => string {
  const starts: Array<[number, string]> = [];
  readFileSync(bundle, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const m = /^\/\/ (\S+\.(?:ts|js|mjs))$/.exec(text);
      if (m) starts.push([i, m[1]!]);
    });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = '';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]![0] <= line) {
        found = starts[mid]![1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

function phases(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}): Record<string, number> {
  const bundle = fileURLToPath(import.meta.url);
  const fileOf = sourceLines(bundle);
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const phaseOf = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = phaseOf.get(id);
    if (known !== undefined) return known;
    const n = byId.get(id)!;
    const f = n.callFrame;
    let phase = '';
    if (f.functionName === '(idle)' || f.functionName === '(program)') phase = 'idle';
    else if (f.functionName === '(garbage collector)') phase = 'garbage collection';
    else if (f.url.endsWith(bundle) || f.url === import.meta.url) {
      const key = `${fileOf(f.lineNumber)}#${f.functionName}`;
      phase = PHASES.find(([re]) => re.test(key))?.[1] ?? '';
    }
    if (!phase) {
      const up = parent.get(id);
      phase = up === undefined ? 'other' : resolve(up);
    }
    phaseOf.set(id, phase);
    return phase;
  };
  const out: Record<string, number> = {};
  (profile.samples ?? []).forEach((id, i) => {
    const p = resolve(id);
    out[p] = (out[p] ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000;
  });
  return out;
}

function cpuMs(since?: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

export async function firstOpen(dataDir: string, id: string, month: string) {
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');

  const cpu = process.cpuUsage();
  const t = performance.now();
  const opened = await send('load-budget', { id });
  if (opened && typeof opened === 'object' && 'error' in opened) throw new Error(JSON.stringify(opened)); // prettier-ignore
  const openMs = performance.now() - t;
  const openCpuMs = cpuMs(cpu);
  const shown = (await send('api/budget-month', { month })) as { toBudget: number };
  const firstMonthMs = performance.now() - t;
  const firstMonthCpuMs = cpuMs(cpu);
  // The background: derived tables in steps, a timer turn at a time; poll between turns.
  const budget = core.budget as Budget;
  const slots = [SumsSlot, SearchIndexSlot, TagIndexSlot];
  while (!slots.every((s) => budget.get(s).isCurrent())) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const settledMs = performance.now() - t;
  const settledCpuMs = cpuMs(cpu);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  await send('close-budget');
  return {
    openMs,
    openCpuMs,
    firstMonthMs,
    firstMonthCpuMs,
    settledMs,
    settledCpuMs,
    toBudget: shown.toBudget,
    phasesMs: phases(profile),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

const [dir, budgetId, month] = process.argv.slice(2);
if (dir && budgetId && month) {
  console.log(JSON.stringify(await firstOpen(dir, budgetId, month)));
  process.exit(0);
}

// The tag filter's first page in Coffer's core, in process (native SQLite), on a budget as a new
// device gets it (derived data dropped, as `stripDerived` drops it from an upload): the chip's
// query for a common tag (#trip, 10 %) and a rare one (#rare, 1 in 5,000), sent every 300 ms
// while the background builds run, each with its CPU time and whether the tag index was
// current, and how long it waited behind the build steps queued when it came; each build's
// pieces and when each table became current; then each query once the builds are done. The
// CPU time is the measure to compare (5 engineers share 2 cores: wall times are noisy). Prints
// one JSON line.
// Run by bench/tags/core.mjs.
import { createAppCore, type Budget } from '@coffer/core';
import type { QueryState } from '@coffer/core/ui';
import { makeFiltersFromConditions } from '@coffer/core/ui';
import { createNodePlatform } from '@coffer/core-node';
import { DerivedData } from '../../packages/core/src/budget-file/derived-data.ts';
import { stripDerived } from '../../packages/core/src/search/notes-index.ts';
import { tagIndex } from '../../packages/core/src/tags/slot.ts';
import { registerQuery } from '../../packages/web/src/components/accounts/rows/register-query.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
type Row = Record<string, unknown>;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Each background build's pieces, by table: count, longest, total (CPU ms); when each table
 * became current (the process's CPU ms since `since()`'s, load-independent, and wall ms); and
 * the pieces run so far (`ran`: count and CPU ms), to tell what a request waited behind.
 */
function instrumentBuilds(since: () => { wall: number; cpu: number }) {
  const pieces: Record<string, number[]> = {};
  const order: string[] = [];
  const currentAt: Record<string, { cpuMs: number; wallMs: number }> = {};
  const ran = { count: 0, cpuMs: 0 };
  const proto = DerivedData.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const finished = proto.finished!;
  proto.finished = function (this: { name: string | null }, ...args: unknown[]) {
    const from = since();
    currentAt[String(this.name)] = {
      cpuMs: Math.round(cpuMs() - from.cpu),
      wallMs: Math.round(performance.now() - from.wall),
    };
    return finished.apply(this, args);
  };
  for (const method of ['keep', 'ensure']) {
    const original = proto[method]!;
    proto[method] = function (this: { name: string | null }, ...args: unknown[]) {
      const t = cpuMs();
      try {
        return original.apply(this, args);
      } finally {
        const key = `${this.name}.${method}`;
        if (!pieces[key]) order.push(key);
        (pieces[key] ??= []).push(cpuMs() - t);
        ran.count++;
        ran.cpuMs += cpuMs() - t;
      }
    };
  }
  const summary = () =>
    Object.fromEntries(
      order.map((k) => {
        const v = pieces[k]!;
        return [k, { n: v.length, maxMs: round(Math.max(...v)), totalMs: Math.round(v.reduce((a, b) => a + b, 0)) }]; // prettier-ignore
      }),
    );
  return { summary, currentAt, ran };
}

export async function measure(dataDir: string, id: string) {
  let opened = 0;
  let openedCpu = 0;
  const builds = instrumentBuilds(() => ({ wall: opened, cpu: openedCpu }));
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  await send('load-budget', { id });
  const first = core.budget as Budget;
  // A rare tag beside the bench's #trip on one row in ten.
  first.sqlite.run(`UPDATE transactions SET notes = TRIM(IFNULL(notes, '') || ' #rare')
    WHERE rowid % 5000 = 7 AND tombstone = 0`);
  stripDerived(first.sqlite);
  await send('close-budget');
  opened = performance.now();
  openedCpu = cpuMs();
  await send('load-budget', { id });
  const openMs = performance.now() - opened;
  const budget = core.budget as Budget;
  const checking = budget.sqlite.first<{ id: string }>(
    "SELECT id FROM accounts WHERE name = 'Checking' AND tombstone = 0",
  )!.id;
  const page = (tag: string): QueryState => ({
    ...registerQuery({
      view: { account: checking },
      search: null,
      filters: makeFiltersFromConditions([
        { field: 'notes', type: 'string', op: 'hasTags', value: `#${tag}` },
      ]).filters,
      conditionsOp: 'and',
      hideCleared: false,
      sort: null,
    }),
    limit: 45,
    offset: 0,
  });
  const queries = { '#trip (10 %)': page('trip'), '#rare (1 in 5,000)': page('rare') };
  const read = async (query: QueryState) => {
    const c = cpuMs();
    const w = performance.now();
    const res = await send('query', query);
    if (!res || typeof res !== 'object' || !('data' in res)) throw new Error(JSON.stringify(res));
    return { cpu: cpuMs() - c, wall: performance.now() - w, n: (res.data as Row[]).length };
  };
  /**
   * The read as a request that comes while the builds run: queued on a timer as a message is
   * on the worker's queue, so it waits behind the build steps already queued. `wait`: ms from
   * its posting to its start.
   */
  const request = (query: QueryState) =>
    new Promise<{ wait: number; ahead: number; aheadCpu: number; cpu: number; n: number }>(
      (resolve, reject) => {
        const posted = performance.now();
        const { count, cpuMs: cpu } = builds.ran;
        setTimeout(() => {
          const wait = performance.now() - posted;
          const ahead = builds.ran.count - count;
          const aheadCpu = builds.ran.cpuMs - cpu;
          read(query).then((r) => resolve({ ...r, wait, ahead, aheadCpu }), reject);
        }, 0);
      },
    );

  // While the builds run: each read sent every 300 ms (after the open's first second, as the
  // bench's first click comes), with the tag index's state when it was sent.
  const during: Record<string, string[]> = {};
  const waits: Array<{ wait: number; ahead: number; aheadCpu: number }> = [];
  await new Promise((r) => setTimeout(r, 1000));
  const seconds = Number(process.env.PROBE_SECONDS ?? 20) * 1000;
  while (performance.now() - opened < seconds) {
    const current = tagIndex(budget).isCurrent();
    for (const [name, query] of Object.entries(queries)) {
      const at = Math.round((performance.now() - opened) / 100) / 10;
      const r = await request(query);
      if (Object.keys(builds.currentAt).length < 4) waits.push(r);
      (during[name] ??= []).push(`${at}s ${current ? 'index' : 'notes'} waited ${round(r.wait)} ms (${r.ahead} steps, cpu ${round(r.aheadCpu)} ms), cpu ${round(r.cpu)} ms, ${r.n} rows`); // prettier-ignore
    }
    // At an odd time, so the requests fall at any point of a step.
    await new Promise((r) => setTimeout(r, 200 + Math.random() * 200));
  }
  const mean = (f: (w: (typeof waits)[number]) => number) =>
    round(waits.reduce((a, w) => a + f(w), 0) / Math.max(1, waits.length));
  const waited = {
    requests: waits.length,
    meanWallMs: mean((w) => w.wait),
    meanStepsAhead: mean((w) => w.ahead),
    meanCpuMsAhead: mean((w) => w.aheadCpu),
    maxStepsAhead: Math.max(0, ...waits.map((w) => w.ahead)),
  };
  const after: Record<string, number> = {};
  for (const [name, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await read(query)).cpu);
    after[name] = round(times.sort((a, b) => a - b)[2]!);
  }
  await send('close-budget');
  return { openMs: Math.round(openMs), builds: builds.summary(), currentAtMs: builds.currentAt, waitedDuringBuilds: waited, during, afterCpuMs: after }; // prettier-ignore
}

const [dataDir, id] = process.argv.slice(2);
if (dataDir && id) console.log(JSON.stringify(await measure(dataDir, id)));

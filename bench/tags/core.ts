// The tag filter's first page in Coffer's core, in process (native SQLite), on a budget as a new
// device gets it (derived data dropped, as `stripDerived` drops it from an upload): the chip's
// query for a common tag (#trip, 10 %) and a rare one (#rare, 1 in 5,000), sent every 300 ms
// while the background builds run, each with its CPU time and whether the tag index was
// current; each build's pieces; then each query once the builds are done. The CPU time is the
// measure to compare (5 engineers share 2 cores: wall times are noisy). Prints one JSON line.
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

/** Each background build's pieces, by table: count, longest, total (CPU ms). */
function instrumentBuilds() {
  const pieces: Record<string, number[]> = {};
  const order: string[] = [];
  const proto = DerivedData.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
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
      }
    };
  }
  return () =>
    Object.fromEntries(
      order.map((k) => {
        const v = pieces[k]!;
        return [k, { n: v.length, maxMs: round(Math.max(...v)), totalMs: Math.round(v.reduce((a, b) => a + b, 0)) }]; // prettier-ignore
      }),
    );
}

export async function measure(dataDir: string, id: string) {
  const builds = instrumentBuilds();
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
  const t = performance.now();
  await send('load-budget', { id });
  const openMs = performance.now() - t;
  const budget = core.budget as Budget;
  const opened = performance.now();
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

  // While the builds run: each read sent every 300 ms (after the open's first second, as the
  // bench's first click comes), with the tag index's state when it was sent.
  const during: Record<string, string[]> = {};
  await new Promise((r) => setTimeout(r, 1000));
  const seconds = Number(process.env.PROBE_SECONDS ?? 20) * 1000;
  while (performance.now() - opened < seconds) {
    const current = tagIndex(budget).isCurrent();
    for (const [name, query] of Object.entries(queries)) {
      const at = Math.round((performance.now() - opened) / 100) / 10;
      const r = await read(query);
      (during[name] ??= []).push(`${at}s ${current ? 'index' : 'notes'} cpu ${round(r.cpu)} ms, ${r.n} rows`); // prettier-ignore
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const after: Record<string, number> = {};
  for (const [name, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await read(query)).cpu);
    after[name] = round(times.sort((a, b) => a - b)[2]!);
  }
  await send('close-budget');
  return { openMs: Math.round(openMs), builds: builds(), during, afterCpuMs: after };
}

const [dataDir, id] = process.argv.slice(2);
if (dataDir && id) console.log(JSON.stringify(await measure(dataDir, id)));

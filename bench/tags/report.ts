/**
 * The report by tag in Coffer's core, in process (issues 32 and 30): over all time on a budget
 * whose transactions are 10 % tagged, as the web asks it (`reports/data/custom.ts`: every
 * account on budget, transfers between them out; by month and in total; with and without
 * uncategorized rows). Each way in the same run:
 * - `ms`: the `report/tag-sums` handler (the sums by tag, `coffer_tag_sums`);
 * - `beforeMs`: the way before them (the total from the month or category sums, the tagged rows
 *   read through the view and the tag index);
 * - `scanMs`: the same sums read from every row;
 * - `sumsFloorMs`: better-sqlite3 reading the same buckets of `coffer_tag_sums` (the floor of
 *   `ms`); `rowsFloorMs`: better-sqlite3 reading the tagged rows' notes and the total by month
 *   straight from the stored tables (the floor of `beforeMs`).
 * Bundled and started by bench/tags/report.mjs; prints one JSON line.
 */
import { createAppCore, type Budget } from '@coffer/core';
import { q } from '@coffer/core/ui';
import { createNodePlatform } from '@coffer/core-node';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// The scan the kept sums replace, run without them (not part of the package's surface).
import { tagSums, type TagSums } from '../../packages/core/src/reports/tag-sums.ts';
import { groupSums, keptTagSums, monthSums } from '../../packages/core/src/month-sums/slot.ts';
import { rebuildTagSums } from '../../packages/core/src/month-sums/tag-store.ts';
import { groupSumsContext } from '../../packages/core/src/query/group-sums.ts';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, id: { type: 'string' }, repeats: { type: 'string', default: '5' } }, // prettier-ignore
});
const REPEATS = Number(values.repeats);
const require = createRequire(import.meta.url);
const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
type Row = Record<string, unknown>;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
async function timed(fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function main() {
  const dataDir = values.dir!;
  const id = values.id!;
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const data = async (query: unknown) => ((await send('query', query)) as { data: unknown }).data;
  const opened = await send('load-budget', { id });
  if (opened && typeof opened === 'object' && 'error' in opened) throw new Error(JSON.stringify(opened)); // prettier-ignore
  const budget = core.budget as Budget;
  // The derived data a stale file lacks is built in the background after the open, one step per
  // timer turn; the report reads the rows until the sums by tag are current. Wait for them, as a
  // person looks at the first screen (the bench's own awaits give the timers no turn).
  const openedAt = performance.now();
  while (!keptTagSums(budget).isCurrent() && performance.now() - openedAt < 300_000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const builtAfterMs = Math.round(performance.now() - openedAt);

  const onBudget = (await data(q('accounts').filter({ offbudget: false }).select(['id']).serialize())) as Row[]; // prettier-ignore
  const onIds = onBudget.map((a) => String(a.id));
  const onTransfers = (await data(q('payees').filter({ transfer_acct: { $oneof: onIds } }).select(['id']).serialize())) as Row[]; // prettier-ignore
  const report = (uncategorized: boolean) => {
    const query = q('transactions')
      .filter({
        account: { $oneof: onIds },
        date: [
          { $transform: '$month', $gte: '2000-01' },
          { $transform: '$month', $lte: '2099-12' },
        ],
        payee: onTransfers.map((p) => ({ $ne: String(p.id) })),
      })
      .withoutValidatedRefs();
    return (uncategorized ? query : query.filter({ category: [{ $ne: null }] })).serialize();
  };

  const native = new (require('better-sqlite3'))(join(dataDir, id, 'db.sqlite'), { readonly: true }); // prettier-ignore
  const rowsFloor = () => {
    native
      .prepare(
        `SELECT t.notes, t.amount, t.date / 100 FROM coffer_note_tags n
         JOIN transactions t ON t.id = n.id WHERE t.tombstone = 0 AND t.isParent = 0`,
      )
      .all();
    native
      .prepare(`SELECT month, SUM(amount) FROM coffer_month_sums GROUP BY month ORDER BY month`)
      .all();
  };
  const transferIds = onTransfers.map((p) => String(p.id));
  const list = (ids: string[]) => ids.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ');
  const sumsFloor = (uncategorized: boolean) => () =>
    native
      .prepare(
        `SELECT month, tag, tags, SUM(amount), SUM(count) FROM coffer_tag_sums
         WHERE account IN (${list(onIds)}) AND payee NOT IN (${list(transferIds)})
         ${uncategorized ? '' : 'AND categorized'} GROUP BY month, tag, tags`,
      )
      .all();
  // The way before the sums by tag: the other kept sums for the total, the tagged rows read.
  const before = {
    tagIndex: true,
    kept: {
      monthSums: () => monthSums(budget).ensure(),
      groupSums: () => (groupSums(budget).ensure(), groupSumsContext(budget.sqlite)),
    },
  };
  // The same answer whatever the order of the tags within a month.
  const sorted = (a: TagSums) =>
    JSON.stringify({
      ...a,
      sums: a.sums.map((x) => JSON.stringify(x)).sort(),
      totals: a.totals.map((x) => JSON.stringify(x)).sort(),
    });
  const out: Record<string, unknown> = { load: loadavg().map((l) => Math.round(l * 10) / 10) };
  for (const uncategorized of [true, false]) {
    for (const byMonth of [true, false]) {
      const query = report(uncategorized);
      const name = `${uncategorized ? 'all' : 'categorized'}-${byMonth ? 'by-month' : 'total'}`;
      const first = performance.now();
      const answer = await send('report/tag-sums', { query, byMonth });
      const firstMs = performance.now() - first;
      const scan = tagSums(budget.sqlite, query, byMonth, { tagIndex: true });
      const old = tagSums(budget.sqlite, query, byMonth, before);
      for (const [way, a] of [
        ['kept', answer],
        ['before', old],
      ] as const) {
        if (sorted(a as TagSums) !== sorted(scan)) throw new Error(`${name}: ${way} ≠ scan`);
      }
      out[name] = {
        firstMs: Math.round(firstMs),
        ms: Math.round(await timed(() => send('report/tag-sums', { query, byMonth }))),
        sumsFloorMs: Math.round(await timed(sumsFloor(uncategorized))),
        beforeMs: Math.round(await timed(() => tagSums(budget.sqlite, query, byMonth, before))),
        rowsFloorMs: Math.round(await timed(rowsFloor)),
        scanMs: Math.round(await timed(() => tagSums(budget.sqlite, query, byMonth, { tagIndex: true }))), // prettier-ignore
        rows: scan.sums.length,
      };
    }
  }
  // One whole build of the sums by tag (a stale file's, when a report comes before the
  // background build is done).
  const built = performance.now();
  rebuildTagSums(budget.sqlite);
  out.buildMs = Math.round(performance.now() - built);
  out.builtAfterMs = builtAfterMs;
  native.close();
  await send('close-budget');
  console.log(JSON.stringify(out));
}

await main();

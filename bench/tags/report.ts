/**
 * The report by tag in Coffer's core, in process (issue 32): over all time on a budget whose
 * transactions are 10 % tagged, as the web asks it (`reports/data/custom.ts`: every account on
 * budget, transfers between them out; by month and in total; with and without uncategorized
 * rows). Beside each: the same sums read from every row (the way before the kept sums) and the
 * floor, better-sqlite3 reading the tagged rows' notes and the total by month straight from the
 * stored table. Bundled and started by bench/tags/report.mjs; prints one JSON line.
 */
import { createAppCore, type Budget } from '@coffer/core';
import { q } from '@coffer/core/ui';
import { createNodePlatform } from '@coffer/core-node';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// The scan the kept sums replace, run without them (not part of the package's surface).
import { tagSums } from '../../packages/core/src/reports/tag-sums.ts';

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
  // The derived data a stale file lacks is built in the background after the open: wait, as a
  // person looks at the first screen; the first report finishes it otherwise.
  await new Promise((r) => setTimeout(r, 3000));
  const budget = core.budget as Budget;

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
  const floor = () => {
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
  const out: Record<string, unknown> = { load: loadavg().map((l) => Math.round(l * 10) / 10) };
  for (const uncategorized of [true, false]) {
    for (const byMonth of [true, false]) {
      const query = report(uncategorized);
      const name = `${uncategorized ? 'all' : 'categorized'}-${byMonth ? 'by-month' : 'total'}`;
      const first = performance.now();
      const answer = await send('report/tag-sums', { query, byMonth });
      const firstMs = performance.now() - first;
      const scan = tagSums(budget.sqlite, query, byMonth, { tagIndex: true });
      if (JSON.stringify(answer) !== JSON.stringify(scan)) throw new Error(`${name}: kept ≠ scan`);
      out[name] = {
        firstMs: Math.round(firstMs),
        ms: Math.round(await timed(() => send('report/tag-sums', { query, byMonth }))),
        scanMs: Math.round(await timed(() => tagSums(budget.sqlite, query, byMonth, { tagIndex: true }))), // prettier-ignore
        floorMs: Math.round(await timed(floor)),
        rows: scan.sums.length,
      };
    }
  }
  native.close();
  await send('close-budget');
  console.log(JSON.stringify(out));
}

await main();

// Coffer in process on one budget (bench/derived/run.mjs makes it): the open, the register's
// search (a page of 500 split groups + the count; and apart, the register's first page of 45 and
// the count) through `$search`
// and through the filter it replaced, every report over all time (./reports.ts), the background
// build of the kept sums, and one amount edit (the write path with every listener). Beside each,
// its floor on the same file in the same run: better-sqlite3 reading the same rows straight from
// the stored table with the same indexes. Prints one JSON line. `--reports-only` measures the
// open and the reports; `--explain` prints each report query's SQL and plan to stderr; `--built`
// finishes the search's derived tables' builds before the searches (a budget open for a while).
import { createAppCore, type Budget } from '@coffer/core';
import { stepByDate, type DateSteppedTable } from '../../packages/core/src/month-sums/steps.ts';
import { MONTH_SUMS_STEPS, rebuildMonthSums } from '../../packages/core/src/month-sums/store.ts';
import {
  ALL_SUMS_STEPS,
  ALL_SUMS_TABLE,
  monthSums,
} from '../../packages/core/src/month-sums/slot.ts';
import {
  GROUP_SUMS_STEPS,
  rebuildGroupSums,
} from '../../packages/core/src/month-sums/group-store.ts';
import { q } from '@coffer/core/ui';
import type { StepBuild } from '../../packages/core/src/budget-file/derived-data.ts';
import { stepById } from '../../packages/core/src/search/id-steps.ts';
import {
  NOTES_INDEX_STEPS,
  rebuildNotesIndex,
} from '../../packages/core/src/search/notes-index.ts';
import { rebuildTagIndex, TAG_INDEX_STEPS } from '../../packages/core/src/tags/index-table.ts';
import { createNodePlatform } from '@coffer/core-node';
import { accountOrder } from '../../packages/core/src/query-handler/account-order.ts';
import { apartLines, searchIndex } from '../../packages/core/src/search/slot.ts';
import { createRequire } from 'node:module';
import { measureReports } from './reports.ts';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
const REPEATS = 5;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timed(fn: () => unknown | Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

type Row = Record<string, unknown>;

export async function measure(dataDir: string, id: string) {
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const data = async (query: unknown) => ((await send('query', query)) as { data: unknown }).data;

  let t = performance.now();
  const opened = await send('load-budget', { id });
  if (opened && typeof opened === 'object' && 'error' in opened) throw new Error(JSON.stringify(opened)); // prettier-ignore
  const openMs = performance.now() - t;
  // The first open of a file Actual made computes every month; a person's opens after it start
  // from the cache. Measure from there, once deferred work (the cache write) has run.
  await send('close-budget');
  t = performance.now();
  await send('load-budget', { id });
  const openCachedMs = performance.now() - t;
  // The derived data a stale file lacks is built in the background a second after the open:
  // wait for it, as a person looks at the first screen (`--settle MS`: less, so the first
  // report lands while the sums' build is under way).
  await new Promise((r) => setTimeout(r, Number(process.env.DERIVED_SETTLE_MS ?? 2000)));
  // Where the sums' build stood at the first report (null: done or not begun).
  const sumsAtFirstReport = monthSums(core.budget as Budget).position();
  if (process.argv.includes('--built')) {
    // As a budget open for a while: what the search reads built to the end first (at 1M the
    // account-order table's background build outlasts the settle, and the search then reads
    // the rows it has not reached by a scan).
    const built = core.budget as Budget;
    for (const d of [accountOrder(built), searchIndex(built), apartLines(built)]) d.ensure();
  }

  const Database = require('better-sqlite3');
  const native = new Database(join(dataDir, id, 'db.sqlite'), { readonly: true });
  const explain = process.argv.includes('--explain');
  const noScan = process.argv.includes('--no-scan');
  if (process.argv.includes('--reports-only')) {
    const reports = await measureReports(core, native, { explain, noScan });
    native.close();
    await send('close-budget');
    return { openMs, openCachedMs, sumsAtFirstReport, reports, peakRssMb: process.resourceUsage().maxRSS / 1024 }; // prettier-ignore
  }

  const payees = (await data(q('payees').select(['id', 'name']).serialize())) as Row[];
  const order = [{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }];
  const register = (filter: Row) =>
    q('transactions').options({ splits: 'grouped' }).filter(filter).select('*').orderBy(order)
      .withoutValidatedRefs(); // prettier-ignore
  const count = (filter: Row) =>
    data(register(filter).options({ splits: 'all' }).calculate({ $count: '$id' }).serialize());
  const page = async (filter: Row) => {
    await Promise.all([data(register(filter).limit(500).offset(0).serialize()), count(filter)]);
  };
  // The register's own first page: the rows a window shows and a margin (45 at 800 px high).
  const firstPage = (filter: Row) => data(register(filter).limit(45).offset(0).serialize());

  // A payee's name and a note's words: what a person types.
  const searches: Record<string, { search: Row; old: Row; ids: string }> = {};
  const payee = payees.find((p) => p.name === 'Payee 123');
  if (payee) {
    searches.payee = {
      search: { $search: { text: 'Payee 123', payees: [payee.id] } },
      old: { $or: [{ payee: { $oneof: [payee.id] } }, { notes: { $like: '%Payee 123%' } }] },
      ids: `SELECT id FROM transactions WHERE description = '${String(payee.id)}'`,
    };
  }
  searches.notes = {
    search: { $search: { text: 'Receipt 123 kept' } },
    old: { notes: { $like: '%Receipt 123 kept%' } },
    ids: `SELECT r.id FROM coffer_search_notes f JOIN coffer_search_rows r ON r.rid = f.rowid
          WHERE f.notes MATCH '"Receipt 123 kept"'`,
  };
  const search: Record<string, Row> = {};
  for (const [name, s] of Object.entries(searches)) {
    const first = performance.now();
    await page(s.search);
    const firstMs = performance.now() - first; // builds the index when the file had none
    const floor = () => {
      // The same rows straight from the stored table: the matches by index, the first 500 by
      // the register's order, the count.
      native
        .prepare(
          `SELECT * FROM transactions WHERE id IN (${s.ids}) AND tombstone = 0
           ORDER BY date DESC, starting_balance_flag, sort_order DESC LIMIT 500`,
        )
        .all();
      native.prepare(`SELECT COUNT(*) FROM transactions WHERE id IN (${s.ids}) AND tombstone = 0`).get(); // prettier-ignore
    };
    search[name] = {
      firstMs,
      ms: await timed(() => page(s.search)),
      firstPageMs: await timed(() => firstPage(s.search)),
      countMs: await timed(() => count(s.search)),
      oldMs: await timed(() => page(s.old)),
      floorMs: await timed(floor),
    };
  }

  // Every report over all time as the web asks it, beside its floors (./reports.ts).
  const reports = await measureReports(core, native, { explain, noScan });

  const budget = core.budget as Budget;
  // The background build, step by step (what the budget is busy with between two requests),
  // beside the same rebuild in one go.
  const stepsOf = (table: DateSteppedTable | StepBuild, whole: () => void) => {
    const build = 'step' in table ? table : stepByDate(budget.sqlite, table);
    const times: number[] = [];
    for (let done = false; !done;) {
      const t0 = performance.now();
      done = build.step();
      times.push(performance.now() - t0);
    }
    const t0 = performance.now();
    whole();
    const wholeMs = performance.now() - t0;
    return { steps: times.length, maxMs: Math.max(...times), medianMs: median(times), totalMs: times.reduce((a, b) => a + b, 0), wholeMs }; // prettier-ignore
  };
  const build = {
    monthSums: stepsOf(MONTH_SUMS_STEPS, () => rebuildMonthSums(budget.sqlite)),
    groupSums: stepsOf(GROUP_SUMS_STEPS, () => rebuildGroupSums(budget.sqlite)),
    // What the app builds: the month, group and tag sums in one pass per step.
    allSums: stepsOf(ALL_SUMS_STEPS, () => ALL_SUMS_TABLE.rebuild(budget.sqlite)),
    searchIndex: stepsOf(stepById(budget.sqlite, NOTES_INDEX_STEPS), () => rebuildNotesIndex(budget.sqlite)), // prettier-ignore
    tagIndex: stepsOf(stepById(budget.sqlite, TAG_INDEX_STEPS), () => rebuildTagIndex(budget.sqlite)), // prettier-ignore
  };

  // The custom report's Budgeted measure by month over all time (`budgeted-sums` by month, the
  // sheet's cells), beside the budget rows summed in SQL as it read them before.
  const bounds = (await send('get-budget-bounds')) as { start: string; end: string };
  const categories = (native.prepare('SELECT id FROM categories WHERE tombstone = 0').all() as Row[]).map((r) => String(r.id)); // prettier-ignore
  const budgetedRows = native.prepare('SELECT category, month, SUM(amount) AS amount FROM zero_budgets WHERE month BETWEEN ? AND ? GROUP BY category, month'); // prettier-ignore
  const monthNumber = (m: string) => Number(m.replace('-', ''));
  const budgeted = {
    ms: await timed(() => send('budgeted-sums', { ...bounds, categories, byMonth: true })),
    rowsSqlFloorMs: await timed(() => budgetedRows.all(monthNumber(bounds.start), monthNumber(bounds.end))), // prettier-ignore
  };

  // One amount edit through the write path (every listener: sheet, search index, month sums).
  const tx = native
    .prepare(
      'SELECT id, amount FROM transactions WHERE isParent = 0 AND isChild = 0 AND tombstone = 0 LIMIT 1',
    ) // prettier-ignore
    .get() as { id: string; amount: number };
  let amount = tx.amount;
  const editMs = await timed(() => send('transaction-update', { id: tx.id, amount: --amount }));

  native.close();
  t = performance.now();
  await send('close-budget');
  const closeMs = performance.now() - t;
  return { openMs, openCachedMs, search, reports, build, budgeted, editMs, closeMs, peakRssMb: process.resourceUsage().maxRSS / 1024 }; // prettier-ignore
}

const [dataDir, id] = process.argv.slice(2);
if (dataDir && id) console.log(JSON.stringify(await measure(dataDir, id)));

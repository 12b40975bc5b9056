// Coffer in process on one budget (bench/derived/run.mjs makes it): the open, the register's
// search (first page of 500 split groups + the count, as the register asks) through `$search`
// and through the filter it replaced, net worth and cash flow over all time through the month
// sums and through the scan, and one amount edit (the write path with every listener). Beside each, its floor on
// the same file in the same run: better-sqlite3 reading the same rows straight from the stored
// table with the same indexes. Prints one JSON line.
import { createAppCore, type Budget } from '@coffer/core';
// The scan the month sums replace, run without them (not part of the package's surface).
import { runQuery } from '../../packages/core/src/query/exec.ts';
import { stepByDate, type DateSteppedTable } from '../../packages/core/src/month-sums/steps.ts';
import { MONTH_SUMS_STEPS, rebuildMonthSums } from '../../packages/core/src/month-sums/store.ts';
import {
  GROUP_SUMS_STEPS,
  rebuildGroupSums,
} from '../../packages/core/src/month-sums/group-store.ts';
import { q } from '@coffer/core/ui';
import { createNodePlatform } from '@coffer/core-node';
import { createRequire } from 'node:module';
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
  // wait for it, as a person looks at the first screen.
  await new Promise((r) => setTimeout(r, 2000));

  const Database = require('better-sqlite3');
  const native = new Database(join(dataDir, id, 'db.sqlite'), { readonly: true });

  const payees = (await data(q('payees').select(['id', 'name']).serialize())) as Row[];
  const accounts = (await data(q('accounts').select(['id']).serialize())) as Row[];
  const accountIds = accounts.map((a) => String(a.id));
  const order = [{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }];
  const register = (filter: Row) =>
    q('transactions').options({ splits: 'grouped' }).filter(filter).select('*').orderBy(order)
      .withoutValidatedRefs(); // prettier-ignore
  const page = async (filter: Row) => {
    const query = register(filter);
    await Promise.all([
      data(query.limit(500).offset(0).serialize()),
      data(query.options({ splits: 'all' }).calculate({ $count: '$id' }).serialize()),
    ]);
  };

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
      oldMs: await timed(() => page(s.old)),
      floorMs: await timed(floor),
    };
  }

  // Net worth over all time: each account's change per month (nothing before the first month).
  const netWorth = q('transactions')
    .filter({ account: { $oneof: accountIds } })
    .withoutValidatedRefs()
    .groupBy(['account', { $month: '$date' }])
    .select(['account', { month: { $month: '$date' } }, { amount: { $sum: '$amount' } }])
    .orderBy(['account', { $month: '$date' }])
    .serialize();
  const first = performance.now();
  await data(netWorth);
  const netWorthFirstMs = performance.now() - first;
  const budget = core.budget as Budget;
  // Cash flow by month over all time, as the report asks it (bench/web's cash-flow.ts): income
  // and expenses of every account, transfers between them left out.
  const transfers = (await data(
    q('payees')
      .filter({ transfer_acct: { $ne: null } })
      .select(['id'])
      .serialize(),
  )) as Row[];
  const transferIds = transfers.map((p) => String(p.id));
  const cashFlow = q('transactions')
    .filter({ account: { $oneof: accountIds } })
    .withoutValidatedRefs()
    .filter({
      date: [
        { $transform: '$month', $gte: '2000-01' },
        { $transform: '$month', $lte: '2099-12' },
      ],
      payee: transferIds.map((id) => ({ $ne: id })),
    })
    .groupBy([{ $month: '$date' }])
    .select([
      { period: { $month: '$date' } },
      { total: { $sum: '$amount' } },
      { abs: { $sum: { $abs: '$amount' } } },
    ]) // prettier-ignore
    .orderBy([{ $month: '$date' }])
    .serialize();
  const cashFirst = performance.now();
  await data(cashFlow);
  const cashFlowFirstMs = performance.now() - cashFirst;
  const marks = transferIds.map(() => '?').join(', ') || "''";
  const reports = {
    cashFlowFirstMs,
    cashFlowMs: await timed(() => data(cashFlow)),
    cashFlowScanMs: await timed(() => runQuery(budget.sqlite, cashFlow)),
    // The native floor of the scan: the same sums over the stored rows, transfer payees out.
    cashFlowFloorMs: await timed(() =>
      native
        .prepare(
          `SELECT t.date / 100, SUM(t.amount), SUM(ABS(t.amount)) FROM transactions t
           LEFT JOIN payee_mapping pm ON pm.id = t.description
           WHERE t.tombstone = 0 AND t.isParent = 0
             AND (pm.targetId IS NULL OR pm.targetId NOT IN (${marks}))
           GROUP BY t.date / 100 ORDER BY t.date / 100`,
        )
        .all(...transferIds),
    ),
    netWorthFirstMs,
    netWorthMs: await timed(() => data(netWorth)),
    netWorthScanMs: await timed(() => runQuery(budget.sqlite, netWorth)),
    // The native floor of the scan: the same sums over the stored rows (no view, no splits rule).
    netWorthFloorMs: await timed(() =>
      native
        .prepare(
          `SELECT acct, date / 100, SUM(amount) FROM transactions WHERE tombstone = 0 AND isParent = 0
           GROUP BY acct, date / 100 ORDER BY acct, date / 100`,
        )
        .all(),
    ),
  };

  // Custom reports over all time by category and by payee, as the web asks them
  // (reports/data/custom.ts): every account on budget, transfers between them out, no
  // uncategorized rows.
  const onBudget = (await data(q('accounts').filter({ offbudget: false }).select(['id']).serialize())) as Row[]; // prettier-ignore
  const onIds = onBudget.map((a) => String(a.id));
  const onTransfers = (await data(q('payees').filter({ transfer_acct: { $oneof: onIds } }).select(['id']).serialize())) as Row[]; // prettier-ignore
  const custom = (key: string) =>
    q('transactions')
      .filter({
        account: { $oneof: onIds },
        date: [
          { $transform: '$month', $gte: '2000-01' },
          { $transform: '$month', $lte: '2099-12' },
        ],
        payee: onTransfers.map((p) => ({ $ne: String(p.id) })),
      })
      .withoutValidatedRefs()
      .filter({ category: [{ $ne: null }] })
      .groupBy([key])
      .select([{ key }, { amount: { $sum: '$amount' } }])
      .orderBy([key])
      .serialize();
  const onMarks = onIds.map(() => '?').join(', ');
  const trMarks = onTransfers.map(() => '?').join(', ') || "''";
  // The native floor: the same sums over the stored rows, through the mappings, no splits rule.
  const customFloor = (column: string) =>
    native
      .prepare(
        `SELECT ${column}, SUM(t.amount) FROM transactions t
         LEFT JOIN category_mapping cm ON cm.id = t.category
         LEFT JOIN payee_mapping pm ON pm.id = t.description
         WHERE t.tombstone = 0 AND t.isParent = 0 AND t.acct IN (${onMarks})
           AND cm.transferId IS NOT NULL
           AND (pm.targetId IS NULL OR pm.targetId NOT IN (${trMarks}))
         GROUP BY 1 ORDER BY 1`,
      )
      .all(...onIds, ...onTransfers.map((p) => String(p.id)));
  const byCategory = custom('$category');
  const byPayee = custom('$payee');
  const groupFirst = performance.now();
  await data(byCategory);
  const customFirstMs = performance.now() - groupFirst;
  const customReports = {
    customFirstMs,
    byCategoryMs: await timed(() => data(byCategory)),
    byCategoryScanMs: await timed(() => runQuery(budget.sqlite, byCategory)),
    byCategoryFloorMs: await timed(() => customFloor('cm.transferId')),
    byPayeeMs: await timed(() => data(byPayee)),
    byPayeeScanMs: await timed(() => runQuery(budget.sqlite, byPayee)),
    byPayeeFloorMs: await timed(() => customFloor('pm.targetId')),
  };

  // The background build, step by step (what the budget is busy with between two requests),
  // beside the same rebuild in one go.
  const stepsOf = (table: DateSteppedTable, whole: () => void) => {
    const build = stepByDate(budget.sqlite, table);
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
  return { openMs, openCachedMs, search, reports, customReports, build, editMs, closeMs, peakRssMb: process.resourceUsage().maxRSS / 1024 }; // prettier-ignore
}

const [dataDir, id] = process.argv.slice(2);
if (dataDir && id) console.log(JSON.stringify(await measure(dataDir, id)));

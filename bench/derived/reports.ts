// Every report over all time through Coffer's core, asked as the web asks it (the web's own
// loaders and query builders from packages/web/src/components/reports/data): custom reports of
// payments by category, group, payee, account and month, net worth, cash flow and spending.
// Each is timed through the `query` handler (what the page waits for), once through the scan
// the kept sums replace (its answer must be the same), and beside two floors measured in the
// same run on the same file with better-sqlite3: the cheapest raw SQL for the same sums (it
// reads the kept sums tables, as Coffer may) and the same sums straight from the stored
// transactions. Each floor's rows must equal the core's answer. With `explain`, each query's
// compiled SQL and its EXPLAIN QUERY PLAN are printed to stderr.
import type { AppCore, Budget } from '@coffer/core';
import { type Month, type QueryState } from '@coffer/core/ui';
import { raw } from '../../packages/core/src/query/sql.ts';
import { buildSelect } from '../../packages/core/src/query/compiler.ts';
import { compileRouted, runQuery } from '../../packages/core/src/query/exec.ts';
import { groupSumsContext } from '../../packages/core/src/query/group-sums.ts';
import { monthSums } from '../../packages/core/src/month-sums/slot.ts';
import { cashFlowQueries, loadCashFlow } from '../../packages/web/src/components/reports/data/cash-flow.ts'; // prettier-ignore
import { type CustomParams, loadCustom, transactionsQuery, scopeAccounts } from '../../packages/web/src/components/reports/data/custom.ts'; // prettier-ignore
import { loadNetWorth, netWorthQueries } from '../../packages/web/src/components/reports/data/net-worth.ts'; // prettier-ignore
import { currentMonth, previousSpan, resolveRange, type MonthSpan } from '../../packages/web/src/components/reports/data/range.ts'; // prettier-ignore
import { type BudgetedRunner, type BudgetMeta, firstMonth, transferPayeesOf } from '../../packages/web/src/components/reports/data/source.ts'; // prettier-ignore
import { loadSpending, spendingQuery } from '../../packages/web/src/components/reports/data/spending.ts'; // prettier-ignore

type Row = Record<string, unknown>;
interface Native {
  prepare(sql: string): { all(...args: unknown[]): Row[] };
}
export interface ReportTiming {
  /** Through the `query` handler: the first time after the open, then the median of five. */
  firstMs: number;
  /** Whether the first answer, asked while the sums' build ran, equals every row's; null: built. */
  firstExact: boolean | null;
  ms: number;
  /** The same loader with every query run on the rows (no kept sums), once; NaN: not run. */
  scanMs: number;
  /** Whether the scan's answer equals the kept sums' (the whole shaped report); null: not run. */
  sameAsScan: boolean | null;
  /** The cheapest raw SQL for the report's main sums on this file (better-sqlite3). */
  floorMs: number;
  /** The same sums from the stored transactions (better-sqlite3). */
  scanFloorMs: number;
  /** Whether each floor's rows equal the core's answer to the main query. */
  floorsEqual: boolean;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timed(fn: () => unknown, repeats = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** A report: the page's loader on a query runner, its main query, and its two floors. */
interface Report {
  load(run: <T>(query: QueryState) => Promise<T>): Promise<unknown>;
  queries: QueryState[];
  /** SQL + arguments whose rows equal the core's answer to `queries[0]`. */
  floor: [string, unknown[]];
  scanFloor: [string, unknown[]];
}

const marks = (list: readonly unknown[]) => list.map(() => '?').join(', ') || "''";
const MONTH_TEXT = (m: string) => `printf('%04d-%02d', ${m} / 100, ${m} % 100)`;
/** The stored transactions a report counts: alive, not a split's parent (no splits rule). */
const STORED = `FROM transactions t
  LEFT JOIN category_mapping cm ON cm.id = t.category
  LEFT JOIN payee_mapping pm ON pm.id = t.description
  WHERE t.tombstone = 0 AND t.isParent = 0 AND t.date IS NOT NULL`;

function reportsOf(meta: BudgetMeta, all: MonthSpan, budgeted: BudgetedRunner) {
  const onBudget = scopeAccounts(meta, false);
  const every = meta.accounts.map((a) => a.id);
  const onTransfers = transferPayeesOf(meta, onBudget);
  const from = Number(all.start.replace('-', ''));
  const to = Number(all.end.replace('-', ''));
  const custom = (groupBy: CustomParams['groupBy']): CustomParams => ({
    ...all,
    groupBy,
    balanceType: 'Payment',
    mode: 'total',
    filters: [],
    conditionsOp: 'and',
    showOffBudget: false,
    showHidden: false,
    showUncategorized: true,
    showEmpty: false,
    budgetType: 'rollover',
  });
  const noTags = () => Promise.reject(new Error('no report by tag here'));
  const noBudgeted = () => Promise.reject(new Error('no Budgeted measure here'));
  const customReport = (groupBy: CustomParams['groupBy'], floor: [string, unknown[]], scanFloor: [string, unknown[]]): Report => ({
    load: (run) => loadCustom(run, meta, custom(groupBy), noTags, noBudgeted),
    queries: [transactionsQuery(custom(groupBy), meta)],
    floor,
    scanFloor,
  }); // prettier-ignore
  // Payments of the accounts on budget, transfers among them out, all time.
  const catSums = `FROM coffer_category_sums s LEFT JOIN category_mapping cm ON cm.id = s.category
    WHERE s.scope = 1 AND s.amount < 0 AND s.month BETWEEN ? AND ? AND s.payee NOT IN (${marks(onTransfers)})`; // prettier-ignore
  const byCategory: [string, unknown[]] = [`SELECT cm.transferId AS key, SUM(s.amount) AS amount ${catSums} GROUP BY 1 ORDER BY 1`, [from, to, ...onTransfers]]; // prettier-ignore
  const storedPayments = `${STORED} AND t.amount < 0 AND t.date / 100 BETWEEN ? AND ?
    AND t.acct IN (${marks(onBudget)}) AND (pm.targetId IS NULL OR pm.targetId NOT IN (${marks(onTransfers)}))`; // prettier-ignore
  const storedArgs = [from, to, ...onBudget, ...onTransfers];
  const scanBy = (key: string): [string, unknown[]] => [`SELECT ${key} AS key, SUM(t.amount) AS amount ${storedPayments} GROUP BY 1 ORDER BY 1`, storedArgs]; // prettier-ignore
  const monthSums = (accounts: string[], transfers: string[]) => `FROM coffer_month_sums
    WHERE account IN (${marks(accounts)}) AND month BETWEEN ? AND ?${transfers.length ? ` AND payee NOT IN (${marks(transfers)})` : ''}`; // prettier-ignore
  const netWorth = { ...all, accounts: every };
  const cashFlow = { ...all, accounts: onBudget, transferPayees: onTransfers, interval: 'month' as const }; // prettier-ignore
  const reports: Record<string, Report> = {
    'custom by category': customReport('Category', byCategory, scanBy('cm.transferId')),
    'custom by group': customReport('Group', byCategory, scanBy('cm.transferId')),
    'custom by payee': customReport(
      'Payee',
      [
        // Over all time: the payee totals (the payee sums by month when the range is narrower).
        `SELECT pm.targetId AS key, SUM(s.amount) AS amount FROM coffer_payee_totals s
         LEFT JOIN payee_mapping pm ON pm.id = s.payee
         WHERE s.scope = 1 AND s.amount < 0
           AND (pm.targetId IS NULL OR pm.targetId NOT IN (${marks(onTransfers)}))
         GROUP BY 1 ORDER BY 1`,
        [...onTransfers],
      ],
      scanBy('pm.targetId'),
    ),
    'custom by account': customReport(
      'Account',
      [`SELECT account AS key, SUM(amount) AS amount ${monthSums(onBudget, onTransfers)} AND amount < 0 GROUP BY 1 ORDER BY 1`, [...onBudget, from, to, ...onTransfers]], // prettier-ignore
      scanBy('t.acct'),
    ),
    'custom by month': customReport(
      'Interval',
      [`SELECT ${MONTH_TEXT('month')} AS key, SUM(amount) AS amount ${monthSums(onBudget, onTransfers)} AND amount < 0 GROUP BY month ORDER BY month`, [...onBudget, from, to, ...onTransfers]], // prettier-ignore
      scanBy(MONTH_TEXT('(t.date / 100)')),
    ),
    'net worth': {
      load: (run) => loadNetWorth(run, netWorth),
      queries: [netWorthQueries(netWorth).during, netWorthQueries(netWorth).before],
      floor: [`SELECT account, ${MONTH_TEXT('month')} AS month, SUM(amount) AS amount ${monthSums(every, [])} GROUP BY account, month ORDER BY account, month`, [...every, from, to]], // prettier-ignore
      scanFloor: [`SELECT t.acct AS account, ${MONTH_TEXT('(t.date / 100)')} AS month, SUM(t.amount) AS amount ${STORED}
        AND t.acct IN (${marks(every)}) AND t.date / 100 BETWEEN ? AND ? GROUP BY 1, t.date / 100 ORDER BY 1, t.date / 100`, [...every, from, to]], // prettier-ignore
    },
    'cash flow': {
      load: (run) => loadCashFlow(run, cashFlow),
      queries: [cashFlowQueries(cashFlow).periods, cashFlowQueries(cashFlow).start],
      floor: [`SELECT ${MONTH_TEXT('month')} AS period, SUM(amount) AS total, SUM(ABS(amount)) AS abs ${monthSums(onBudget, onTransfers)} GROUP BY month ORDER BY month`, [...onBudget, from, to, ...onTransfers]], // prettier-ignore
      scanFloor: [`SELECT ${MONTH_TEXT('(t.date / 100)')} AS period, SUM(t.amount) AS total, SUM(ABS(t.amount)) AS abs ${STORED}
        AND t.date / 100 BETWEEN ? AND ? AND t.acct IN (${marks(onBudget)})
        AND (pm.targetId IS NULL OR pm.targetId NOT IN (${marks(onTransfers)})) GROUP BY t.date / 100 ORDER BY t.date / 100`, [from, to, ...onBudget, ...onTransfers]], // prettier-ignore
    },
    spending: {
      load: (run) => loadSpending(run, budgeted, meta, { ...all, accounts: onBudget }),
      queries: [spendingQuery(all, onBudget), spendingQuery(previousSpan(all), onBudget)],
      // Spending with a category, or none and no transfer (`linked`: one side of a transfer).
      floor: [`SELECT cm.transferId AS category, SUM(s.amount) AS amount FROM coffer_category_sums s
        LEFT JOIN category_mapping cm ON cm.id = s.category
        WHERE s.scope = 1 AND s.month BETWEEN ? AND ? AND (cm.transferId IS NOT NULL OR s.linked = 0)
        GROUP BY 1 ORDER BY 1`, [from, to]], // prettier-ignore
      scanFloor: spendingFloor(onBudget, from, to),
    },
  };
  return reports;
}

function spendingFloor(onBudget: string[], from: number, to: number): [string, unknown[]] {
  return [
    `SELECT cm.transferId AS category, SUM(t.amount) AS amount ${STORED}
      AND t.date / 100 BETWEEN ? AND ? AND t.acct IN (${marks(onBudget)})
      AND (cm.transferId IS NOT NULL OR t.transferred_id IS NULL) GROUP BY 1 ORDER BY 1`,
    [from, to, ...onBudget],
  ];
}

/** Rows as comparable text: numbers as numbers, anything else as text or null. */
const canonical = (rows: unknown) => JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)); // prettier-ignore

export async function measureReports(
  core: AppCore,
  native: Native,
  { explain = false, noScan = false }: { explain?: boolean; noScan?: boolean } = {},
): Promise<Record<string, ReportTiming>> {
  const budget = core.budget as Budget;
  const query = async (state: QueryState): Promise<unknown> => {
    const res = await core.sendUnknown('query', state);
    if (!res || typeof res !== 'object' || !('data' in res)) throw new Error(JSON.stringify(res));
    return res.data;
  };
  const run = <T>(state: QueryState) => query(state) as Promise<T>;
  const scan = <T>(state: QueryState) => Promise.resolve(runQuery<T>(budget.sqlite, state).data);
  const [accounts, payees, categories] = await Promise.all([
    core.send('accounts-get'),
    core.send('payees-get'),
    core.send('get-categories'),
  ]);
  if ('error' in accounts || 'error' in payees || 'error' in categories) throw new Error('meta');
  const meta: BudgetMeta = { accounts, payees, groups: categories.grouped };
  const all = resolveRange({ preset: 'all' }, currentMonth() as Month, await firstMonth(run));
  const budgeted: BudgetedRunner = async ({ start, end }, categories) => {
    const res = await core.send('budgeted-sums', { start, end, categories: [...categories] });
    if ('error' in res) throw new Error(res.error.message);
    return new Map(res.map((r) => [r.category, r.amount]));
  };
  const out: Record<string, ReportTiming> = {};
  for (const [name, r] of Object.entries(reportsOf(meta, all, budgeted))) {
    if (explain) {
      for (const state of r.queries) {
        const c = compileRouted(budget.sqlite, state, { monthSums: true, groupSums: groupSumsContext(budget.sqlite) }); // prettier-ignore
        const s = buildSelect(c.pieces, raw(`${c.pieces.alias}.is_parent = 0`));
        const plan = budget.sqlite.all<Row>(`EXPLAIN QUERY PLAN ${s.text}`, s.values as never[]);
        console.error(`\n## ${name}\n${s.text}\n${plan.map((p) => `  ${String(p.detail)}`).join('\n')}`); // prettier-ignore
      }
    }
    const sums = monthSums(budget);
    const building = !sums.isCurrent() && sums.building();
    let t = performance.now();
    const answer = await r.load(run);
    const firstMs = performance.now() - t;
    // A report that landed while the sums' build ran (`--settle`) read the part built and the
    // rows after it: its answer against every row's, then the build let finish before the
    // steady figures (whose floors read the sums tables).
    const firstExact = building ? canonical(answer) === canonical(await r.load(scan)) : null;
    if (building) await new Promise<void>((done) => sums.whenCurrent(done));
    const ms = await timed(() => r.load(run));
    const main = canonical(await query(r.queries[0]!));
    const floorRows = native.prepare(r.floor[0]).all(...r.floor[1]);
    const timing = { firstMs, firstExact, ms, floorMs: await timed(() => native.prepare(r.floor[0]).all(...r.floor[1])) }; // prettier-ignore
    if (noScan) {
      out[name] = { ...timing, scanMs: NaN, sameAsScan: null, scanFloorMs: NaN, floorsEqual: canonical(floorRows) === main }; // prettier-ignore
      continue;
    }
    t = performance.now();
    const scanned = await r.load(scan);
    const scanMs = performance.now() - t;
    const scanFloorRows = native.prepare(r.scanFloor[0]).all(...r.scanFloor[1]);
    out[name] = {
      ...timing,
      scanMs,
      sameAsScan: canonical(answer) === canonical(scanned),
      scanFloorMs: await timed(() => native.prepare(r.scanFloor[0]).all(...r.scanFloor[1]), 3),
      floorsEqual: canonical(floorRows) === main && canonical(scanFloorRows) === main,
    };
  }
  return out;
}

// The register's reads in Coffer's core, in process (native SQLite), on a budget as a new device
// gets it (derived data dropped, as `stripDerived` drops it from an upload): each background
// build piece's time (what a read arriving meanwhile waits for), the register's first page
// and a search sent every 200 ms while the builds run (what a person clicking then waits
// for), and each query's plan and time once the builds are done. Prints one JSON line;
// `--explain` prints each query's SQL and plan to stderr. Run by bench/register/core.mjs.
import { createAppCore, type Budget } from '@coffer/core';
import type { QueryState } from '@coffer/core/ui';
import { createNodePlatform } from '@coffer/core-node';
import { DerivedData } from '../../packages/core/src/budget-file/derived-data.ts';
import { stripDerived } from '../../packages/core/src/search/notes-index.ts';
import { registerQuery } from '../../packages/web/src/components/accounts/rows/register-query.ts';
import { searchFilter } from '../../packages/web/src/components/accounts/rows/search.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
type Row = Record<string, unknown>;

/**
 * Every piece of every background build, by table: count, longest, total (ms); and the tables
 * seen building, so `--settle` can finish them before the reads once built.
 */
function instrumentBuilds(seen: Set<DerivedData>) {
  const pieces: Record<string, number[]> = {};
  const proto = DerivedData.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const wrap = (method: string) => {
    const original = proto[method]!;
    proto[method] = function (this: { name: string | null }, ...args: unknown[]) {
      seen.add(this as unknown as DerivedData);
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        (pieces[`${this.name}.${method}`] ??= []).push(performance.now() - t);
      }
    };
  };
  wrap('keep');
  wrap('ensure');
  return () =>
    Object.fromEntries(
      Object.entries(pieces).map(([k, v]) => [
        k,
        { n: v.length, maxMs: Math.round(Math.max(...v)), totalMs: Math.round(v.reduce((a, b) => a + b, 0)) }, // prettier-ignore
      ]),
    );
}

export async function measure(dataDir: string, id: string) {
  const building = new Set<DerivedData>();
  const builds = instrumentBuilds(building);
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);
  const rows = async (query: QueryState) => {
    const res = await send('query', query);
    if (!res || typeof res !== 'object' || !('data' in res)) throw new Error(JSON.stringify(res));
    return res.data as Row[];
  };
  // As a new device gets it: none of Coffer's derived data.
  await send('load-budget', { id });
  stripDerived((core.budget as Budget).sqlite);
  await send('close-budget');
  let t = performance.now();
  await send('load-budget', { id });
  const openMs = performance.now() - t;
  const budget = core.budget as Budget;
  const accounts = budget.sqlite.all<Row>(
    `SELECT a.id, a.name, COUNT(t.id) AS n FROM accounts a LEFT JOIN transactions t ON t.acct = a.id
     WHERE a.tombstone = 0 GROUP BY a.id ORDER BY n`,
  );
  const smallest = accounts[0]!;
  const largest = accounts[accounts.length - 1]!;
  const named = (table: string) =>
    budget.sqlite.all<{ id: string; name: string }>(`SELECT id, name FROM ${table} WHERE tombstone = 0`); // prettier-ignore
  const base = { search: null, filters: [], conditionsOp: 'and' as const, hideCleared: false, sort: null }; // prettier-ignore
  const page = (view: Row, search: Row | null = null) => ({
    ...registerQuery({ ...base, view, search }),
    limit: 45,
    offset: 0,
  });
  const queries: Record<string, QueryState> = {
    'All accounts, first page': page({ 'account.closed': false }),
    [`${String(largest.name)} (${String(largest.n)} rows), first page`]: page({ account: largest.id }), // prettier-ignore
    [`${String(smallest.name)} (${String(smallest.n)} rows), first page`]: page({ account: smallest.id }), // prettier-ignore
    'All accounts, search "Extra 10"': page(
      { 'account.closed': false },
      searchFilter('Extra 10', {
        payees: named('payees'),
        categories: named('categories'),
        accounts: named('accounts'),
        dateFormat: 'MM/dd/yyyy',
      }),
    ),
  };

  // While the builds run: each read sent every 200 ms, what it waited for.
  const during: Record<string, number[]> = {};
  const startedAt = performance.now();
  for (let i = 0; i < 600; i++) {
    for (const [name, query] of Object.entries(queries)) {
      t = performance.now();
      await rows(query);
      (during[name] ??= []).push(Math.round(performance.now() - t));
    }
    await new Promise((r) => setTimeout(r, 200));
    if (performance.now() - startedAt > Number(process.env.PROBE_SECONDS ?? 60) * 1000) break;
  }
  // With --settle, every build finished first (in one piece each): the reads once built.
  const pieces = builds();
  if (process.argv.includes('--settle')) for (const d of building) d.ensure();
  // Done: each query's time and plan.
  const after: Record<string, number> = {};
  for (const [name, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      await rows(query);
      times.push(performance.now() - t);
    }
    after[name] = Math.round(times.sort((a, b) => a - b)[2]! * 10) / 10;
    if (process.argv.includes('--explain')) {
      // The statements the query really ran (the core picks its way per query), each's plan.
      const ran: [string, unknown[]][] = [];
      const db = budget.sqlite;
      const all = db.all.bind(db);
      db.all = <T>(text: string, params?: readonly unknown[]) => {
        ran.push([text, [...(params ?? [])]]);
        return all<T>(text, params as never);
      };
      await rows(query);
      db.all = all;
      console.error(`\n## ${name}`);
      for (const [text, params] of ran) {
        const plan = all<Row>(`EXPLAIN QUERY PLAN ${text}`, params as never);
        console.error(`${text.slice(0, 600)}\n${plan.map((p) => `  ${String(p.detail)}`).join('\n')}`); // prettier-ignore
      }
    }
  }
  await send('close-budget');
  return { openMs, builds: pieces, during, after, peakRssMb: process.resourceUsage().maxRSS / 1024 }; // prettier-ignore
}

const [dataDir, id] = process.argv.slice(2);
if (dataDir && id) console.log(JSON.stringify(await measure(dataDir, id)));

// The register's search "Extra 10" (All accounts, first page of 45) once every build is done,
// in CPU time, the first-page way (`search-page.ts`: the matches read once, the groups in the
// register's order) beside the general way (every match grouped, joined back and sorted) in the
// same process on the same file. Run by bench/register/search-ab.mjs; prints one JSON line.
import { createAppCore, type Budget } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { DerivedData } from '../../packages/core/src/budget-file/derived-data.ts';
import { compileQuery } from '../../packages/core/src/query/compiler.ts';
import { execTransactions } from '../../packages/core/src/query/transactions.ts';
import { registerQuery } from '../../packages/web/src/components/accounts/rows/register-query.ts';
import { searchFilter } from '../../packages/web/src/components/accounts/rows/search.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
const [dir, id] = process.argv.slice(2) as [string, string];
// The tables whose builds start after the open, finished at once below.
const building = new Set<DerivedData>();
const proto = DerivedData.prototype as unknown as { keep: (...a: unknown[]) => unknown };
const keep = proto.keep;
proto.keep = function (this: DerivedData, ...a: unknown[]) {
  building.add(this);
  return keep.apply(this, a);
};
const core = createAppCore({ platform: createNodePlatform({ documentDir: dir, log: quiet }), documentDir: dir }); // prettier-ignore
await core.sendUnknown('load-budget', { id });
const budget = core.budget as Budget;
await new Promise((r) => setTimeout(r, 3000));
for (const d of building) d.ensure();

const named = (t: string) =>
  budget.sqlite.all<{ id: string; name: string }>(`SELECT id, name FROM ${t} WHERE tombstone = 0`);
const ctx = { payees: named('payees'), categories: named('categories'), accounts: named('accounts'), dateFormat: 'MM/dd/yyyy' as const }; // prettier-ignore
const base = { filters: [], conditionsOp: 'and' as const, hideCleared: false, sort: null };
const search = searchFilter('Extra 10', ctx);
const query = { ...registerQuery({ ...base, view: { 'account.closed': false }, search }), limit: 45, offset: 0 }; // prettier-ignore
const firstPage = compileQuery(query, {});
// The same order spelled with its tie-break twice: not the register's own, so the general way.
const order = [...query.orderExpressions, { id: 'asc' }];
const general = compileQuery({ ...query, orderExpressions: order }, {});
const cpuMs = (fn: () => unknown) => {
  const u = process.cpuUsage();
  fn();
  const d = process.cpuUsage(u);
  return (d.user + d.system) / 1000;
};
const times: Record<'firstPage' | 'general', number[]> = { firstPage: [], general: [] };
for (let i = 0; i < 7; i++) {
  times.firstPage.push(cpuMs(() => execTransactions(budget.sqlite, firstPage, {})));
  times.general.push(cpuMs(() => execTransactions(budget.sqlite, general, {})));
}
const ids = (c: typeof general) => execTransactions(budget.sqlite, c, {}).map((r) => r.id);
const median = (v: number[]) => Math.round([...v].sort((a, b) => a - b)[v.length >> 1]! * 10) / 10; // prettier-ignore
console.log(
  JSON.stringify({
    rows: budget.sqlite.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n,
    sameAnswer: JSON.stringify(ids(firstPage)) === JSON.stringify(ids(general)),
    cpuMsMedian: { firstPage: median(times.firstPage), general: median(times.general) },
  }),
);
await core.sendUnknown('close-budget');

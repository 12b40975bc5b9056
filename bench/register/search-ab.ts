// The register's search "Extra 10" (All accounts, first page of 45) once every build is done,
// in CPU time, the first-page way (`search-page.ts`: the matches read once, the groups in the
// register's order) beside the general way (every match grouped, joined back and sorted) in the
// same process on the same file. Run by bench/register/search-ab.mjs; prints one JSON line.
import { compileQuery } from '../../packages/core/src/query/compiler.ts';
import { execTransactions } from '../../packages/core/src/query/transactions.ts';
import { openBuilt, searchQuery } from './built-search.ts';

const [dir, id] = process.argv.slice(2) as [string, string];
const { budget, close } = await openBuilt(dir, id);
const { query } = searchQuery(budget, 'Extra 10');
const firstPage = compileQuery(query, {});
// The same order spelled with its tie-break twice: not the register's own, so the general way.
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
await close();

// The register's search's first page found from a date on (`search-cutoff.ts`, issue 30)
// beside the register's order as before (the same `findSearchGroups` with that way off), in
// CPU time, in the same process on the same file, compiled as the app compiles it once every
// build is done (the account-order table whole, the notes index current). Whether the pages
// agree, and which way each term took. Run by search-cutoff.mjs; one JSON line to stdout.
import { compileQuery } from '../../packages/core/src/query/compiler.ts';
import { byCutoff } from '../../packages/core/src/query/search-cutoff.ts';
import { findSearchGroups } from '../../packages/core/src/query/search-page.ts';
import { execTransactions } from '../../packages/core/src/query/transactions.ts';
import { apartLines } from '../../packages/core/src/search/slot.ts';
import { openBuilt, searchQuery } from './built-search.ts';

const [dir, id] = process.argv.slice(2) as [string, string];
const { budget, close } = await openBuilt(dir, id);
const db = budget.sqlite;
// The set of lines dated apart built as the app builds it after the first search (its steps,
// here one after the other): its CPU time and the file's size it adds.
const pages = () => db.first<{ n: number }>('SELECT page_count AS n FROM pragma_page_count()')!.n;
const pagesBefore = pages();
const u0 = process.cpuUsage();
const set = apartLines(budget);
set.ensure();
const u1 = process.cpuUsage(u0);
const apartBuild = {
  cpuMs: Math.round((u1.user + u1.system) / 1000),
  pages: pages() - pagesBefore,
  lines: db.first<{ n: number }>('SELECT COUNT(*) AS n FROM coffer_apart_lines')!.n,
};
const terms = (process.env.TERMS ?? 'Extra 10').split(',');
const cpuMs = (fn: () => unknown) => {
  const u = process.cpuUsage();
  fn();
  const d = process.cpuUsage(u);
  return (d.user + d.system) / 1000;
};
const median = (v: number[]) => Math.round([...v].sort((a, b) => a - b)[v.length >> 1]! * 100) / 100; // prettier-ignore
const out: Record<string, unknown> = {};
for (const term of terms) {
  const { query, search } = searchQuery(budget, term);
  const compiled = compileQuery(query, { accountOrder: { from: null }, apartLines: true });
  // The same page before the set is whole: each row from the bound on looked at for a line.
  const probing = compileQuery(query, { accountOrder: { from: null } });
  const window = undefined;
  const p = compiled.groupFinder!;
  const taken = byCutoff(db, p, compiled.searchRows!, compiled, {}) !== null;
  const times: Record<'fromDate' | 'fromDateProbing' | 'inOrder' | 'pageFromDate', number[]> = { fromDate: [], fromDateProbing: [], inOrder: [], pageFromDate: [] }; // prettier-ignore
  for (let i = 0; i < 9; i++) {
    times.fromDate.push(cpuMs(() => findSearchGroups(db, compiled, {}, window, true)));
    times.fromDateProbing.push(cpuMs(() => findSearchGroups(db, probing, {}, window, true)));
    times.inOrder.push(cpuMs(() => findSearchGroups(db, compiled, {}, window, false)));
    times.pageFromDate.push(cpuMs(() => execTransactions(db, compiled, {})));
  }
  const a = findSearchGroups(db, compiled, {}, window, true);
  const b = findSearchGroups(db, compiled, {}, window, false);
  const c = findSearchGroups(db, probing, {}, window, true);
  out[term] = {
    search: search?.$search,
    fromDateTaken: taken,
    samePage: [b, c].every((x) => JSON.stringify(a!.groupIds) === JSON.stringify(x!.groupIds) && JSON.stringify([...a!.matched].sort()) === JSON.stringify([...x!.matched].sort())), // prettier-ignore
    cpuMsMedian: { fromDate: median(times.fromDate), fromDateProbing: median(times.fromDateProbing), inOrder: median(times.inOrder), wholePage: median(times.pageFromDate) }, // prettier-ignore
  };
}
const rows = db.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n;
console.log(JSON.stringify({ rows, apartBuild, terms: out }));
await close();

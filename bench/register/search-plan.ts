// The statements the register's search runs for its first page (All accounts, 45 groups) once
// every build is done: each with its CPU time, rows and (PLAN=1) its EXPLAIN QUERY PLAN, after
// three warm runs. TERM_SEARCH picks the term ("Extra 10" by default), OFFSET and LIMIT another
// page. Run by search-plan.mjs; the statements go to stderr, one JSON line (the file's rows) to
// stdout.
import { compileRouted } from '../../packages/core/src/query/exec.ts';
import { execTransactions } from '../../packages/core/src/query/transactions.ts';
import {
  accountOrder,
  accountOrderReach,
} from '../../packages/core/src/query-handler/account-order.ts';
import { apartLines } from '../../packages/core/src/search/slot.ts';
import { openBuilt, searchQuery } from './built-search.ts';

const [dir, id] = process.argv.slice(2) as [string, string];
const { budget, close } = await openBuilt(dir, id);
const made = searchQuery(budget, process.env.TERM_SEARCH ?? 'Extra 10');
// OFFSET and LIMIT pick another page (the register's next: OFFSET=45 LIMIT=500).
const { search } = made;
const query = { ...made.query, limit: Number(process.env.LIMIT ?? made.query.limit), offset: Number(process.env.OFFSET ?? made.query.offset) }; // prettier-ignore
// Compiled as the query handler compiles it once the builds are done: the account-order
// table's indexes and the set of lines dated apart.
const reach = accountOrderReach(accountOrder(budget));
// The notes are read from the index once per query (`notes-found.ts`), as the handler does:
// that read is logged with the rest, so each timed run compiles.
const options = { ...(reach ? { accountOrder: reach } : {}), apartLines: apartLines(budget).isCurrent(), notesIndexed: true }; // prettier-ignore
const db = budget.sqlite;
const all = db.all.bind(db);
const log: { sql: string; ms: number; n: number; params: unknown }[] = [];
let on = false;
db.all = ((sql: string, params?: unknown) => {
  const u = process.cpuUsage();
  const r = all(sql, params as never);
  const d = process.cpuUsage(u);
  if (on) log.push({ sql, ms: (d.user + d.system) / 1000, n: r.length, params });
  return r;
}) as typeof db.all;
for (let i = 0; i < 3; i++) execTransactions(db, compileRouted(db, query, options), {});
on = true;
const u = process.cpuUsage();
execTransactions(db, compileRouted(db, query, options), {});
const d = process.cpuUsage(u);
on = false;
console.error(JSON.stringify(search));
console.error('search, CPU ms:', (d.user + d.system) / 1000);
for (const l of log) {
  console.error(
    `--- ${l.ms.toFixed(2)} ms, ${l.n} rows\n${l.sql}\n${JSON.stringify(l.params).slice(0, 300)}`,
  );
  if (process.env.PLAN)
    for (const p of all(`EXPLAIN QUERY PLAN ${l.sql}`, l.params as never))
      console.error(JSON.stringify(p));
}
console.log(
  JSON.stringify({ rows: db.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n }),
);
await close();

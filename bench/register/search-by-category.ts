// An experiment for issue 30 (the register's search at 1,000,000 within 2× of 100,000): the
// search's first page found from the matching categories' rows newest first (Actual's
// `trans_category_date (category, date)`), against today's read in the register's order
// (`findSearchGroups`). Prints each step's CPU time and rows, and whether the pages agree. Run by
// search-by-category.mjs; the steps go to stderr, one JSON line to stdout.
import { compileQuery } from '../../packages/core/src/query/compiler.ts';
import { findSearchGroups } from '../../packages/core/src/query/search-page.ts';
import { openBuilt, searchQuery } from './built-search.ts';

const [dir, id] = process.argv.slice(2) as [string, string];
const { budget, close } = await openBuilt(dir, id);
const term = process.env.TERM_SEARCH ?? 'Extra 10';
const { query, search } = searchQuery(budget, term);
const compiled = compileQuery(query, {});
const db = budget.sqlite;
const cpu = <T>(f: () => T): [T, number] => {
  const u = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(u);
  return [r, (d.user + d.system) / 1000];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const steps: Record<string, { ms: number; n: number }> = {};
const step = <T extends unknown[]>(name: string, f: () => T): T => {
  const times: number[] = [];
  let r: T = f();
  for (let i = 0; i < 5; i++) {
    const [x, ms] = cpu(f);
    r = x;
    times.push(ms);
  }
  steps[name] = { ms: median(times), n: r.length };
  console.error(`${name}: ${median(times).toFixed(2)} ms CPU, ${r.length} rows`);
  return r;
};
const cats = (search?.$search as { categories?: string[] } | undefined)?.categories ?? [];
const stored = db
  .all<{ id: string }>(
    `SELECT id FROM category_mapping WHERE transferId IN (${cats.map(() => '?').join(',')})`,
    cats,
  ) // prettier-ignore
  .map((r) => r.id);
const today = step('today findSearchGroups', () => findSearchGroups(db, compiled, {})!.groupIds);
const end = 45;
// 1: the K newest dates of each matching category, from the index alone; the cutoff is the
// K-th newest of them all.
const K = 4 * end;
const dates = step('cutoff: K newest dates per category (index only)', () =>
  stored.flatMap(
    (c) =>
    db.all<{ date: number }>('SELECT date FROM transactions WHERE category = ? ORDER BY date DESC LIMIT ?', [c, K]), // prettier-ignore
  ),
);
const cutoff = dates.map((d) => d.date).sort((a, b) => b - a)[Math.min(K, dates.length) - 1] ?? 0;
// 2: the candidates on or after the cutoff (rowids from the index, then their rows).
const marks = stored.map(() => '?').join(',');
const cands = step('candidates: category rows dated >= cutoff', () =>
  db.all<{ id: string; isChild: number; parent_id: string | null }>(
    `SELECT id, isChild, parent_id FROM transactions WHERE category IN (${marks}) AND date >= ?`,
    [...stored, cutoff],
  ),
);
// 3: the page: candidates' groups (a line's parent), tested by the view's filter (open
// accounts, as the bench's view; written out here, the experiment's one shortcut), in order.
const p = compiled.pieces;
const ids = [...new Set(cands.map((c) => (c.isChild === 1 && c.parent_id ? c.parent_id : c.id)))];
const page = step('page: candidate groups in register order', () =>
  db.all<{ id: string }>(
    `SELECT ${p.alias}.id AS id FROM ${p.from} ${p.alias}${p.joins.text ? `\n${p.joins.text}` : ''}
WHERE ${p.alias}.id IN (SELECT value FROM json_each(?)) AND ${p.alias}.parent_id IS NULL
  AND accounts1.closed = 0 AND ${p.alias}.tombstone = 0
ORDER BY ${p.orderBy!.text} LIMIT ${end}`,
    [JSON.stringify(ids)],
  ),
);
// 4: what an exact split-line rule would read: split rows on or after the cutoff (any line of
// theirs may match whatever its own date), from the account-order table.
step(
  'split rows dated >= cutoff (coffer_account_order)',
  () =>
  db.all<{ id: string }>('SELECT id FROM coffer_account_order WHERE split = 1 AND date >= ?', [cutoff]), // prettier-ignore
);
// 5: what an exact rule with an index of split parents by date would read: those parents, and
// their lines (today each line's date is in its row only).
step(
  'split parents dated >= cutoff (read through trans_date)',
  () =>
  db.all<{ id: string }>('SELECT id FROM transactions WHERE date >= ? AND isParent = 1 AND tombstone = 0', [cutoff]), // prettier-ignore
);
step('their lines', () =>
  db.all<{ id: string }>(
    `SELECT c.id FROM transactions p JOIN transactions c ON c.parent_id = p.id
WHERE p.date >= ? AND p.isParent = 1 AND p.tombstone = 0 AND c.isChild = 1`,
    [cutoff],
  ),
);
// 6: today's read with a page cache of 256 MiB instead of 32 (two warm-up runs fill it): is the
// cache the cause? The process's resident memory before and after says what it costs.
const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const rssBefore = rss();
db.exec(`PRAGMA cache_size = -${256 * 1024}`);
findSearchGroups(db, compiled, {});
step('today with a 256 MiB page cache', () => findSearchGroups(db, compiled, {})!.groupIds);
console.error(`resident memory: ${rssBefore} -> ${rss()} MiB`);
db.exec(`PRAGMA cache_size = -${32 * 1024}`);
const [[drift], driftMs] = cpu(() =>
  db.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM transactions c JOIN transactions p ON p.id = c.parent_id
WHERE c.isChild = 1 AND c.tombstone = 0 AND c.date != p.date`,
  ),
);
const same = JSON.stringify(page.map((r) => r.id)) === JSON.stringify(today);
console.error(`lines dated apart from their parent: ${drift!.n} (${driftMs.toFixed(0)} ms)`);
console.error(`page the same as today's: ${same} (${page.length} vs ${today.length})`);
const rows = db.first<{ n: number }>('SELECT COUNT(*) AS n FROM transactions')!.n;
console.log(JSON.stringify({ rows, term, cutoff, same, drift: drift!.n, steps }));
await close();

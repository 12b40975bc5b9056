/**
 * The register's page of split groups for a search with many matches (issue 30): the general
 * way (`transactions.ts`) reads every matching row, groups them, joins each group back and
 * sorts them all before the page is cut — at 1,000,000 transactions a search for "Extra 10"
 * matched about 9,900 rows and cost 114 ms of CPU against a floor of 41. Here the matching ids
 * are read once, and when they are common enough the groups are read in the register's order
 * (Actual's `trans_sorted` index), each checked against them, stopping at the page's end: about
 * page × total ÷ matches rows. A rare match keeps the general way, which then reads little.
 *
 * A group is what the general way makes it: a matching row's split parent (the view's
 * `parent_id`), else the row itself, so the pages are the same whatever the rows hold.
 *
 * Reading the matching ids first still read every matched row once (at 1,000,000 transactions
 * "Extra 10", 9,898 rows: 90 of the first page's 120 ms of CPU, against 7–9 ms at 100,000). So
 * the page is first looked for among the first rows in the register's order, each tested by the
 * search on its own columns (`CompileOptions.searchRows`): a common match fills the page within
 * them, at a cost set by the page and the matches' share, not their count. Only when it does not
 * (a rare match) are the ids read as below.
 *
 * A rare match is known before any window (when the page is not found from a date on): its
 * ids are read through the search's indexes no further than where reading in order would pay
 * (`rareMatches`), so a payee's name, 1 row in 1,000, no longer reads windows of tens of
 * thousands of rows before its ids, and its ids are read once.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { inRegisterOrder } from './account-order.ts';
import type { CompiledQuery, SqlPieces } from './compiler.ts';
import { limitOffset } from './compiler.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { usesSearch } from './search.ts';
import { byCutoff } from './search-cutoff.ts';
import { firstRows, groupsAmong, matchedRows, type RowTests } from './search-groups.ts';
import { bind, raw, type Sql, sql } from './sql.ts';

/**
 * The first rows in the register's order a page is looked for in: per group of the page, and at
 * least. A match among 1 row in 200 fills its page within them (at 1,000,000 transactions
 * "Extra 10", 1 in 100 but none in the newest 2,250, 100 rows per group cost a second window).
 */
export const WINDOW_ROWS_PER_GROUP = 200;
export const WINDOW_MIN = 2000;

/** The first window: rows per group up to the page's end, and at least `min` rows. */
export interface FirstWindow {
  perGroup: number;
  min: number;
}

/**
 * How far a window may grow, in first windows: past it the match is rare and the ids are read
 * instead (the windows read at most about twice this many first windows in all).
 */
const WINDOW_GROWTH = 16;

/**
 * The page looked for in the first rows in the register's order: a window of `perGroup`
 * rows per group up to the page's end, widened while the page is not full there; null when the
 * window would grow past `WINDOW_GROWTH` first windows.
 */
function inOrderFirst(
  db: SqliteDatabase,
  p: SqlPieces,
  tests: RowTests,
  params: QueryParams,
  { perGroup, min }: FirstWindow,
): { groupIds: string[]; matched: Set<string> } | null {
  const offset = p.offset ?? 0;
  const end = offset + p.limit!;
  const first = Math.max(min, end * perGroup);
  const total = db.first<{ n: number | null }>('SELECT MAX(rowid) AS n FROM transactions')?.n ?? 0;
  let window = first;
  for (;;) {
    const groupIds = groupsAmong(db, p, tests, firstRows(p, window), params);
    // The page is full there, or the window held every row (the largest rowid bounds them).
    if (groupIds.length === p.limit || window >= total) {
      return { groupIds, matched: matchedRows(db, tests.rows, groupIds, params) };
    }
    // Wider by the share the groups found say (a quarter over), at least twice; four times
    // when none was found (the newest rows need not hold the matches' share).
    const seen = offset + groupIds.length;
    const wider = seen === 0 ? window * 4 : Math.max(window * 2, Math.ceil((window * end * 1.25) / seen)); // prettier-ignore
    if (wider > first * WINDOW_GROWTH) return null;
    window = wider;
  }
}

/** Whether reading in order is cheaper: about end × total ÷ matches rows against the matches. */
export function readsInOrder(db: SqliteDatabase, matches: number, end: number): boolean {
  const enough = breakEven(db, end);
  return enough > 0 && matches >= enough;
}

/**
 * How many matches make reading in order as cheap as reading them (`readsInOrder`): the square
 * root of end × total, 0 for an empty table. The largest rowid bounds the stored rows without
 * counting them.
 */
function breakEven(db: SqliteDatabase, end: number): number {
  const total = db.first<{ n: number | null }>('SELECT MAX(rowid) AS n FROM transactions')?.n;
  return total ? Math.ceil(Math.sqrt(total * end)) : 0;
}

/**
 * The search's matches when fewer than reading in order pays for, else null: read through the
 * search's indexes, no further than that break-even (at 100,000 transactions and a page of 45,
 * 2,122 rows), so a rare match's ids are read once and a common match stops there. A payee's
 * name (1 row in 1,000) otherwise read windows of the register's order first, widened while the
 * page was not full: 260 ms of CPU at 100,000 against a few for its ids, seconds at 1,000,000.
 */
function rareMatches(
  db: SqliteDatabase,
  matching: Sql,
  end: number,
  params: QueryParams,
): string[] | null {
  const enough = breakEven(db, end);
  const ids = allRows(db, sql`${matching} LIMIT ${bind(enough)}`, params).map((r) => String(r.id)); // prettier-ignore
  return ids.length < enough ? ids : null;
}

/**
 * The general way's page (every match grouped, the groups sorted), from the ids already read:
 * the filter (a scan of notes while the search index builds) is not run a second time.
 */
function byGroups(
  db: SqliteDatabase,
  p: SqlPieces,
  inList: (column: Sql) => Sql,
  params: QueryParams,
): { groupIds: string[]; matched: Set<string> } {
  const a = raw(p.alias);
  const from = raw(`${p.from} ${p.alias}`);
  const rows = allRows(
    db,
    sql`SELECT m.group_id AS group_id, m.matched AS matched FROM (
  SELECT IFNULL(${a}.parent_id, ${a}.id) AS group_id, json_group_array(${a}.id) AS matched
  FROM ${from} WHERE ${inList(raw(`${p.alias}.id`))} GROUP BY 1
) m
JOIN ${from} ON ${a}.id = m.group_id ORDER BY ${p.orderBy!}${limitOffset(p.limit, p.offset)}`,
    params,
  );
  const matched = new Set<string>();
  for (const row of rows) for (const id of JSON.parse(String(row.matched)) as string[]) matched.add(id); // prettier-ignore
  return { groupIds: rows.map((r) => String(r.group_id)), matched };
}

/**
 * The page's groups and the rows of them the search matched, or null when the general way
 * applies (no search, another order, no limit). With few matches, they are grouped and sorted
 * as the general way does, from the ids already read.
 */
export function findSearchGroups(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
  window: FirstWindow = { perGroup: WINDOW_ROWS_PER_GROUP, min: WINDOW_MIN },
  fromDate = true,
): { groupIds: string[]; matched: Set<string> } | null {
  const p = compiled.groupFinder ?? compiled.pieces;
  if (p.limit == null || !inRegisterOrder(p) || !usesSearch(compiled.query.filterExpressions)) {
    return null;
  }
  const a = raw(p.alias);
  const joins = p.joins.text ? sql`\n${p.joins}` : raw('');
  // Every row the whole filter matches (the search and the rest), as the general way reads them.
  const matching = sql`SELECT ${a}.id AS id FROM ${raw(`${p.from} ${p.alias}`)}${joins} WHERE ${p.where}`; // prettier-ignore
  const offset = p.offset ?? 0;
  let rare: string[] | null = null;
  if (compiled.searchRows) {
    // From a date on (`search-cutoff.ts`) when the search's parts allow it, else in order
    // unless the match is rare.
    const cut = fromDate ? byCutoff(db, p, compiled.searchRows, compiled, params) : null;
    if (cut) return cut;
    rare = rareMatches(db, matching, offset + p.limit, params);
    const found = rare ? null : inOrderFirst(db, p, compiled.searchRows, params, window);
    if (found) return found;
  }
  const ids = rare ?? allRows(db, matching, params).map((r) => String(r.id));
  const list = bind(JSON.stringify(ids));
  const inList = (column: Sql) => sql`${column} IN (SELECT value FROM json_each(${list}))`;
  if (!readsInOrder(db, ids.length, offset + p.limit)) return byGroups(db, p, inList, params);
  // A row is its own group when the view gives it no parent; a line's group is its parent. The
  // id is kept off its index (`+`), so the register's order drives the read.
  const rows = allRows(
    db,
    sql`SELECT ${a}.id AS group_id FROM ${raw(`${p.from} ${p.alias}`)}
WHERE ((${inList(sql`+${a}.id`)} AND ${a}.parent_id IS NULL)
  OR EXISTS (SELECT 1 FROM transactions c WHERE c.parent_id = ${a}.id AND IFNULL(c.isChild, 1) != 0 AND ${inList(raw('c.id'))}))
ORDER BY ${p.orderBy!}${limitOffset(p.limit, offset)}`,
    params,
  );
  const groupIds = rows.map((r) => String(r.group_id));
  const groups = bind(JSON.stringify(groupIds));
  // The page's rows the filter matched, each of its own group (as the general way counts them).
  const matched = allRows(
    db,
    sql`SELECT t.id FROM transactions t WHERE t.id IN (
  SELECT value FROM json_each(${groups})
  UNION ALL SELECT c.id FROM transactions c WHERE c.isChild = 1 AND c.parent_id IN (SELECT value FROM json_each(${groups})))
AND ${inList(raw('t.id'))}
AND IFNULL(CASE WHEN t.isChild = 0 THEN NULL ELSE t.parent_id END, t.id) IN (SELECT value FROM json_each(${groups}))`,
    params,
  ).map((r) => String(r.id));
  return { groupIds, matched: new Set(matched) };
}

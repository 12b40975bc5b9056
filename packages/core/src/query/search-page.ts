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
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { inRegisterOrder } from './account-order.ts';
import type { CompiledQuery, SqlPieces } from './compiler.ts';
import { limitOffset } from './compiler.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { usesSearch } from './search.ts';
import { bind, raw, type Sql, sql } from './sql.ts';

/** Whether reading in order is cheaper: about end × total ÷ matches rows against the matches. */
export function readsInOrder(db: SqliteDatabase, matches: number, end: number): boolean {
  // The largest rowid bounds the stored rows without counting them.
  const total = db.first<{ n: number | null }>('SELECT MAX(rowid) AS n FROM transactions')?.n;
  return !!total && matches * matches >= total * end;
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
): { groupIds: string[]; matched: Set<string> } | null {
  const p = compiled.groupFinder ?? compiled.pieces;
  if (p.limit == null || !inRegisterOrder(p) || !usesSearch(compiled.query.filterExpressions)) {
    return null;
  }
  const a = raw(p.alias);
  const joins = p.joins.text ? sql`\n${p.joins}` : raw('');
  // Every row the whole filter matches (the search and the rest), as the general way reads them.
  const ids =
    allRows(db, sql`SELECT ${a}.id AS id FROM ${raw(`${p.from} ${p.alias}`)}${joins} WHERE ${p.where}`, params) // prettier-ignore
      .map((r) => String(r.id));
  const offset = p.offset ?? 0;
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

/**
 * The two reads every quick way to a search's page ends with (`search-page.ts`,
 * `search-cutoff.ts`): the page's groups among some rows of the view, each row tested by the
 * search on its own columns or by its lines', and the rows of the page the filter matched. The
 * rows they start from only bound the read: the tests are the general way's, so a page is the
 * same whichever rows it was looked for in, as long as they hold it.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { SqlPieces } from './compiler.ts';
import { limitOffset } from './compiler.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { bind, raw, type Sql, sql } from './sql.ts';

/** A split's row and its lines as the search tests them (`CompiledQuery.searchRows`). */
export interface RowTests {
  rows: SqlPieces;
  lines: SqlPieces;
}

/** The first `window` rows of the view in the register's order. */
export const firstRows = (p: SqlPieces, window: number): Sql =>
  sql`SELECT * FROM ${raw(`${p.from} ${p.alias}`)} ORDER BY ${p.orderBy!} LIMIT ${bind(window)}`;

/** The view's rows of these ids, those dated before `from` left out (none when null). */
export const rowsOf = (p: SqlPieces, ids: readonly string[], from: number | null): Sql => {
  const a = raw(p.alias);
  const dated = from === null ? raw('') : sql` AND ${a}.date >= ${bind(from)}`;
  return sql`SELECT * FROM ${raw(`${p.from} ${p.alias}`)} WHERE ${a}.id IN (SELECT value FROM json_each(${bind(JSON.stringify(ids))}))${dated}`; // prettier-ignore
};

/**
 * The page's groups among the rows `source` selects of the view, each row tested by the search
 * on its own columns or by its lines' (any row a line names as its parent, as the general way
 * groups them). A row's lines are found by the stored parent (the view's `parent_id` is an
 * expression, off every index), each then tested as the view shows it.
 */
export function groupsAmong(
  db: SqliteDatabase,
  p: SqlPieces,
  tests: RowTests,
  source: Sql,
  params: QueryParams,
): string[] {
  const { rows: r, lines: l } = tests;
  const a = raw(p.alias);
  const joins = r.joins.text ? sql`\n${r.joins}` : raw('');
  const lineJoins = l.joins.text ? sql`\n${l.joins}` : raw('');
  return allRows(
    db,
    sql`SELECT ${a}.id AS group_id FROM (${source}) ${a}${joins}
WHERE ${a}.parent_id IS NULL AND (${r.where}
  OR EXISTS (SELECT 1 FROM transactions c, ${raw(`${l.from} ${l.alias}`)}${lineJoins}
    WHERE c.parent_id = ${a}.id AND IFNULL(c.isChild, 1) != 0 AND ${raw(l.alias)}.id = c.id AND ${l.where}))
ORDER BY ${p.orderBy!}${limitOffset(p.limit, p.offset ?? 0)}`,
    params,
  ).map((row) => String(row.group_id));
}

/** The rows of these groups the filter matched, each of its own group (as the general way). */
export function matchedRows(
  db: SqliteDatabase,
  r: SqlPieces,
  groupIds: string[],
  params: QueryParams,
): Set<string> {
  const a = raw(r.alias);
  const joins = r.joins.text ? sql`\n${r.joins}` : raw('');
  const groups = bind(JSON.stringify(groupIds));
  const inGroups = sql`SELECT value FROM json_each(${groups})`;
  const matched = allRows(
    db,
    sql`SELECT ${a}.id AS id FROM ${raw(`${r.from} ${r.alias}`)}${joins}
WHERE ${a}.id IN (${inGroups} UNION ALL SELECT c.id FROM transactions c WHERE c.isChild = 1 AND c.parent_id IN (${inGroups}))
AND IFNULL(${a}.parent_id, ${a}.id) IN (${inGroups}) AND ${r.where}`,
    params,
  ).map((row) => String(row.id));
  return new Set(matched);
}

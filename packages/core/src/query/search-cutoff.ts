/**
 * A search's page found from a date on (issue 30). Reading the register's first rows in order
 * and testing each (`search-page.ts`) cost 12.6–14.2 ms of CPU at 1,000,000 transactions
 * against 2.5–3.0 at 100,000: the rows read do not fit SQLite's page cache there. Here the
 * matching categories' rows are read newest first from Actual's `trans_category_date`, and the
 * search's other parts (notes through their index, payees and amounts through the
 * account-order table, a day) as the few ids they find: the K-th newest of those rows' dates is
 * a bound `from`, and the page is looked for among the rows found dated from it on.
 *
 * A group sorts by its own row's date, and a split's line may be dated apart from its parent (a
 * merge of two clients' edits can leave one). So the groups dated from `from` on are: the rows
 * found, the parents of the lines found, and every row dated from `from` on with a line dated
 * before it (Actual's `trans_sorted` gives those rows' ids, `trans_parent_id` their lines,
 * neither reading a row). Each is then tested as the general way tests it (`search-groups.ts`).
 * No index or table of Coffer's is read, so whoever wrote the file, the page is exact.
 *
 * The page is the first groups of those, when they fill it: every group dated before `from`
 * comes after them. When they do not, `from` moves back (K four times larger), and when the
 * parts find fewer than K rows, every row they find is read with no bound.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { CompiledQuery, SqlPieces } from './compiler.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { APART_LINES_TABLE, checked, datedParts } from './search.ts';
import { groupsAmong, matchedRows, rowsOf, type RowTests } from './search-groups.ts';
import { bind, joinSql, raw, type Sql, sql } from './sql.ts';

/** The most rows a part other than the categories may find: past it the register's order reads. */
export const OTHER_PART_MOST = 2000;

/** How far `from` moves back, in rows per group of the page (K), before the order reads. */
const ROWS_PER_GROUP = [1, 4, 16] as const;

interface Found {
  id: string;
  parent_id: string | null;
  date: number | null;
}

/** The one `$search` the filters require (at their top, or in an `$and`), if any. */
export function requiredSearch(filters: unknown): unknown {
  if (Array.isArray(filters)) {
    for (const f of filters) {
      const found = requiredSearch(f);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof filters !== 'object' || filters === null) return undefined;
  const f = filters as Record<string, unknown>;
  return '$search' in f ? f.$search : '$and' in f ? requiredSearch(f.$and) : undefined;
}

const idList = (ids: readonly string[]) => sql`SELECT value FROM json_each(${bind(JSON.stringify(ids))})`; // prettier-ignore

/** The rows the other parts find, or null when one finds more than `OTHER_PART_MOST`. */
function otherRows(db: SqliteDatabase, others: Sql[]): Found[] | null {
  const ids = new Set<string>();
  for (const part of others) {
    const found = allRows(db, sql`SELECT id FROM (${part}) LIMIT ${bind(OTHER_PART_MOST + 1)}`, {});
    if (found.length > OTHER_PART_MOST) return null;
    for (const r of found) ids.add(String(r.id));
  }
  if (ids.size === 0) return [];
  return db.all<Found>(
    `SELECT id, parent_id, date FROM transactions WHERE id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify([...ids])],
  );
}

/**
 * The lines dated apart from their parent (`../search/apart-lines.ts`), or null when there are
 * more than `OTHER_PART_MOST`: each row from the bound on is then looked at instead.
 */
function apartLines(db: SqliteDatabase): Found[] | null {
  const rows = db.all<{ id: string; parent_id: string | null }>(
    `SELECT id, parent_id FROM ${APART_LINES_TABLE} LIMIT ?`,
    [OTHER_PART_MOST + 1],
  );
  return rows.length > OTHER_PART_MOST ? null : rows.map((r) => ({ ...r, date: null }));
}

/**
 * The K-th newest date of the rows the parts find (the categories' K newest each, from the
 * index alone, and the other parts' rows), or null when they find fewer than K.
 */
function kthNewest(
  db: SqliteDatabase,
  stored: string[],
  others: Found[],
  k: number,
): number | null {
  const dates = others.flatMap((r) => (r.date === null ? [] : [r.date]));
  for (const c of stored) {
    const newest = db.all<{ date: number }>(
      'SELECT date FROM transactions WHERE category = ? AND date IS NOT NULL ORDER BY date DESC LIMIT ?',
      [c, k],
    );
    for (const r of newest) dates.push(r.date);
  }
  if (dates.length < k) return null;
  return dates.sort((a, b) => b - a)[k - 1]!;
}

/** The ids of the groups that may hold a match dated from `from` on (every one when null). */
function candidates(
  db: SqliteDatabase,
  stored: string[],
  others: Found[],
  from: number | null,
  apart: Found[] | null,
) {
  const ids = new Set<string>();
  const add = (r: Found) => {
    ids.add(r.id);
    if (r.parent_id !== null) ids.add(r.parent_id);
  };
  for (const r of others) if (from === null || (r.date !== null && r.date >= from)) add(r);
  if (stored.length > 0) {
    const marks = joinSql(
      stored.map((c) => bind(c)),
      ', ',
    );
    const dated = from === null ? raw('') : sql` AND date >= ${bind(from)}`;
    for (const r of allRows(
      db,
      sql`SELECT id, parent_id FROM transactions WHERE category IN (${marks})${dated}`,
      {},
    )) {
      add({ id: String(r.id), parent_id: r.parent_id === null ? null : String(r.parent_id), date: null }); // prettier-ignore
    }
  }
  if (from !== null && apart) {
    // Lines dated apart from their parent: their groups, whatever the dates (a few at most).
    for (const r of apart) add(r);
  } else if (from !== null) {
    // Rows dated from `from` on with a line dated before it: such a line is not among the rows
    // found, yet its group sorts by its parent's date. Read from two of Actual's indexes only.
    const older = db.all<{ id: string }>(
      `SELECT t.id AS id FROM transactions t WHERE t.date >= ?
  AND EXISTS (SELECT 1 FROM transactions c WHERE c.parent_id = t.id AND (c.date IS NULL OR c.date < ?))`,
      [from, from],
    );
    for (const r of older) ids.add(r.id);
  }
  return [...ids];
}

/**
 * The page's groups and the rows of them the search matched, found from a date on; null when
 * the search has a part this way does not read (`datedParts`), or the page is not found within
 * `ROWS_PER_GROUP`'s last bound: the register's order reads then.
 */
export function byCutoff(
  db: SqliteDatabase,
  p: SqlPieces,
  tests: RowTests,
  compiled: CompiledQuery,
  params: QueryParams,
): { groupIds: string[]; matched: Set<string> } | null {
  const value = requiredSearch(compiled.query.filterExpressions);
  if (value === undefined) return null;
  const { searchScan, accountOrder, notesFound } = compiled;
  const parts = datedParts(checked(value), searchScan ?? null, accountOrder ?? null, notesFound ?? null); // prettier-ignore
  if (!parts) return null;
  const others = otherRows(db, parts.others);
  if (!others) return null;
  const stored =
    parts.categories.length === 0
      ? []
      : allRows(db, sql`SELECT id FROM category_mapping WHERE transferId IN (${idList(parts.categories)})`, {}).map((r) => String(r.id)); // prettier-ignore
  const apart = compiled.apartLines ? apartLines(db) : null;
  const end = (p.offset ?? 0) + p.limit!;
  for (const perGroup of ROWS_PER_GROUP) {
    const from = kthNewest(db, stored, others, end * perGroup);
    const ids = candidates(db, stored, others, from, apart);
    const groupIds = groupsAmong(db, p, tests, rowsOf(p, ids, from), params);
    // Full, or every row the parts find was read: every group dated before `from` is after.
    if (groupIds.length === p.limit || from === null) {
      return { groupIds, matched: matchedRows(db, tests.rows, groupIds, params) };
    }
  }
  return null;
}

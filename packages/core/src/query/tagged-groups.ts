/**
 * The register's page of split groups when its filter is one 'has tag' beside conditions every
 * line of a split shares (account, date): the chip's click, the filter bar's tag, a `#tag`
 * search (issue 32). The general way (every matching row, grouped, joined back and sorted
 * before the page is cut) costs what the tag holds: 10,000 rows for a tag on 10 % of 100,000
 * transactions. When the tag is common enough, the groups are read in the register's order
 * instead, each checked against the tag index's groups, stopping at the page's end: about
 * page ÷ share rows. A rare tag's few groups are read from the tag index, each looked up.
 *
 * While the tag index is not current (its first build after a new device's open), the same
 * read in order checks each group's notes with the GLOB instead (`has-tag.ts`), stopping at the
 * page's end too: the general way would read and GLOB every row of the account first (35 ms of
 * native SQLite for a page of #trip at 100,000 transactions, against 3–4 ms in order).
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { type CompiledQuery, compileQuery, limitOffset, type SqlPieces } from './compiler.ts';
import { ACCOUNT_ORDER_TABLE, inRegisterOrder, soleAccount } from './account-order.ts';
import { andList, isObject } from './and-list.ts';
import { globTest, TAG_INDEX_TABLE } from './has-tag.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { bind, raw, type Sql, sql } from './sql.ts';

/** The one `notes: {$hastag}` among the filters, and the others; null for any other shape. */
export function soleTag(filters: readonly unknown[]): { tag: string; rest: unknown[] } | null {
  const list = andList(filters);
  if (!list) return null;
  const tags = list.filter((f) => {
    const n = f.notes;
    return isObject(n) && Object.keys(n).length === 1 && typeof n.$hastag === 'string';
  });
  if (tags.length !== 1) return null;
  const tag = (tags[0]!.notes as { $hastag: string }).$hastag;
  return { tag, rest: list.filter((f) => f !== tags[0]) };
}

/** The largest rowid: it bounds the stored rows without counting them. */
const storedRows = (db: SqliteDatabase) =>
  db.first<{ n: number | null }>('SELECT MAX(rowid) AS n FROM transactions')?.n ?? 0;

/**
 * Whether reading in order is cheaper: it reads about (offset + limit) × total ÷ tagged rows,
 * against about `tagged` rows sorted the general way.
 */
export function readInOrder(db: SqliteDatabase, tag: string, end: number): boolean {
  const total = storedRows(db);
  if (!total) return false;
  // The tag's rows are counted only as far as the answer needs (n² ≥ total × end): a tag on
  // 10,000 rows stops at about 2,100 for a first page of 45.
  const need = Math.ceil(Math.sqrt(total * end));
  const n = db.first<{ n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${TAG_INDEX_TABLE} WHERE tag = ? LIMIT ?)`,
    [tag, need],
  )?.n;
  return !!n && n * n >= total * end;
}

/**
 * The newest stored rows whose notes tell how common a tag is while the tag index is being
 * built: 0.4 ms of native SQLite. Its share of them stands for its share of all.
 */
export const NOTES_SAMPLE_ROWS = 2000;

/**
 * `readInOrder` without the tag index: the tag's rows estimated from its share of the newest
 * rows' notes. A rare tag read in order would check every row of the account, the lines of
 * each split too (70 ms native for a tag on 1 row in 5,000 at 100,000 transactions, against
 * 40 ms the general way); a common one reads a few hundred (2 ms, against 40).
 */
export function readInOrderByNotes(db: SqliteDatabase, tag: string, end: number): boolean {
  const total = storedRows(db);
  if (!total) return false;
  const seen = allRows(
    db,
    sql`SELECT COUNT(*) AS sampled, IFNULL(SUM(${globTest(raw('notes'), tag)}), 0) AS n FROM (SELECT notes FROM transactions ORDER BY rowid DESC LIMIT ${bind(NOTES_SAMPLE_ROWS)})`,
    {},
  )[0];
  const sampled = Number(seen?.sampled ?? 0);
  if (!sampled) return false;
  const tagged = (Number(seen?.n ?? 0) * total) / sampled;
  return tagged * tagged >= total * end;
}

/** How a page tells which groups and rows hold the tag. */
interface TagTest {
  /** Whether the group whose (parent or only) row is `alias` holds the tag in any of its rows. */
  group(alias: string): Sql;
  /** The ids of the rows of the groups (a JSON list) that hold it. */
  matched(groupIds: string): Sql;
}

/** Through the tag index's (group, tag) rows: no list of the tag's every group is built first. */
const byIndex = (tag: string): TagTest => ({
  group: (a) =>
    sql`EXISTS (SELECT 1 FROM ${raw(TAG_INDEX_TABLE)} g WHERE g.grp = ${raw(a)}.id AND g.tag = ${bind(tag)})`,
  matched: (ids) =>
    sql`SELECT id FROM ${raw(TAG_INDEX_TABLE)} WHERE grp IN (SELECT value FROM json_each(${bind(ids)})) AND tag = ${bind(tag)}`,
});

/**
 * Through the notes, with the rows the index would hold: the group's own row, or a live split
 * line whose parent it is (`../tags/index-table.ts`: deleted rows hold no tag, a line's group
 * is its parent). The lines are looked up only after the row's own notes failed.
 */
const byNotes = (tag: string): TagTest => {
  const holds = (notes: string) => globTest(raw(notes), tag);
  return {
    group: (a) =>
      sql`(${holds(`${a}.notes`)} OR EXISTS (SELECT 1 FROM transactions l WHERE l.isChild = 1 AND l.parent_id = ${raw(a)}.id AND l.tombstone = 0 AND ${holds('l.notes')}))`,
    matched: (ids) => {
      const list = sql`(SELECT value FROM json_each(${bind(ids)}))`;
      return sql`SELECT id FROM transactions WHERE id IN ${list} AND tombstone = 0 AND ${holds('notes')}
UNION ALL SELECT id FROM transactions WHERE isChild = 1 AND parent_id IN ${list} AND tombstone = 0 AND ${holds('notes')}`;
    },
  };
};

/**
 * The tag's groups read in the register's order, each checked as it comes, up to the page's
 * end. One account with the account-order table built: the table's index drives the read, so
 * the page reads that account's rows, not every account's (`account-order.ts`); otherwise the
 * view's order (Actual's `trans_sorted`).
 */
function inOrderRead(
  compiled: CompiledQuery,
  p: SqlPieces,
  rest: readonly unknown[],
  joins: Sql,
  test: TagTest,
  page: (orderBy: Sql) => Sql,
  viewOrder: Sql,
): Sql {
  const a = p.alias;
  const account =
    compiled.accountOrder?.from === null && inRegisterOrder(p) ? soleAccount(rest) : null;
  if (!account) {
    return sql`SELECT ${raw(a)}.id AS group_id FROM ${raw(`${p.from} ${a}`)}${joins} WHERE ${p.where} AND ${raw(a)}.is_child = 0 AND ${test.group(a)}${page(viewOrder)}`;
  }
  const order = raw(' ORDER BY o.date DESC, o.starting_balance_flag, o.sort_order DESC, o.id');
  return sql`SELECT ${raw(a)}.id AS group_id FROM ${raw(ACCOUNT_ORDER_TABLE)} o CROSS JOIN ${raw(`${p.from} ${a}`)} ON ${raw(a)}.id = o.id${joins} WHERE o.acct = ${bind(account)} AND ${p.where} AND ${raw(a)}.is_child = 0 AND ${test.group(a)}${page(order)}`;
}

/**
 * The page's groups and the rows of them that hold the tag, or null when the general way
 * applies (another filter shape, no limit, a rare tag without the tag index).
 * `wholeSplits` says whether filters match whole splits (account and date only).
 */
export function findTaggedGroups(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
  wholeSplits: (filters: readonly unknown[]) => boolean,
): { groupIds: string[]; matched: Set<string> } | null {
  if (compiled.query.limit == null) return null;
  const sole = soleTag(compiled.query.filterExpressions);
  if (!sole || /[#\s]/.test(sole.tag) || !wholeSplits(sole.rest)) return null;
  const end = compiled.query.limit + (compiled.query.offset ?? 0);
  const indexed = compiled.tagIndex === true;
  const inOrder = (indexed ? readInOrder : readInOrderByNotes)(db, sole.tag, end);
  if (!inOrder && !indexed) return null;
  const test = indexed ? byIndex(sole.tag) : byNotes(sole.tag);
  const p = compileQuery(
    { ...compiled.query, filterExpressions: sole.rest, selectExpressions: ['id'] },
    { tagIndex: true },
  ).pieces;
  const a = p.alias;
  const joins = p.joins.text ? sql`\n${p.joins}` : raw('');
  const view = raw(`${p.from} ${a}`);
  const page = (orderBy: Sql) => sql`${orderBy}${limitOffset(p.limit, p.offset)}`;
  const viewOrder = p.orderBy ? sql` ORDER BY ${p.orderBy}` : raw('');
  const rows = allRows(
    db,
    inOrder
      ? inOrderRead(compiled, p, sole.rest, joins, test, page, viewOrder)
      : // A rare tag: its few groups drive the read (CROSS JOIN keeps them the outer loop), each
        // looked up by id. Left to the planner, an account's rows were read through the account
        // order's index and each checked against the tag's: 25 ms native for a tag on 1 row in
        // 5,000 at 100,000 transactions, against well under 1 ms.
        sql`SELECT ${raw(a)}.id AS group_id FROM (SELECT DISTINCT grp FROM ${raw(TAG_INDEX_TABLE)} WHERE tag = ${bind(sole.tag)}) g CROSS JOIN ${view} ON ${raw(a)}.id = g.grp${joins} WHERE ${p.where} AND ${raw(a)}.is_child = 0${page(viewOrder)}`,
    params,
  );
  const groupIds = rows.map((r) => String(r.group_id));
  const matched = new Set(
    allRows(db, test.matched(JSON.stringify(groupIds)), params).map((r) => String(r.id)),
  );
  return { groupIds, matched };
}

/**
 * The register's page of split groups when its filter is one 'has tag' beside conditions every
 * line of a split shares (account, date): the chip's click, the filter bar's tag, a `#tag`
 * search (issue 32). The general way (every matching row, grouped, joined back and sorted
 * before the page is cut) costs what the tag holds: 10,000 rows for a tag on 10 % of 100,000
 * transactions. When the tag is common enough, the groups are read in the register's order
 * instead, each checked against the tag index's groups, stopping at the page's end: about
 * page ÷ share rows. A rare tag keeps the general way, which then reads little.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { type CompiledQuery, compileQuery, limitOffset } from './compiler.ts';
import { ACCOUNT_ORDER_TABLE, inRegisterOrder, soleAccount } from './account-order.ts';
import { andList, isObject } from './and-list.ts';
import { TAG_INDEX_TABLE } from './has-tag.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { bind, raw, sql } from './sql.ts';

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

/**
 * Whether reading in order is cheaper: it reads about (offset + limit) × total ÷ tagged rows,
 * against about `tagged` rows sorted the general way.
 */
export function readInOrder(db: SqliteDatabase, tag: string, end: number): boolean {
  // The largest rowid bounds the stored rows without counting them.
  const total = db.first<{ n: number | null }>('SELECT MAX(rowid) AS n FROM transactions')?.n;
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
 * The page's groups and the rows of them that hold the tag, or null when the general way
 * applies (no current tag index, another filter shape, no limit, a rare tag).
 * `wholeSplits` says whether filters match whole splits (account and date only).
 */
export function findTaggedGroups(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
  wholeSplits: (filters: readonly unknown[]) => boolean,
): { groupIds: string[]; matched: Set<string> } | null {
  if (!compiled.tagIndex || compiled.query.limit == null) return null;
  const sole = soleTag(compiled.query.filterExpressions);
  if (!sole || /[#\s]/.test(sole.tag) || !wholeSplits(sole.rest)) return null;
  if (!readInOrder(db, sole.tag, compiled.query.limit + (compiled.query.offset ?? 0))) return null;
  const p = compileQuery(
    { ...compiled.query, filterExpressions: sole.rest, selectExpressions: ['id'] },
    { tagIndex: true },
  ).pieces;
  const a = p.alias;
  const joins = p.joins.text ? sql`\n${p.joins}` : raw('');
  // One account in the register's order, the account-order table built: its index drives the
  // read (`account-order.ts`), so the page reads that account's rows, not every account's.
  const account =
    compiled.accountOrder?.from === null && inRegisterOrder(p) ? soleAccount(sole.rest) : null;
  const from = account
    ? sql`${raw(ACCOUNT_ORDER_TABLE)} o CROSS JOIN ${raw(`${p.from} ${a}`)} ON ${raw(a)}.id = o.id`
    : raw(`${p.from} ${a}`);
  const where = account ? sql`o.acct = ${bind(account)} AND ${p.where}` : p.where;
  const orderBy = account
    ? raw(' ORDER BY o.date DESC, o.starting_balance_flag, o.sort_order DESC, o.id')
    : p.orderBy
      ? sql` ORDER BY ${p.orderBy}`
      : raw('');
  // The order's index drives the read (Actual's `trans_sorted`, or an account's own above), and each
  // group is looked up by (group, tag): no list of the tag's every group is built first (10,000
  // groups for a tag on 10 % of 100,000 transactions cost more than the page).
  const rows = allRows(
    db,
    sql`SELECT ${raw(a)}.id AS group_id FROM ${from}${joins} WHERE ${where} AND ${raw(a)}.is_child = 0 AND EXISTS (SELECT 1 FROM ${raw(TAG_INDEX_TABLE)} g WHERE g.grp = ${raw(a)}.id AND g.tag = ${bind(sole.tag)})${orderBy}${limitOffset(p.limit, p.offset)}`,
    params,
  );
  const groupIds = rows.map((r) => String(r.group_id));
  const matched = new Set(
    db
      .all<{ id: string }>(
        `SELECT id FROM ${TAG_INDEX_TABLE} WHERE grp IN (SELECT value FROM json_each(?)) AND tag = ?`,
        [JSON.stringify(groupIds), sole.tag],
      )
      .map((r) => r.id),
  );
  return { groupIds, matched };
}

import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { CompiledQuery, SqlPieces } from './compiler.ts';
import { limitOffset } from './compiler.ts';
import { findAccountPage } from './account-order.ts';
import { findSearchGroups } from './search-page.ts';
import { findTaggedGroups } from './tagged-groups.ts';
import { convertRow } from './convert.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows, execBasic } from './run-sql.ts';
import type { Sql } from './sql.ts';
import { EMPTY, bind, raw, sql } from './sql.ts';

/**
 * Transactions hold splits as a parent row (the total) plus child rows. The `splits` option
 * picks which rows a query sees:
 * - inline: non-split rows and children (no double counting; right for sums),
 * - none: non-split rows and parents,
 * - all: every row,
 * - grouped: parents and non-split rows, each with its children in `subtransactions`.
 */
export function execTransactions(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
): Record<string, unknown>[] {
  const a = compiled.pieces.alias;
  switch (compiled.splits) {
    case 'all':
      return execBasic(db, compiled, params);
    case 'none':
      return execBasic(db, compiled, params, raw(`${a}.parent_id IS NULL`));
    case 'grouped':
      // Summing parents and children together would count splits twice, so aggregates over
      // grouped transactions run over the child level, like inline.
      return compiled.isAggregate
        ? execBasic(db, compiled, params, raw(`${a}.is_parent = 0`))
        : execGrouped(db, compiled, params);
    default:
      return execBasic(db, compiled, params, raw(`${a}.is_parent = 0`));
  }
}

// Children share their parent's account and date, so filters on only these fields match whole
// splits and the query can page over parents directly.
function isSplitAgnostic(filter: unknown): boolean {
  if (Array.isArray(filter)) return filter.every((f) => !f || isSplitAgnostic(f));
  if (typeof filter !== 'object' || filter === null) return false;
  return Object.entries(filter).every(([key, value]) => {
    if (key === '$and' || key === '$or') return !value || isSplitAgnostic(value);
    return key === 'date' || key === 'account' || key.startsWith('account.');
  });
}

/** Whether every filter matches whole splits, so grouped queries can page over parents. */
export function isHappyPathFilter(filterExpressions: readonly unknown[]): boolean {
  return filterExpressions.every(isSplitAgnostic);
}

const orderClause = (p: SqlPieces): Sql => (p.orderBy ? sql` ORDER BY ${p.orderBy}` : EMPTY);
const joinClause = (p: SqlPieces): Sql => (p.joins.text ? sql`\n${p.joins}` : EMPTY);

/** One page of split groups: the group ids, and for filtered splits, the ids that matched. */
function findGroups(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
): { groupIds: string[]; matched: Set<string> | null } {
  const tagged = findTaggedGroups(db, compiled, params, isHappyPathFilter);
  if (tagged) return tagged;
  // One account in the register's own order: read through the account-order table.
  const ordered = isHappyPathFilter(compiled.query.filterExpressions)
    ? findAccountPage(db, compiled, params)
    : null;
  if (ordered) return { groupIds: ordered, matched: null };
  // A search with many matches: its groups read in the register's order (search-page.ts).
  const searched = findSearchGroups(db, compiled, params);
  if (searched) return searched;
  // Only the joins the filter and the order need: the select's are for the page's rows.
  const p = compiled.groupFinder ?? compiled.pieces;
  const from = raw(`${p.from} ${p.alias}`);
  const page = limitOffset(p.limit, p.offset);
  if (isHappyPathFilter(compiled.query.filterExpressions)) {
    const rows = allRows(
      db,
      sql`SELECT ${raw(p.alias)}.id AS group_id FROM ${from}${joinClause(p)} WHERE ${p.where} AND ${raw(p.alias)}.is_child = 0${orderClause(p)}${page}`,
      params,
    );
    return { groupIds: rows.map((r) => String(r.group_id)), matched: null };
  }
  // Any row of a split (parent or child) may match. Collect matches per group, then order and
  // page the groups by their parent row.
  const a = p.alias;
  const rows = allRows(
    db,
    sql`SELECT m.group_id AS group_id, m.matched AS matched FROM (
  SELECT group_id, json_group_array(id) AS matched FROM (
    SELECT ${raw(a)}.id AS id, IFNULL(${raw(a)}.parent_id, ${raw(a)}.id) AS group_id
    FROM ${from}${joinClause(p)} WHERE ${p.where}
  ) GROUP BY group_id
) m
JOIN ${from} ON ${raw(a)}.id = m.group_id${joinClause(p)}${orderClause(p)}${page}`,
    params,
  );
  const matched = new Set<string>();
  for (const row of rows) for (const id of JSON.parse(String(row.matched))) matched.add(id);
  return { groupIds: rows.map((r) => String(r.group_id)), matched };
}

// The ids of the groups' rows, looked up on the stored table where the primary key and the
// parent_id index apply (the view's parent_id is computed and would force a full scan).
function groupMembers(groupIdsJson: string): Sql {
  const list = bind(groupIdsJson);
  return sql`SELECT t.id FROM transactions t WHERE t.id IN (SELECT value FROM json_each(${list}))
UNION ALL SELECT t.id FROM transactions t WHERE t.isChild = 1 AND t.parent_id IN (SELECT value FROM json_each(${list}))`;
}

function execGrouped(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
): Record<string, unknown>[] {
  const p = compiled.pieces;
  const a = p.alias;
  const { groupIds, matched } = findGroups(db, compiled, params);
  if (groupIds.length === 0) return [];
  const alive = compiled.query.withDead ? EMPTY : raw(` AND ${a}.tombstone = 0`);
  const rows = allRows(
    db,
    sql`SELECT ${p.select}, ${raw(a)}.parent_id AS _parent_id FROM ${raw(`${p.from} ${a}`)}${joinClause(p)}
WHERE ${raw(a)}.id IN (${groupMembers(JSON.stringify(groupIds))})${alive}${orderClause(p)}`,
    params,
  );

  const parents: Record<string, unknown>[] = [];
  const children = new Map<unknown, Record<string, unknown>[]>();
  for (const row of rows) {
    const parentId = row._parent_id;
    delete row._parent_id;
    const tx = convertRow(row, compiled.outputTypes);
    if (matched && !matched.has(String(tx.id))) tx._unmatched = true;
    if (parentId == null) {
      parents.push(tx);
    } else {
      const list = children.get(parentId) ?? [];
      list.push(tx);
      children.set(parentId, list);
    }
  }
  return parents.map((parent) => ({ ...parent, subtransactions: children.get(parent.id) ?? [] }));
}

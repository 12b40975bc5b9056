/**
 * Coffer's account-order table (issue 30): every transaction's account and place in the
 * register's own order (newest first, a starting balance below its day's other rows), with an
 * index in that order, so one account's page reads its rows in order and stops at the page's end
 * instead of sorting every row of the account (28,000 rows: 170 ms native, for a first page of
 * 45). It was a plain SQLite index on `transactions` before: at 1,000,000 transactions its
 * creation was one piece of 3 s (15–51 s on a loaded machine) that every read waited for. As a
 * table it is filled in bounded steps, newest dates first (`../query-handler/account-order.ts`),
 * so an account's first page is exact from the table as soon as the steps have passed its rows.
 *
 * While it builds it holds exactly the rows dated from its boundary on (`from`), kept in step by
 * the write path; every row dated before it comes after every row it holds in the register's
 * order (date first), so a page is the table's rows and then, only when they run out, the older
 * rows read the general way.
 *
 * Split rows (parents and lines) are marked, with a partial index: an account's balance over
 * parents reads its few split rows through it (`../query-handler/cell-read.ts`). Dropped from the
 * copy an Actual client gets (`stripDerived`).
 */
import type { SqliteDatabase, SqlValue } from '../platform/sqlite.ts';
import type { Row } from '../sync/types.ts';
import type { CompiledQuery, SqlPieces } from './compiler.ts';
import { compileQuery, limitOffset } from './compiler.ts';
import type { QueryParams } from './run-sql.ts';
import { allRows } from './run-sql.ts';
import { ACCOUNT_ORDER_SPLITS, ACCOUNT_ORDER_TABLE } from './account-order-source.ts';
import { bind, raw, sql } from './sql.ts';
import { andList } from './and-list.ts';

export {
  ACCOUNT_ORDER_SPLITS,
  ACCOUNT_ORDER_TABLE,
  type AccountOrderReach,
  OLD_ACCOUNT_ORDER_INDEX,
} from './account-order-source.ts';

export function createAccountOrderTable(db: SqliteDatabase): void {
  // No index by id: its inserts land anywhere in the tree (ids are random), and at 1,000,000
  // rows they made each step of 2,000 rows 45 ms of CPU instead of 12. A change finds its row
  // through the page index by the values it had (`deleteOrderRow`).
  db.exec(`CREATE TABLE IF NOT EXISTS ${ACCOUNT_ORDER_TABLE} (id TEXT NOT NULL, acct TEXT NOT NULL,
  date NOT NULL, starting_balance_flag, sort_order, split INTEGER NOT NULL, description, amount);
CREATE INDEX IF NOT EXISTS ${ACCOUNT_ORDER_TABLE}_page
  ON ${ACCOUNT_ORDER_TABLE} (acct, date DESC, starting_balance_flag, sort_order DESC, id);
CREATE INDEX IF NOT EXISTS ${ACCOUNT_ORDER_SPLITS}
  ON ${ACCOUNT_ORDER_TABLE} (acct) WHERE split = 1;
CREATE INDEX IF NOT EXISTS ${ACCOUNT_ORDER_TABLE}_payee ON ${ACCOUNT_ORDER_TABLE} (description);
CREATE INDEX IF NOT EXISTS ${ACCOUNT_ORDER_TABLE}_amount ON ${ACCOUNT_ORDER_TABLE} (amount);`);
}

/** The stored columns a row of the table copies; a change to none of them leaves it as it is. */
export const ORDER_COLUMNS = [
  'acct',
  'date',
  'starting_balance_flag',
  'sort_order',
  'isParent',
  'isChild',
  'description',
  'amount',
] as const;

/**
 * The table's rows for the stored transactions `where` picks (a condition on `transactions`).
 * A row without an account or a date is left out: the views never show it.
 */
export function insertOrderRows(db: SqliteDatabase, where: string, params: SqlValue[]): void {
  db.run(
    `INSERT INTO ${ACCOUNT_ORDER_TABLE} (id, acct, date, starting_balance_flag, sort_order, split, description, amount)
     SELECT id, acct, date, starting_balance_flag, sort_order,
       CASE WHEN isParent = 1 OR isChild = 1 THEN 1 ELSE 0 END, description, amount
     FROM transactions WHERE acct IS NOT NULL AND date IS NOT NULL AND ${where}`,
    params,
  );
}

/** Removes a transaction's row, found by the stored values it was copied from (if any). */
export function deleteOrderRow(db: SqliteDatabase, id: string, was: Row | null): void {
  if (!was || was.acct == null || was.date == null) return;
  db.run(
    `DELETE FROM ${ACCOUNT_ORDER_TABLE} WHERE acct = ? AND date = ?
     AND starting_balance_flag IS ? AND sort_order IS ? AND id = ?`,
    [was.acct, was.date, was.starting_balance_flag ?? null, was.sort_order ?? null, id],
  );
}

/** Whether the pieces are ordered in the register's own order (newest first), ties by id. */
export const inRegisterOrder = (p: SqlPieces): boolean =>
  p.orderBy?.text ===
  `${p.alias}.date desc, ${p.alias}.starting_balance_flag, ${p.alias}.sort_order desc, ${p.alias}.id`;

/** The one account id the filters hold to among conditions on the account and the date only. */
export function soleAccount(filters: readonly unknown[]): string | null {
  const list = andList(filters);
  if (!list) return null;
  let account: string | null = null;
  for (const f of list) {
    const [key, value] = Object.entries(f)[0]!;
    if (key === 'account' && typeof value === 'string' && account === null) account = value;
    else if (key !== 'date') return null;
  }
  return account;
}

/**
 * The page of split groups of one account in the register's own order, read through the table,
 * or null when the general way applies (no table to read, another filter or order, no limit).
 * Only for filters every line of a split shares (the account, the date), so no row is unmatched.
 */
export function findAccountPage(
  db: SqliteDatabase,
  compiled: CompiledQuery,
  params: QueryParams,
): string[] | null {
  const reach = compiled.accountOrder;
  const p = compiled.groupFinder ?? compiled.pieces;
  if (!reach || p.limit == null || !inRegisterOrder(p)) return null;
  if (soleAccount(compiled.query.filterExpressions) === null) return null;
  const account = soleAccount(compiled.query.filterExpressions)!;
  const a = p.alias;
  const joins = p.joins.text ? sql`\n${p.joins}` : raw('');
  const offset = p.offset ?? 0;
  const end = offset + p.limit;
  // The table's order drives the read (CROSS JOIN keeps it the outer loop); each row is looked
  // up by id for the view's own conditions (alive, not a line, the filters).
  const bound = reach.from === null ? raw('') : sql` AND o.date >= ${bind(reach.from)}`;
  const head = allRows(
    db,
    sql`SELECT ${raw(a)}.id AS group_id FROM ${raw(ACCOUNT_ORDER_TABLE)} o CROSS JOIN ${raw(`${p.from} ${a}`)} ON ${raw(a)}.id = o.id${joins}
WHERE o.acct = ${bind(account)}${bound} AND ${p.where} AND ${raw(a)}.is_child = 0
ORDER BY o.date DESC, o.starting_balance_flag, o.sort_order DESC, o.id${limitOffset(reach.from === null ? p.limit : end, reach.from === null ? offset : null)}`,
    params,
  ).map((r) => String(r.group_id));
  if (reach.from === null) return head;
  if (head.length >= end) return head.slice(offset, end);
  // The table's rows ran out before the page's end: the older rows, the general way.
  const rest = compileQuery(
    { ...compiled.query, selectExpressions: ['id'], limit: end - head.length, offset: 0 },
    {},
  ).pieces;
  const tail = allRows(
    db,
    sql`SELECT ${raw(a)}.id AS group_id FROM ${raw(`${rest.from} ${a}`)}${rest.joins.text ? sql`\n${rest.joins}` : raw('')}
WHERE ${rest.where} AND ${raw(a)}.is_child = 0 AND ${raw(a)}.date < ${bind(reach.from)}
ORDER BY ${rest.orderBy!}${limitOffset(rest.limit, null)}`,
    params,
  ).map((r) => String(r.group_id));
  return [...head, ...tail].slice(offset, end);
}

/**
 * The account-order table (`../query/account-order.ts`) as a derived table, built first in the
 * background after the open of a file without it (a new device's download, a file Actual wrote
 * last, which `stripDerived` left without it).
 *
 * Built in bounded steps of about `rows` transactions, newest dates first (issue 30: as a plain
 * SQLite index it was one piece of seconds at 1,000,000 transactions that every read waited
 * for). After each step the table holds exactly the rows dated from its boundary on: a change
 * committed between steps is applied when the row's date (before or after) is inside that range,
 * from the row as it is stored then, and left to the steps otherwise, which read the rows as
 * they are then. Each step ends between two dates, so a day's rows are never split.
 */
import type { Budget } from '../budget-file/budget.ts';
import {
  type DerivedData,
  type DerivedTable,
  defineDerivedSlot,
  scaledRows,
  type StepBuild,
} from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import {
  ACCOUNT_ORDER_TABLE,
  type AccountOrderReach,
  createAccountOrderTable,
  deleteOrderRow,
  insertOrderRows,
  OLD_ACCOUNT_ORDER_INDEX,
  ORDER_COLUMNS,
} from '../query/account-order.ts';
import { SPLIT_INDEXES } from '../query/month-sums.ts';
import { SEARCH_COLUMN_INDEXES, SEARCH_META_TABLE as META_TABLE } from '../query/search.ts';
import { dataStamp } from '../search/notes-index.ts';
import { withBulkIndexes } from '../sync/bulk-indexes.ts';
import type { ChangeEvent } from '../sync/types.ts';

/** Bump when the table's shape changes, so an older one is rebuilt. */
/** 2: each row's payee and amount, indexed (the search's lookups). */
const FORMAT = 2;
const META_KEY = 'account-order-stamp';
/**
 * Transactions per step at least (a step ends between two dates): 4.5 ms of native SQLite at
 * 100,000 (5.5 at most), the same 0.9 s in all as steps of 2,000. On the phone bench a step of
 * 2,000 under the CPU quota held a tap on Add transaction about 200 ms longer.
 */
export const ORDER_STEP_ROWS = 500;

export function accountOrderStamp(db: SqliteDatabase): string {
  return `${FORMAT}|${dataStamp(db)}`;
}

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`, [
    META_KEY,
    accountOrderStamp(db),
  ]);
}

/**
 * The table is whole: its stamp written, and the split rows' partial indexes a balance read
 * made while it was built (`createSplitIndexes`, `cell-read.ts`) dropped: the table serves now.
 */
function finished(db: SqliteDatabase): void {
  writeStamp(db);
  db.exec(SPLIT_INDEXES.map((n) => `DROP INDEX IF EXISTS ${n};`).join('\n'));
}

function accountOrderIsCurrent(db: SqliteDatabase): boolean {
  const tables = db.first<{ n: number }>(
    'SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?)',
    [META_TABLE, ACCOUNT_ORDER_TABLE],
  );
  if (tables?.n !== 2) return false;
  const row = db.first<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = ?`, [
    META_KEY,
  ]);
  return row?.value === accountOrderStamp(db);
}

function reset(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
DROP INDEX IF EXISTS ${OLD_ACCOUNT_ORDER_INDEX};
${[...SPLIT_INDEXES, ...Object.keys(SEARCH_COLUMN_INDEXES)].map((n) => `DROP INDEX IF EXISTS ${n};`).join('\n')}
DROP TABLE IF EXISTS ${ACCOUNT_ORDER_TABLE};`);
  createAccountOrderTable(db);
  db.run(`DELETE FROM ${META_TABLE} WHERE key = ?`, [META_KEY]);
}

/** `date >= from` (everything when null): the rows a build that reached `from` holds. */
const covered = (from: Bound | null): { sql: string; params: (number | string)[] } =>
  from === null ? { sql: '1', params: [] } : { sql: 'date >= ?', params: [from.date] };

/**
 * One change into the table, for the rows dated in `reach` (all when `from` is null): each
 * touched row is removed and, when its stored row is in reach, read again. The rows are read
 * again in one statement for the event (an import's 10,000 rows were 10,000 statements, 8% of
 * its CPU in the browser); each row's removal, by the values it was stored with, comes first.
 */
function applyOrder(db: SqliteDatabase, event: ChangeEvent, reach: Bound | null): void {
  const c = covered(reach);
  const again: string[] = [];
  for (const change of event.changes.get('transactions') ?? []) {
    const moved = (k: string) => (change.old?.[k] ?? null) !== (change.new?.[k] ?? null);
    if (change.old && change.new && !ORDER_COLUMNS.some(moved)) continue;
    // The table holds the row as it was stored (when in reach): found by those values.
    deleteOrderRow(db, change.id, change.old);
    again.push(change.id);
  }
  if (again.length === 1) insertOrderRows(db, `id = ? AND ${c.sql}`, [again[0]!, ...c.params]);
  else if (again.length > 1) {
    withBulkIndexes(
      db,
      new Map([[ACCOUNT_ORDER_TABLE, again.length]]),
      () =>
        insertOrderRows(db, `id IN (SELECT value FROM json_each(?)) AND ${c.sql}`, [
          JSON.stringify(again),
          ...c.params,
        ]),
      ORDER_BULK_ROWS,
    );
  }
}

/**
 * Rows in one event from which on the table's indexes are built again after them, when the rows
 * are also at least as many as the table holds (a first import into a young budget): each index
 * then takes the rows sorted once instead of each at its own place in the tree (the payee's and
 * the amount's keys are random). The write path's own mechanism, `withBulkIndexes`.
 */
export const ORDER_BULK_ROWS = 2000;

function rebuild(db: SqliteDatabase): void {
  db.transaction(() => {
    reset(db);
    insertOrderRows(db, '1', []);
    finished(db);
  });
}

/** A boundary: rows dated from it on are in the table. */
interface Bound {
  date: number | string;
}

/**
 * The date of the `rows`th newest row before `before` (this step's lowest), or null when fewer
 * are left. Read through `trans_date` (Actual's own index).
 */
function nextBound(db: SqliteDatabase, before: Bound | null, rows: number): Bound | null {
  const row = db.first<{ date: number | string }>(
    `SELECT date FROM transactions WHERE date IS NOT NULL ${before === null ? '' : 'AND date < ?'}
     ORDER BY date DESC LIMIT 1 OFFSET ?`,
    before === null ? [rows] : [before.date, rows],
  );
  return row ? { date: row.date } : null;
}

const STARTED = 'started';
const FROM = 'from:';

function parseResume(resume: string | undefined): { started: boolean; from: Bound | null } {
  if (resume === STARTED) return { started: true, from: null };
  if (resume?.startsWith(FROM)) {
    const date: unknown = JSON.parse(resume.slice(FROM.length));
    if (typeof date === 'number' || typeof date === 'string') return { started: true, from: { date } }; // prettier-ignore
  }
  return { started: false, from: null };
}

export function stepByNewest(
  db: SqliteDatabase,
  rows = ORDER_STEP_ROWS,
  resume?: string,
): StepBuild {
  let { started, from } = parseResume(resume);
  const fillTo = (lower: Bound | null) => {
    const upper = from === null ? [] : [from.date];
    const below = from === null ? '1' : 'date < ?';
    // The last step takes every row left.
    if (lower === null) insertOrderRows(db, below, upper);
    else insertOrderRows(db, `date >= ? AND ${below}`, [lower.date, ...upper]);
  };
  return {
    step(scale) {
      if (!started) {
        db.transaction(() => reset(db));
        started = true;
        return false;
      }
      const lower = nextBound(db, from, scaledRows(rows, scale));
      db.transaction(() => {
        fillTo(lower);
        if (lower === null) finished(db);
      });
      from = lower;
      if (lower === null) started = false;
      return lower === null;
    },
    apply(event) {
      // Nothing read yet: the steps will read the change with the rest.
      if (from !== null) applyOrder(db, event, from);
    },
    finish() {
      db.transaction(() => {
        if (!started) reset(db);
        fillTo(null);
        finished(db);
      });
      started = false;
      from = null;
    },
    position() {
      if (!started) return null;
      return from === null ? STARTED : `${FROM}${JSON.stringify(from.date)}`;
    },
  };
}

export const ACCOUNT_ORDER: DerivedTable = {
  isCurrent: accountOrderIsCurrent,
  apply(db, event) {
    db.transaction(() => {
      applyOrder(db, event, null);
      writeStamp(db);
    });
  },
  rebuild,
  steps: (db, resume) => stepByNewest(db, ORDER_STEP_ROWS, resume),
  stamp: accountOrderStamp,
};

export const AccountOrderSlot = defineDerivedSlot('account-order', ACCOUNT_ORDER);

export function accountOrder(budget: Budget): DerivedData {
  return budget.get(AccountOrderSlot);
}

/** What a read may use of the table now (`../query/account-order.ts`), or null: nothing yet. */
export function accountOrderReach(data: DerivedData): AccountOrderReach | null {
  if (data.isCurrent()) return { from: null };
  const { from } = parseResume(data.position() ?? undefined);
  return from === null ? null : { from: from.date };
}

/**
 * Sums for custom reports grouped by category, category group or payee over all time (issue
 * 30), beside the month sums and kept the same way. Per account scope (1: an open account on
 * budget, 2: off budget, 0: no such account), month, day bucket and sign:
 * - `coffer_category_sums`: by stored category, transfer payee ('' for any other payee) and
 *   whether the row is one side of a transfer (`transferred_id`: the spending report's test);
 * - `coffer_payee_sums`: by stored payee and whether the row's category maps to one;
 * - `coffer_payee_totals`: the same over all time, without the month and day (a report by payee
 *   over all time reads one row per payee and sign, however many months the budget holds).
 * The stored category and payee are kept, not the ones they map to, so a merge of categories or
 * payees (a re-pointed mapping) moves nothing: the read joins the mappings as the view does.
 * Accounts are kept as scopes, not ids, so the buckets stay as few as months × categories (or
 * × payees) however many accounts there are; a report over all accounts on budget, or all
 * accounts, reads them.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { BucketSums } from './bucket-sums.ts';
import { CATEGORY_SUMS_TABLE, PAYEE_SUMS_TABLE, PAYEE_TOTALS_TABLE } from '../query/group-sums.ts';
import { SEARCH_META_TABLE as META_TABLE } from '../query/search.ts';
import { dataStamp } from '../search/notes-index.ts';
import type { ChangeEvent, Row } from '../sync/types.ts';
import type { DateSteppedTable } from './steps.ts';
import { STAGE, withStage } from './stage.ts';
import {
  isShown,
  movesTransferPayees,
  num,
  payeeLookup,
  type PayeeOf,
  walkChanges,
} from './store.ts';

/** Bump when a table's shape or rule changes, so an older one is rebuilt. */
const FORMAT = 3;
const META_KEY = 'group-sums-stamp';

export const groupSumsStamp = (db: SqliteDatabase) => `${FORMAT}|${dataStamp(db)}`;
const stamp = groupSumsStamp;

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`, [META_KEY, stamp(db)]);
}

export function groupSumsAreCurrent(db: SqliteDatabase): boolean {
  const tables = db.first<{ n: number }>(
    'SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?, ?, ?)',
    [META_TABLE, CATEGORY_SUMS_TABLE, PAYEE_SUMS_TABLE, PAYEE_TOTALS_TABLE],
  );
  if (tables?.n !== 4) return false;
  const row = db.first<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = ?`, [
    META_KEY,
  ]);
  return row?.value === stamp(db);
}

function reset(db: SqliteDatabase): void {
  db.exec(`DROP TABLE IF EXISTS ${CATEGORY_SUMS_TABLE}; DROP TABLE IF EXISTS ${PAYEE_SUMS_TABLE};
DROP TABLE IF EXISTS ${PAYEE_TOTALS_TABLE};
CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE ${CATEGORY_SUMS_TABLE} (scope INTEGER NOT NULL, month INTEGER NOT NULL,
  day INTEGER NOT NULL, category TEXT NOT NULL, payee TEXT NOT NULL, linked INTEGER NOT NULL,
  positive INTEGER NOT NULL, amount INTEGER NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (scope, month, day, category, payee, linked, positive)) WITHOUT ROWID;
CREATE TABLE ${PAYEE_SUMS_TABLE} (scope INTEGER NOT NULL, month INTEGER NOT NULL,
  day INTEGER NOT NULL, payee TEXT NOT NULL, categorized INTEGER NOT NULL,
  positive INTEGER NOT NULL, amount INTEGER NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (scope, month, day, payee, categorized, positive)) WITHOUT ROWID;
CREATE TABLE ${PAYEE_TOTALS_TABLE} (scope INTEGER NOT NULL, payee TEXT NOT NULL,
  categorized INTEGER NOT NULL, positive INTEGER NOT NULL, amount INTEGER NOT NULL,
  count INTEGER NOT NULL, PRIMARY KEY (scope, payee, categorized, positive)) WITHOUT ROWID;`);
  db.run(`DELETE FROM ${META_TABLE} WHERE key = ?`, [META_KEY]);
}

/**
 * The sums of the staged rows (`./stage.ts`), added to those already kept (a step's months hold
 * none; a batch of new rows adds to its buckets); the totals gain the staged rows.
 */
function fill(db: SqliteDatabase): void {
  db.run(`INSERT INTO ${CATEGORY_SUMS_TABLE}
    (scope, month, day, category, payee, linked, positive, amount, count)
    SELECT scope, month, day, category, transfer, linked, positive, SUM(amount), SUM(count)
    FROM ${STAGE} GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (scope, month, day, category, payee, linked, positive) DO UPDATE
      SET amount = amount + excluded.amount, count = count + excluded.count`);
  db.run(`INSERT INTO ${PAYEE_SUMS_TABLE}
    (scope, month, day, payee, categorized, positive, amount, count)
    SELECT scope, month, day, payee, categorized, positive, SUM(amount), SUM(count)
    FROM ${STAGE} GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (scope, month, day, payee, categorized, positive) DO UPDATE
      SET amount = amount + excluded.amount, count = count + excluded.count`);
  db.run(`INSERT INTO ${PAYEE_TOTALS_TABLE} (scope, payee, categorized, positive, amount, count)
    SELECT scope, payee, categorized, positive, SUM(amount), SUM(count) FROM ${STAGE}
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (scope, payee, categorized, positive) DO UPDATE
      SET amount = amount + excluded.amount, count = count + excluded.count`);
}

export function rebuildGroupSums(db: SqliteDatabase): void {
  db.transaction(() => {
    reset(db);
    withStage(db, null, null, () => fill(db));
    writeStamp(db);
  });
}

/** Lookups for one event: an account's scope, whether a stored category maps to one. */
function lookups(db: SqliteDatabase) {
  const scopes = new Map<string, number>();
  const mapped = new Map<string, boolean>();
  return {
    scope(acct: string): number {
      let s = scopes.get(acct);
      if (s === undefined) {
        const a = db.first<{ off: number | null }>(
          'SELECT offbudget AS off FROM accounts WHERE id = ? AND IFNULL(tombstone, 0) = 0',
          [acct],
        );
        s = !a ? 0 : num(a.off) === 0 ? 1 : 2;
        scopes.set(acct, s);
      }
      return s;
    },
    categorized(category: unknown): boolean {
      if (typeof category !== 'string') return false;
      let m = mapped.get(category);
      if (m === undefined) {
        m = !!db.first('SELECT 1 FROM category_mapping WHERE id = ? AND transferId IS NOT NULL', [
          category,
        ]);
        mapped.set(category, m);
      }
      return m;
    },
  };
}

const CATEGORY_KEYS = ['scope', 'month', 'day', 'category', 'payee', 'linked', 'positive'];
const PAYEE_KEYS = ['scope', 'month', 'day', 'payee', 'categorized', 'positive'];
const TOTAL_KEYS = ['scope', 'payee', 'categorized', 'positive'];

/** One event's contributions to the three tables, summed per bucket (`./bucket-sums.ts`). */
function groupDeltas() {
  const category = new BucketSums();
  const payee = new BucketSums();
  const total = new BucketSums();
  return {
    category,
    payee,
    total,
    write(db: SqliteDatabase) {
      category.write(db, CATEGORY_SUMS_TABLE, CATEGORY_KEYS);
      payee.write(db, PAYEE_SUMS_TABLE, PAYEE_KEYS);
      total.write(db, PAYEE_TOTALS_TABLE, TOTAL_KEYS);
    },
  };
}

function addRow(
  sums: ReturnType<typeof groupDeltas>,
  look: ReturnType<typeof lookups>,
  payeeOf: PayeeOf,
  row: Row,
  sign: 1 | -1,
): void {
  const date = num(row.date);
  const d = date % 100;
  const amount = num(row.amount);
  const scope = look.scope(String(row.acct));
  const month = Math.floor(date / 100);
  const day = d >= 1 && d <= 28 ? 1 : d;
  const positive = amount > 0 ? 1 : 0;
  const category = typeof row.category === 'string' ? row.category : '';
  const linked = row.transferred_id == null ? 0 : 1;
  sums.category.add([scope, month, day, category, payeeOf(row.description), linked, positive], amount, sign); // prettier-ignore
  const payee = typeof row.description === 'string' ? row.description : '';
  const categorized = look.categorized(row.category) ? 1 : 0;
  sums.payee.add([scope, month, day, payee, categorized, positive], amount, sign);
  sums.total.add([scope, payee, categorized, positive], amount, sign);
}

/** Whether a row of the table `name` is used by a transaction through `column`. */
const used = (db: SqliteDatabase, column: string, id: string) =>
  !!db.first(`SELECT 1 FROM transactions WHERE ${column} = ? LIMIT 1`, [id]);

/**
 * Whether the event moves rows between buckets without touching them: a transfer payee merged
 * (as for the month sums), an account whose scope changed, or a stored category that starts or
 * stops mapping to a category, while rows use them. It covers what moves the month sums' and
 * the tag sums' buckets too.
 */
export function movesBuckets(db: SqliteDatabase, event: ChangeEvent): boolean {
  if (movesTransferPayees(db, event)) return true;
  const scopeOf = (a: Row | null) =>
    !a || num(a.tombstone) !== 0 ? 0 : num(a.offbudget) === 0 ? 1 : 2;
  for (const c of event.changes.get('accounts') ?? []) {
    if (scopeOf(c.old) !== scopeOf(c.new) && used(db, 'acct', c.id)) return true;
  }
  const maps = (m: Row | null) => typeof m?.transferId === 'string';
  for (const c of event.changes.get('category_mapping') ?? []) {
    if (maps(c.old) !== maps(c.new) && used(db, 'category', c.id)) return true;
  }
  return false;
}

function applyWhere(
  db: SqliteDatabase,
  event: ChangeEvent,
  counts: (row: Row) => boolean,
  apart: ReadonlySet<string> | null = null,
): boolean {
  if (movesBuckets(db, event)) return false;
  const look = lookups(db);
  const payeeOf = payeeLookup(db);
  const sums = groupDeltas();
  walkChanges(
    db,
    event,
    (row, parent, sign) => {
      if (isShown(row, parent) && counts(row)) addRow(sums, look, payeeOf, row, sign);
    },
    apart,
  );
  sums.write(db);
  return true;
}

export function applyToGroupSums(db: SqliteDatabase, event: ChangeEvent): void {
  db.transaction(() => {
    if (applyWhere(db, event, () => true)) writeStamp(db);
    else rebuildGroupSums(db);
  });
}

/** The group sums built in steps (`./steps.ts`). */
export const GROUP_SUMS_STEPS: DateSteppedTable = {
  reset,
  fill,
  applyWhere,
  finish: writeStamp,
};

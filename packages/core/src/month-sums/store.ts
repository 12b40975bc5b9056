/**
 * `coffer_month_sums`: per account, month, day bucket, transfer payee ('' for any other payee)
 * and sign (1: above zero), the sum and count of the rows
 * `v_transactions_internal_alive` shows at the inline level (alive, dated, with an account, not a
 * split parent, a child only under a live parent). Kept in step from the write path's change
 * events by each row's old contribution out and its new one in; a split parent that dies or
 * returns moves its children's. A stamp of the data tells a file changed without it, and the
 * sums are then rebuilt before their next use (`../search/` does the same for its index).
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { BucketSums } from './bucket-sums.ts';
import { MONTH_SUMS_TABLE, readTransferPayees } from '../query/month-sums.ts';
import { SEARCH_META_TABLE as META_TABLE } from '../query/search.ts';
import { dataStamp } from '../search/notes-index.ts';
import type { ChangeEvent, Row } from '../sync/types.ts';
import { STAGE, withStage } from './stage.ts';
import type { DateSteppedTable } from './steps.ts';

/** Bump when the table's shape or rule changes, so an older one is rebuilt. */
const FORMAT = 2;
const META_KEY = 'month-sums-stamp';

export function monthSumsStamp(db: SqliteDatabase): string {
  return `${FORMAT}|${dataStamp(db)}`;
}

function createTables(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS ${MONTH_SUMS_TABLE} (account TEXT NOT NULL, month INTEGER NOT NULL,
  day INTEGER NOT NULL, payee TEXT NOT NULL, positive INTEGER NOT NULL,
  amount INTEGER NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (account, month, day, payee, positive)) WITHOUT ROWID;`);
}

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`, [
    META_KEY,
    monthSumsStamp(db),
  ]);
}

export function monthSumsAreCurrent(db: SqliteDatabase): boolean {
  const tables = db.first<{ n: number }>(
    'SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?)',
    [META_TABLE, MONTH_SUMS_TABLE],
  );
  if (tables?.n !== 2) return false;
  const row = db.first<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = ?`, [
    META_KEY,
  ]);
  return row?.value === monthSumsStamp(db);
}

function reset(db: SqliteDatabase): void {
  // An older format's table has other columns: made afresh.
  db.exec(`DROP TABLE IF EXISTS ${MONTH_SUMS_TABLE}`);
  createTables(db);
  db.run(`DELETE FROM ${META_TABLE} WHERE key = ?`, [META_KEY]);
}

/**
 * The sums of the staged rows (`./stage.ts`), added to those already kept (a step's months hold
 * none; a batch of new rows adds to its buckets).
 */
function fill(db: SqliteDatabase): void {
  db.run(`INSERT INTO ${MONTH_SUMS_TABLE} (account, month, day, payee, positive, amount, count)
    SELECT account, month, day, transfer, positive, SUM(amount), SUM(count) FROM ${STAGE}
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (account, month, day, payee, positive) DO UPDATE
      SET amount = amount + excluded.amount, count = count + excluded.count`);
}

export function rebuildMonthSums(db: SqliteDatabase): void {
  db.transaction(() => {
    reset(db);
    withStage(db, null, null, () => fill(db));
    writeStamp(db);
  });
}

export type Parent = Row | null;

export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

/** The transfer payee a stored payee (description) maps to, else ''. */
function transferPayee(db: SqliteDatabase, description: unknown): string {
  if (typeof description !== 'string') return '';
  const row = db.first<{ id: string }>(
    `SELECT p.id AS id FROM payee_mapping pm JOIN payees p ON p.id = pm.targetId
     WHERE pm.id = ? AND p.transfer_acct IS NOT NULL`,
    [description],
  );
  return row?.id ?? '';
}

export type PayeeOf = (description: unknown) => string;

/** `transferPayee` remembered for one event (an import names the same few payees many times). */
export function payeeLookup(db: SqliteDatabase): PayeeOf {
  const seen = new Map<unknown, string>();
  return (description) => {
    let payee = seen.get(description);
    if (payee === undefined) {
      payee = transferPayee(db, description);
      seen.set(description, payee);
    }
    return payee;
  };
}

/** Whether `v_transactions_internal_alive` shows a raw row at the inline level. */
export function isShown(row: Row | null, parent: Parent): row is Row {
  if (!row || num(row.tombstone) !== 0 || num(row.isParent) !== 0) return false;
  if (typeof row.acct !== 'string' || row.date === null || row.date === undefined) return false;
  if (num(row.isChild) !== 0) {
    if (row.parent_id === null || row.parent_id === undefined) return false;
    if (!parent || num(parent.tombstone) !== 0) return false;
  }
  return true;
}

/** Where a raw row counts (account, date, payee, sign), or null when the view leaves it out. */
function contribution(payeeOf: PayeeOf, row: Row | null, parent: Parent) {
  if (!isShown(row, parent)) return null;
  const date = num(row.date);
  const d = date % 100;
  const amount = num(row.amount);
  return {
    account: String(row.acct),
    month: Math.floor(date / 100),
    day: d >= 1 && d <= 28 ? 1 : d,
    payee: payeeOf(row.description),
    positive: amount > 0 ? 1 : 0,
    amount,
  };
}

const KEYS = ['account', 'month', 'day', 'payee', 'positive'];

function add(sums: BucketSums, c: ReturnType<typeof contribution>, sign: 1 | -1): void {
  if (c) sums.add([c.account, c.month, c.day, c.payee, c.positive], c.amount, sign);
}

/**
 * Whether the event moved rows between payees the sums tell apart: a mapping re-pointed to or
 * from a transfer payee, or a payee that became or stopped being one while rows use it.
 */
export function movesTransferPayees(db: SqliteDatabase, event: ChangeEvent): boolean {
  const transfers = readTransferPayees(db);
  const mapped = event.changes.get('payee_mapping') ?? [];
  for (const c of mapped) {
    if ([c.old?.targetId, c.new?.targetId].some((t) => typeof t === 'string' && transfers.has(t))) {
      return true;
    }
  }
  for (const c of event.changes.get('payees') ?? []) {
    if ((c.old?.transfer_acct ?? null) === (c.new?.transfer_acct ?? null)) continue;
    const used = db.first(
      `SELECT 1 FROM payee_mapping pm JOIN transactions t ON t.description = pm.id
       WHERE pm.targetId = ? LIMIT 1`,
      [c.id],
    );
    if (used) return true;
  }
  return false;
}

type Move = (row: Row | null, parent: Parent, sign: 1 | -1) => void;

/**
 * The stored columns a row's place in any sums table depends on (with its parent's tombstone):
 * a change to none of them moves nothing (an import's matched rows, a cleared flag).
 */
const SUMMED_COLUMNS = [
  'acct',
  'date',
  'amount',
  'tombstone',
  'isParent',
  'isChild',
  'parent_id',
  'description',
  'category',
  'notes',
  'transferred_id',
] as const;

type Change = { old: Row | null; new: Row | null };

/** Whether the row was born, died or returned (its lines move with it). */
const turns = (c: Change): boolean => c.old === null || num(c.old.tombstone) !== num(c.new?.tombstone); // prettier-ignore

/**
 * Whether a change may move the row in the sums: a summed column moved, or its parent was born,
 * died or returned in the same event.
 */
function movesSums(c: Change, inEvent: ReadonlyMap<string, Change>): boolean {
  if (!c.old || !c.new) return true;
  if (SUMMED_COLUMNS.some((k) => (c.old?.[k] ?? null) !== (c.new?.[k] ?? null))) return true;
  const parent = typeof c.new.parent_id === 'string' ? inEvent.get(c.new.parent_id) : undefined;
  return parent !== undefined && turns(parent);
}

/**
 * Each transaction row the event touched, out as it was (judged with its parent as it was) and
 * in as it is; and the children of a parent that died or returned, which the event did not touch.
 * The rows in `apart` (new rows summed by SQLite, `./slot.ts`), and the lines they bring in, are
 * left to the caller; they still stand as parents as they were (absent) for the rest.
 */
export function walkChanges(
  db: SqliteDatabase,
  event: ChangeEvent,
  move: Move,
  apart: ReadonlySet<string> | null = null,
): void {
  const all = event.changes.get('transactions') ?? [];
  if (all.length === 0) return;
  const inEvent = new Map(all.map((c) => [c.id, c]));
  const changes = all.filter((c) => !apart?.has(c.id) && movesSums(c, inEvent));
  if (changes.length === 0) return;
  const stored = (id: unknown): Row | null =>
    typeof id === 'string'
      ? (db.first<Row>('SELECT id, tombstone FROM transactions WHERE id = ?', [id]) ?? null)
      : null;
  const parentBefore = (id: unknown): Parent => {
    const c = typeof id === 'string' ? inEvent.get(id) : undefined;
    return c ? c.old : stored(id);
  };
  for (const c of changes) {
    move(c.old, parentBefore(c.old?.parent_id), -1);
    move(c.new, stored(c.new?.parent_id), 1);
  }
  // Rows that were born, died or returned: their children (read in one statement for the
  // event; one per row was a fifth of keeping the sums in step with an import).
  const turned = changes.filter(turns);
  if (turned.length === 0) return;
  const byParent = new Map<unknown, Row[]>();
  const children = db.all<Row>(
    'SELECT * FROM transactions WHERE parent_id IN (SELECT value FROM json_each(?))',
    [JSON.stringify(turned.map((c) => c.id))],
  );
  for (const child of children) {
    const list = byParent.get(child.parent_id);
    if (list) list.push(child);
    else byParent.set(child.parent_id, [child]);
  }
  for (const c of turned) {
    for (const child of byParent.get(c.id) ?? []) {
      if (inEvent.has(String(child.id))) continue;
      move(child, c.old, -1);
      move(child, c.new, 1);
    }
  }
}

/** The event's rows into the sums, where `counts` accepts the row; false: rebuild instead. */
function applyWhere(
  db: SqliteDatabase,
  event: ChangeEvent,
  counts: (row: Row) => boolean,
  apart: ReadonlySet<string> | null = null,
): boolean {
  if (movesTransferPayees(db, event)) return false;
  const payeeOf = payeeLookup(db);
  const sums = new BucketSums();
  walkChanges(
    db,
    event,
    (row, parent, sign) => {
      if (row && counts(row)) add(sums, contribution(payeeOf, row, parent), sign);
    },
    apart,
  );
  sums.write(db, MONTH_SUMS_TABLE, KEYS);
  return true;
}

export function applyToMonthSums(db: SqliteDatabase, event: ChangeEvent): void {
  db.transaction(() => {
    if (applyWhere(db, event, () => true)) writeStamp(db);
    else rebuildMonthSums(db);
  });
}

/** The month sums built in steps (`./steps.ts`). */
export const MONTH_SUMS_STEPS: DateSteppedTable = {
  reset,
  fill,
  applyWhere,
  finish: writeStamp,
};

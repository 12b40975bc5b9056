/**
 * `coffer_tag_sums` (issues 30 and 32): the report by tag over all time without reading the
 * tagged rows. Per tag, how many tags the row's notes hold (0, 1, 2 for two or more), account,
 * month, day bucket, transfer payee ('' for any other payee), whether the row has a category,
 * and sign (1, 0 or -1: a row of 0 is neither a payment nor a deposit, and the report counts
 * rows, so a zero cannot share a bucket with either, as it may in the month sums): the sum and
 * count of the rows `v_transactions_internal_alive` shows at the inline level, read as the
 * report reads them (a split's line by its own notes, through the one notes parser). Each row
 * counts once under the tag '' and once under each tag its notes hold; the tag count tells the
 * untagged rows and the rows with two tags apart.
 *
 * Kept in step as the month sums are (`./store.ts`): from each committed change event, a row's
 * old contribution out and its new one in; a payee merged into or out of a transfer payee, or a
 * stored category that starts or stops mapping to one while rows use it, rebuilds the table.
 */
import type { SqliteDatabase, SqlValue } from '../platform/sqlite.ts';
import { SEARCH_META_TABLE as META_TABLE } from '../query/search.ts';
import { TAG_SUMS_TABLE } from '../query/tag-sums.ts';
import { dataStamp } from '../search/notes-index.ts';
import type { ChangeEvent, Row } from '../sync/types.ts';
import { tagsInNotes } from '../tags/parse.ts';
import { BucketSums } from './bucket-sums.ts';
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

/** Bump when the table's shape or rule (or the notes' reading) changes: an older one is rebuilt. */
const FORMAT = 2;
const META_KEY = 'tag-sums-stamp';

export const tagSumsStamp = (db: SqliteDatabase) => `${FORMAT}|${dataStamp(db)}`;

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`, [
    META_KEY,
    tagSumsStamp(db),
  ]);
}

export function tagSumsAreCurrent(db: SqliteDatabase): boolean {
  const tables = db.first<{ n: number }>(
    'SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?)',
    [META_TABLE, TAG_SUMS_TABLE],
  );
  if (tables?.n !== 2) return false;
  const row = db.first<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = ?`, [
    META_KEY,
  ]);
  return row?.value === tagSumsStamp(db);
}

const KEYS = ['tag', 'tags', 'account', 'month', 'day', 'payee', 'categorized', 'sign'];

function reset(db: SqliteDatabase): void {
  // An older format's table has other columns: made afresh.
  db.exec(`DROP TABLE IF EXISTS ${TAG_SUMS_TABLE};
CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE ${TAG_SUMS_TABLE} (tag TEXT NOT NULL, tags INTEGER NOT NULL, account TEXT NOT NULL,
  month INTEGER NOT NULL, day INTEGER NOT NULL, payee TEXT NOT NULL,
  categorized INTEGER NOT NULL, sign INTEGER NOT NULL, amount INTEGER NOT NULL,
  count INTEGER NOT NULL, PRIMARY KEY (${KEYS.join(', ')})) WITHOUT ROWID;`);
  db.run(`DELETE FROM ${META_TABLE} WHERE key = ?`, [META_KEY]);
}

/** A staged row's bucket (`./stage.ts`), every column but the tag's. */
const BUCKET = 'account, month, day, transfer AS payee, categorized, sign';

/** One row's bucket, amount and sign under '' and under each tag of its notes. */
function bump(sums: BucketSums, bucket: SqlValue[], notes: unknown, amount: number, sign: 1 | -1) {
  const tags = tagsInNotes(typeof notes === 'string' ? notes : null);
  const kind = Math.min(tags.length, 2);
  for (const tag of ['', ...tags]) sums.add([tag, kind, ...bucket], amount, sign);
}

interface Bucketed {
  account: string;
  month: number;
  day: number;
  payee: string;
  categorized: number;
  sign: number;
}

/** The sums of the staged rows (`./stage.ts`), added to those already kept. */
function fill(db: SqliteDatabase): void {
  // Notes without a '#' hold no tag (staged as null): summed by SQLite. The rest (about one row
  // in ten on a tagged budget) are read through the notes parser and summed here, then written
  // once per bucket.
  db.run(`INSERT INTO ${TAG_SUMS_TABLE} (${KEYS.join(', ')}, amount, count)
    SELECT '', 0, ${BUCKET}, SUM(amount), SUM(count) FROM ${STAGE}
    WHERE notes IS NULL GROUP BY 3, 4, 5, 6, 7, 8
    ON CONFLICT (${KEYS.join(', ')}) DO UPDATE
      SET amount = amount + excluded.amount, count = count + excluded.count`);
  const noted = db.all<Bucketed & { notes: string; amount: number; count: number }>(
    `SELECT ${BUCKET}, notes, amount, count FROM ${STAGE} WHERE notes IS NOT NULL`,
  );
  const sums = new BucketSums();
  for (const r of noted) {
    const tags = tagsInNotes(r.notes);
    const bucket = [r.account, r.month, r.day, r.payee, r.categorized, r.sign];
    for (const tag of ['', ...tags]) {
      sums.addSum([tag, Math.min(tags.length, 2), ...bucket], r.amount, r.count);
    }
  }
  // One statement for every bucket (one each was most of a tagged import's sums by tag).
  sums.write(db, TAG_SUMS_TABLE, KEYS);
}

export function rebuildTagSums(db: SqliteDatabase): void {
  db.transaction(() => {
    reset(db);
    withStage(db, null, null, () => fill(db));
    writeStamp(db);
  });
}

/** Whether a stored category maps to one (the view's category is set), for one event. */
function categorizedLookup(db: SqliteDatabase): (category: unknown) => number {
  const seen = new Map<string, number>();
  return (category) => {
    if (typeof category !== 'string') return 0;
    let m = seen.get(category);
    if (m === undefined) {
      const row = db.first('SELECT 1 FROM category_mapping WHERE id = ? AND transferId IS NOT NULL', [category]); // prettier-ignore
      m = row ? 1 : 0;
      seen.set(category, m);
    }
    return m;
  };
}

function addRow(
  sums: BucketSums,
  payeeOf: PayeeOf,
  categorized: (category: unknown) => number,
  row: Row,
  sign: 1 | -1,
): void {
  const date = num(row.date);
  const d = date % 100;
  const amount = num(row.amount);
  const bucket = [
    String(row.acct),
    Math.floor(date / 100),
    d >= 1 && d <= 28 ? 1 : d,
    payeeOf(row.description),
    categorized(row.category),
    amount > 0 ? 1 : amount < 0 ? -1 : 0,
  ];
  bump(sums, bucket, row.notes, amount, sign);
}

/**
 * Whether the event moves rows between buckets without touching them: a transfer payee merged
 * (as for the month sums), or a stored category that starts or stops mapping while rows use it.
 */
function movesBuckets(db: SqliteDatabase, event: ChangeEvent): boolean {
  if (movesTransferPayees(db, event)) return true;
  const maps = (m: Row | null) => typeof m?.transferId === 'string';
  for (const c of event.changes.get('category_mapping') ?? []) {
    if (maps(c.old) === maps(c.new)) continue;
    if (db.first('SELECT 1 FROM transactions WHERE category = ? LIMIT 1', [c.id])) return true;
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
  const payeeOf = payeeLookup(db);
  const categorized = categorizedLookup(db);
  const sums = new BucketSums();
  walkChanges(
    db,
    event,
    (row, parent, sign) => {
      if (isShown(row, parent) && counts(row)) addRow(sums, payeeOf, categorized, row, sign);
    },
    apart,
  );
  sums.write(db, TAG_SUMS_TABLE, KEYS);
  return true;
}

export function applyToTagSums(db: SqliteDatabase, event: ChangeEvent): void {
  db.transaction(() => {
    if (applyWhere(db, event, () => true)) writeStamp(db);
    else rebuildTagSums(db);
  });
}

/** The tag sums built in steps (`./steps.ts`). */
export const TAG_SUMS_STEPS: DateSteppedTable = {
  reset,
  fill,
  applyWhere,
  finish: writeStamp,
};

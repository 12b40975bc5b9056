/**
 * The register search's derived data (issue 30): a trigram FTS5 index of every transaction's
 * notes, and plain indexes on the stored columns the search looks rows up by. Kept in step from
 * the write path's change events (local edits, sync, undo, import, the api all arrive there);
 * a stamp of the data (newest message + migration count) written with each update tells a file
 * changed by anything else (another client, a crash between commit and update) and the index
 * is then rebuilt before its next use. None of it goes to an Actual client: `stripDerived`
 * drops it from the copy that is uploaded or exported.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { CATEGORY_SUMS_TABLE, PAYEE_SUMS_TABLE, PAYEE_TOTALS_TABLE } from '../query/group-sums.ts';
import { TAG_INDEX_TABLE } from '../query/has-tag.ts';
import { MONTH_SUMS_TABLE, SPLIT_INDEXES } from '../query/month-sums.ts';
import { TAG_SUMS_TABLE } from '../query/tag-sums.ts';
import {
  SEARCH_COLUMN_INDEXES,
  SEARCH_META_TABLE,
  SEARCH_NOTES_TABLE,
  SEARCH_ROWS_TABLE,
} from '../query/search.ts';
import { ACCOUNT_ORDER_TABLE, OLD_ACCOUNT_ORDER_INDEX } from '../query/account-order.ts';
import { SCHEDULE_LINKS_INDEX } from '../schedules/links-index.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { APART_LINES_TABLE, APART_LINES_TRIGGERS } from './apart-lines.ts';
import { idRange, type IdSteppedTable } from './id-steps.ts';

/** Bump when the index's shape changes, so an older one is rebuilt. */
const FORMAT = 1;

/** Changes when anything is committed (the budget cache's stamp, with the index format). */
export function searchStamp(db: SqliteDatabase): string {
  return `${FORMAT}|${dataStamp(db)}`;
}

/** The newest message and the migration count: moves with every commit to the file. */
export function dataStamp(db: SqliteDatabase): string {
  const last = db.first<{ t: string | null }>('SELECT MAX(timestamp) AS t FROM messages_crdt');
  const migrations = db.first<{ n: number }>('SELECT COUNT(*) AS n FROM __migrations__');
  return `${last?.t ?? ''}|${migrations?.n ?? 0}`;
}

function createTables(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${SEARCH_META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS ${SEARCH_ROWS_TABLE} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
CREATE VIRTUAL TABLE IF NOT EXISTS ${SEARCH_NOTES_TABLE} USING fts5(notes, tokenize = 'trigram');`);
}

function storedStamp(db: SqliteDatabase): string | null {
  const row = db.first<{ value: string }>(
    `SELECT value FROM ${SEARCH_META_TABLE} WHERE key = 'stamp'`,
  );
  return row?.value ?? null;
}

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${SEARCH_META_TABLE} (key, value) VALUES ('stamp', ?)`, [
    searchStamp(db),
  ]);
}

/** Empties the index and fills it from every stored transaction with notes. */
export function rebuildNotesIndex(db: SqliteDatabase): void {
  db.transaction(() => {
    createTables(db);
    db.run(`DELETE FROM ${SEARCH_NOTES_TABLE}`);
    db.run(`DELETE FROM ${SEARCH_ROWS_TABLE}`);
    db.run(
      `INSERT INTO ${SEARCH_ROWS_TABLE} (id) SELECT id FROM transactions WHERE notes IS NOT NULL AND notes != ''`,
    );
    db.run(
      `INSERT INTO ${SEARCH_NOTES_TABLE} (rowid, notes)
       SELECT r.rid, t.notes FROM ${SEARCH_ROWS_TABLE} r JOIN transactions t ON t.id = r.id`,
    );
    writeStamp(db);
  });
}

/** Whether the index is there and describes the data as it is now. */
export function notesIndexIsCurrent(db: SqliteDatabase): boolean {
  const meta = db.first<{ n: number }>(
    `SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?, ?)`,
    [SEARCH_META_TABLE, SEARCH_ROWS_TABLE, SEARCH_NOTES_TABLE],
  );
  return meta?.n === 3 && storedStamp(db) === searchStamp(db);
}

const notesOf = (row: Readonly<Record<string, unknown>> | null): string => {
  const n = row?.notes;
  return typeof n === 'string' ? n : '';
};

function setNotes(db: SqliteDatabase, id: string, notes: string): void {
  const found = db.first<{ rid: number }>(`SELECT rid FROM ${SEARCH_ROWS_TABLE} WHERE id = ?`, [
    id,
  ]);
  if (found) {
    db.run(`DELETE FROM ${SEARCH_NOTES_TABLE} WHERE rowid = ?`, [found.rid]);
    if (!notes) db.run(`DELETE FROM ${SEARCH_ROWS_TABLE} WHERE rid = ?`, [found.rid]);
  }
  if (!notes) return;
  let rid = found?.rid;
  if (rid === undefined) {
    rid = Number(db.run(`INSERT INTO ${SEARCH_ROWS_TABLE} (id) VALUES (?)`, [id]).lastInsertRowid);
  }
  db.run(`INSERT INTO ${SEARCH_NOTES_TABLE} (rowid, notes) VALUES (?, ?)`, [rid, notes]);
}

/**
 * One committed change event into the index (when it was current before the event), and the
 * new stamp. Only rows whose notes moved are touched: a sync of 100,000 amount edits costs
 * nothing here.
 */
export function applyToNotesIndex(db: SqliteDatabase, event: ChangeEvent): void {
  db.transaction(() => {
    applyNotes(db, event, () => true);
    writeStamp(db);
  });
}

function applyNotes(db: SqliteDatabase, event: ChangeEvent, counts: (id: string) => boolean) {
  const set: [string, string][] = [];
  let stored = false;
  for (const change of event.changes.get('transactions') ?? []) {
    if (!counts(change.id)) continue;
    const before = notesOf(change.old);
    const after = notesOf(change.new);
    if (before === after) continue;
    if (after) set.push([change.id, after]);
    else setNotes(db, change.id, after);
    if (change.old !== null) stored = true;
  }
  if (set.length === 1) setNotes(db, set[0]![0], set[0]![1]);
  else if (set.length > 1) setManyNotes(db, set, stored);
}

/**
 * `setNotes` for many rows in three statements: an import's 10,000 rows with notes were 30,000
 * statements, 3.5% of its CPU in the browser. A row already indexed keeps its rid. `stored`:
 * some of the rows were stored before the event (may be indexed); rows that are all new (an
 * import) have no notes to take out, so that statement is skipped.
 */
function setManyNotes(db: SqliteDatabase, set: readonly [string, string][], stored: boolean) {
  const pairs = JSON.stringify(set);
  const ids = `SELECT value ->> 0 FROM json_each(?)`;
  if (stored) {
    db.run(
      `DELETE FROM ${SEARCH_NOTES_TABLE} WHERE rowid IN (SELECT rid FROM ${SEARCH_ROWS_TABLE} WHERE id IN (${ids}))`,
      [pairs],
    );
  }
  db.run(`INSERT OR IGNORE INTO ${SEARCH_ROWS_TABLE} (id) ${ids}`, [pairs]);
  db.run(
    `INSERT INTO ${SEARCH_NOTES_TABLE} (rowid, notes)
     SELECT r.rid, j.value ->> 1 FROM json_each(?) j JOIN ${SEARCH_ROWS_TABLE} r ON r.id = j.value ->> 0`,
    [pairs],
  );
}

/**
 * The same rebuild in steps by transaction id (`id-steps.ts`): after a download or another
 * client's write, saves are answered between the steps, and a reload resumes the build.
 */
export const NOTES_INDEX_STEPS: IdSteppedTable = {
  reset(db) {
    createTables(db);
    db.run(`DELETE FROM ${SEARCH_META_TABLE} WHERE key = 'stamp'`);
    db.run(`DELETE FROM ${SEARCH_NOTES_TABLE}`);
    db.run(`DELETE FROM ${SEARCH_ROWS_TABLE}`);
  },
  fill(db, after, upTo) {
    const t = idRange('id', after, upTo);
    db.run(
      `INSERT INTO ${SEARCH_ROWS_TABLE} (id) SELECT id FROM transactions
       WHERE notes IS NOT NULL AND notes != ''${t.sql}`,
      t.params,
    );
    const r = idRange('r.id', after, upTo);
    db.run(
      `INSERT INTO ${SEARCH_NOTES_TABLE} (rowid, notes)
       SELECT r.rid, t.notes FROM ${SEARCH_ROWS_TABLE} r JOIN transactions t ON t.id = r.id
       WHERE 1${r.sql}`,
      r.params,
    );
  },
  applyWhere: applyNotes,
  finish: writeStamp,
};

/**
 * Drops Coffer's derived data (search index, month, group and tag sums, tag index) from a copy of the file (the one that is uploaded or exported):
 * an Actual client may lack FTS5, and its edits would leave the index stale anyway.
 */
export function stripDerived(db: SqliteDatabase): void {
  const found = db.first<{ n: number }>(
    `SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?, ?, ?, ?, ?, ?)`,
    [SEARCH_META_TABLE, SEARCH_ROWS_TABLE, MONTH_SUMS_TABLE, CATEGORY_SUMS_TABLE, PAYEE_SUMS_TABLE, APART_LINES_TABLE, SCHEDULE_LINKS_INDEX], // prettier-ignore
  );
  if (!found?.n) return;
  // The freed pages are zeroed, so the zip of the copy carries nothing of the index.
  const drops = [
    'PRAGMA secure_delete = ON;',
    ...Object.keys(SEARCH_COLUMN_INDEXES).map((n) => `DROP INDEX IF EXISTS ${n};`),
    ...SPLIT_INDEXES.map((n) => `DROP INDEX IF EXISTS ${n};`),
    `DROP INDEX IF EXISTS ${OLD_ACCOUNT_ORDER_INDEX};`,
    `DROP INDEX IF EXISTS ${SCHEDULE_LINKS_INDEX};`,
    `DROP TABLE IF EXISTS ${ACCOUNT_ORDER_TABLE};`,
    `DROP TABLE IF EXISTS ${SEARCH_NOTES_TABLE};`,
    `DROP TABLE IF EXISTS ${SEARCH_ROWS_TABLE};`,
    `DROP TABLE IF EXISTS ${MONTH_SUMS_TABLE};`,
    `DROP TABLE IF EXISTS ${CATEGORY_SUMS_TABLE};`,
    `DROP TABLE IF EXISTS ${PAYEE_SUMS_TABLE};`,
    `DROP TABLE IF EXISTS ${PAYEE_TOTALS_TABLE};`,
    `DROP TABLE IF EXISTS ${TAG_INDEX_TABLE};`,
    `DROP TABLE IF EXISTS ${TAG_SUMS_TABLE};`,
    `DROP TABLE IF EXISTS ${SEARCH_META_TABLE};`,
    // Its triggers write to it on every change of a transaction: they go first.
    ...APART_LINES_TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${t};`),
    `DROP TABLE IF EXISTS ${APART_LINES_TABLE};`,
  ];
  db.exec(drops.join('\n'));
}

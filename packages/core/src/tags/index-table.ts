/**
 * The tag index (issue 32): `coffer_note_tags`, one (tag, transaction id, split group) row for
 * each tag each live transaction's notes hold, read by the one notes parser (`parse.ts`); the
 * group (the parent of a split's line, else the row) lets the register page split groups by
 * tag (`../query/tagged-groups.ts`). The register's
 * 'has tag' filter, a chip's click, a `#tag` search and the report by tag find their rows
 * through it instead of reading every note.
 *
 * Kept as the search index is (`../search/`): every committed change event of the write path
 * (local edits, import, undo and redo, sync from another client, the api, a rename) moves the
 * rows of the transactions whose notes changed, and a stamp of the data written with each update
 * tells a file changed by anything else; a stale index is rebuilt in the background after the
 * open, or before the next read that needs it. `stripDerived` drops it from the copy an Actual
 * client gets.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { TAG_INDEX_TABLE } from '../query/has-tag.ts';
import { SEARCH_META_TABLE as META_TABLE } from '../query/search.ts';
import { idRange, type IdSteppedTable } from '../search/id-steps.ts';
import { dataStamp } from '../search/notes-index.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { tagsInNotes } from './parse.ts';

/**
 * Bump when the index's shape or the notes' reading changes, so an older one is rebuilt.
 * 3: the account order index was made with it (now a table of its own, `../query/account-order.ts`).
 */
const FORMAT = 3;
const META_KEY = 'tag-index-stamp';

export function tagIndexStamp(db: SqliteDatabase): string {
  return `${FORMAT}|${dataStamp(db)}`;
}

function createTables(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS ${TAG_INDEX_TABLE} (tag TEXT NOT NULL, id TEXT NOT NULL,
  grp TEXT NOT NULL, PRIMARY KEY (tag, id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ${TAG_INDEX_TABLE}_id ON ${TAG_INDEX_TABLE} (id);
CREATE INDEX IF NOT EXISTS ${TAG_INDEX_TABLE}_grp ON ${TAG_INDEX_TABLE} (grp, tag);`);
}

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`, [
    META_KEY,
    tagIndexStamp(db),
  ]);
}

/** Whether the index is there and describes the data as it is now. */
export function tagIndexIsCurrent(db: SqliteDatabase): boolean {
  const tables = db.first<{ n: number }>(
    'SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (?, ?)',
    [META_TABLE, TAG_INDEX_TABLE],
  );
  if (tables?.n !== 2) return false;
  const row = db.first<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = ?`, [
    META_KEY,
  ]);
  return row?.value === tagIndexStamp(db);
}

interface Noted {
  id: string;
  notes: unknown;
  isChild: unknown;
  parent_id: unknown;
  tombstone: unknown;
}

/** The row's split group: its parent for a split's line, else itself. */
const groupOf = (row: Noted): string =>
  row.isChild === 1 && typeof row.parent_id === 'string' ? row.parent_id : row.id;

function insertTags(db: SqliteDatabase, row: Noted): void {
  // Deleted rows are left out: a split whose only tagged line is deleted holds no tag.
  if (row.tombstone === 1) return;
  const notes = typeof row.notes === 'string' ? row.notes : null;
  for (const tag of tagsInNotes(notes)) {
    db.run(`INSERT OR IGNORE INTO ${TAG_INDEX_TABLE} (tag, id, grp) VALUES (?, ?, ?)`, [
      tag,
      row.id,
      groupOf(row),
    ]);
  }
}

/** Empties the index and fills it from every live transaction whose notes hold a `#`. */
export function rebuildTagIndex(db: SqliteDatabase): void {
  db.transaction(() => {
    // An older format's table has other columns: made afresh.
    db.exec(`DROP TABLE IF EXISTS ${TAG_INDEX_TABLE}`);
    createTables(db);
    const noted = db.all<Noted>(
      "SELECT id, notes, isChild, parent_id, tombstone FROM transactions WHERE notes LIKE '%#%'",
    );
    for (const row of noted) insertTags(db, row);
    writeStamp(db);
  });
}

const notesOf = (row: Readonly<Record<string, unknown>> | null): string => {
  const n = row?.notes;
  return typeof n === 'string' ? n : '';
};

/**
 * One committed change event into the index (when it was current before the event), and the
 * new stamp. Only rows whose notes or split group moved are touched, and only when their notes
 * hold a `#` before or after.
 */
export function applyToTagIndex(db: SqliteDatabase, event: ChangeEvent): void {
  db.transaction(() => {
    applyTags(db, event, () => true);
    writeStamp(db);
  });
}

/**
 * The same rebuild in steps by transaction id (`../search/id-steps.ts`): after a download or
 * another client's write, saves are answered between the steps, and a reload resumes the build.
 */
export const TAG_INDEX_STEPS: IdSteppedTable = {
  reset(db) {
    // An older format's table has other columns: made afresh.
    db.exec(`DROP TABLE IF EXISTS ${TAG_INDEX_TABLE}`);
    createTables(db);
    db.run(`DELETE FROM ${META_TABLE} WHERE key = ?`, [META_KEY]);
  },
  fill(db, after, upTo) {
    const range = idRange('id', after, upTo);
    const noted = db.all<Noted>(
      `SELECT id, notes, isChild, parent_id, tombstone FROM transactions
       WHERE notes LIKE '%#%'${range.sql}`,
      range.params,
    );
    for (const row of noted) insertTags(db, row);
  },
  applyWhere: applyTags,
  finish: writeStamp,
};

function applyTags(db: SqliteDatabase, event: ChangeEvent, counts: (id: string) => boolean) {
  for (const change of event.changes.get('transactions') ?? []) {
    if (!counts(change.id)) continue;
    const before = notesOf(change.old);
    const after = notesOf(change.new);
    if (!(before.includes('#') || after.includes('#'))) continue;
    const moved = (k: string) => (change.old?.[k] ?? null) !== (change.new?.[k] ?? null);
    if (before === after && !['isChild', 'parent_id', 'tombstone'].some(moved)) continue;
    // A row new in this event has no tags indexed yet.
    if (change.old) db.run(`DELETE FROM ${TAG_INDEX_TABLE} WHERE id = ?`, [change.id]);
    if (change.new) {
      insertTags(db, {
        id: change.id,
        notes: after,
        isChild: change.new.isChild,
        parent_id: change.new.parent_id,
        tombstone: change.new.tombstone,
      });
    }
  }
}

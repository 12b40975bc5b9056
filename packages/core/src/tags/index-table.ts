/**
 * The tag index (issue 32): `coffer_note_tags`, one (transaction id, tag) row for each tag each
 * stored transaction's notes hold, read by the one notes parser (`parse.ts`). The register's
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
import { dataStamp } from '../search/notes-index.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { tagsInNotes } from './parse.ts';

/** Bump when the index's shape or the notes' reading changes, so an older one is rebuilt. */
const FORMAT = 1;
const META_KEY = 'tag-index-stamp';

export function tagIndexStamp(db: SqliteDatabase): string {
  return `${FORMAT}|${dataStamp(db)}`;
}

function createTables(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS ${TAG_INDEX_TABLE} (tag TEXT NOT NULL, id TEXT NOT NULL,
  PRIMARY KEY (tag, id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ${TAG_INDEX_TABLE}_id ON ${TAG_INDEX_TABLE} (id);`);
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

function insertTags(db: SqliteDatabase, id: string, notes: string | null | undefined): void {
  for (const tag of tagsInNotes(notes)) {
    db.run(`INSERT OR IGNORE INTO ${TAG_INDEX_TABLE} (tag, id) VALUES (?, ?)`, [tag, id]);
  }
}

/** Empties the index and fills it from every stored transaction whose notes hold a `#`. */
export function rebuildTagIndex(db: SqliteDatabase): void {
  db.transaction(() => {
    createTables(db);
    db.run(`DELETE FROM ${TAG_INDEX_TABLE}`);
    const noted = db.all<{ id: string; notes: string }>(
      "SELECT id, notes FROM transactions WHERE notes LIKE '%#%'",
    );
    for (const { id, notes } of noted) insertTags(db, id, notes);
    writeStamp(db);
  });
}

const notesOf = (row: Readonly<Record<string, unknown>> | null): string => {
  const n = row?.notes;
  return typeof n === 'string' ? n : '';
};

/**
 * One committed change event into the index (when it was current before the event), and the
 * new stamp. Only rows whose notes moved are touched, and only when either side holds a `#`.
 */
export function applyToTagIndex(db: SqliteDatabase, event: ChangeEvent): void {
  const rows = event.changes.get('transactions') ?? [];
  db.transaction(() => {
    for (const change of rows) {
      const before = notesOf(change.old);
      const after = notesOf(change.new);
      if (before === after || !(before.includes('#') || after.includes('#'))) continue;
      db.run(`DELETE FROM ${TAG_INDEX_TABLE} WHERE id = ?`, [change.id]);
      insertTags(db, change.id, after);
    }
    writeStamp(db);
  });
}

/**
 * How far a derived table's background build got, kept in the file (issue 29): on a phone a
 * reload or a close used to throw a half-done build away, so each start paid for it again. A
 * row in Coffer's own meta table (`coffer_derived_meta`, which Actual never reads and
 * `stripDerived` drops from uploads) holds the table's stamp (its format and the data it
 * describes: the newest message and the migration count) and the build's position. The next
 * open resumes from that position only while the stamp still matches, so an edit made by
 * anything that did not keep the build in step (another client, a crash between a commit and
 * the build's update) starts the build over.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { SEARCH_META_TABLE as META_TABLE } from '../query/search.ts';

export interface BuildProgress {
  stamp: string;
  position: string;
}

const key = (name: string) => `build:${name}`;

/** The progress a former build of `name` recorded, or null. */
export function readProgress(db: SqliteDatabase, name: string): BuildProgress | null {
  const table = db.first('SELECT 1 FROM sqlite_master WHERE name = ?', [META_TABLE]);
  if (!table) return null;
  const row = db.first<{ value: string }>(`SELECT value FROM ${META_TABLE} WHERE key = ?`, [
    key(name),
  ]);
  if (!row) return null;
  try {
    const parsed: unknown = JSON.parse(row.value);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { stamp, position } = parsed as Record<string, unknown>;
    return typeof stamp === 'string' && typeof position === 'string' ? { stamp, position } : null;
  } catch {
    return null;
  }
}

/** Records (or, with a null position, forgets) where the build of `name` stands. */
export function writeProgress(
  db: SqliteDatabase,
  name: string,
  stamp: string,
  position: string | null,
): void {
  if (position === null) {
    if (db.first('SELECT 1 FROM sqlite_master WHERE name = ?', [META_TABLE])) {
      db.run(`DELETE FROM ${META_TABLE} WHERE key = ?`, [key(name)]);
    }
    return;
  }
  db.exec(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT)`);
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES (?, ?)`, [
    key(name),
    JSON.stringify({ stamp, position }),
  ]);
}

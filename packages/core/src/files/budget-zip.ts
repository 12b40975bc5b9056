import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DB_FILE, METADATA_FILE, type BudgetPrefs } from '../budget-file/prefs.ts';
import type { SqliteDriver } from '../platform/index.ts';
import { stripDerived } from '../search/notes-index.ts';

/**
 * The budget archive Actual uploads and exports: exactly `db.sqlite` (the spreadsheet cache
 * emptied, Coffer's search index dropped, the message log kept) and `metadata.json` (the prefs with `resetClock: true`, so the
 * device that opens it takes a new node id).
 */
export function makeBudgetZip(
  sqlite: SqliteDriver,
  dbBytes: Uint8Array,
  prefs: Readonly<BudgetPrefs>,
): Uint8Array {
  const copy = sqlite.deserialize(dbBytes);
  let clean: Uint8Array;
  try {
    const tables = new Set(
      copy
        .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .map((r) => r.name),
    );
    // A new device recomputes the cache; shipping it would only make the file bigger.
    for (const table of ['kvcache', 'kvcache_key']) {
      if (tables.has(table)) copy.run(`DELETE FROM ${table}`);
    }
    stripDerived(copy);
    clean = copy.serialize();
  } finally {
    copy.close();
  }
  const meta = { ...prefs, resetClock: true };
  return zipSync({
    [DB_FILE]: clean,
    [METADATA_FILE]: strToU8(JSON.stringify(meta)),
  });
}

export type ZipReadError = 'not-zip-file' | 'invalid-zip-file' | 'invalid-meta-file';

export interface BudgetArchive {
  db: Uint8Array;
  meta: Record<string, unknown>;
}

/**
 * Read an archive. Like Actual, any entry whose name contains `db.sqlite` / `metadata.json`
 * counts (exports made by other tools may nest them in a folder).
 */
export function readBudgetZip(bytes: Uint8Array): BudgetArchive | { error: ZipReadError } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    return { error: 'not-zip-file' };
  }
  const names = Object.keys(entries);
  const dbName = names.find((n) => n.includes(DB_FILE));
  const metaName = names.find((n) => n.includes(METADATA_FILE));
  if (!dbName || !metaName) return { error: 'invalid-zip-file' };
  let meta: unknown;
  try {
    meta = JSON.parse(strFromU8(entries[metaName]!));
  } catch {
    return { error: 'invalid-meta-file' };
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta))
    return { error: 'invalid-meta-file' };
  return { db: entries[dbName]!, meta: meta as Record<string, unknown> };
}

import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DB_FILE, METADATA_FILE, type BudgetPrefs } from '../budget-file/prefs.ts';
import type { SqliteDriver } from '../platform/index.ts';
import { stripDerived } from '../search/notes-index.ts';
import { deflateZip } from './zip-write.ts';

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
  return zipSync(budgetEntries(cleanDatabase(sqlite, dbBytes), prefs));
}

/**
 * `makeBudgetZip`, deflated by the platform's own zlib a piece at a time (`deflateZip`) when
 * it can: at 1,000,000 transactions JavaScript's deflate took 85 s and held a second copy of
 * the database. The same entries either way; fflate where the platform has no zlib stream.
 */
export async function packBudgetZip(
  sqlite: SqliteDriver,
  dbBytes: Uint8Array,
  prefs: Readonly<BudgetPrefs>,
): Promise<Uint8Array> {
  const entries = budgetEntries(cleanDatabase(sqlite, dbBytes), prefs);
  const zip = await deflateZip(Object.entries(entries).map(([name, data]) => ({ name, data })));
  return zip ?? zipSync(entries);
}

function budgetEntries(
  clean: Uint8Array,
  prefs: Readonly<BudgetPrefs>,
): Record<string, Uint8Array> {
  const meta = { ...prefs, resetClock: true };
  return { [DB_FILE]: clean, [METADATA_FILE]: strToU8(JSON.stringify(meta)) };
}

/** The database as it travels: the spreadsheet cache emptied, the derived tables dropped. */
function cleanDatabase(sqlite: SqliteDriver, dbBytes: Uint8Array): Uint8Array {
  const copy = sqlite.deserialize(dbBytes);
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
    return copy.serialize();
  } finally {
    copy.close();
  }
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

import type { SqliteDatabase } from '../platform/index.ts';
import { initSchema, migrate } from './migrate.ts';
import { ensureViews } from './views.ts';

export type PrepareResult =
  | { ok: true; ran: number[]; newerMigrations: number[]; viewsRebuilt: boolean }
  | { ok: false; error: 'out-of-sync-migrations' | 'not-a-budget'; message: string };

const hasTable = (db: SqliteDatabase, name: string): boolean =>
  db.first("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?", [name]) != null;

/**
 * Make a database ready to use as a budget: an empty database gets the base schema, then
 * pending migrations run and the views are rebuilt if their definition changed. A file from a
 * newer Actual (our migrations plus later ones) is used as it is; its extra tables and
 * columns are simply not touched.
 */
export function prepareDatabase(
  db: SqliteDatabase,
  options: { create?: boolean } = {},
): PrepareResult {
  // One transaction for the whole upgrade: a crash leaves the file as it was, and a new file
  // pays for one disk sync instead of one per migration.
  return db.transaction((): PrepareResult => {
    if (!hasTable(db, '__migrations__')) {
      const empty = db.first("SELECT 1 AS x FROM sqlite_master WHERE type = 'table'") == null;
      if (!(options.create && empty)) {
        return { ok: false, error: 'not-a-budget', message: 'The database has no migration table' };
      }
      initSchema(db);
    }
    const outcome = migrate(db);
    if (outcome.kind === 'out-of-sync') {
      return {
        ok: false,
        error: 'out-of-sync-migrations',
        message: `Applied migrations do not match this version: ${outcome.applied.join(', ')}`,
      };
    }
    const viewsRebuilt = ensureViews(db);
    return {
      ok: true,
      ran: outcome.kind === 'migrated' ? outcome.ran : [],
      newerMigrations: outcome.kind === 'newer' ? outcome.extra : [],
      viewsRebuilt,
    };
  });
}

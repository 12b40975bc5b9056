import type { SqliteDatabase } from '../platform/index.ts';
import { type CatchUp, catchUpColumns, latestLogged } from './catch-up.ts';
import { prepareExtensionTables } from './extension-tables.ts';
import { type ExtensionChanges, prepareExtensions } from './extensions.ts';
import { FileColumns } from './file-columns.ts';
import { initSchema, migrate } from './migrate.ts';
import { SYNCED_SCHEMA } from './synced-tables.ts';
import { ensureViews } from './views.ts';

export type PrepareError = 'out-of-sync-migrations' | 'not-a-budget';

export type PrepareResult =
  | {
      ok: true;
      ran: number[];
      newerMigrations: number[];
      viewsRebuilt: boolean;
      /** The file's synced tables and columns, as it now is. */
      columns: FileColumns;
      catchUp: CatchUp;
      extensions: ExtensionChanges;
    }
  | { ok: false; error: PrepareError; message: string };

const hasTable = (db: SqliteDatabase, name: string): boolean =>
  db.first("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?", [name]) != null;

/** Thrown inside the transaction so a refused file is rolled back to exactly what it was. */
class Refused extends Error {
  constructor(
    readonly error: PrepareError,
    message: string,
  ) {
    super(message);
  }
}

/** Modelled columns a file lacks: a newer Actual dropped or renamed something Coffer uses. */
function missingColumns(files: FileColumns): string[] {
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(SYNCED_SCHEMA)) {
    for (const column of Object.keys(columns)) {
      if (!files.has(table, column)) missing.push(`${table}.${column}`);
    }
  }
  return missing;
}

/**
 * Make a database ready to use as a budget: an empty database gets the base schema, pending
 * migrations run, Coffer's extension columns get their place (extensions.ts), columns that appeared
 * since the last open catch up with the message log (catch-up.ts), and the views are rebuilt
 * if their definition changed. A file from a newer Actual (our migrations plus later ones) is
 * used as it is, its extra tables and columns kept and synced. A file Coffer cannot use
 * (divergent migrations, a newer schema without a column Coffer needs) is refused and left
 * exactly as it was.
 */
export function prepareDatabase(
  db: SqliteDatabase,
  options: { create?: boolean } = {},
): PrepareResult {
  try {
    // One transaction for the whole upgrade: a crash or a refusal leaves the file as it was,
    // and a new file pays for one disk sync instead of one per migration.
    return db.transaction((): PrepareResult => {
      if (!hasTable(db, '__migrations__')) {
        const empty = db.first("SELECT 1 AS x FROM sqlite_master WHERE type = 'table'") == null;
        if (!(options.create && empty)) {
          throw new Refused('not-a-budget', 'The database has no migration table');
        }
        initSchema(db);
      }
      const outcome = migrate(db);
      if (outcome.kind === 'out-of-sync') {
        throw new Refused(
          'out-of-sync-migrations',
          `Applied migrations do not match this version: ${outcome.applied.join(', ')}`,
        );
      }
      const logged = (table: string, row: string, column: string) =>
        latestLogged(db, table, row, column);
      const columnChanges = prepareExtensions(db, logged);
      const tableChanges = prepareExtensionTables(db, logged);
      const extensions: ExtensionChanges = {
        sideAdded: [...columnChanges.sideAdded, ...tableChanges.sideAdded],
        folded: [...columnChanges.folded, ...tableChanges.folded],
      };
      const columns = FileColumns.learn(db);
      const missing = missingColumns(columns);
      if (missing.length > 0) {
        throw new Refused(
          'out-of-sync-migrations',
          `This file has no ${missing.join(', ')}, which this version needs`,
        );
      }
      const catchUp = catchUpColumns(db, columns, extensions.sideAdded);
      const viewsRebuilt = ensureViews(db, columns);
      return {
        ok: true,
        ran: outcome.kind === 'migrated' ? outcome.ran : [],
        newerMigrations: outcome.kind === 'newer' ? outcome.extra : [],
        viewsRebuilt,
        columns,
        catchUp,
        extensions,
      };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, error: err.error, message: err.message };
    throw err;
  }
}

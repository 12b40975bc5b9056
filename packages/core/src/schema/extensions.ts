import type { SqlValue, SqliteDatabase } from '../platform/index.ts';

/**
 * Columns of a later Actual that Coffer uses for a feature of its own (DESIGN §1: new features
 * follow Actual's names). Their messages carry Actual's table and column, so they sync with
 * current Actual clients both ways.
 *
 * Where they are stored depends on the file. A file a current Actual migrated has the column
 * itself, and it is used. A 23.8.1 file cannot take it: recording Actual's migration id makes
 * a 23.8-era Actual refuse the file, and adding the column without the id makes a current
 * Actual fail when its own migration adds it again (`duplicate column name`). So a 23.8.1 file
 * keeps them in a side table of Coffer's, `coffer_ext_<table>` (`id` plus the columns), which
 * every Actual ignores, and Coffer reads a table's rows joined with it (`FileColumns.rowsSql`).
 * When a current Actual has added the column meanwhile, Coffer moves the side table's values
 * into it on open and drops the side table. See the README beside this.
 */
export interface ExtensionColumn {
  table: string;
  column: string;
  /** The column definition of Actual's migration, verbatim. */
  definition: string;
  /** The Actual migration that adds the column (for the record; Coffer never records it). */
  migration: number;
}

export const EXTENSION_COLUMNS: readonly ExtensionColumn[] = [
  // Reconciled transactions are locked in the register (Actual 23.10 onwards).
  {
    table: 'transactions',
    column: 'reconciled',
    definition: 'INTEGER DEFAULT 0',
    migration: 1697046240000,
  },
  // Which bank provider an account is linked through (Actual 24.1 onwards): 'goCardless',
  // 'simpleFin', 'enableBanking', …; an Actual client sharing the budget syncs by it.
  {
    table: 'accounts',
    column: 'account_sync_source',
    definition: 'TEXT',
    migration: 1704572023730,
  },
  // A bank sync's last run (ms since the epoch, as text) and outcome ('ok' or the error kind),
  // and each bank row's answer as the bank sent it (Actual 25.3 and 26.x): an Actual client
  // sharing the budget shows them on its bank sync page.
  { table: 'accounts', column: 'last_sync', definition: 'text', migration: 1739139550000 },
  { table: 'accounts', column: 'bank_sync_status', definition: 'text', migration: 1780606215000 },
  {
    table: 'transactions',
    column: 'raw_synced_data',
    definition: 'text',
    migration: 1739139550000,
  },
];

/** The side table holding a table's extension columns in a file without them. */
export const sideTableOf = (table: string): string => `coffer_ext_${table}`;

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function columnsOf(db: SqliteDatabase, table: string): Set<string> {
  return new Set(
    db.all<{ name: string }>('SELECT name FROM pragma_table_info(?)', [table]).map((c) => c.name),
  );
}

/** What `prepareExtensions` did, as `table.column` cells. */
export interface ExtensionChanges {
  /** Cells that got a side column just now: the log may hold values for them. */
  sideAdded: string[];
  /** Cells whose side values moved into the file's own new column. */
  folded: string[];
}

/**
 * Give every extension column a place in the file: the file's own column where it has one
 * (moving side values there, the newest logged message of a cell winning over the side value,
 * since an Actual that added the column after the message arrived never applied it), else a
 * column of the side table.
 */
export function prepareExtensions(
  db: SqliteDatabase,
  latestLogged: (table: string, row: string, column: string) => { value: SqlValue } | null,
): ExtensionChanges {
  const changes: ExtensionChanges = { sideAdded: [], folded: [] };
  for (const ext of EXTENSION_COLUMNS) {
    const own = columnsOf(db, ext.table);
    if (own.size === 0) continue;
    const side = sideTableOf(ext.table);
    const sideColumns = columnsOf(db, side);
    const cell = `${ext.table}.${ext.column}`;
    if (own.has(ext.column)) {
      if (!sideColumns.has(ext.column)) continue;
      foldSideColumn(db, ext, latestLogged);
      changes.folded.push(cell);
    } else if (!sideColumns.has(ext.column)) {
      if (sideColumns.size === 0) db.exec(`CREATE TABLE ${quote(side)} (id TEXT PRIMARY KEY)`);
      db.exec(`ALTER TABLE ${quote(side)} ADD COLUMN ${quote(ext.column)} ${ext.definition}`);
      changes.sideAdded.push(cell);
    }
  }
  return changes;
}

export function foldSideColumn(
  db: SqliteDatabase,
  ext: ExtensionColumn,
  latestLogged: (table: string, row: string, column: string) => { value: SqlValue } | null,
): void {
  const side = quote(sideTableOf(ext.table));
  const column = quote(ext.column);
  const rows = db.all<{ id: string; value: SqlValue }>(
    `SELECT id, ${column} AS value FROM ${side}`,
  );
  const update = `UPDATE ${quote(ext.table)} SET ${column} = ? WHERE id = ?`;
  for (const row of rows) {
    const logged = latestLogged(ext.table, row.id, ext.column);
    db.run(update, [logged ? logged.value : row.value, row.id]);
  }
  const left = [...columnsOf(db, sideTableOf(ext.table))].filter(
    (c) => c !== 'id' && c !== ext.column,
  );
  if (left.length === 0) {
    db.exec(`DROP TABLE ${side}`);
    return;
  }
  // SQLite refuses to drop a column a view reads: the views go first (they read each other;
  // the file's views are the ones Actual and Coffer both make), and `ensureViews` makes them
  // again, without the column, once the file is ready.
  const views = db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'view'");
  for (const view of views) db.exec(`DROP VIEW IF EXISTS ${quote(view.name)}`);
  db.exec(`ALTER TABLE ${side} DROP COLUMN ${column}`);
}

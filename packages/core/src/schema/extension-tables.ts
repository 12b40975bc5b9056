import type { SqlValue, SqliteDatabase } from '../platform/index.ts';
import { type ExtensionChanges, foldSideColumn, sideTableOf } from './extensions.ts';

/**
 * Whole tables of a later Actual that Coffer uses for a feature of its own, under Actual's
 * table and column names, so their messages sync with current Actual clients both ways.
 *
 * The same constraint as for extension columns (extensions.ts) holds for a whole table: a
 * 23.8.1 file cannot record Actual's migration ids, and a table made without them makes a
 * current Actual fail to open the file (its migration runs `CREATE TABLE tags` again: `table
 * tags already exists`). So a file without the table keeps its rows in a table of Coffer's,
 * `coffer_table_<table>`, with Actual's columns, which every Actual ignores; `FileColumns`
 * reads and writes the dataset there. When a current Actual has made the table meanwhile, the
 * rows move into it on open (the newest logged message of a cell winning) and Coffer's goes.
 * A file whose table is older than Actual's latest (tags without `hidden`) keeps the missing
 * columns beside it, as extension columns (`coffer_ext_<table>`, extensions.ts).
 */
export interface ExtensionTable {
  table: string;
  /** Actual's columns (besides `id`) with their definitions, as its migrations leave them. */
  columns: ReadonlyArray<readonly [name: string, definition: string]>;
  /** The Actual migrations that make the table (for the record; Coffer never records them). */
  migrations: readonly number[];
}

export const EXTENSION_TABLES: readonly ExtensionTable[] = [
  // Tags: `#word` in notes, with a colour, a description and a hidden flag (Actual 25.7 on).
  // Actual's `tag` is UNIQUE; Coffer's own copy is not, so two remote messages naming one tag
  // on two rows cannot stop a sync (the handlers keep names apart for local writes).
  {
    table: 'tags',
    columns: [
      ['tag', 'TEXT'],
      ['color', 'TEXT'],
      ['description', 'TEXT'],
      ['tombstone', 'integer DEFAULT 0'],
      ['hidden', 'BOOLEAN DEFAULT 0'],
    ],
    migrations: [1749799110000, 1749799110001, 1780327681000],
  },
];

/** The table of Coffer's holding a later Actual's table in a file without it. */
export const storeTableOf = (table: string): string => `coffer_table_${table}`;

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function columnsOf(db: SqliteDatabase, table: string): Set<string> {
  return new Set(
    db.all<{ name: string }>('SELECT name FROM pragma_table_info(?)', [table]).map((c) => c.name),
  );
}

/**
 * Give every extension table a place: the file's own table where it has one (moving the rows
 * Coffer kept into it), else Coffer's table with Actual's columns. Cells given a place just now
 * are reported in `sideAdded` (the log may hold values for them), moved tables in `folded`.
 */
export function prepareExtensionTables(
  db: SqliteDatabase,
  latestLogged: (table: string, row: string, column: string) => { value: SqlValue } | null,
): ExtensionChanges {
  const changes: ExtensionChanges = { sideAdded: [], folded: [] };
  for (const ext of EXTENSION_TABLES) {
    const own = columnsOf(db, ext.table);
    const side = storeTableOf(ext.table);
    const kept = columnsOf(db, side);
    if (own.size > 0) {
      if (kept.size > 0) {
        foldTable(db, ext, own, kept, latestLogged);
        changes.folded.push(ext.table);
      }
      prepareMissingColumns(db, ext, own, latestLogged, changes);
      continue;
    }
    if (kept.size === 0) db.exec(`CREATE TABLE ${quote(side)} (id TEXT PRIMARY KEY)`);
    for (const [column, definition] of ext.columns) {
      if (kept.has(column)) continue;
      db.exec(`ALTER TABLE ${quote(side)} ADD COLUMN ${quote(column)} ${definition}`);
      changes.sideAdded.push(`${ext.table}.${column}`);
    }
  }
  return changes;
}

/** The columns an older version of the table lacks, kept beside it (extensions.ts). */
function prepareMissingColumns(
  db: SqliteDatabase,
  ext: ExtensionTable,
  own: ReadonlySet<string>,
  latestLogged: (table: string, row: string, column: string) => { value: SqlValue } | null,
  changes: ExtensionChanges,
): void {
  const side = sideTableOf(ext.table);
  for (const [column, definition] of ext.columns) {
    const aside = columnsOf(db, side);
    const cell = `${ext.table}.${column}`;
    if (own.has(column)) {
      if (!aside.has(column)) continue;
      foldSideColumn(db, { table: ext.table, column, definition, migration: 0 }, latestLogged);
      changes.folded.push(cell);
    } else if (!aside.has(column)) {
      if (aside.size === 0) db.exec(`CREATE TABLE ${quote(side)} (id TEXT PRIMARY KEY)`);
      db.exec(`ALTER TABLE ${quote(side)} ADD COLUMN ${quote(column)} ${definition}`);
      changes.sideAdded.push(cell);
    }
  }
}

function foldTable(
  db: SqliteDatabase,
  ext: ExtensionTable,
  own: ReadonlySet<string>,
  kept: ReadonlySet<string>,
  latestLogged: (table: string, row: string, column: string) => { value: SqlValue } | null,
): void {
  const side = storeTableOf(ext.table);
  const columns = ext.columns.map(([c]) => c).filter((c) => own.has(c) && kept.has(c));
  const rows = db.all<Record<string, SqlValue>>(`SELECT * FROM ${quote(side)}`);
  const names = columns.map(quote);
  const upsert =
    `INSERT INTO ${quote(ext.table)} (id, ${names.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})` +
    ` ON CONFLICT (id) DO UPDATE SET ${names.map((n) => `${n} = excluded.${n}`).join(', ')}`;
  for (const row of rows) {
    const id = String(row.id);
    const values = columns.map((c) => {
      const logged = latestLogged(ext.table, id, c);
      return logged ? logged.value : (row[c] ?? null);
    });
    // Actual's table may hold the name under another id (made there meanwhile): its row stays.
    const tagAt = columns.indexOf('tag');
    if (tagAt >= 0) {
      const clash = db.first(`SELECT 1 AS x FROM ${quote(ext.table)} WHERE tag = ? AND id <> ?`, [
        values[tagAt]!,
        id,
      ]);
      if (clash) continue;
    }
    db.run(upsert, [id, ...values]);
  }
  db.exec(`DROP TABLE ${quote(side)}`);
}

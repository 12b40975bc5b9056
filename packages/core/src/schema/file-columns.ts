import type { SqliteDatabase } from '../platform/index.ts';
import { EXTENSION_TABLES, storeTableOf } from './extension-tables.ts';
import { sideTableOf } from './extensions.ts';

/**
 * Tables a message never writes although they have a text id: the message log itself, the
 * spreadsheet cache, derived indexes, and the dead tables of Actual's first schema. Coffer's
 * own tables (`coffer_*`) are not datasets either. Any other table keyed by `id TEXT` is a
 * synced table.
 */
const LOCAL_TABLES: ReadonlySet<string> = new Set([
  'messages_crdt',
  'messages_clock',
  'kvcache',
  'kvcache_key',
  'schedules_json_paths',
  'pending_transactions',
  'created_budgets',
  'spreadsheet_cells',
  'db_version',
]);

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
  hidden: number;
  dflt_value: string | null;
}

/** A table's extension columns kept in its side table (schema/extensions.ts). */
export interface SideTable {
  name: string;
  columns: readonly string[];
  /** Each column's default as SQL (a literal): what a row without a side row reads. */
  defaults: ReadonlyMap<string, string>;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Only a plain literal default is used in SQL Coffer builds; anything else reads as NULL. */
const LITERAL = /^(NULL|[+-]?\d+(\.\d+)?|'(?:[^']|'')*')$/i;

function keyedColumns(db: SqliteDatabase, table: string): ColumnInfo[] | null {
  const info = db.all<ColumnInfo>(
    'SELECT name, type, pk, hidden, dflt_value FROM pragma_table_xinfo(?)',
    [table],
  );
  // A message's row is the table's text primary key `id`; other tables cannot take one.
  const id = info.find((c) => c.name === 'id');
  if (!id || id.pk !== 1 || info.some((c) => c.pk > 1)) return null;
  if (!id.type.toUpperCase().includes('TEXT')) return null;
  return info.filter((c) => c.name !== 'id' && c.hidden === 0);
}

/**
 * The synced tables and columns of one open budget file, learnt from the file itself when it
 * opens: the tables Coffer models, whatever a newer Actual added (goal templates, reports,
 * tags, …), and the extension columns a 23.8.1 file keeps in a side table. A remote message is
 * applied when its table and column are here, whether Coffer models them or not, so nothing an
 * Actual client writes is lost from a file that can hold it.
 *
 * Names here come from the file's schema, never from a message: a message only selects one.
 */
export class FileColumns {
  private readonly sets = new Map<string, ReadonlySet<string>>();

  private constructor(
    private readonly tables: ReadonlyMap<string, readonly string[]>,
    private readonly sides: ReadonlyMap<string, SideTable>,
    private readonly stores: ReadonlyMap<string, string>,
  ) {
    for (const [table, columns] of tables) {
      this.sets.set(table, new Set([...columns, ...(sides.get(table)?.columns ?? [])]));
    }
  }

  static learn(db: SqliteDatabase): FileColumns {
    const tables = new Map<string, readonly string[]>();
    const sides = new Map<string, SideTable>();
    const names = db
      .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .map((r) => r.name);
    const present = new Set(names);
    const stores = new Map<string, string>();
    for (const name of names) {
      if (name.startsWith('sqlite_') || name.startsWith('__') || name.startsWith('coffer_')) {
        continue;
      }
      if (LOCAL_TABLES.has(name)) continue;
      const info = keyedColumns(db, name);
      if (!info) continue;
      const columns = info.map((c) => c.name);
      tables.set(name, columns);
      const side = sideTableOf(name);
      const extra = (present.has(side) ? keyedColumns(db, side) : null)?.filter(
        (c) => !columns.includes(c.name),
      );
      if (extra && extra.length > 0) {
        const defaults = new Map<string, string>();
        for (const c of extra) {
          const dflt = c.dflt_value ?? 'NULL';
          defaults.set(c.name, LITERAL.test(dflt) ? dflt : 'NULL');
        }
        sides.set(name, { name: side, columns: extra.map((c) => c.name), defaults });
      }
    }
    // A whole table of a later Actual that the file keeps in Coffer's table (extension-tables.ts).
    for (const ext of EXTENSION_TABLES) {
      const store = storeTableOf(ext.table);
      if (present.has(ext.table) || !present.has(store)) continue;
      const info = keyedColumns(db, store);
      if (!info) continue;
      tables.set(
        ext.table,
        info.map((c) => c.name),
      );
      stores.set(ext.table, store);
    }
    return new FileColumns(tables, sides, stores);
  }

  /**
   * The SQLite table holding a dataset's rows: its own name, or Coffer's table for a table of
   * a later Actual that this file does not have (extension-tables.ts).
   */
  tableName(table: string): string {
    return this.stores.get(table) ?? table;
  }

  hasTable(table: string): boolean {
    return this.tables.has(table);
  }

  /** Whether a message for (table, column) has a place in this file. */
  has(table: string, column: string): boolean {
    return this.sets.get(table)?.has(column) ?? false;
  }

  /** The table's own columns in the file's order (without `id`); empty for a table not here. */
  columns(table: string): readonly string[] {
    return this.tables.get(table) ?? [];
  }

  /** Where the table's extension columns live, when the file keeps them apart. */
  side(table: string): SideTable | null {
    return this.sides.get(table) ?? null;
  }

  /** Of the table's own columns, those `cells` sets, in the file's order. */
  present(table: string, cells: { has(column: string): boolean }): string[] {
    return this.columns(table).filter((c) => cells.has(c));
  }

  /**
   * `SELECT` of a synced table's whole rows, aliased `t`: its own columns, then any side
   * columns, then `extraSelect`. Callers add joins and `WHERE t.…`. Every reader of whole rows goes through this, so a
   * row looks the same whether the file holds an extension column itself or on the side.
   */
  rowsSql(table: string, extraSelect?: string): string {
    const side = this.sides.get(table);
    const select = ['t.*'];
    for (const c of side?.columns ?? []) select.push(`${this.columnSql(table, c)} AS ${quote(c)}`);
    if (extraSelect) select.push(extraSelect);
    return `SELECT ${select.join(', ')} FROM ${quote(this.tableName(table))} t${this.joinSql(table)}`;
  }

  /**
   * A column of `t` (the table's alias) as SQL: the file's own, or the side table's (`x`),
   * where a row without a side row reads the column's default, as it would from a column
   * the file had all along.
   */
  columnSql(table: string, column: string): string {
    const side = this.sides.get(table);
    if (!side?.defaults.has(column)) return `t.${quote(column)}`;
    const dflt = side.defaults.get(column)!;
    return `CASE WHEN x.id IS NULL THEN ${dflt} ELSE x.${quote(column)} END`;
  }

  /** The join that `columnSql` needs (empty when the table keeps everything itself). */
  joinSql(table: string): string {
    const side = this.sides.get(table);
    return side ? ` LEFT JOIN ${quote(side.name)} x ON x.id = t.id` : '';
  }

  /** Every synced cell kind as `table.column`, sorted: what the file can hold. */
  list(): string[] {
    const out: string[] = [];
    for (const [table, columns] of this.sets) for (const c of columns) out.push(`${table}.${c}`);
    return out.sort();
  }
}

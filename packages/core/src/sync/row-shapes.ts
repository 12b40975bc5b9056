import type { SqlValue, SqliteDatabase } from '../platform/index.ts';
import type { FileColumns } from '../schema/file-columns.ts';
import type { CellValue, Row } from './types.ts';

/**
 * Which values a column stores exactly as bound, as bits: SQLite's type affinity decides text
 * and numbers, and a NOT NULL column may turn null into its default (ON CONFLICT REPLACE)
 * instead of failing.
 */
type Affinity = number;
const KEEPS_TEXT = 1;
const KEEPS_NUMBER = 2;
const KEEPS_NULL = 4;

interface TableShape {
  /** Every column in table order (the order of `SELECT *`). */
  columns: readonly string[];
  /** Each column's default: what a new row holds where no cell is set. */
  defaults: readonly SqlValue[];
  affinity: ReadonlyMap<string, Affinity>;
  /**
   * A new row at its defaults, every column a key in table order, in V8's fast mode: rows are
   * copies of it (`{ ...template }`), whose cells are then set over keys that exist. A row
   * built key by key from `{}` by computed names drops to dictionary mode past a dozen keys:
   * each row of a transaction's width was then kilobytes (an import of 50,000 made 170 MB of
   * them) and slower for every listener to read.
   */
  template: Row;
}

/**
 * A plain object with these keys and values in this order, in fast mode: JSON's parser builds
 * objects through shared hidden classes, where computed-name stores would not.
 */
function fastRow(columns: readonly string[], values: readonly SqlValue[]): Row {
  const row: Row = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i]!;
  return JSON.parse(JSON.stringify(row)) as Row;
}

/** SQLite's affinity rules (datatype3 §3.1), in their order. */
function affinityOf(declared: string, notNull: boolean): Affinity {
  const type = declared.toUpperCase();
  const nulls = notNull ? 0 : KEEPS_NULL;
  if (type.includes('INT')) return KEEPS_NUMBER | nulls;
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) {
    return KEEPS_TEXT | nulls;
  }
  if (type === '' || type.includes('BLOB')) return KEEPS_TEXT | KEEPS_NUMBER | nulls;
  return KEEPS_NUMBER | nulls;
}

/** Whether SQLite gives `value` back unchanged from a column of this affinity. */
function keeps(affinity: Affinity | undefined, value: CellValue): boolean {
  if (affinity === undefined) return false;
  if (value === null) return (affinity & KEEPS_NULL) !== 0;
  if (typeof value === 'string') return (affinity & KEEPS_TEXT) !== 0;
  // -0 comes back as 0 from some columns and as -0 from others; NaN comes back as null.
  return (
    typeof value === 'number' &&
    (affinity & KEEPS_NUMBER) !== 0 &&
    Number.isFinite(value) &&
    !Object.is(value, -0)
  );
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const QUOTED = /^'((?:[^']|'')*)'$/;

/** A constant default's value, or undefined for an expression (its value is not known here). */
function literal(sql: string | null): CellValue | undefined {
  if (sql === null || sql.toUpperCase() === 'NULL') return null;
  if (NUMBER.test(sql)) return Number(sql);
  const quoted = QUOTED.exec(sql);
  return quoted ? quoted[1]!.replaceAll("''", "'") : undefined;
}

/**
 * What a synced table's rows look like once an upsert has written some of their cells, worked
 * out without asking SQLite for the row back (`RETURNING *` cost more than the upsert itself).
 * A table whose outcome is not plain to see (a default that is an expression, a generated
 * column, a trigger) gets no shape, and the caller reads the row back as before.
 */
export class RowShapes {
  private readonly shapes = new Map<string, TableShape | null>();

  constructor(
    private readonly db: SqliteDatabase,
    /** Where the file keeps extension columns: a row is its table's columns, then those. */
    private readonly files?: FileColumns,
  ) {}

  /**
   * The row an upsert of `cells` leaves: `before` (or a new row at its defaults) with the
   * cells set. Undefined when SQLite might store a value differently from how it was bound.
   */
  written(
    table: string,
    id: string,
    before: Row | null,
    cells: ReadonlyMap<string, CellValue>,
  ): Row | undefined {
    const shape = this.shape(table);
    if (!shape) return undefined;
    for (const [column, value] of cells)
      if (!keeps(shape.affinity.get(column), value)) return undefined;
    if (!before && !keeps(shape.affinity.get('id'), id)) return undefined;
    // A copy of the fast template, then every value set over keys that exist already (the
    // same hidden class): see `TableShape.template`.
    const row: Row = { ...shape.template };
    const { columns } = shape;
    if (before) {
      for (let i = 0; i < columns.length; i++) row[columns[i]!] = before[columns[i]!]!;
    } else {
      row.id = id;
    }
    for (const [column, value] of cells) row[column] = value;
    return row;
  }

  /** `written` for a row that did not exist, its cells given as columns and values. */
  writtenNew(
    table: string,
    id: string,
    columns: readonly string[],
    values: readonly CellValue[],
  ): Row | undefined {
    const shape = this.shape(table);
    if (!shape) return undefined;
    const { affinity } = shape;
    for (let i = 0; i < columns.length; i++)
      if (!keeps(affinity.get(columns[i]!), values[i]!)) return undefined;
    if (!keeps(affinity.get('id'), id)) return undefined;
    const row: Row = { ...shape.template };
    row.id = id;
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i]!;
    return row;
  }

  private shape(table: string): TableShape | null {
    let shape = this.shapes.get(table);
    if (shape === undefined) this.shapes.set(table, (shape = this.load(table)));
    return shape;
  }

  private load(table: string): TableShape | null {
    const own = this.columnsOf(this.files?.tableName(table) ?? table);
    if (!own) return null;
    const side = this.files?.side(table);
    if (!side) return own;
    const aside = this.columnsOf(side.name);
    if (!aside) return null;
    const keep = aside.columns.map((c, i) => [c, i] as const).filter(([c]) => c !== 'id');
    const affinity = new Map(own.affinity);
    for (const [c] of keep) affinity.set(c, aside.affinity.get(c)!);
    const columns = [...own.columns, ...keep.map(([c]) => c)];
    const defaults = [...own.defaults, ...keep.map(([, i]) => aside.defaults[i]!)];
    return { columns, defaults, affinity, template: fastRow(columns, defaults) };
  }

  private columnsOf(table: string): TableShape | null {
    const triggers = this.db.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
      [table],
    );
    if (!triggers || triggers.n > 0) return null;
    const columns = this.db.all<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      hidden: number;
    }>('SELECT name, type, "notnull", dflt_value, hidden FROM pragma_table_xinfo(?)', [table]);
    if (columns.length === 0) return null;
    const defaults: SqlValue[] = [];
    const affinity = new Map<string, Affinity>();
    for (const column of columns) {
      if (column.hidden !== 0) return null;
      const kind = affinityOf(column.type, column.notnull !== 0);
      const value = literal(column.dflt_value);
      if (value === undefined || !keeps(kind, value)) return null;
      defaults.push(value);
      affinity.set(column.name, kind);
    }
    const names = columns.map((c) => c.name);
    return { columns: names, defaults, affinity, template: fastRow(names, defaults) };
  }
}

/**
 * Keeping a sum or count over transactions (the sidebar's balances, the register's cleared
 * balance) up to date by the rows a write changed, instead of reading the whole table again.
 *
 * The cell's own query runs twice over a scratch copy of just the touched rows: once as they
 * were before the write, once as they are after. The new value is the old one plus the
 * difference. Rows are read through a copy of the alive-transactions view built on the
 * scratch table, so splits, tombstones and the merge mappings count exactly as in the full
 * query; joined tables (accounts, payees, categories) are the real ones. That is only right
 * when those did not change in a way that moves other rows in or out of the cell: so it is
 * used when the write changed transactions and, besides, only inserted rows of a local edit
 * (a new payee, a new account), and for a bounded number of rows.
 */
import type { ChangeEvent, Row } from '../sync/types.ts';
import type { SqliteDatabase, SqlValue } from '../platform/sqlite.ts';
import { runQuery } from '../query/exec.ts';
import type { QueryState } from '../query/query.ts';
import { type SchemaConfig, schemaConfig } from '../query/schema.ts';

/** Past this many touched rows the whole query is cheaper than the two scratch passes. */
export const MAX_DELTA_ROWS = 2000;

const ROWS = 'temp.qc_rows';
const MEMBERS = 'temp.qc_members';
const ALIVE = 'qc_alive';

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a cell query is a plain sum of amounts or count over transactions. */
export function isDeltaQuery(query: QueryState): boolean {
  if (query.table !== 'transactions' || !query.calculation || query.withDead) return false;
  if ((query.groupExpressions ?? []).length > 0) return false;
  const select = query.selectExpressions ?? [];
  if (select.length !== 1 || !isPlain(select[0])) return false;
  const [expr] = Object.values(select[0]);
  if (!isPlain(expr)) return false;
  const keys = Object.keys(expr);
  return (
    keys.length === 1 &&
    ((keys[0] === '$sum' && expr.$sum === '$amount') ||
      (keys[0] === '$count' && expr.$count === '$id'))
  );
}

/** Whether a change event may be applied to delta cells (see the module comment). */
export function deltaApplies(event: ChangeEvent): boolean {
  const touched = event.changes.get('transactions')?.length ?? 0;
  if (touched > MAX_DELTA_ROWS) return false;
  const local = event.source === 'local' && event.undo === null;
  for (const [table, rows] of event.changes) {
    if (table === 'transactions') continue;
    if (!local || rows.some((r) => r.old !== null)) return false;
  }
  return true;
}

/**
 * The SELECT a view is made of, as the open file has it: a view's definition can depend on the
 * file (which columns its tables have), so it is read from the file, not rebuilt here.
 */
function viewSelect(db: SqliteDatabase, name: string): string {
  const row = db.first<{ sql: string }>(
    "SELECT sql FROM sqlite_master WHERE type = 'view' AND name = ?",
    [name],
  );
  const select = row?.sql.replace(/^\s*CREATE\s+VIEW\s+\S+\s+AS\s+/i, '');
  if (!select || select === row?.sql) throw new Error(`No view ${name}`);
  return select.replace(/;\s*$/, '');
}

/** A scratch copy of a write's touched rows, before and after, for the cells to read. */
export class CellDeltas {
  private ready = false;
  private columns: string[] = [];

  constructor(private readonly sqlite: SqliteDatabase) {}

  private setUp(): void {
    if (this.ready) return;
    const db = this.sqlite;
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS qc_rows AS SELECT * FROM main.transactions WHERE 0;
CREATE TEMP TABLE IF NOT EXISTS qc_members (id TEXT PRIMARY KEY);`);
    this.columns = db
      .all<{ name: string }>("SELECT name FROM pragma_table_info('qc_rows', 'temp')")
      .map((c) => c.name);
    const internal = replaceOnce(
      viewSelect(db, 'v_transactions_internal'),
      'FROM transactions t',
      `FROM ${ROWS} t`,
    );
    let alive = replaceOnce(
      viewSelect(db, 'v_transactions_internal_alive'),
      'FROM v_transactions_internal t',
      `FROM (${internal}) t`,
    );
    alive = replaceOnce(alive, 'LEFT JOIN transactions parent', `LEFT JOIN ${ROWS} parent`);
    db.exec(`DROP VIEW IF EXISTS temp.${ALIVE};
CREATE TEMP VIEW ${ALIVE} AS SELECT a.* FROM (${alive}) a WHERE a.id IN (SELECT id FROM ${MEMBERS});`);
    this.ready = true;
  }

  /**
   * The value change of each cell query for this event: the query over the touched rows after
   * the write minus the same over them before.
   */
  deltas(event: ChangeEvent, queries: readonly QueryState[]): number[] {
    this.setUp();
    const changes = event.changes.get('transactions') ?? [];
    if (changes.length === 0) return queries.map(() => 0);
    const touched = new Set(changes.map((c) => c.id));
    // Lines whose parent changed count or not with it (the alive view): they join the rows
    // compared, as they are now (they did not change). Any touched row may be named as a line's
    // parent, a plain one too (its tombstone decides the line's), so the lines of every touched
    // row are looked up (by `trans_parent_id`). Parents of touched lines are there for that
    // join, and not compared themselves.
    const lineParents = new Set<string>();
    for (const c of changes) {
      for (const row of [c.old, c.new]) {
        if (row?.isChild === 1 && typeof row.parent_id === 'string') lineParents.add(row.parent_id);
      }
    }
    const lines = this.rowsWhere('isChild = 1 AND parent_id', touched).filter(
      (r) => !touched.has(String(r.id)),
    );
    const members = [...touched, ...lines.map((r) => String(r.id))];
    const extraParents = this.rowsWhere(
      'id',
      [...lineParents].filter((id) => !touched.has(id)),
    );
    const unchanged = [...lines, ...extraParents];

    const run = (side: 'old' | 'new') => {
      const rows = changes.map((c) => c[side]).filter((r): r is Row => r !== null);
      this.fill([...rows, ...unchanged], members);
      return queries.map((q) => Number(runQuery(this.sqlite, q, { config: SCRATCH }).data ?? 0));
    };
    const before = run('old');
    const after = run('new');
    this.fill([], []);
    return after.map((a, i) => a - before[i]!);
  }

  private rowsWhere(column: string, ids: Iterable<string>): Row[] {
    const list = [...ids];
    if (list.length === 0) return [];
    return this.sqlite.all<Row>(
      `SELECT * FROM main.transactions WHERE ${column} IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(list)],
    );
  }

  private fill(rows: readonly Row[], members: readonly string[]): void {
    const db = this.sqlite;
    db.run(`DELETE FROM ${ROWS}`);
    db.run(`DELETE FROM ${MEMBERS}`);
    if (rows.length === 0) return;
    const cols = this.columns;
    const insert = `INSERT INTO ${ROWS} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
    for (const row of rows)
      db.run(
        insert,
        cols.map((c) => (row[c] ?? null) as SqlValue),
      );
    db.run(`INSERT OR IGNORE INTO ${MEMBERS} (id) SELECT value FROM json_each(?)`, [
      JSON.stringify(members),
    ]);
  }
}

/** The schema, with a cell's transactions read from the scratch rows. */
const SCRATCH: SchemaConfig = {
  ...schemaConfig,
  tableView: (table, options) =>
    table === 'transactions' && !options.isJoin ? ALIVE : schemaConfig.tableView(table, options),
};

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) {
    throw new Error(`cell-deltas: the view no longer reads "${from}" once`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

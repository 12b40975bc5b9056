/**
 * Coffer's set of split lines dated apart from their parent (issue 30): every row with a
 * `parent_id` whose parent is missing or has another date (and perhaps a few more, below). A search's page found from a date on
 * (`../query/search-cutoff.ts`) adds these lines' groups to the rows it found; without the set
 * it must look at every row dated from the bound on for an older line (at 1,000,000
 * transactions 4,300 rows, 4–5 ms of CPU for the bench's term against 0.6 at 100,000).
 *
 * Kept in step by SQLite triggers on `transactions`, not by the write path: whoever writes the
 * file (a save, another client's messages, an undo, an import), SQLite runs them in the same
 * statement, so the set cannot miss a change. A row's place in it depends only on itself and
 * its parent, so a trigger recomputes the row written, and the lines naming it when its date
 * moves. The set is
 * normally empty (a line takes its parent's date); a merge of two clients' edits can leave one.
 * (An INSERT OR REPLACE of a parent runs no delete trigger, so a parent replaced with another
 * date would leave its lines out: neither Coffer's writes nor Actual's replace a transaction.)
 * The triggers find a row's lines through `trans_parent_id`, which a bulk batch keeps for them
 * (`TRIGGER_INDEXES` in `../sync/bulk-indexes.ts`; dropped, 20,000 date edits took 38.9 s of CPU,
 * not 1.2): a lookup through another of the table's indexes would scan it once per row written.
 *
 * Its first build reads every line's parent (753 ms of CPU at 1,000,000 natively, in one piece),
 * so it is built in steps by id (`id-steps.ts`) once the triggers are in place; until it is
 * whole the search looks for the older lines itself. Dropped from the copy an Actual client
 * gets, triggers included (`stripDerived`).
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { APART_LINES_TABLE, SEARCH_META_TABLE } from '../query/search.ts';
import { idRange, type IdSteppedTable, stepById } from './id-steps.ts';

export { APART_LINES_TABLE };
export const APART_LINES_TRIGGERS = [
  `${APART_LINES_TABLE}_insert_line`,
  `${APART_LINES_TABLE}_update_line`,
  `${APART_LINES_TABLE}_update_parent`,
  `${APART_LINES_TABLE}_delete`,
] as const;
/** Bump when the set's meaning or shape changes, so an older one is built again. */
const FORMAT = '3';
const META_KEY = 'apart-lines';

/** The row written (NEW) as a line: in the set when its parent is missing or dated otherwise. */
const asLine = `
  DELETE FROM ${APART_LINES_TABLE} WHERE id = NEW.id;
  INSERT INTO ${APART_LINES_TABLE} (id, parent_id) SELECT NEW.id, NEW.parent_id
    WHERE NEW.parent_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM transactions p WHERE p.id = NEW.parent_id AND p.date IS NEW.date);`;

/** The lines naming the row written (NEW) as their parent, recomputed. */
const asParent = `
  DELETE FROM ${APART_LINES_TABLE} WHERE id IN (SELECT id FROM transactions WHERE parent_id = NEW.id);
  INSERT OR REPLACE INTO ${APART_LINES_TABLE} (id, parent_id)
    SELECT id, parent_id FROM transactions WHERE parent_id = NEW.id AND date IS NOT NEW.date;`;

/** Only when some line names the row (most rows are no parent): one probe of `trans_parent_id`. */
const named = 'EXISTS (SELECT 1 FROM transactions WHERE parent_id = NEW.id)';

/**
 * Each trigger does only what its change can move, and a new row without a parent nothing at
 * all: with a trigger for the lines naming a new row, local writes cost 40% more CPU (10,000
 * transactions through BudgetDb, bench/core-write.mjs). So a line that arrives before its parent
 * stays in the set once the parent comes with its date: the set may hold more than the lines
 * dated apart, never less, and a line's next change of date or parent recomputes it. A few more
 * groups are tested by the search; none is missed.
 */
function triggersSql(): string {
  const [insertLine, updateLine, updateParent, remove] = APART_LINES_TRIGGERS;
  return `CREATE TRIGGER ${insertLine} AFTER INSERT ON transactions
  WHEN NEW.parent_id IS NOT NULL BEGIN ${asLine}
END;
CREATE TRIGGER ${updateLine} AFTER UPDATE OF date, parent_id ON transactions
  WHEN (NEW.parent_id IS NOT NULL OR OLD.parent_id IS NOT NULL)
    AND (NEW.date IS NOT OLD.date OR NEW.parent_id IS NOT OLD.parent_id) BEGIN ${asLine}
END;
CREATE TRIGGER ${updateParent} AFTER UPDATE OF date ON transactions
  WHEN NEW.date IS NOT OLD.date AND ${named} BEGIN ${asParent}
END;
CREATE TRIGGER ${remove} AFTER DELETE ON transactions BEGIN
  DELETE FROM ${APART_LINES_TABLE} WHERE id = OLD.id;
  INSERT OR REPLACE INTO ${APART_LINES_TABLE} (id, parent_id)
    SELECT id, parent_id FROM transactions WHERE parent_id = OLD.id;
END;`;
}

function createTableAndTriggers(db: SqliteDatabase): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${SEARCH_META_TABLE} (key TEXT PRIMARY KEY, value TEXT);
${APART_LINES_TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${t};`).join('\n')}
DROP TABLE IF EXISTS ${APART_LINES_TABLE};
CREATE TABLE ${APART_LINES_TABLE} (id TEXT PRIMARY KEY, parent_id TEXT) WITHOUT ROWID;
${triggersSql()}`);
}

/** The lines with an id in the range, recomputed (every line when both bounds are null). */
function fill(db: SqliteDatabase, after: string | null, upTo: string | null): void {
  const own = idRange('id', after, upTo);
  db.run(`DELETE FROM ${APART_LINES_TABLE} WHERE 1${own.sql}`, own.params);
  const range = idRange('c.id', after, upTo);
  db.run(
    `INSERT OR REPLACE INTO ${APART_LINES_TABLE} (id, parent_id)
     SELECT c.id, c.parent_id FROM transactions c WHERE c.parent_id IS NOT NULL${range.sql}
       AND NOT EXISTS (SELECT 1 FROM transactions p WHERE p.id = c.parent_id AND p.date IS c.date)`,
    range.params,
  );
}

function writeStamp(db: SqliteDatabase): void {
  db.run(`INSERT OR REPLACE INTO ${SEARCH_META_TABLE} (key, value) VALUES (?, ?)`, [
    META_KEY,
    FORMAT,
  ]);
}

/** Whether the set and its triggers are there and the set was built whole. */
export function apartLinesAreCurrent(db: SqliteDatabase): boolean {
  const names = [SEARCH_META_TABLE, APART_LINES_TABLE, ...APART_LINES_TRIGGERS];
  const found = db.first<{ n: number }>(
    `SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN (${names.map(() => '?').join(', ')})`,
    names,
  );
  if (found?.n !== names.length) return false;
  const row = db.first<{ value: string }>(`SELECT value FROM ${SEARCH_META_TABLE} WHERE key = ?`, [
    META_KEY,
  ]);
  return row?.value === FORMAT;
}

/**
 * The build in steps by id. The triggers come first (`reset`), so a change while it runs is
 * kept wherever it lands; each step recomputes its ids' lines as they are then. No change needs
 * applying by hand, nor does a stopped build's data age: its position holds on any data.
 */
export const APART_LINES_STEPS: IdSteppedTable = {
  reset(db) {
    createTableAndTriggers(db);
    db.run(`DELETE FROM ${SEARCH_META_TABLE} WHERE key = ?`, [META_KEY]);
  },
  fill,
  applyWhere: () => undefined,
  finish: writeStamp,
};

export function rebuildApartLines(db: SqliteDatabase): void {
  db.transaction(() => {
    APART_LINES_STEPS.reset(db);
    fill(db, null, null);
    writeStamp(db);
  });
}

/** The set as a derived table: the triggers keep it, so a change needs nothing more. */
export const APART_LINES = {
  isCurrent: apartLinesAreCurrent,
  apply: () => undefined,
  rebuild: rebuildApartLines,
  steps: (db: SqliteDatabase, resume?: string) =>
    stepById(db, APART_LINES_STEPS, undefined, resume),
  stamp: () => FORMAT,
};

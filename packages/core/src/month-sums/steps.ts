/**
 * A table of sums keyed by month, rebuilt in bounded steps (issue 30: at 1,000,000 transactions
 * one rebuild holds the budget for seconds). Each step sums the rows of whole months, about
 * `rows` transactions, in date order. A change committed between steps is counted where the
 * build has passed (a row dated before the next step's start) and left to the steps for the
 * months still ahead, which read the rows as they are then: each row counts exactly once.
 * Its position (the first date not counted yet) is kept in the file by `DerivedData`, so a
 * build a reload stopped resumes there on the same data.
 */
import { type StepBuild, scaledRows } from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { ChangeEvent, Row } from '../sync/types.ts';
import { withStage } from './stage.ts';

/** Transactions per step at least (a step ends at a month's end): a few ms of SQLite. */
export const STEP_ROWS = 2000;

export interface DateSteppedTable {
  /** Empties the table (made afresh) and forgets its stamp. */
  reset(db: SqliteDatabase): void;
  /**
   * Adds the sums of the rows dated in [from, before) (null is no bound on that side), read
   * from the rows staged for that range (`./stage.ts`, which `stepByDate` fills).
   */
  fill(db: SqliteDatabase, from: number | null, before: number | null): void;
  /**
   * One change into the table, for the rows `counts` accepts, but the new rows in `apart` (and
   * the lines they bring in: summed apart, `./slot.ts`); false when the change needs the whole
   * table read again (the build then starts over).
   */
  applyWhere(
    db: SqliteDatabase,
    event: ChangeEvent,
    counts: (row: Row) => boolean,
    apart?: ReadonlySet<string> | null,
  ): boolean;
  /** Marks the complete table current (its stamp). */
  finish(db: SqliteDatabase): void;
}

/**
 * The first day of the month after the one `rows` transactions past `from` end in (a boundary
 * between months), or null when fewer rows are left.
 */
function nextBoundary(db: SqliteDatabase, from: number | null, rows: number): number | null {
  const row = db.first<{ date: number }>(
    `SELECT date FROM transactions WHERE typeof(date) = 'integer'
     ${from === null ? '' : 'AND date >= ?'} ORDER BY date LIMIT 1 OFFSET ?`,
    from === null ? [rows] : [from, rows],
  );
  return row ? (Math.floor(row.date / 100) + 1) * 100 : null;
}

/** The position of a build that has emptied the table and counted nothing yet. */
const STARTED = 'started';

export function stepByDate(
  db: SqliteDatabase,
  table: DateSteppedTable,
  rows = STEP_ROWS,
  resume?: string,
): StepBuild {
  /** Rows dated before this are counted; null: none yet. */
  let doneBefore: number | null = null;
  let started = false;
  if (resume === STARTED) started = true;
  else if (resume !== undefined && /^\d+$/.test(resume)) {
    started = true;
    doneBefore = Number(resume);
  }
  const counted = (row: Row) =>
    doneBefore !== null && typeof row.date === 'number' && row.date < doneBefore;
  return {
    step(scale) {
      if (!started) {
        db.transaction(() => table.reset(db));
        started = true;
        return false;
      }
      const before = nextBoundary(db, doneBefore, scaledRows(rows, scale));
      const from = doneBefore;
      db.transaction(() => {
        withStage(db, from, before, () => table.fill(db, from, before));
        if (before === null) table.finish(db);
      });
      doneBefore = before;
      return before === null;
    },
    apply(event) {
      // Nothing counted yet: the steps will read the change with the rest.
      if (doneBefore === null) return;
      if (!table.applyWhere(db, event, counted)) {
        started = false;
        doneBefore = null;
      }
    },
    finish() {
      // The months left in one pass: each step's pass reads its range on its own.
      db.transaction(() => {
        if (!started) table.reset(db);
        const from = doneBefore;
        withStage(db, from, null, () => table.fill(db, from, null));
        table.finish(db);
      });
      started = true;
      doneBefore = null;
    },
    position() {
      if (!started) return null;
      return doneBefore === null ? STARTED : String(doneBefore);
    },
  };
}

/**
 * An index of the transactions' notes (the search index, the tag index), rebuilt in bounded
 * steps (issue 29): at 100,000 transactions one rebuild after a download or another client's
 * write held the budget for a whole turn, and a save waited for it. Each step reads about
 * `rows` transactions in id order. A change committed between steps is applied where the build
 * has passed (a row whose id the steps have read) and left to the steps for the ids still ahead,
 * which read the rows as they are then: each row is indexed exactly once, from its own fields
 * (the notes, its split group), never from another row. Its position (the last id read) is kept
 * in the file by `DerivedData`, so a build a reload stopped resumes there on the same data.
 */
import { type StepBuild, scaledRows } from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { ChangeEvent } from '../sync/types.ts';

/** Transactions per step: a few ms of SQLite. */
export const ID_STEP_ROWS = 2000;

export interface IdSteppedTable {
  /**
   * Pieces of work before the reset that cannot be cut (each a plain SQLite index over every
   * transaction: seconds at 1,000,000), one per step so a read waits for one at most; each says
   * whether it had anything to do (false: it was done, the step goes on to the next).
   */
  prepare?: ReadonlyArray<(db: SqliteDatabase) => boolean>;
  /** Empties the index (made afresh) and forgets its stamp: not current until `finish`. */
  reset(db: SqliteDatabase): void;
  /** Indexes the transactions whose id is after `after` and up to `upTo`; null: no bound. */
  fill(db: SqliteDatabase, after: string | null, upTo: string | null): void;
  /** One change into the index, for the rows whose id `counts` accepts (no stamp written). */
  applyWhere(db: SqliteDatabase, event: ChangeEvent, counts: (id: string) => boolean): void;
  /** Marks the complete index current (its stamp). */
  finish(db: SqliteDatabase): void;
}

/** The id of the `rows`th transaction past `after` (this step's last), or null when fewer are left. */
function nextBoundary(db: SqliteDatabase, after: string | null, rows: number): string | null {
  const row = db.first<{ id: string }>(
    `SELECT id FROM transactions ${after === null ? '' : 'WHERE id > ?'} ORDER BY id LIMIT 1 OFFSET ?`,
    after === null ? [rows - 1] : [after, rows - 1],
  );
  return row?.id ?? null;
}

/** The position of a build that has emptied the index and read nothing yet. */
const STARTED = 'started';
/** The prefix of a position: the last id read follows it. */
const AFTER = 'after:';

/**
 * The last id a build at `position` has indexed (the index holds every row up to it, kept in
 * step), or null when it holds none yet.
 */
export function indexedUpTo(position: string | null): string | null {
  return position?.startsWith(AFTER) ? position.slice(AFTER.length) : null;
}

export function stepById(
  db: SqliteDatabase,
  table: IdSteppedTable,
  rows = ID_STEP_ROWS,
  resume?: string,
): StepBuild {
  let started = resume === STARTED || resume?.startsWith(AFTER) === true;
  /** The last id read; null: none yet. */
  let doneUpTo: string | null = resume?.startsWith(AFTER) ? resume.slice(AFTER.length) : null;
  const counted = (id: string) => doneUpTo !== null && id <= doneUpTo;
  const prepare = table.prepare ?? [];
  let prepared = 0;
  return {
    step(scale) {
      if (!started) {
        while (prepared < prepare.length) {
          if (prepare[prepared++]!(db)) return false;
        }
        db.transaction(() => table.reset(db));
        started = true;
        return false;
      }
      const upTo = nextBoundary(db, doneUpTo, scaledRows(rows, scale));
      db.transaction(() => {
        table.fill(db, doneUpTo, upTo);
        if (upTo === null) table.finish(db);
      });
      doneUpTo = upTo;
      if (upTo === null) started = false;
      return upTo === null;
    },
    apply(event) {
      // Nothing read yet: the steps will read the change with the rest.
      if (doneUpTo !== null) table.applyWhere(db, event, counted);
    },
    finish() {
      db.transaction(() => {
        if (!started) table.reset(db);
        table.fill(db, doneUpTo, null);
        table.finish(db);
      });
      started = false;
      doneUpTo = null;
    },
    position() {
      if (!started) return null;
      return doneUpTo === null ? STARTED : `${AFTER}${doneUpTo}`;
    },
  };
}

/** ` AND <column> > ? AND <column> <= ?` for the bounds given, with their values. */
export function idRange(
  column: string,
  after: string | null,
  upTo: string | null,
): { sql: string; params: string[] } {
  let sql = '';
  const params: string[] = [];
  if (after !== null) {
    sql += ` AND ${column} > ?`;
    params.push(after);
  }
  if (upTo !== null) {
    sql += ` AND ${column} <= ?`;
    params.push(upTo);
  }
  return { sql, params };
}

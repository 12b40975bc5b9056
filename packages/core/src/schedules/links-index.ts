/**
 * Coffer's index of the transactions linked to a schedule (issue 30). Actual's file has none,
 * so each schedule's latest linked date (every status the schedules list and the register's
 * previews show, each run of the daily service) read every transaction: 625 ms native at
 * 1,000,000 transactions, and in the browser 750 ms of the worker that a register search
 * queued behind. With it: under a millisecond.
 *
 * Partial (only linked rows have an entry) and kept by SQLite itself on every write, whoever
 * writes, so it cannot go stale. Made the first time a budget with schedules asks (one read of
 * every transaction, once: 0.95 s native at 1,000,000); a budget without schedules never makes
 * it. Dropped, like the rest of Coffer's derived data, from the copy an Actual client gets
 * (`../search/notes-index.ts`'s `stripDerived`).
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';

export const SCHEDULE_LINKS_INDEX = 'coffer_trans_schedule';

/** The latest date of a live transaction linked to each schedule of a JSON list of ids. */
export const LATEST_LINKED_SQL = `SELECT schedule, MAX(date) AS latest FROM v_transactions_internal_alive
     WHERE schedule IN (SELECT value FROM json_each(?)) GROUP BY schedule`;

export function ensureScheduleLinksIndex(db: SqliteDatabase): void {
  db.exec(
    `CREATE INDEX IF NOT EXISTS ${SCHEDULE_LINKS_INDEX} ON transactions (schedule, date) WHERE schedule IS NOT NULL`,
  );
}

import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { Budget } from '../budget-file/budget.ts';
import {
  type DerivedData,
  type DerivedTable,
  defineDerivedSlot,
} from '../budget-file/derived-data.ts';
import type { ChangeEvent } from '../sync/types.ts';
import {
  applyToGroupSums,
  GROUP_SUMS_STEPS,
  groupSumsAreCurrent,
  groupSumsStamp,
  movesBuckets,
  rebuildGroupSums,
} from './group-store.ts';
import { withBatchStage, withStage } from './stage.ts';
import { type DateSteppedTable, STEP_ROWS, stepByDate } from './steps.ts';
import {
  applyToMonthSums,
  MONTH_SUMS_STEPS,
  monthSumsAreCurrent,
  monthSumsStamp,
  rebuildMonthSums,
} from './store.ts';
import {
  applyToTagSums,
  rebuildTagSums,
  TAG_SUMS_STEPS,
  tagSumsAreCurrent,
  tagSumsStamp,
} from './tag-store.ts';

/** The month sums as a derived table: checked at open, rebuilt before the report that needs them. */
export const MONTH_SUMS_TABLE = {
  isCurrent: monthSumsAreCurrent,
  apply: applyToMonthSums,
  rebuild: rebuildMonthSums,
  steps: (db: SqliteDatabase, resume?: string) =>
    stepByDate(db, MONTH_SUMS_STEPS, STEP_ROWS, resume),
  stamp: monthSumsStamp,
};

/** The sums by category and by payee, built and kept like the month sums. */
export const GROUP_SUMS_TABLE = {
  isCurrent: groupSumsAreCurrent,
  apply: applyToGroupSums,
  rebuild: rebuildGroupSums,
  steps: (db: SqliteDatabase, resume?: string) =>
    stepByDate(db, GROUP_SUMS_STEPS, STEP_ROWS, resume),
  stamp: groupSumsStamp,
};

/** The sums by tag (the report by tag), built and kept like the month sums. */
export const TAG_SUMS_TABLE = {
  isCurrent: tagSumsAreCurrent,
  apply: applyToTagSums,
  rebuild: rebuildTagSums,
  steps: (db: SqliteDatabase) => stepByDate(db, TAG_SUMS_STEPS),
};

/**
 * The three sums tables built together (issue 30): each step reads its rows once into the stage
 * (`./stage.ts`) and every table sums them, where each table's own build read every row through
 * the joined view (five reads in all). A change between steps goes to each table where the
 * build has passed; one that needs a table read again starts the whole build over.
 */
const PARTS: readonly DateSteppedTable[] = [MONTH_SUMS_STEPS, GROUP_SUMS_STEPS, TAG_SUMS_STEPS];
export const ALL_SUMS_STEPS: DateSteppedTable = {
  reset: (db) => PARTS.forEach((p) => p.reset(db)),
  fill: (db, from, before) => PARTS.forEach((p) => p.fill(db, from, before)),
  applyWhere: (db, event, counts) => PARTS.every((p) => p.applyWhere(db, event, counts)),
  finish: (db) => PARTS.forEach((p) => p.finish(db)),
};

const TABLES = [MONTH_SUMS_TABLE, GROUP_SUMS_TABLE, TAG_SUMS_TABLE] as const;

/** New rows in one event from which on they are summed by SQLite (`applyNewRows`). */
export const BATCH_ROWS = 64;

/**
 * An event that adds at least `minRows` transactions (an import, a sync of new rows) into the
 * three tables: the new rows staged and summed in one grouped pass (`withBatchStage`) that every
 * table adds to its buckets, as a build step does; the event's other rows (an import's matched
 * ones) each table's own rule walks. False when the event adds fewer, or it moves rows between
 * buckets (a mapping to a transfer payee): each table's own rule then applies to all of it.
 */
export function applyNewRows(db: SqliteDatabase, event: ChangeEvent, minRows: number): boolean {
  const changes = event.changes.get('transactions') ?? [];
  const added: string[] = [];
  const others: string[] = [];
  for (const c of changes) (c.old === null && c.new !== null ? added : others).push(c.id);
  if (added.length < minRows) return false;
  // It covers what moves the other tables' buckets: no table's rule below answers false.
  if (movesBuckets(db, event)) return false;
  const apart = new Set(added);
  db.transaction(() => {
    for (const part of PARTS) part.applyWhere(db, event, () => true, apart);
    withBatchStage(db, added, others, () => ALL_SUMS_STEPS.fill(db, null, null));
    ALL_SUMS_STEPS.finish(db);
  });
  return true;
}

/**
 * The three sums tables as one derived table, a batch of new rows of at least `minRows` summed
 * in one pass (`applyNewRows`); `ALL_SUMS_TABLE` is the budget's.
 */
export function allSumsTable(minRows: number): DerivedTable {
  return {
    isCurrent: (db) => TABLES.every((t) => t.isCurrent(db)),
    apply: (db, event) => {
      if (!applyNewRows(db, event, minRows)) TABLES.forEach((t) => t.apply(db, event));
    },
    rebuild: (db) =>
      db.transaction(() => {
        ALL_SUMS_STEPS.reset(db);
        withStage(db, null, null, () => ALL_SUMS_STEPS.fill(db, null, null));
        ALL_SUMS_STEPS.finish(db);
      }),
    steps: (db, resume) => stepByDate(db, ALL_SUMS_STEPS, STEP_ROWS, resume),
    stamp: (db) => [monthSumsStamp(db), groupSumsStamp(db), tagSumsStamp(db)].join(' '),
  };
}

/**
 * The month sums, the sums by category and payee and the sums by tag as one derived table:
 * current when all three are, kept in step each by its own rule (a batch of new rows in one
 * pass for the three), built in one pass.
 */
export const ALL_SUMS_TABLE: DerivedTable = allSumsTable(BATCH_ROWS);

export const SumsSlot = defineDerivedSlot('sums', ALL_SUMS_TABLE);

/** The month sums (built with the other sums: `ALL_SUMS_TABLE`). */
export function monthSums(budget: Budget): DerivedData {
  return budget.get(SumsSlot);
}

/** The sums by category and payee (built with the other sums). */
export function groupSums(budget: Budget): DerivedData {
  return budget.get(SumsSlot);
}

/**
 * The sums by tag (built with the other sums). Named apart from the report's `tagSums`
 * (`../reports/tag-sums.ts`), which reads them.
 */
export function keptTagSums(budget: Budget): DerivedData {
  return budget.get(SumsSlot);
}

/**
 * How a report may read the sums now: undefined when no build is under way (the sums are
 * current, or made at once as before); a date when a build has begun (the sums hold the rows
 * dated before it; 0 when it has emptied them and counted nothing yet); null when a build is
 * scheduled but has not begun, so the table may still hold what an older file had: the rows are
 * read instead.
 */
export function sumsBuiltBefore(sums: DerivedData): number | null | undefined {
  if (!sums.building()) return undefined;
  const position = sums.position();
  if (position === null) return null;
  return /^\d+$/.test(position) ? Number(position) : 0;
}

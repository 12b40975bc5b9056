import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import {
  applyToGroupSums,
  GROUP_SUMS_STEPS,
  groupSumsAreCurrent,
  groupSumsStamp,
  rebuildGroupSums,
} from './group-store.ts';
import { STEP_ROWS, stepByDate } from './steps.ts';
import {
  applyToMonthSums,
  MONTH_SUMS_STEPS,
  monthSumsAreCurrent,
  monthSumsStamp,
  rebuildMonthSums,
} from './store.ts';
import { applyToTagSums, rebuildTagSums, TAG_SUMS_STEPS, tagSumsAreCurrent } from './tag-store.ts';

/** The month sums as a derived table: checked at open, rebuilt before the report that needs them. */
export const MONTH_SUMS_TABLE = {
  isCurrent: monthSumsAreCurrent,
  apply: applyToMonthSums,
  rebuild: rebuildMonthSums,
  steps: (db: SqliteDatabase, resume?: string) =>
    stepByDate(db, MONTH_SUMS_STEPS, STEP_ROWS, resume),
  stamp: monthSumsStamp,
};

export const MonthSumsSlot = defineDerivedSlot('month-sums', MONTH_SUMS_TABLE);

export function monthSums(budget: Budget): DerivedData {
  return budget.get(MonthSumsSlot);
}

/** The sums by category and by payee, built and kept like the month sums. */
export const GROUP_SUMS_TABLE = {
  isCurrent: groupSumsAreCurrent,
  apply: applyToGroupSums,
  rebuild: rebuildGroupSums,
  steps: (db: SqliteDatabase, resume?: string) =>
    stepByDate(db, GROUP_SUMS_STEPS, STEP_ROWS, resume),
  stamp: groupSumsStamp,
};

export const GroupSumsSlot = defineDerivedSlot('group-sums', GROUP_SUMS_TABLE);

export function groupSums(budget: Budget): DerivedData {
  return budget.get(GroupSumsSlot);
}

/** The sums by tag (the report by tag), built and kept like the month sums. */
export const TAG_SUMS_TABLE = {
  isCurrent: tagSumsAreCurrent,
  apply: applyToTagSums,
  rebuild: rebuildTagSums,
  steps: (db: SqliteDatabase) => stepByDate(db, TAG_SUMS_STEPS),
};

export const TagSumsSlot = defineDerivedSlot('tag-sums', TAG_SUMS_TABLE);

/** Named apart from the report's `tagSums` (`../reports/tag-sums.ts`), which reads them. */
export function keptTagSums(budget: Budget): DerivedData {
  return budget.get(TagSumsSlot);
}

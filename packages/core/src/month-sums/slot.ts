import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import { stepByDate } from './steps.ts';
import {
  applyToMonthSums,
  MONTH_SUMS_STEPS,
  monthSumsAreCurrent,
  rebuildMonthSums,
} from './store.ts';

/** The month sums as a derived table: checked at open, rebuilt before the report that needs them. */
export const MONTH_SUMS_TABLE = {
  isCurrent: monthSumsAreCurrent,
  apply: applyToMonthSums,
  rebuild: rebuildMonthSums,
  steps: (db: SqliteDatabase) => stepByDate(db, MONTH_SUMS_STEPS),
};

export const MonthSumsSlot = defineDerivedSlot('month-sums', MONTH_SUMS_TABLE);

export function monthSums(budget: Budget): DerivedData {
  return budget.get(MonthSumsSlot);
}

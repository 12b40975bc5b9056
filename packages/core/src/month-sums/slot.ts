import { defineBudgetSlot, type Budget } from '../budget-file/budget.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { applyToMonthSums, monthSumsAreCurrent, rebuildMonthSums } from './store.ts';

/**
 * One open budget's month sums. Checked at open (a few small reads); stale sums ignore change
 * events and are rebuilt before the next report that reads them, never during the open.
 */
export class MonthSums {
  private current: boolean;
  private readonly off: () => void;

  constructor(
    private readonly sqlite: SqliteDatabase,
    onChange: Budget['db']['onChange'],
  ) {
    this.current = monthSumsAreCurrent(sqlite);
    this.off = onChange((event) => {
      if (this.current) applyToMonthSums(this.sqlite, event);
    });
  }

  /** Makes the sums current (rebuilding them when the file changed without them). */
  ensure(): void {
    if (this.current) return;
    rebuildMonthSums(this.sqlite);
    this.current = true;
  }

  close(): void {
    this.off();
  }
}

export const MonthSumsSlot = defineBudgetSlot(
  'month-sums',
  (budget) => new MonthSums(budget.sqlite, (listener) => budget.db.onChange(listener)),
  (sums) => sums.close(),
);

export function monthSums(budget: Budget): MonthSums {
  return budget.get(MonthSumsSlot);
}

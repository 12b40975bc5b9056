import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { type Budget, type BudgetSlot, defineBudgetSlot } from './budget.ts';

/**
 * What Coffer derives from a budget's rows and keeps beside them (the search index, the month
 * sums): how to tell it is current, keep it in step with one change, and build it again.
 */
export interface DerivedTable {
  isCurrent(sqlite: SqliteDatabase): boolean;
  apply(sqlite: SqliteDatabase, event: ChangeEvent): void;
  rebuild(sqlite: SqliteDatabase): void;
}

/**
 * One open budget's derived table. Whether it is current is checked at open (a few small
 * reads); a stale one ignores change events and is rebuilt before the next read that needs it,
 * so an open never pays for a rebuild nobody asked for.
 */
export class DerivedData {
  private current: boolean;
  private readonly off: () => void;

  constructor(
    private readonly sqlite: SqliteDatabase,
    onChange: Budget['db']['onChange'],
    private readonly table: DerivedTable,
  ) {
    this.current = table.isCurrent(sqlite);
    this.off = onChange((event) => {
      if (this.current) table.apply(this.sqlite, event);
    });
  }

  /** Makes the table current (rebuilding it when the file changed without it). */
  ensure(): void {
    if (this.current) return;
    this.table.rebuild(this.sqlite);
    this.current = true;
  }

  close(): void {
    this.off();
  }
}

/** A budget slot holding one derived table, kept in step through the budget's write path. */
export function defineDerivedSlot(name: string, table: DerivedTable): BudgetSlot<DerivedData> {
  return defineBudgetSlot(
    name,
    (budget) => new DerivedData(budget.sqlite, (listener) => budget.db.onChange(listener), table),
    (data) => data.close(),
  );
}

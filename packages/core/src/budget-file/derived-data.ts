import type { Logger, Timers } from '../platform/index.ts';
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
 * How long after the open a stale table is rebuilt in the background: past the reads of the
 * first paint (the open's answer, then the screen's first queries), so they never wait for it.
 */
export const BACKGROUND_BUILD_DELAY_MS = 1000;

/**
 * One open budget's derived table. Whether it is current is checked at open (a few small
 * reads); a stale one ignores change events and is rebuilt in the background once the open has
 * settled (`buildLater`), or before the next read that needs it if that comes first, so an open
 * never pays for a rebuild and the first search or report rarely does.
 */
export class DerivedData {
  private current: boolean;
  private readonly off: () => void;
  private pending: { timers: Timers; handle: unknown } | null = null;

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

  /** Rebuilds a stale table after `delayMs`, unless a read or the close came first. */
  buildLater(timers: Timers, log: Logger, delayMs = BACKGROUND_BUILD_DELAY_MS): void {
    if (this.current || this.pending) return;
    const handle = timers.setTimeout(() => {
      this.pending = null;
      try {
        this.ensure();
      } catch (err) {
        // The next read that needs the table tries again and reports its own error.
        log.warn('Building derived data in the background failed', { error: String(err) });
      }
    }, delayMs);
    this.pending = { timers, handle };
  }

  close(): void {
    if (this.pending) this.pending.timers.clearTimeout(this.pending.handle);
    this.pending = null;
    this.off();
  }
}

/**
 * A budget slot holding one derived table, kept in step through the budget's write path; a
 * stale one is rebuilt in the background after the open.
 */
export function defineDerivedSlot(name: string, table: DerivedTable): BudgetSlot<DerivedData> {
  return defineBudgetSlot(
    name,
    (budget) => {
      const data = new DerivedData(
        budget.sqlite,
        (listener) => budget.db.onChange(listener),
        table,
      );
      data.buildLater(budget.env.platform.timers, budget.env.platform.log);
      return data;
    },
    (data) => data.close(),
  );
}

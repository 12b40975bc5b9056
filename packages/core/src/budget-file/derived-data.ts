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
  /** The same rebuild in bounded steps, for the background (absent: one step). */
  steps?(sqlite: SqliteDatabase): StepBuild;
}

/**
 * A rebuild cut into bounded steps, so the budget answers other requests between them. Changes
 * committed while it runs are counted where the build has passed and left to the steps
 * elsewhere, so each row counts exactly once; the table is not read until it is complete.
 */
export interface StepBuild {
  /** Does one bounded piece; true once the table is complete and current. */
  step(): boolean;
  /** A change committed between steps. */
  apply(event: ChangeEvent): void;
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
  /** A background build under way (between its steps). */
  private build: StepBuild | null = null;

  constructor(
    private readonly sqlite: SqliteDatabase,
    onChange: Budget['db']['onChange'],
    private readonly table: DerivedTable,
  ) {
    this.current = table.isCurrent(sqlite);
    this.off = onChange((event) => {
      if (this.current) table.apply(this.sqlite, event);
      else this.build?.apply(event);
    });
  }

  /** Makes the table current (rebuilding it, or finishing the build under way). */
  ensure(): void {
    if (this.current) return;
    this.cancelTimer();
    if (this.build) {
      while (!this.build.step()) {
        // A read needs the whole table now: the steps left run back to back.
      }
    } else {
      this.table.rebuild(this.sqlite);
    }
    this.build = null;
    this.current = true;
  }

  /** Whether the table is complete and in step (false while a build is under way). */
  isCurrent(): boolean {
    return this.current;
  }

  /**
   * Rebuilds a stale table from `delayMs` on, one bounded step per timer turn (others' requests
   * are answered between them), unless a read finishes it or the close cancels it first.
   */
  buildLater(timers: Timers, log: Logger, delayMs = BACKGROUND_BUILD_DELAY_MS): void {
    if (this.current || this.pending || this.build) return;
    const next = (delay: number) => {
      this.pending = { timers, handle: timers.setTimeout(turn, delay) };
    };
    const turn = () => {
      this.pending = null;
      try {
        if (!this.table.steps) return this.ensure();
        this.build ??= this.table.steps(this.sqlite);
        if (!this.build.step()) return next(0);
        this.build = null;
        this.current = true;
      } catch (err) {
        // The next read that needs the table rebuilds it and reports its own error.
        this.build = null;
        log.warn('Building derived data in the background failed', { error: String(err) });
      }
    };
    next(delayMs);
  }

  private cancelTimer(): void {
    if (this.pending) this.pending.timers.clearTimeout(this.pending.handle);
    this.pending = null;
  }

  close(): void {
    this.cancelTimer();
    this.build = null;
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

import type { Clock, Logger, Timers } from '../platform/index.ts';
import { type BackgroundHold, backgroundHold } from './background-hold.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { type Budget, type BudgetSlot, defineBudgetSlot } from './budget.ts';
import { readProgress, writeProgress } from './build-progress.ts';

/**
 * What Coffer derives from a budget's rows and keeps beside them (the search index, the month
 * sums): how to tell it is current, keep it in step with one change, and build it again.
 */
export interface DerivedTable {
  isCurrent(sqlite: SqliteDatabase): boolean;
  apply(sqlite: SqliteDatabase, event: ChangeEvent): void;
  rebuild(sqlite: SqliteDatabase): void;
  /**
   * The same rebuild in bounded steps, for the background (absent: one step). `resume` is a
   * position a former build reached on the same data (`StepBuild.position`).
   */
  steps?(sqlite: SqliteDatabase, resume?: string): StepBuild;
  /**
   * The stamp `isCurrent` compares (the table's format and the data): given with `steps`, a
   * build's progress is kept in the file and the next open resumes it while the stamp holds.
   */
  stamp?(sqlite: SqliteDatabase): string;
}

/**
 * A rebuild cut into bounded steps, so the budget answers other requests between them. Changes
 * committed while it runs are counted where the build has passed and left to the steps
 * elsewhere, so each row counts exactly once; the table is not read until it is complete.
 */
export interface StepBuild {
  /**
   * Does one bounded piece; true once the table is complete and current. `scale` (0–1, default
   * 1) is the share of the build's rows per step this piece reads (`scaledRows`): the
   * background sizes its steps by time.
   */
  step(scale?: number): boolean;
  /** A change committed between steps. */
  apply(event: ChangeEvent): void;
  /** Where the build stands, for a later build to resume from; null: nothing worth keeping. */
  position?(): string | null;
  /** Everything left in one piece (for a read that needs the table now): fewer passes. */
  finish?(): void;
}

/**
 * How long after the open a stale table's build starts: past the reads of the first paint (the
 * open's answer, then the screen's first queries), so they never wait for it.
 */
export const BACKGROUND_BUILD_DELAY_MS = 1000;
/**
 * A start timer that fires this late found the worker busy (the open, the first screen's reads,
 * a save): the build waits another delay rather than start in the middle of them. Above a CPU
 * quota's throttled share of its period (75 ms of 100 at a quarter of a core), which delays a
 * timer without anything else running.
 */
export const BUSY_LAG_MS = 250;
/** At most this many waits for a quiet worker before the build starts anyway. */
const MAX_START_WAITS = 5;

/**
 * How long one background step should hold the worker. The tables size their steps in rows, for
 * native SQLite (a few ms); in the browser, where each page a step touches is written to OPFS,
 * 500 rows of the register's order took 100 ms, and a search typed meanwhile waited behind the
 * step for up to that long (issue 30). With a clock, the background times each step and sizes
 * the next one so it takes about this long.
 */
export const STEP_TARGET_MS = 10;
/** The first step's share of the rows, before any step has been timed. */
export const FIRST_STEP_SCALE = 1 / 8;
/** The least share of the rows a step reads, however slow: the build still moves on. */
const MIN_STEP_SCALE = 1 / 64;

/**
 * The share of the rows for the next step, after one at `scale` took `elapsedMs`: a slow step
 * shrinks the next in proportion, a fast one (under half the target) doubles it, up to the
 * table's own size.
 */
export function nextStepScale(scale: number, elapsedMs: number): number {
  if (elapsedMs > STEP_TARGET_MS) return Math.max(MIN_STEP_SCALE, (scale * STEP_TARGET_MS) / elapsedMs); // prettier-ignore
  if (elapsedMs < STEP_TARGET_MS / 2) return Math.min(1, scale * 2);
  return scale;
}

/** A step's rows at `scale` of the build's `rows` (at least one). */
export function scaledRows(rows: number, scale = 1): number {
  return Math.max(1, Math.round(rows * scale));
}

interface Background {
  timers: Timers;
  log: Logger;
  clock: Clock | null;
  delayMs: number;
  /** Still waiting for its start (the delay), not between steps. */
  starting: boolean;
  waits: number;
  /** While held, the build waits (`background-hold.ts`), unless a read hurried it. */
  hold: BackgroundHold | null;
  hurried: boolean;
  /** The next step's share of the rows (`nextStepScale`; 1 without a clock). */
  scale: number;
}

/**
 * One open budget's derived table. Whether it is current is checked at open (a few small
 * reads); a stale one is rebuilt in the background once the open has settled (`buildLater`), or
 * before the next read that needs it if that comes first (`ensure`, which finishes a build under
 * way), so an open never pays for a rebuild. A build in steps records where it stands in the
 * file (`build-progress.ts`): a reload resumes it instead of starting over. Reads that can wait
 * (the query cells) wait for it (`whenCurrent`) instead of reading every row meanwhile.
 */
export class DerivedData {
  private current: boolean;
  private readonly off: () => void;
  private pending: { timers: Timers; handle: unknown } | null = null;
  /** Cancels the wait for the hold's release (null: not waiting). */
  private offHold: (() => void) | null = null;
  /** A build under way (between its steps), or one a former open left, to resume. */
  private build: StepBuild | null = null;
  private background: Background | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly sqlite: SqliteDatabase,
    onChange: Budget['db']['onChange'],
    private readonly table: DerivedTable,
    /** The name its progress is kept under (none: a build starts over each open). */
    private readonly name: string | null = null,
  ) {
    this.current = table.isCurrent(sqlite);
    if (!this.current) this.build = this.resumed();
    this.off = onChange((event) => {
      if (this.current) table.apply(this.sqlite, event);
      else if (this.build) {
        const build = this.build;
        this.keep(() => {
          build.apply(event);
          return false;
        });
      }
    });
  }

  /** The build a former open left, when the data has not changed since. */
  private resumed(): StepBuild | null {
    const { table, name, sqlite } = this;
    if (name === null || !table.steps || !table.stamp) return null;
    const kept = readProgress(sqlite, name);
    if (!kept || kept.stamp !== table.stamp(sqlite)) return null;
    return table.steps(sqlite, kept.position);
  }

  /** Runs a piece of the build and records where it then stands, in one transaction. */
  private keep(piece: () => boolean): boolean {
    return this.sqlite.transaction(() => {
      const done = piece();
      this.record(done ? null : (this.build?.position?.() ?? null));
      return done;
    });
  }

  private record(position: string | null): void {
    if (this.name === null || !this.table.stamp) return;
    writeProgress(this.sqlite, this.name, this.table.stamp(this.sqlite), position);
  }

  /** Makes the table current (rebuilding it, or finishing the build under way). */
  ensure(): void {
    if (this.current) return;
    this.cancelTimer();
    const build = this.build;
    if (build?.finish) {
      const finish = build.finish.bind(build);
      this.keep(() => {
        finish();
        return true;
      });
    } else if (build) {
      while (!this.keep(() => build.step())) {
        // A read needs the whole table now: the steps left run back to back.
      }
    } else {
      this.table.rebuild(this.sqlite);
      this.record(null);
    }
    this.finished();
  }

  private finished(): void {
    this.build = null;
    this.background = null;
    this.current = true;
    this.release();
  }

  /** Tells those waiting that the build has ended (`isCurrent` says how). */
  private release(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const fn of waiting) fn();
  }

  /**
   * Where a build under way stands (`StepBuild.position`), or null when none has started: a read
   * may use the part already built (the search index's rows up to an id).
   */
  position(): string | null {
    return this.current ? null : (this.build?.position?.() ?? null);
  }

  /** Whether the table is complete and in step (false while a build is under way). */
  isCurrent(): boolean {
    return this.current;
  }

  /**
   * Whether a background build is scheduled or under way: a read that needs the table can wait
   * for it (`whenCurrent`) instead of reading every row.
   */
  building(): boolean {
    return !this.current && this.background !== null;
  }

  /**
   * Calls `fn` once the build has ended: the table current, or the build failed (then the
   * caller reads without it). Returns what cancels that.
   */
  whenCurrent(fn: () => void): () => void {
    if (this.current) {
      fn();
      return () => undefined;
    }
    this.waiters.add(fn);
    return () => this.waiters.delete(fn);
  }

  /**
   * A read waits for the build: it starts now, not after the start's delay, and a build held
   * between its steps (the screen in use, `background-hold.ts`) goes on at once.
   */
  hurry(): void {
    const bg = this.background;
    if (!bg || (!bg.starting && (bg.hurried || this.offHold === null))) return;
    this.cancelTimer();
    bg.starting = false;
    bg.hurried = true;
    this.schedule(bg, 0);
  }

  /**
   * Rebuilds a stale table from `delayMs` on, one bounded step per timer turn (others' requests
   * are answered between them), unless a read finishes it or the close cancels it first. With a
   * clock, a start timer that fired late (the worker was busy: the open, the first screen's
   * reads) waits again, so the build begins once the start has settled.
   */
  buildLater(
    timers: Timers,
    log: Logger,
    delayMs = BACKGROUND_BUILD_DELAY_MS,
    clock: Clock | null = null,
    hold: BackgroundHold | null = null,
  ): void {
    if (this.current || this.background) return;
    const scale = clock ? FIRST_STEP_SCALE : 1;
    const bg: Background = { timers, log, clock, delayMs, starting: true, waits: 0, hold, hurried: false, scale }; // prettier-ignore
    this.background = bg;
    this.schedule(bg, delayMs);
  }

  private schedule(bg: Background, delay: number): void {
    if (bg.hold?.held && !bg.hurried) {
      // Released: the start's delay (or the next step) counts from then.
      this.offHold ??= bg.hold.whenFree(() => {
        this.offHold = null;
        if (this.background === bg) this.schedule(bg, delay);
      });
      return;
    }
    const due = bg.clock ? bg.clock.now() + delay : 0;
    const handle = bg.timers.setTimeout(() => {
      this.pending = null;
      if (this.background !== bg) return;
      // Held since the timer was set (a request from the screen came): wait for the release.
      if (bg.hold?.held && !bg.hurried) return this.schedule(bg, delay);
      const late = bg.clock ? bg.clock.now() - due : 0;
      if (bg.starting && late > BUSY_LAG_MS && bg.waits < MAX_START_WAITS) {
        bg.waits += 1;
        return this.schedule(bg, bg.delayMs);
      }
      bg.starting = false;
      this.turn(bg);
    }, delay);
    this.pending = { timers: bg.timers, handle };
  }

  private turn(bg: Background): void {
    try {
      if (!this.table.steps) return this.ensure();
      const build = (this.build ??= this.table.steps(this.sqlite));
      const started = bg.clock?.now() ?? 0;
      const done = this.keep(() => build.step(bg.scale));
      if (bg.clock) bg.scale = nextStepScale(bg.scale, bg.clock.now() - started);
      if (!done) return this.schedule(bg, 0);
      this.finished();
    } catch (err) {
      // The next read that needs the table rebuilds it and reports its own error.
      this.build = null;
      this.background = null;
      bg.log.warn('Building derived data in the background failed', { error: String(err) });
      this.release();
    }
  }

  private cancelTimer(): void {
    if (this.pending) this.pending.timers.clearTimeout(this.pending.handle);
    this.pending = null;
    this.offHold?.();
    this.offHold = null;
  }

  close(): void {
    this.cancelTimer();
    this.build = null;
    this.background = null;
    this.waiters.clear();
    this.off();
  }
}

/**
 * A budget slot holding one derived table, kept in step through the budget's write path; a
 * stale one is rebuilt in the background after the open (and after any hold on the budget's
 * background work), resuming where a former open's build stopped.
 */
export function defineDerivedSlot(name: string, table: DerivedTable): BudgetSlot<DerivedData> {
  return defineBudgetSlot(
    name,
    (budget) => {
      const data = new DerivedData(
        budget.sqlite,
        (listener) => budget.db.onChange(listener),
        table,
        name,
      );
      const { timers, log, clock } = budget.env.platform;
      data.buildLater(timers, log, BACKGROUND_BUILD_DELAY_MS, clock, backgroundHold(budget));
      return data;
    },
    (data) => data.close(),
  );
}

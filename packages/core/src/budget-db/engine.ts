/**
 * The live budget of one open file: the budget sheet loaded from the database (or its cache),
 * kept current by every committed change, with the `cells-changed` push and the persisted
 * cache. (Query cells live in query-handler; the cell handlers read both.)
 */
import {
  monthForSheet,
  splitName,
  type BudgetSheet,
  type BudgetBounds,
  type BudgetType,
  type CellChange,
} from '../budget/index.ts';
import type { BackgroundHold } from '../budget-file/background-hold.ts';
import type { Logger, Random, Timers } from '../platform/index.ts';
import type { BudgetDb } from '../sync/budget-db.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { CacheWriter, invalidateCache, readCache } from './cache-store.ts';
import { feedChange, SpendingMirror } from './feed.ts';
import { monthOfTime, readBounds, readSpent } from './load.ts';
import { loadBudgetSheet } from './sheet-load.ts';
import { spentMatchesRows } from './sums-check.ts';
import { prevMonth } from '../calendar/months.ts';

export interface BudgetEngineOptions {
  db: BudgetDb;
  /** The budget type pref at open (`rollover` when unset). */
  budgetType: BudgetType;
  /** Wall clock, for the current month. */
  now: () => number;
  random: Random;
  /** Schedules the deferred cache write; without it, call `flush`. */
  timers?: Timers;
  /** Receives every `cells-changed` payload. */
  push?: (changes: CellChange[]) => void;
  log?: Logger;
  /** Persist and reuse the kvcache (default true). */
  cache?: boolean;
  /**
   * Build the cells of the months on screen at open (the current month and the one before)
   * and the others in small steps on the timers, or when something reads them (default false:
   * every month at open).
   */
  lazy?: boolean;
  /** While held, the months a lazy open left wait (a read still builds its month at once). */
  hold?: BackgroundHold;
  /** Marks the open's steps (`sheet:*`, Platform.mark: the phone bench's traces). */
  mark?: (name: string) => void;
}

/** Months built per timer turn after a lazy open: a short task, so requests are not held up. */
const BUILD_STEP_MONTHS = 3;

/**
 * The latest a lazy open's cached sums wait for their check against the rows (from the open),
 * even while the screen keeps the background work held: a cache that does not describe the
 * file is shown as true for a moment at most.
 */
export const SUMS_CHECK_LATEST_MS = 3000;

export class BudgetEngine {
  private sheetValue: BudgetSheet;
  private mirror: SpendingMirror;
  private readonly cacheWriter: CacheWriter | null;
  private readonly offChange: () => void;
  private offCells: () => void = () => undefined;
  private scheduled: unknown = null;
  private building: unknown = null;
  /** Cancels the wait for the hold's release (null: not waiting). */
  private offHold: (() => void) | null = null;
  /** While a background build step runs: the months built before it (their cells may change). */
  private builtBefore: BudgetBounds | null = null;
  private closed = false;
  /** False while the spending sums came from the cache (see loadBudgetSheet). */
  private spentComplete: boolean;
  private fromCache: boolean;
  /** Set while the cached sums wait for their check after the first screen (a lazy open). */
  private sumsUnchecked: boolean;
  /** The timer that runs that check at the latest (SUMS_CHECK_LATEST_MS), or null. */
  private checkDeadline: unknown = null;

  private constructor(private readonly opts: BudgetEngineOptions) {
    const sqlite = opts.db.sqlite;
    const useCache = opts.cache !== false;
    this.cacheWriter = useCache ? new CacheWriter(sqlite, () => this.newKey()) : null;
    this.mirror = SpendingMirror.load(sqlite);
    // A lazy open with timers (see `later` below) reads the stored sums of the months up to the
    // kept month when something needs them (a build back, a read, an edit there), not now.
    const later = opts.lazy === true && opts.timers !== undefined;
    const stored = useCache ? readCache(sqlite, { deferEarlier: later }) : null;
    opts.mark?.('sheet:cache-read');
    const now = opts.now();
    const current = monthOfTime(now);
    // The month before the current one stays in the first build: a step back (the phone's
    // swipe, "overspent last month") is then no fold. The month after is built when read (a
    // desktop showing it) or by the background steps: the phone's first screen shows one month.
    const focus = opts.lazy ? { start: prevMonth(current), end: current } : null;
    // A lazy open with timers shows the cached sums first and checks them against the rows
    // right after (checkSums): reading a month of rows through the date index is a page read
    // per row on the phone, where it made a good part of the sheet's load. Every commit through
    // Coffer or Actual moves the cache's data stamp (readCache), so what the check catches is a
    // file changed with no message at all (a tampered cache, rows edited by hand), and it is
    // corrected (reset) as soon as the screen is quiet, or SUMS_CHECK_LATEST_MS at the latest.
    const loaded = loadBudgetSheet(sqlite, opts.budgetType, now, stored, {
      mapping: this.mirror.mapping,
      focus,
      checkSums: !later,
      onBadStoredRow: () => {
        this.cacheWriter?.rewriteAll();
        this.schedule();
      },
    });
    opts.mark?.('sheet:loaded');
    this.sheetValue = loaded.sheet;
    this.spentComplete = loaded.spentComplete;
    this.fromCache = loaded.fromCache;
    this.sumsUnchecked = later && loaded.fromCache;
    this.attach(loaded.fromCache ? (stored?.bounds ?? null) : false);
    this.offChange = opts.db.onChange((event) => this.onChange(event));
    if (this.sumsUnchecked && opts.timers) {
      this.checkDeadline = opts.timers.setTimeout(() => {
        this.checkDeadline = null;
        if (!this.closed) this.checkSums();
      }, SUMS_CHECK_LATEST_MS);
    }
    this.scheduleBuild();
  }

  static open(options: BudgetEngineOptions): BudgetEngine {
    return new BudgetEngine(options);
  }

  get sheet(): BudgetSheet {
    return this.sheetValue;
  }

  get budgetType(): BudgetType {
    return this.sheetValue.budgetType;
  }

  /** True when the spending sums came from the kvcache rather than a scan of the rows. */
  get restoredFromCache(): boolean {
    return this.fromCache;
  }

  // ---- cells ----

  getCell(sheetName: string, name: string): CellChange {
    return this.sheetValue.getCell(sheetName, name);
  }

  /** Full names (`sheet!cell`). */
  getCells(names: readonly string[]): CellChange[] {
    return this.sheetValue.getCells(names);
  }

  getCellNamesInSheet(sheetName: string): string[] {
    return this.sheetValue.getCellNamesInSheet(sheetName);
  }

  // ---- months ----

  /** Creates any month the data now needs (`get-budget-bounds`); months are never dropped. */
  ensureBounds(): BudgetBounds {
    const wanted = readBounds(this.opts.db.sqlite, this.opts.now());
    const have = this.sheetValue.getBounds();
    if (!have || wanted.start < have.start || wanted.end > have.end) this.completeSpent();
    return this.sheetValue.ensureMonths(wanted);
  }

  /**
   * The months the data asks for now, as Actual's `get-budget-bounds` answers (the sheet may
   * hold more: months are created, never removed, when the earliest transaction moves later).
   */
  dataBounds(): BudgetBounds {
    this.ensureBounds();
    return readBounds(this.opts.db.sqlite, this.opts.now());
  }

  /** Loads the sums the cache did not hold, before cells that need them are created. */
  private completeSpent(): void {
    if (this.spentComplete) return;
    this.spentComplete = true;
    this.sheetValue.replaceAllSpent(readSpent(this.opts.db.sqlite, this.mirror.mapping));
  }

  // ---- lifecycle ----

  /** Runs the deferred cache write now. */
  flush(): void {
    if (this.scheduled !== null) {
      this.opts.timers?.clearTimeout(this.scheduled);
      this.scheduled = null;
    }
    if (this.closed) return;
    this.cacheWriter?.write(this.sheetValue);
  }

  /** Recomputes everything from the database (`reset-budget-cache`), pushing what moved. */
  reset(): void {
    const sqlite = this.opts.db.sqlite;
    invalidateCache(sqlite);
    const before = new Map(this.sheetValue.snapshot('').values);
    this.offCells();
    this.mirror = SpendingMirror.load(sqlite);
    const type = this.sheetValue.budgetType;
    // The months built so far stay built: the cells the screen reads keep their values.
    const built = this.sheetValue.getBuiltBounds();
    const focus = this.opts.lazy ? built : null;
    const { sheet } = loadBudgetSheet(sqlite, type, this.opts.now(), null, {
      mapping: this.mirror.mapping,
      focus,
    });
    this.spentComplete = true;
    this.sumsUnchecked = false;
    // Months only ever grow: keep every month the old sheet had.
    const old = this.sheetValue.getBounds();
    if (old) sheet.ensureMonths(old);
    this.sheetValue = sheet;
    this.fromCache = false;
    this.attach(false);
    const changes: CellChange[] = [];
    const after = new Map(sheet.snapshot('').values);
    for (const [name, value] of after)
      if (before.get(name) !== value) changes.push({ name, value });
    for (const name of before.keys()) if (!after.has(name)) changes.push({ name, value: null });
    if (changes.length > 0) this.emit(changes);
    this.schedule();
    this.scheduleBuild();
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    if (this.building !== null) this.opts.timers?.clearTimeout(this.building);
    this.building = null;
    if (this.checkDeadline !== null) this.opts.timers?.clearTimeout(this.checkDeadline);
    this.checkDeadline = null;
    this.offHold?.();
    this.offHold = null;
    this.offChange();
    this.offCells();
  }

  // ---- internals ----

  /**
   * Listens to the sheet; a sheet not restored from the cache (`false`) is written whole next
   * time. A restored one writes only the months it has beyond the stored `bounds`: a restore
   * that adds none writes nothing (a second tab, which holds no lock, must not try to).
   */
  private attach(restored: BudgetBounds | null | false): void {
    const sheet = this.sheetValue;
    const offCells = sheet.onCellsChanged((all) => {
      const changes = this.builtBefore ? all.filter((c) => this.wasBuilt(c.name)) : all;
      this.cacheWriter?.note(changes);
      this.emit([...changes]);
    });
    // Sums of months not built yet change no cell: the cache must still write those months.
    const offSpent = sheet.onSpentChanged((month) => this.cacheWriter?.noteMonths([month]));
    this.offCells = () => {
      offCells();
      offSpent();
    };
    if (!this.cacheWriter) return;
    if (restored === false) this.cacheWriter.rewriteAll();
    else {
      const added = sheet
        .getMonths()
        .filter((m) => restored === null || m < restored.start || m > restored.end);
      if (added.length > 0) this.cacheWriter.noteMonths(added);
    }
    this.schedule();
  }

  private onChange(event: ChangeEvent): void {
    if (this.closed) return;
    // New or restored categories get cells in every month: their sums must all be known.
    if (event.changes.has('categories') || event.changes.has('category_groups')) {
      this.completeSpent();
    }
    feedChange(event, {
      db: this.opts.db.sqlite,
      sheet: this.sheetValue,
      mirror: this.mirror,
    });
    this.cacheWriter?.touch();
    this.schedule();
  }

  /**
   * Checks the sums a lazy open took from the cache (those of the months first shown, as the
   * sheet holds them now: edits since moved both alike) against the rows; when they differ,
   * the cache did not describe the file, and the sheet is recomputed from the database with
   * the cells that move pushed (reset).
   */
  private checkSums(): void {
    if (!this.sumsUnchecked) return;
    this.sumsUnchecked = false;
    if (this.checkDeadline !== null) this.opts.timers?.clearTimeout(this.checkDeadline);
    this.checkDeadline = null;
    // Since the open, a full scan replaced the cached sums (completeSpent): nothing to check.
    if (this.spentComplete) return;
    const sheet = this.sheetValue;
    try {
      const matches = spentMatchesRows(
        this.opts.db.sqlite,
        (month, category) => sheet.getSpent(month, category),
        sheet.getCategories().map((c) => c.id),
        sheet.getBounds(),
        this.opts.now(),
        this.mirror.mapping,
      );
      this.opts.mark?.('sheet:sums-checked');
      if (matches) return;
      this.opts.log?.warn('The budget cache did not match the transactions: recomputed');
      this.reset();
    } catch (err) {
      // On a timer: the error is logged, as a build step's is.
      this.opts.log?.error('Checking the budget cache failed', { error: String(err) });
    }
  }

  /** Whether a cell existed before the build step under way (cells outside months do). */
  private wasBuilt(name: string): boolean {
    const b = this.builtBefore;
    const month = name.includes('!') ? monthForSheet(splitName(name).sheet) : null;
    return !b || month === null || (month >= b.start && month <= b.end);
  }

  private emit(changes: CellChange[]): void {
    if (changes.length > 0) this.opts.push?.(changes);
  }

  private schedule(): void {
    const timers = this.opts.timers;
    if (!timers || this.scheduled !== null || this.closed) return;
    if (!this.cacheWriter?.isDirty) return;
    this.scheduled = timers.setTimeout(() => {
      this.scheduled = null;
      try {
        this.flush();
      } catch (err) {
        this.opts.log?.error('Writing the budget cache failed', {
          error: String(err),
        });
      }
    }, 0);
  }

  /** Builds the months a lazy open left, a few per timer turn, until every month is built. */
  private scheduleBuild(): void {
    const timers = this.opts.timers;
    if (!timers || !this.opts.lazy || this.building !== null || this.closed) return;
    const hold = this.opts.hold;
    if (hold?.held) {
      this.offHold ??= hold.whenFree(() => {
        this.offHold = null;
        this.scheduleBuild();
      });
      return;
    }
    this.building = timers.setTimeout(() => {
      this.building = null;
      if (this.closed) return;
      // Held since the timer was set (a request from the screen came): wait for the release.
      if (hold?.held) return this.scheduleBuild();
      // The first quiet moment after the open checks the cached sums, in a turn of its own.
      if (this.sumsUnchecked) {
        this.checkSums();
        return this.scheduleBuild();
      }
      try {
        // The months a step builds were read by no one (a read builds its month first), so
        // their new cells are neither pushed nor noted for the cache: a push per step sent
        // every cell of the budget to the page during the start.
        this.builtBefore = this.sheetValue.getBuiltBounds();
        const more = this.sheetValue.buildStep(BUILD_STEP_MONTHS);
        this.builtBefore = null;
        if (more) this.scheduleBuild();
      } catch (err) {
        this.builtBefore = null;
        this.opts.log?.error('Building the budget months failed', { error: String(err) });
      }
    }, 0);
  }

  private newKey(): number {
    const b = this.opts.random.bytes(4);
    return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0 || 1;
  }
}

/**
 * Collects `cells-changed` pushes and hands them on in one batch. The core recomputes a query
 * cell on every write that touches its tables, so an import or a sync applying many changes
 * pushes a burst; applying each push would re-render the sidebar once per change.
 *
 * A push after a quiet spell is handed on at once (one edit shows in the sidebar in the same
 * frame as in the page); pushes that follow it within `quietMs` are batched: flushed `quietMs`
 * after the last one, but never later than `maxWaitMs` after the first, so a long burst still
 * shows progress. Later values of a cell replace earlier ones.
 */

export interface CellChange {
  name: string;
  value: unknown;
}

/** The timer side effects, injected so the batching can be tested without real time. */
export interface BatchClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const browserClock: BatchClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BatchOptions {
  quietMs: number;
  maxWaitMs: number;
}

export const CELL_BATCH: BatchOptions = { quietMs: 40, maxWaitMs: 300 };

export class CellBatcher {
  private pending = new Map<string, unknown>();
  private firstAt: number | null = null;
  private timer: unknown = null;
  private lastFlushAt: number | null = null;

  constructor(
    private readonly flushTo: (changes: ReadonlyMap<string, unknown>) => void,
    private readonly clock: BatchClock = browserClock,
    private readonly options: BatchOptions = CELL_BATCH,
  ) {}

  push(changes: readonly CellChange[]): void {
    if (changes.length === 0) return;
    for (const c of changes) this.pending.set(c.name, c.value);
    const now = this.clock.now();
    const quiet = this.lastFlushAt === null || now - this.lastFlushAt >= this.options.quietMs;
    if (this.timer === null && quiet) {
      this.flush();
      return;
    }
    this.firstAt ??= now;
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    const wait = Math.min(this.options.quietMs, this.firstAt + this.options.maxWaitMs - now);
    this.timer = this.clock.setTimer(() => this.flush(), Math.max(0, wait));
  }

  /** Hands on whatever is pending now (also used when the owner goes away). */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    this.firstAt = null;
    if (this.pending.size === 0) return;
    this.lastFlushAt = this.clock.now();
    const batch = this.pending;
    this.pending = new Map();
    this.flushTo(batch);
  }

  /** Drops pending changes and the timer, without flushing. */
  cancel(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    this.firstAt = null;
    this.pending.clear();
  }
}

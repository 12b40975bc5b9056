/**
 * The worker's init message, in a module of its own: worker.ts, whose static imports are
 * compiled at every start (see there), reads it before the core's bundle has loaded.
 */

/** The first message the UI sends the worker (see `createWorkerClient`). */
export interface InitMessage {
  type: 'init';
  /** The risk-acknowledged fallback mode: SQLite in memory, snapshots in IndexedDB. */
  fallbackMode?: boolean;
  /** Fallback mode: how long after a change a snapshot is saved (default 2000 ms). */
  persistMs?: number;
  /** How long to wait for a budget another context holds (default 3000 ms). */
  lockWaitMs?: number;
  /**
   * Test only: the page's `Date.now()` when it sent this message. The worker's clock then keeps
   * the same distance from the system clock, so a browser test that moves the page's time
   * (Playwright's `page.clock`, which does not reach workers) moves the core's as well.
   */
  pageClock?: number;
  /**
   * The budget (its id) the page opens first: its last one, which it asks to load as soon as
   * the core answers. The worker stages its folder (the Web Lock, the SQLite pool's install)
   * as soon as the core exists, so the page's round trip to the core does not come first on a
   * phone's start (issue 29). Not opened until asked for; let go after a while if not asked.
   */
  budget?: string;
}

export function isInitMessage(value: unknown): value is InitMessage {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'init'
  );
}

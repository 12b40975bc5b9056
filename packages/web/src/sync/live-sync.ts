/**
 * Live for a household (issue 31): while a budget is open and the page is visible, ask the
 * server every few seconds for what other devices and users wrote, so it appears without a
 * click. Each check is one sync exchange that usually brings nothing. A hidden page asks
 * nothing; coming back into view checks at once and starts the timer again.
 */

/** Between two checks: another device's edit shows within this (plus one exchange). */
export const LIVE_SYNC_MS = 5_000;

export interface LiveSyncDeps {
  timers: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  /** The page is visible (`document.visibilityState`). */
  visible(): boolean;
  /** A cloud budget is open and someone is signed in: there is something to check. */
  active(): boolean;
  /** One check (the core's `sync-live`); its failures are the sync's own to report. */
  check(): Promise<unknown>;
}

export interface LiveSync {
  /** The page was shown or hidden. */
  visibilityChanged(): void;
  stop(): void;
}

export function startLiveSync(deps: LiveSyncDeps, intervalMs = LIVE_SYNC_MS): LiveSync {
  let timer: unknown = null;
  let running = false;
  let stopped = false;

  const clear = () => {
    if (timer !== null) deps.timers.clearTimeout(timer);
    timer = null;
  };

  const schedule = () => {
    clear();
    if (stopped || !deps.visible()) return;
    timer = deps.timers.setTimeout(() => {
      timer = null;
      void tick();
    }, intervalMs);
  };

  async function tick(): Promise<void> {
    // One check at a time: a slow exchange delays the next, never doubles it.
    if (stopped || running) return;
    if (deps.visible() && deps.active()) {
      running = true;
      try {
        await deps.check();
      } catch {
        // The sync pushes its own error; the next check tries again.
      } finally {
        running = false;
      }
    }
    schedule();
  }

  schedule();
  return {
    visibilityChanged() {
      if (stopped) return;
      if (deps.visible()) void tick();
      else clear();
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}

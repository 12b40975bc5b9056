/**
 * A hold on an open budget's background work (issue 30): the months a lazy open left to build
 * (`budget-db/engine.ts`) and the derived tables' builds (`derived-data.ts`). A new device's
 * download holds them while the budget opens and its sync on load runs, so the first screen
 * and the catch-up do not share the worker with work no one has asked for yet (on the
 * download bench, the months' steps ran between every turn of that sync). A read that needs a
 * month or a table still builds it at once; only the work on the timers waits.
 */
import type { Timers } from '../platform/index.ts';
import { type Budget, defineBudgetSlot } from './budget.ts';

/**
 * How long background work keeps waiting after the person's screen last asked the core for
 * something or was touched (`BackgroundHold.holdWhileActive`). On a phone-class CPU the page and
 * the worker share one small CPU quota: a background step in the worker took the page's share,
 * so a tap that changed nothing took ~0.5 s to paint and a save waited behind the steps.
 */
export const FOREGROUND_QUIET_MS = 1000;

export class BackgroundHold {
  private holds = 0;
  private readonly waiting = new Set<() => void>();

  /** Holds background work until `until` settles (fulfilled or rejected). */
  hold(until: Promise<unknown>): void {
    this.holds++;
    const release = () => {
      this.holds--;
      if (this.holds > 0) return;
      const waiting = [...this.waiting];
      this.waiting.clear();
      for (const fn of waiting) fn();
    };
    void until.then(release, release);
  }

  /**
   * Holds background work while `until` runs (a request from the person's screen) and for
   * `quietMs` after it settles: the steps resume only once the screen has been quiet that long,
   * so a tap, the editor and a save never share the CPU with work no one asked for yet.
   */
  holdWhileActive(until: Promise<unknown>, timers: Timers, quietMs = FOREGROUND_QUIET_MS): void {
    const settled = until.then(
      () => undefined,
      () => undefined,
    );
    this.hold(settled.then(() => new Promise<void>((done) => timers.setTimeout(done, quietMs))));
  }

  /** Whether background work must wait now. */
  get held(): boolean {
    return this.holds > 0;
  }

  /**
   * Calls `fn` once nothing holds background work (at once when nothing does). Returns what
   * cancels that.
   */
  whenFree(fn: () => void): () => void {
    if (!this.held) {
      fn();
      return () => undefined;
    }
    this.waiting.add(fn);
    return () => this.waiting.delete(fn);
  }
}

/** One hold per open budget, made on first use (before the open's services when held). */
export const BackgroundHoldSlot = defineBudgetSlot('background-hold', () => new BackgroundHold());

export function backgroundHold(budget: Budget): BackgroundHold {
  return budget.get(BackgroundHoldSlot);
}

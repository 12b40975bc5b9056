/**
 * A hold on an open budget's background work (issue 30): the months a lazy open left to build
 * (`budget-db/engine.ts`) and the derived tables' builds (`derived-data.ts`). A new device's
 * download holds them while the budget opens and its sync on load runs, so the first screen
 * and the catch-up do not share the worker with work no one has asked for yet (on the
 * download bench, the months' steps ran between every turn of that sync). A read that needs a
 * month or a table still builds it at once; only the work on the timers waits.
 *
 * It also paces that work (issue 29): each step is timed, and the next waits twice as long as
 * it took, so the steps take at most a third of the worker's time; and a request from the page
 * gives it a quiet time after its answer, while the page draws it. On a phone-class CPU every
 * thread of the browser shares the same few cores: back to back, the steps took the page's
 * share (a tap that changes nothing took 400-900 ms to paint while they ran).
 */
import type { Clock, Timers } from '../platform/index.ts';
import { type Budget, defineBudgetSlot } from './budget.ts';

/** After a step of d ms the next waits `REST_RATIO` × d ms. */
export const REST_RATIO = 2;
/** How long background work waits after a request's answer (the page drawing it). */
export const QUIET_AFTER_REQUEST_MS = 250;

export class BackgroundHold {
  private holds = 0;
  private readonly waiting = new Set<() => void>();
  /** The clock's time before which no paced step starts. */
  private restUntil = 0;

  /** Without a clock, steps are not timed and no quiet time passes: only holds pace them. */
  constructor(private readonly clock: Clock | null = null) {}

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

  /** No paced step starts in the next `ms` (a request was answered, a step ran). */
  quiet(ms: number): void {
    if (!this.clock || ms <= 0) return;
    this.restUntil = Math.max(this.restUntil, this.clock.now() + ms);
  }

  private restLeft(): number {
    return this.clock ? Math.max(0, this.restUntil - this.clock.now()) : 0;
  }

  /**
   * Runs one background step on a timer once nothing holds background work and the rest has
   * passed; a request answered meanwhile puts it off again. The step is timed: the next one
   * rests twice as long. Returns what cancels it.
   */
  pace(timers: Timers, step: () => void): () => void {
    let handle: unknown = null;
    let offFree: (() => void) | null = null;
    let cancelled = false;
    const attempt = (): void => {
      offFree = null;
      if (cancelled) return;
      if (this.held) {
        offFree = this.whenFree(attempt);
        return;
      }
      // Only a new quiet time (an event, not the clock's moving) sends it round again, so a
      // clock that stands still in a test cannot keep it waiting for ever.
      const until = this.restUntil;
      handle = timers.setTimeout(() => {
        handle = null;
        if (cancelled) return;
        if (this.held || this.restUntil > until) return attempt();
        const started = this.clock?.now() ?? 0;
        try {
          step();
        } finally {
          if (this.clock) this.quiet(REST_RATIO * (this.clock.now() - started));
        }
      }, this.restLeft());
    };
    attempt();
    return () => {
      cancelled = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      offFree?.();
      offFree = null;
    };
  }
}

/** One hold per open budget, made on first use (before the open's services when held). */
export const BackgroundHoldSlot = defineBudgetSlot(
  'background-hold',
  (budget) => new BackgroundHold(budget.env.platform.clock),
);

export function backgroundHold(budget: Budget): BackgroundHold {
  return budget.get(BackgroundHoldSlot);
}

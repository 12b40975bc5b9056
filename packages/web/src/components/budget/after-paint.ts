/**
 * Work that waits for the frame being drawn to be painted: the month change's URL write
 * (BudgetPage), which took 5 ms of the click's frame and made the router render the page again
 * before it was painted (issue 30). The browser's clock is injected, so this is tested in Node.
 */

/** The browser's frame and task timers (`window`'s, in the page). */
export interface FrameClock {
  requestFrame(run: () => void): number;
  cancelFrame(id: number): void;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * Runs the last job given in the task after the next animation frame (whose callbacks come
 * before that frame's style, layout and paint). A job given while another waits replaces it:
 * only the newest URL matters. `cancel` drops a waiting job (the page has gone).
 */
export class AfterPaint {
  private waiting: { job: () => void; frame: number; timer: number | null } | null = null;

  constructor(private readonly clock: FrameClock) {}

  run(job: () => void): void {
    if (this.waiting) {
      this.waiting.job = job;
      return;
    }
    const w: { job: () => void; frame: number; timer: number | null } = {
      job,
      frame: 0,
      timer: null,
    };
    this.waiting = w;
    w.frame = this.clock.requestFrame(() => {
      w.timer = this.clock.setTimeout(() => {
        if (this.waiting !== w) return;
        this.waiting = null;
        w.job();
      }, 0);
    });
  }

  cancel(): void {
    const w = this.waiting;
    this.waiting = null;
    if (!w) return;
    this.clock.cancelFrame(w.frame);
    if (w.timer !== null) this.clock.clearTimeout(w.timer);
  }
}

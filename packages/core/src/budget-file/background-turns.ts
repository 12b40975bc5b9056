/**
 * One open budget's background builds take turns (issue 32): one step per timer turn across
 * all of them, on one chain of timers, the build with the lowest rank first (the order the
 * budget opened them in; a build a read is waiting for before all). With a timer per build, a
 * request that came during one build's step waited behind the next step every other build had
 * already queued; and the builds, interleaved, each ended only near the end of them all: on a new
 * device at 100,000 transactions the tag index (0.28 s of work) was current only once the
 * sums' steps (0.7 s) were nearly done too, and a tag filter meanwhile read the notes.
 */
import type { Timers } from '../platform/index.ts';
import { defineBudgetSlot } from './budget.ts';

interface Turn {
  rank: () => number;
  run: () => void;
}

export class BackgroundTurns {
  private readonly waiting: Turn[] = [];
  private handle: unknown = null;
  private ranks = 0;

  constructor(private readonly timers: Timers) {}

  /** The next rank, for a build opened after those before it (it goes after them). */
  nextRank(): number {
    return this.ranks++;
  }

  /**
   * Runs `run` on a later turn, once no waiting turn of a lower rank is left (of one rank, the
   * first asked first). `rank` is read when turns are chosen: a build can be hurried while it
   * waits. Returns what cancels it.
   */
  take(rank: () => number, run: () => void): () => void {
    const turn: Turn = { rank, run };
    this.waiting.push(turn);
    this.arm();
    return () => {
      const i = this.waiting.indexOf(turn);
      if (i >= 0) this.waiting.splice(i, 1);
      if (this.waiting.length === 0) this.clear();
    };
  }

  private arm(): void {
    if (this.handle !== null || this.waiting.length === 0) return;
    this.armTimer();
  }

  private armTimer(): void {
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      const next = this.first();
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      // The next turn's timer is set before this one runs, so it is due when this one ends: a
      // browser holds a chain of timers 4 ms apart, and a worker that slept between steps on a
      // loaded machine waited for a core each time (the builds took seconds longer). A request
      // that comes during a step then waits behind this step and at most the next one.
      this.armTimer();
      // A failing turn is its build's to report (`DerivedData` catches its own).
      next.run();
      // Nothing asked for a turn meanwhile: no timer left waiting.
      if (this.waiting.length === 0) this.clear();
    }, 0);
  }

  private clear(): void {
    if (this.handle === null) return;
    this.timers.clearTimeout(this.handle);
    this.handle = null;
  }

  /** The waiting turn of the lowest rank; of one rank, the first asked (they wait in order). */
  private first(): Turn | undefined {
    let best: Turn | undefined;
    let bestRank = Infinity;
    for (const turn of this.waiting) {
      const rank = turn.rank();
      if (rank < bestRank) {
        best = turn;
        bestRank = rank;
      }
    }
    return best;
  }
}

/** One queue of turns per open budget, on its platform's timers. */
export const BackgroundTurnsSlot = defineBudgetSlot(
  'background-turns',
  (budget) => new BackgroundTurns(budget.env.platform.timers),
);

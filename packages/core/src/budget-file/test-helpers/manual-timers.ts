import type { Timers } from '../../platform/index.ts';

/**
 * Timers run by hand: `due()` runs everything scheduled now, `turn()` the oldest one;
 * `scheduled()` counts what is waiting, `delays()` the delay each asked for.
 */
export function manualTimers() {
  const queue = new Map<number, () => void>();
  const delayOf = new Map<number, number>();
  let next = 1;
  const timers: Timers = {
    setTimeout(fn, ms) {
      queue.set(next, fn);
      delayOf.set(next, ms);
      return next++;
    },
    clearTimeout(handle) {
      queue.delete(handle as number);
    },
  };
  const due = () => {
    const fns = [...queue.values()];
    queue.clear();
    for (const fn of fns) fn();
  };
  const turn = () => {
    const [first] = queue;
    if (!first) return false;
    queue.delete(first[0]);
    first[1]();
    return true;
  };
  const delays = () => [...queue.keys()].map((id) => delayOf.get(id) ?? 0);
  return { timers, due, turn, scheduled: () => queue.size, delays };
}

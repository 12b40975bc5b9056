import type { Timers } from '../../platform/index.ts';

/**
 * Timers run by hand: `due()` runs everything scheduled now, `turn()` the oldest one;
 * `scheduled()` counts what is waiting.
 */
export function manualTimers() {
  const queue = new Map<number, () => void>();
  let next = 1;
  const timers: Timers = {
    setTimeout(fn) {
      queue.set(next, fn);
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
  return { timers, due, turn, scheduled: () => queue.size };
}

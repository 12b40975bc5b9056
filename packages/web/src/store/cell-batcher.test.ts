import { describe, expect, it } from 'vitest';
import { type BatchClock, CellBatcher } from './cell-batcher.ts';

/** A hand-driven clock: `advance` fires due timers in order. */
function manualClock() {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: BatchClock = {
    now: () => now,
    setTimer: (fn, ms) => {
      timers.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimer: (h) => void timers.delete(h as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at);
      if (due.length === 0) break;
      const [id, t] = due[0]!;
      timers.delete(id);
      now = t.at;
      t.fn();
    }
    now = until;
  };
  return { clock, advance, pendingTimers: () => timers.size };
}

describe('CellBatcher', () => {
  it('hands on a lone push at once, and the burst after it as one flush of the latest values', () => {
    const { clock, advance } = manualClock();
    const flushes: Array<Record<string, unknown>> = [];
    const b = new CellBatcher((m) => flushes.push(Object.fromEntries(m)), clock, {
      quietMs: 40,
      maxWaitMs: 300,
    });
    for (let i = 1; i <= 20; i++) {
      b.push([{ name: 'account!balance-a', value: i * 100 }]);
      if (i % 2 === 0) b.push([{ name: 'account!accounts-balance', value: i }]);
      advance(5);
    }
    expect(flushes).toEqual([{ 'account!balance-a': 100 }]);
    advance(40);
    expect(flushes).toEqual([
      { 'account!balance-a': 100 },
      { 'account!balance-a': 2000, 'account!accounts-balance': 20 },
    ]);
    // After a quiet spell the next push shows at once again.
    advance(100);
    b.push([{ name: 'account!balance-a', value: 1 }]);
    expect(flushes.at(-1)).toEqual({ 'account!balance-a': 1 });
  });

  it('flushes a long burst at least every maxWaitMs', () => {
    const { clock, advance } = manualClock();
    const flushes: number[] = [];
    const b = new CellBatcher((m) => flushes.push(m.get('c') as number), clock, {
      quietMs: 40,
      maxWaitMs: 100,
    });
    for (let i = 0; i < 50; i++) {
      b.push([{ name: 'c', value: i }]);
      advance(10);
    }
    // 500 ms of pushes 10 ms apart never go quiet; the cap gives a flush every ~100 ms.
    expect(flushes.length).toBeGreaterThanOrEqual(4);
    expect(flushes.length).toBeLessThanOrEqual(6);
    advance(100);
    expect(flushes.at(-1)).toBe(49);
  });

  it('cancel drops pending changes; an empty push schedules nothing', () => {
    const { clock, advance, pendingTimers } = manualClock();
    const flushes: unknown[] = [];
    const b = new CellBatcher((m) => flushes.push(m), clock);
    b.push([]);
    expect(pendingTimers()).toBe(0);
    // The first push goes at once; the one right after it waits and is dropped by cancel.
    b.push([{ name: 'x', value: 1 }]);
    b.push([{ name: 'x', value: 2 }]);
    b.cancel();
    advance(1000);
    expect(flushes).toHaveLength(1);
    expect((flushes[0] as Map<string, unknown>).get('x')).toBe(1);
    b.push([{ name: 'x', value: 3 }]);
    b.push([{ name: 'x', value: 4 }]);
    b.flush();
    expect(flushes).toHaveLength(3);
    expect(pendingTimers()).toBe(0);
  });
});

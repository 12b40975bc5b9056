import { describe, expect, it } from 'vitest';
import { AfterPaint, type FrameClock } from './after-paint.ts';

/** A clock whose frames and tasks run when the test says. */
function manualClock() {
  const frames = new Map<number, () => void>();
  const tasks = new Map<number, () => void>();
  let next = 1;
  const clock: FrameClock = {
    requestFrame: (run) => (frames.set(next, run), next++),
    cancelFrame: (id) => void frames.delete(id),
    setTimeout: (run) => (tasks.set(next, run), next++),
    clearTimeout: (id) => void tasks.delete(id),
  };
  const drain = (queue: Map<number, () => void>) => {
    const runs = [...queue.values()];
    queue.clear();
    for (const run of runs) run();
  };
  return { clock, frame: () => drain(frames), task: () => drain(tasks), frames, tasks };
}

describe('AfterPaint', () => {
  it('runs a job in the task after the next frame, not before', () => {
    const c = manualClock();
    const done: string[] = [];
    new AfterPaint(c.clock).run(() => done.push('url'));
    c.task();
    expect(done).toEqual([]);
    c.frame();
    expect(done).toEqual([]);
    c.task();
    expect(done).toEqual(['url']);
  });

  it('runs only the newest of the jobs given while one waits, once', () => {
    const c = manualClock();
    const done: string[] = [];
    const after = new AfterPaint(c.clock);
    after.run(() => done.push('2024-06'));
    after.run(() => done.push('2024-07'));
    c.frame();
    after.run(() => done.push('2024-08'));
    c.task();
    c.frame();
    c.task();
    expect(done).toEqual(['2024-08']);
    expect(c.frames.size + c.tasks.size).toBe(0);
  });

  it('drops a waiting job when cancelled, before or after its frame', () => {
    const c = manualClock();
    const done: string[] = [];
    const after = new AfterPaint(c.clock);
    after.run(() => done.push('a'));
    after.cancel();
    c.frame();
    c.task();
    after.run(() => done.push('b'));
    c.frame();
    after.cancel();
    c.task();
    expect(done).toEqual([]);
    expect(c.frames.size + c.tasks.size).toBe(0);
    // Usable again afterwards.
    after.run(() => done.push('c'));
    c.frame();
    c.task();
    expect(done).toEqual(['c']);
  });
});

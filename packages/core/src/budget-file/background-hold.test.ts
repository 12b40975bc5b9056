import { describe, expect, it } from 'vitest';
import { BackgroundHold } from './background-hold.ts';
import { manualTimers } from './test-helpers/manual-timers.ts';

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('BackgroundHold.holdWhileActive: a request from the screen, then a quiet moment', () => {
  it('holds while the request runs and until the quiet timer after it, then frees the waiting work', async () => {
    const hold = new BackgroundHold();
    const t = manualTimers();
    let answer: () => void = () => undefined;
    hold.holdWhileActive(new Promise<void>((done) => (answer = done)), t.timers, 1000);
    let resumed = 0;
    hold.whenFree(() => resumed++);
    expect(hold.held).toBe(true);
    // No quiet timer while the request runs: nothing can free the work before its answer.
    await settle();
    expect(t.scheduled()).toBe(0);
    answer();
    await settle();
    expect(t.scheduled()).toBe(1);
    expect(hold.held).toBe(true);
    expect(resumed).toBe(0);
    t.due();
    await settle();
    expect(hold.held).toBe(false);
    expect(resumed).toBe(1);
  });

  it('a second request during the first one’s quiet moment keeps the work waiting for its own', async () => {
    const hold = new BackgroundHold();
    const t = manualTimers();
    hold.holdWhileActive(Promise.resolve(), t.timers, 1000);
    await settle();
    hold.holdWhileActive(Promise.reject(new Error('refused')), t.timers, 1000);
    await settle();
    // The first one's quiet moment ends; the second's (a failed request counts too) has not.
    expect(t.turn()).toBe(true);
    await settle();
    expect(hold.held).toBe(true);
    expect(t.turn()).toBe(true);
    await settle();
    expect(hold.held).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { BackgroundHold, QUIET_AFTER_REQUEST_MS, REST_RATIO } from './background-hold.ts';
import { manualTimers } from './test-helpers/manual-timers.ts';

/** A clock moved by hand. */
function handClock(start = 1_000) {
  let now = start;
  return { clock: { now: () => now }, move: (ms: number) => (now += ms) };
}

describe('BackgroundHold.pace', () => {
  it('rests after a step twice as long as the step took', () => {
    const { clock, move } = handClock();
    const hold = new BackgroundHold(clock);
    const t = manualTimers();
    const ran: number[] = [];
    const step = (ms: number) => () => {
      ran.push(ms);
      move(ms);
    };
    hold.pace(t.timers, step(30));
    // Nothing rests yet: the first step waits for a turn only.
    expect(t.delays()).toEqual([0]);
    t.due();
    expect(ran).toEqual([30]);
    hold.pace(t.timers, step(10));
    expect(t.delays()).toEqual([REST_RATIO * 30]);
    move(REST_RATIO * 30);
    t.due();
    expect(ran).toEqual([30, 10]);
  });

  it('keeps quiet after a request, and a request answered meanwhile puts the step off again', () => {
    const { clock, move } = handClock();
    const hold = new BackgroundHold(clock);
    const t = manualTimers();
    let ran = 0;
    hold.quiet(QUIET_AFTER_REQUEST_MS);
    hold.pace(t.timers, () => ran++);
    expect(t.delays()).toEqual([QUIET_AFTER_REQUEST_MS]);
    move(100);
    // Another answer before the timer fires: the step waits the new quiet time out.
    hold.quiet(QUIET_AFTER_REQUEST_MS);
    move(QUIET_AFTER_REQUEST_MS - 100);
    t.due();
    expect(ran).toBe(0);
    expect(t.delays()).toEqual([100]);
    move(100);
    t.due();
    expect(ran).toBe(1);
    expect(t.scheduled()).toBe(0);
  });

  it('waits for a hold to end, and a cancelled step never runs', async () => {
    const { clock } = handClock();
    const hold = new BackgroundHold(clock);
    const t = manualTimers();
    let release: () => void = () => undefined;
    hold.hold(new Promise<void>((done) => (release = done)));
    let ran = 0;
    hold.pace(t.timers, () => ran++);
    const cancel = hold.pace(t.timers, () => ran++);
    expect(t.scheduled()).toBe(0);
    release();
    await new Promise((done) => setTimeout(done, 0));
    expect(t.scheduled()).toBe(2);
    cancel();
    expect(t.scheduled()).toBe(1);
    t.due();
    expect(ran).toBe(1);
  });

  it('without a clock, neither rests nor keeps quiet', () => {
    const hold = new BackgroundHold();
    const t = manualTimers();
    let ran = 0;
    hold.quiet(QUIET_AFTER_REQUEST_MS);
    hold.pace(t.timers, () => ran++);
    expect(t.delays()).toEqual([0]);
    t.due();
    hold.pace(t.timers, () => ran++);
    expect(t.delays()).toEqual([0]);
    t.due();
    expect(ran).toBe(2);
  });
});

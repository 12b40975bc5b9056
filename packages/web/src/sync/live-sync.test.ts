import { describe, expect, it } from 'vitest';
import { LIVE_SYNC_MS, startLiveSync } from './live-sync.ts';

/** A clock whose timers run only when the test moves time on. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      setTimeout(fn: () => void, ms: number) {
        const id = next++;
        pending.set(id, { at: now + ms, fn });
        return id;
      },
      clearTimeout(handle: unknown) {
        pending.delete(handle as number);
      },
    },
    pendingCount: () => pending.size,
    /** Move time on, running each timer that falls due (and letting its check settle). */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...pending].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at);
        const first = due[0];
        if (!first) break;
        pending.delete(first[0]);
        now = first[1].at;
        first[1].fn();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
      now = end;
    },
  };
}

function setup(options: { visible?: boolean; active?: boolean } = {}) {
  const clock = fakeClock();
  const state = { visible: options.visible ?? true, active: options.active ?? true, checks: 0 };
  const live = startLiveSync({
    timers: clock.timers,
    visible: () => state.visible,
    active: () => state.active,
    check: async () => {
      state.checks++;
    },
  });
  return { clock, state, live };
}

describe('live sync', () => {
  it('checks every few seconds while visible, well within ten seconds', async () => {
    const { clock, state, live } = setup();
    expect(LIVE_SYNC_MS).toBeLessThan(10_000);
    await clock.advance(LIVE_SYNC_MS - 1);
    expect(state.checks).toBe(0);
    await clock.advance(1);
    expect(state.checks).toBe(1);
    await clock.advance(LIVE_SYNC_MS * 3);
    expect(state.checks).toBe(4);
    live.stop();
    await clock.advance(LIVE_SYNC_MS * 3);
    expect(state.checks).toBe(4);
    expect(clock.pendingCount()).toBe(0);
  });

  it('pauses while the page is hidden and checks at once when it is shown again', async () => {
    const { clock, state, live } = setup();
    await clock.advance(LIVE_SYNC_MS);
    expect(state.checks).toBe(1);
    state.visible = false;
    live.visibilityChanged();
    expect(clock.pendingCount()).toBe(0);
    await clock.advance(LIVE_SYNC_MS * 10);
    expect(state.checks).toBe(1);
    state.visible = true;
    live.visibilityChanged();
    await clock.advance(0);
    expect(state.checks).toBe(2);
    await clock.advance(LIVE_SYNC_MS);
    expect(state.checks).toBe(3);
  });

  it('asks nothing with no cloud budget open, and starts once there is one', async () => {
    const { clock, state } = setup({ active: false });
    await clock.advance(LIVE_SYNC_MS * 4);
    expect(state.checks).toBe(0);
    state.active = true;
    await clock.advance(LIVE_SYNC_MS);
    expect(state.checks).toBe(1);
  });

  it('never runs two checks at once, and a failed check does not stop the next', async () => {
    const clock = fakeClock();
    let release: () => void = () => undefined;
    let inFlight = 0;
    let most = 0;
    let calls = 0;
    const live = startLiveSync({
      timers: clock.timers,
      visible: () => true,
      active: () => true,
      check: () => {
        calls++;
        inFlight++;
        most = Math.max(most, inFlight);
        if (calls === 1) {
          return new Promise<void>((r) => {
            release = () => {
              inFlight--;
              r();
            };
          });
        }
        inFlight--;
        return Promise.reject(new Error('offline'));
      },
    });
    await clock.advance(LIVE_SYNC_MS);
    live.visibilityChanged(); // shown again while the first check is still running
    await clock.advance(LIVE_SYNC_MS * 3);
    expect(calls).toBe(1);
    release();
    await clock.advance(0);
    await clock.advance(LIVE_SYNC_MS * 2);
    expect(calls).toBe(3);
    expect(most).toBe(1);
    live.stop();
  });
});

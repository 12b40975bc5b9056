import { useEffect } from 'react';
import type { AppStore } from '../../store/store.ts';

/** At most one `user-active` per this many ms: a finger's taps, not each key of a word. */
export const ACTIVITY_EVERY_MS = 250;

/** The events that say a person is using the screen (a touch or a click, a key, a wheel). */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

/**
 * Tells the core the person is using the screen (`user-active`), so the open budget's background
 * builds wait for a quiet moment (core: `Core.foreground`). On a phone the page and the core's
 * worker share one small CPU quota: a tap that asked the core nothing still took half a second to
 * paint while the worker built months and tables no one had asked for yet.
 */
export function useUserActivity(store: AppStore): void {
  useEffect(() => {
    let last = -Infinity;
    const onActivity = (e: Event) => {
      if (e.timeStamp - last < ACTIVITY_EVERY_MS) return;
      last = e.timeStamp;
      void store.backend.send('user-active').catch(() => undefined);
    };
    const options = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    };
  }, [store]);
}

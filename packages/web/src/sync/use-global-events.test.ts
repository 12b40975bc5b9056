import { describe, expect, it } from 'vitest';
import { AppStore } from '../store/store.ts';
import { fakeBackend } from '../test-helpers/fake-backend.ts';
import { onSyncEvent } from './use-global-events.ts';

describe('a sync refused as unauthorized', () => {
  it('signs out, closes the budget once and leaves the spec’s notice for the sign-in page', async () => {
    const sent: string[] = [];
    const store = new AppStore(
      fakeBackend((name) => {
        sent.push(name);
        return name === 'close-budget' ? 'ok' : undefined;
      }),
      { prefs: { id: 'b1' } as never, user: { offline: false } as never },
    );
    onSyncEvent(store, { type: 'unauthorized' });
    // Signed out at once: the live check (which needs a user) asks nothing more.
    expect(store.get().user).toBeNull();
    // The closing budget's last sync is refused too: nothing happens twice.
    onSyncEvent(store, { type: 'unauthorized' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.filter((name) => name === 'close-budget')).toEqual(['close-budget']);
    expect(store.get().prefs).toBeNull();
    expect(store.get().notifications).toEqual([
      expect.objectContaining({
        id: 'auth-issue',
        type: 'warning',
        sticky: true,
        title: 'Unable to authenticate with server',
      }),
    ]);
  });
});

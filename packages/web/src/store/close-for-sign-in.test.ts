import { describe, expect, it } from 'vitest';
import { closeForSignIn } from './actions.ts';
import { AppStore } from './store.ts';
import { fakeBackend } from '../test-helpers/fake-backend.ts';

/** A store with an open budget that records the handlers it is sent. */
function openStore() {
  const sent: string[] = [];
  const store = new AppStore(
    fakeBackend((name) => {
      sent.push(name);
      return name === 'get-budgets' || name === 'get-remote-files' ? [] : null;
    }),
    { prefs: { id: 'b1', budgetName: 'My Finances' } },
  );
  const closed = () => sent.includes('close-budget');
  return { store, closed };
}

/** A screen with typing not saved: records the question; `answer` is the person's reply. */
function typingScreen(store: AppStore) {
  const asked: Array<{ leave: () => void; keep: () => void }> = [];
  let dirty = true;
  const release = store.holdUnsaved({
    dirty: () => dirty,
    ask: (leave, keep) => asked.push({ leave, keep }),
  });
  return { asked, release, clean: () => (dirty = false) };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a signed-out answer after the budget showed', () => {
  it('closes at once when nothing typed is unsaved', async () => {
    const { store, closed } = openStore();
    const screen = typingScreen(store);
    screen.clean();
    await closeForSignIn(store);
    expect(screen.asked).toHaveLength(0);
    expect(closed()).toBe(true);
    expect(store.get().prefs).toBeNull();
  });

  it('asks the screen with unsaved typing first, and Discard closes', async () => {
    const { store, closed } = openStore();
    const screen = typingScreen(store);
    const closing = closeForSignIn(store);
    await turn();
    expect(screen.asked).toHaveLength(1);
    expect(closed()).toBe(false);
    screen.asked[0]!.leave();
    await closing;
    expect(closed()).toBe(true);
  });

  it('Keep editing keeps the budget open until the screen lets go of its typing', async () => {
    const { store, closed } = openStore();
    const screen = typingScreen(store);
    const closing = closeForSignIn(store);
    await turn();
    screen.asked[0]!.keep();
    await turn();
    expect(closed()).toBe(false);
    expect(store.get().prefs).not.toBeNull();
    // Saved (or left): the screen lets go, and the sign-in page follows.
    screen.release();
    await closing;
    expect(closed()).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { getUserData, whenUserKnown } from './actions.ts';
import { AppStore } from './store.ts';
import { fakeBackend } from '../test-helpers/fake-backend.ts';

const URL = 'https://budget.example';

/** A server whose user-info answer waits until `answer(...)`; the rest answers at once. */
function heldServer() {
  let answer!: (user: unknown) => void;
  const user = new Promise((resolve) => (answer = resolve));
  const store = new AppStore(
    fakeBackend((name) => {
      if (name === 'subscribe-get-user') return user;
      if (name === 'get-server-url') return URL;
      if (name === 'get-server-version') return { version: '26.9.0' };
      return null;
    }),
  );
  return { store, answer };
}

describe('who is signed in, at start', () => {
  it('knows the server’s address while the server has not said who is signed in', async () => {
    const { store, answer } = heldServer();
    const asked = getUserData(store);
    await expect.poll(() => store.get().serverUrl).toBe(URL);
    // Still unknown: the titlebar says 'Connecting...' and the sync buttons wait.
    expect(store.get().user).toBeUndefined();
    answer({ offline: false, userName: 'ana' });
    expect(await asked).toEqual({ offline: false, userName: 'ana' });
    expect(store.get()).toMatchObject({ user: { userName: 'ana' }, serverVersion: '26.9.0' });
  });

  it('whenUserKnown waits for the answer, signed out included', async () => {
    const { store, answer } = heldServer();
    let known: unknown = 'pending';
    void whenUserKnown(store).then((user) => (known = user));
    void getUserData(store);
    await expect.poll(() => store.get().serverUrl).toBe(URL);
    expect(known).toBe('pending');
    answer(null);
    await expect.poll(() => known).toBeNull();
  });

  it('whenUserKnown answers at once when the answer is already in', async () => {
    const { store } = heldServer();
    store.set({ user: null });
    expect(await whenUserKnown(store)).toBeNull();
  });

  it('keeps a sign-out made while the start’s question was on its way', async () => {
    const { store, answer } = heldServer();
    const asked = getUserData(store);
    await expect.poll(() => store.get().serverUrl).toBe(URL);
    store.set({ user: null });
    answer({ offline: false, userName: 'ana' });
    expect(await asked).toBeNull();
    expect(store.get().user).toBeNull();
  });

  it('keeps a sign-in made after that sign-out: the old session’s signed-out answer is ignored', async () => {
    const { store, answer } = heldServer();
    const asked = getUserData(store);
    await expect.poll(() => store.get().serverUrl).toBe(URL);
    store.set({ user: null });
    store.set({ user: { offline: false, userName: 'ana' } });
    answer(null);
    expect(await asked).toEqual({ offline: false, userName: 'ana' });
    expect(store.get().user).toEqual({ offline: false, userName: 'ana' });
  });
});

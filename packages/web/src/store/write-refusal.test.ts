import { describe, expect, it } from 'vitest';
import { showReadOnlyRefusal } from './actions.ts';
import { AppStore } from './store.ts';
import type { Backend } from '../backend/backend.ts';
import { isReadOnlyRefusal, watchWriteRefusals } from './write-refusal.ts';
import { fakeBackend as answering } from '../test-helpers/fake-backend.ts';

// What the core's write guard returns for an edit to a cloud file while read-only.
const refused = {
  error: {
    type: 'unauthorized',
    reason: 'unauthorized',
    message: 'You are not logged in.',
    meta: { readOnly: true },
  },
};

/** A backend answering each handler from `answers`; it records what was sent. */
function fakeBackend(answers: Record<string, unknown>) {
  const sent: string[] = [];
  const backend: Backend = answering((name) => {
    sent.push(name);
    return answers[name];
  });
  return { backend, sent };
}

describe('read-only refusals', () => {
  it('recognises only the read-only unauthorized refusal', () => {
    expect(isReadOnlyRefusal(refused)).toBe(true);
    // A failed upload or sign-in is also `unauthorized`, handled where it is made.
    expect(isReadOnlyRefusal({ error: { type: 'unauthorized', reason: 'unauthorized' } })).toBe(
      false,
    );
    expect(isReadOnlyRefusal({ error: { type: 'network', meta: { readOnly: true } } })).toBe(false);
    expect(isReadOnlyRefusal('payee-id')).toBe(false);
    expect(isReadOnlyRefusal(null)).toBe(false);
  });

  it('shows the spec’s text once for any number of refused edits, with a sign-in button', async () => {
    const { backend, sent } = fakeBackend({
      'payee-create': refused,
      'payees-get': [],
      'close-budget': 'ok',
      'get-all-files': [],
    });
    const store: AppStore = new AppStore(
      watchWriteRefusals(backend, () => showReadOnlyRefusal(store)),
      { prefs: { id: 'b1' } as never, user: { offline: false } as never },
    );
    // The result still reaches the caller unchanged.
    expect(await store.backend.send('payee-create', { name: 'A' })).toEqual(refused);
    await store.backend.send('payee-create', { name: 'B' });
    await store.backend.send('payees-get');
    const shown = store.get().notifications;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      id: 'read-only',
      type: 'error',
      sticky: true,
      message: 'You are not logged in.',
      button: { title: 'Sign in' },
    });

    // Signing in again closes the budget and leaves the user signed out in the UI, which
    // shows the sign-in page.
    await shown[0]!.button!.action();
    expect(sent).toContain('close-budget');
    expect(store.get().prefs).toBeNull();
    expect(store.get().user).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Backend } from '../../../backend/backend.ts';
import type { BatchClock } from '../../../store/cell-batcher.ts';
import { startBalanceCells } from './balance-cells.ts';
import { AppStore } from '../../../store/store.ts';
import type { Account } from '../../../store/types.ts';
import { accountRow } from '../../../test-helpers/rows.ts';
import { fakeBackend } from '../../../test-helpers/fake-backend.ts';

/** A backend that records requests and lets the test push events, as the core worker would. */
function recordingBackend() {
  const sent: Array<{ name: string; args: unknown }> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const backend: Backend = fakeBackend(
    (name, args) => {
      sent.push({ name, args });
      return 'ok';
    },
    (event, cb) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(cb);
      return () => set.delete(cb);
    },
  );
  const push = (event: string, payload: unknown) =>
    listeners.get(event)?.forEach((cb) => cb(payload));
  return { backend, sent, push, listening: () => listeners.get('cells-changed')?.size ?? 0 };
}

function manualClock() {
  const timers: Array<() => void> = [];
  const clock: BatchClock = {
    now: () => 0,
    setTimer: (fn) => timers.push(fn) - 1,
    clearTimer: (h) => void (timers[h as number] = () => {}),
  };
  return { clock, fire: () => timers.splice(0).forEach((fn) => fn()) };
}

const account = (id: string): Account => accountRow({ id, name: id });

describe('startBalanceCells', () => {
  it('creates the group cells and one per account, new accounts included', () => {
    const { backend, sent } = recordingBackend();
    const store = new AppStore(backend, { accounts: [account('a')] });
    const stop = startBalanceCells(store, manualClock().clock);
    const names = () => sent.map((s) => (s.args as { name: string }).name);
    expect(sent.every((s) => s.name === 'create-query')).toBe(true);
    expect(names()).toEqual([
      'accounts-balance',
      'budgeted-accounts-balance',
      'offbudget-accounts-balance',
      'uncategorized-balance',
      'uncategorized-amount',
      'balance-a',
    ]);
    store.set({ accounts: [account('a'), account('b')] });
    store.set({ accounts: [account('a'), account('b')] });
    expect(names().slice(6)).toEqual(['balance-b']);
    stop();
    store.set({ accounts: [account('c')] });
    expect(names()).not.toContain('balance-c');
  });

  it('applies the first push at once and the burst after it as one update, ignoring other sheets', () => {
    const { backend, push, listening } = recordingBackend();
    const store = new AppStore(backend);
    const { clock, fire } = manualClock();
    const stop = startBalanceCells(store, clock);
    let updates = 0;
    store.subscribe(() => updates++);
    for (let i = 1; i <= 25; i++) {
      push('cells-changed', [
        { name: 'account!accounts-balance', value: i },
        { name: 'budget202601!buffered', value: i },
      ]);
    }
    expect(updates).toBe(1);
    expect(store.get().cells).toEqual({ 'account!accounts-balance': 1 });
    fire();
    expect(updates).toBe(2);
    expect(store.get().cells).toEqual({ 'account!accounts-balance': 25 });
    stop();
    expect(listening()).toBe(0);
  });
});

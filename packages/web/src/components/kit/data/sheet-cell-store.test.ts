import { openAppCore } from '@coffer/core/testing';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../../backend/backend.ts';
import { SheetCellStore } from './sheet-cell-store.ts';
import { fakeBackend } from '../../../test-helpers/fake-backend.ts';

/** The real core (an in-memory budget) behind the UI's Backend shape. */
async function realBackend() {
  const f = await openAppCore();
  const backend: Backend = fakeBackend(
    (name, args) => f.core.sendUnknown(name, args),
    (event, cb) => f.core.events.on(event as 'cells-changed', cb),
  );
  return { f, backend };
}

describe('SheetCellStore', () => {
  it('reads cells once, then follows the core’s pushes cell by cell', async () => {
    const { f, backend } = await realBackend();
    const store = new SheetCellStore(backend);
    const stop = store.open();
    const food = f.category('Groceries');
    const budget = `budget202308!budget-${food}`;
    const toBudget = 'budget202308!to-budget';
    const other = `budget202308!budget-${f.category('General')}`;
    await store.load([budget, toBudget]);
    expect(store.hasAll([budget, toBudget])).toBe(true);
    expect(store.has(other)).toBe(false);
    const before = store.number(toBudget);

    const heard: string[] = [];
    store.subscribe(budget, () => heard.push('budget'));
    store.subscribe(toBudget, () => heard.push('to-budget'));
    store.subscribe(other, () => heard.push('other'));
    await f.core.sendUnknown('budget/budget-amount', {
      month: '2023-08',
      category: food,
      amount: 12345,
    });
    expect(store.number(budget)).toBe(12345);
    expect(store.number(toBudget)).toBe(before - 12345);
    expect(heard.sort()).toEqual(['budget', 'to-budget']);
    // A cell nobody read is not kept, even though the push named it.
    expect(store.has(`budget202308!group-budget-${f.group('Everyday')}`)).toBe(false);

    // Reading a cell already known costs no round trip and resolves at once.
    let sent = 0;
    const counting = new SheetCellStore({
      ...backend,
      send: (n, ...a) => {
        sent++;
        return backend.send(n, ...a);
      },
    });
    counting.open();
    await counting.load([budget]);
    counting.open();
    await counting.load([budget]);
    await Promise.all([counting.load([toBudget]), counting.load([toBudget])]);
    expect(sent).toBe(2);

    // A foreseen value shows at once; the core's push (or a refresh) has the last word.
    store.predict([{ name: budget, value: 1 }]);
    expect(store.number(budget)).toBe(1);
    await store.refresh([budget]);
    expect(store.number(budget)).toBe(12345);
    stop();
    await f.core.sendUnknown('budget/budget-amount', {
      month: '2023-08',
      category: food,
      amount: 5,
    });
    expect(store.number(budget)).toBe(12345);
  });

  it('drops a read answered after a newer push, and forgets everything on reload', async () => {
    const { f, backend } = await realBackend();
    const food = f.category('Groceries');
    const name = `budget202308!budget-${food}`;
    // The read's answer is held back until after an edit's push has arrived.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: Backend = {
      ...backend,
      send: async (n, ...a) => {
        const stale = await backend.send(n, ...a);
        await gate;
        return stale;
      },
    };
    const store = new SheetCellStore(slow);
    store.open();
    const loading = store.load([name]);
    await backend.send('budget/budget-amount', { month: '2023-08', category: food, amount: 500 });
    release();
    await loading;
    expect(store.number(name)).toBe(500);

    await store.reload([name]);
    expect(store.number(name)).toBe(500);
    expect(store.has('budget202308!to-budget')).toBe(false);
  });
});

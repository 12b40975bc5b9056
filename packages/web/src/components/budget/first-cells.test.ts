import { openAppCore } from '@coffer/core/testing';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../backend/backend.ts';
import { AppStore } from '../../store/store.ts';
import type { Categories } from '../../store/types.ts';
import { fakeBackend } from '../../test-helpers/fake-backend.ts';
import { monthCellNames } from './cells.ts';
import { FirstCellsSlot, firstScreenCellNames } from './first-cells.ts';

/** The real core (an in-memory budget) behind the UI's Backend, counting its calls. */
async function started() {
  const f = await openAppCore();
  const sent: string[] = [];
  let listening = 0;
  const backend: Backend = fakeBackend(
    (name, args) => {
      sent.push(name);
      return f.core.sendUnknown(name, args);
    },
    (event, cb) => {
      listening++;
      const off = f.core.events.on(event as 'cells-changed', cb);
      return () => {
        listening--;
        off();
      };
    },
  );
  const categories = (await f.core.sendUnknown('get-categories')) as Categories;
  const store = new AppStore(backend, { prefs: { id: 'b1' } as never, categories });
  return { f, store, sent, listening: () => listening, groups: categories.grouped };
}

const now = new Date(2023, 7, 15);

describe("the budget page's first cells", () => {
  it("are the page's own first read: one month on a phone or at one month, none otherwise", async () => {
    const { groups } = await started();
    const screen = { monthParam: null, narrow: true, maxMonths: 3, now, groups };
    const august = monthCellNames('2023-08', 'rollover', groups);
    expect(firstScreenCellNames({ ...screen, budgetType: 'rollover' })).toEqual(august);
    expect(firstScreenCellNames({ ...screen, budgetType: 'report' })).toEqual(
      monthCellNames('2023-08', 'report', groups),
    );
    expect(
      firstScreenCellNames({ ...screen, monthParam: '2023-05', budgetType: 'rollover' }),
    ).toEqual(monthCellNames('2023-05', 'rollover', groups));
    const desktop = { ...screen, narrow: false, budgetType: 'rollover' as const };
    expect(firstScreenCellNames({ ...desktop, maxMonths: undefined })).toEqual(august);
    expect(firstScreenCellNames({ ...desktop, maxMonths: 1 })).toEqual(august);
    // As many months as fit the page's width: known only once the page is laid out.
    expect(firstScreenCellNames(desktop)).toBeNull();
  });

  it("are read once, as the start asks, and handed to that budget's page with their values", async () => {
    const { f, store, sent, groups } = await started();
    const names = monthCellNames('2023-08', 'rollover', groups);
    store.slot(FirstCellsSlot).ask(store, names);
    expect(sent).toEqual(['getCells']);
    const cells = store.slot(FirstCellsSlot).take('b1')!;
    await cells.load(names);
    // The page's own load found them asked for: nothing asked again.
    expect(sent).toEqual(['getCells']);
    const food = f.category('Groceries');
    const answer = (await f.core.sendUnknown('getCells', {
      names: [`budget202308!leftover-${food}`],
    })) as Array<{ value: unknown }>;
    expect(cells.get(`budget202308!leftover-${food}`)).toBe(answer[0]!.value);
    // Taken once: a later budget page reads its own.
    expect(store.slot(FirstCellsSlot).take('b1')).toBeNull();
  });

  it('follow the core from the ask, so a change before the page mounts shows', async () => {
    const { f, store, groups } = await started();
    const food = f.category('Groceries');
    const budgeted = `budget202308!budget-${food}`;
    store.slot(FirstCellsSlot).ask(store, monthCellNames('2023-08', 'rollover', groups));
    await f.core.sendUnknown('budget/budget-amount', {
      month: '2023-08',
      category: food,
      amount: 4321,
    });
    const cells = store.slot(FirstCellsSlot).take('b1')!;
    await cells.load([budgeted]);
    expect(cells.number(budgeted)).toBe(4321);
  });

  it('are dropped, their listener with them, when the budget closes before its page takes them', async () => {
    const { store, listening, groups } = await started();
    store.slot(FirstCellsSlot).ask(store, monthCellNames('2023-08', 'rollover', groups));
    expect(listening()).toBe(1);
    store.set({ prefs: null });
    expect(listening()).toBe(0);
    store.set({ prefs: { id: 'b1' } as never });
    expect(store.slot(FirstCellsSlot).take('b1')).toBeNull();
  });

  it('are not handed to another budget', async () => {
    const { store, listening, groups } = await started();
    store.slot(FirstCellsSlot).ask(store, monthCellNames('2023-08', 'rollover', groups));
    expect(store.slot(FirstCellsSlot).take('b2')).toBeNull();
    expect(listening()).toBe(0);
    expect(store.slot(FirstCellsSlot).take('b1')).toBeNull();
  });
});

/**
 * The budget page's first cells, asked for as the budget opens (issue 29). A returning start
 * asked for them from the page's first effects, after React had rendered the whole shell (on a
 * phone-class CPU ~100 ms after the budget's data was in, the core's worker idle meanwhile);
 * now the start asks as soon as the categories and the budget type are known, and the page
 * takes the cell store holding that read when it mounts.
 */
import { isMonth } from '@coffer/core/ui';
import { useEffect, useMemo } from 'react';
import { isNarrowNow } from '../../store/responsive.ts';
import { type AppStore, defineStoreSlot } from '../../store/store.ts';
import type { CategoryGroup } from '../../store/types.ts';
import { SheetCellStore } from '../kit/data/sheet-cell-store.ts';
import { monthCellNames } from './cells.ts';
import { monthOf } from './month-nav.ts';
import type { BudgetType } from './rows.ts';

export const FIRST_CELLS_MARK = 'coffer:budget-cells-requested';

export interface FirstScreen {
  /** The address's `?month=` (BudgetPage's first month), or null. */
  monthParam: string | null;
  /** The phone's layout: one month whatever the settings. */
  narrow: boolean;
  /** The saved number of months side by side (global prefs). */
  maxMonths: number | null | undefined;
  budgetType: BudgetType;
  groups: readonly CategoryGroup[];
  now: Date;
}

/**
 * The cells BudgetPage first asks for (before the budget's bounds are known), or null when
 * they depend on the page's width: a desktop showing more than one month.
 */
export function firstScreenCellNames(screen: FirstScreen): string[] | null {
  const saved = screen.maxMonths;
  const oneMonth = screen.narrow || !(typeof saved === 'number' && saved > 1);
  if (!oneMonth) return null;
  const month = isMonth(screen.monthParam) ? screen.monthParam : monthOf(screen.now);
  return monthCellNames(month, screen.budgetType, screen.groups);
}

/** The read started for one budget's page, until that page takes it. */
export class FirstCells {
  private kept: {
    budgetId: string;
    cells: SheetCellStore;
    stopCells: () => void;
    stopWatching: () => void;
  } | null = null;

  /**
   * Starts reading `names` into a cell store for the page of `store`'s open budget. Dropped
   * when that budget closes before its page took it (a signed-out answer closes it).
   */
  ask(store: AppStore, names: readonly string[]): void {
    this.drop();
    const budgetId = store.get().prefs?.id;
    if (!budgetId) return;
    const cells = new SheetCellStore(store.backend);
    // Following the core's pushes from now on: a change before the page mounts is not lost.
    const stopCells = cells.open();
    const stopWatching = store.subscribe(() => {
      if (store.get().prefs?.id !== budgetId) this.drop();
    });
    performance.mark(FIRST_CELLS_MARK);
    // A budget closed under the read (its answer is a failure value) leaves the cells unread.
    void cells.load(names).catch(() => undefined);
    this.kept = { budgetId, cells, stopCells, stopWatching };
  }

  /** The store asked for budget `budgetId`, once; null when none was (or for another budget). */
  take(budgetId: string | null): SheetCellStore | null {
    const kept = this.kept;
    if (!kept || kept.budgetId !== budgetId) {
      this.drop();
      return null;
    }
    this.kept = null;
    kept.stopWatching();
    // The cells' listener stays until the page's own `open()` replaces it.
    return kept.cells;
  }

  private drop(): void {
    this.kept?.stopWatching();
    this.kept?.stopCells();
    this.kept = null;
  }
}

export const FirstCellsSlot = defineStoreSlot('first-cells', () => new FirstCells());

/**
 * At a start that opened the last budget on its budget page (`search`: the address's query),
 * asks for the page's first cells when they do not depend on the page's width.
 */
export function askFirstScreenCells(store: AppStore, search: string): void {
  const { prefs, categories, globalPrefs } = store.get();
  if (!prefs) return;
  const names = firstScreenCellNames({
    monthParam: new URLSearchParams(search).get('month'),
    narrow: isNarrowNow(),
    maxMonths: globalPrefs.maxMonths,
    budgetType: prefs.budgetType === 'report' ? 'report' : 'rollover',
    groups: categories.grouped,
    now: new Date(),
  });
  if (names) store.slot(FirstCellsSlot).ask(store, names);
}

/**
 * The budget page's cell store: the start's read (`askFirstScreenCells`) when it was for this
 * budget, else a new one; following the core's pushes while the page is mounted.
 */
export function usePageCells(store: AppStore): SheetCellStore {
  const cells = useMemo(
    () =>
      store.slot(FirstCellsSlot).take(store.get().prefs?.id ?? null) ??
      new SheetCellStore(store.backend),
    [store],
  );
  useEffect(() => cells.open(), [cells]);
  return cells;
}

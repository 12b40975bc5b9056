/**
 * The check of the budget cache's spending sums against the transactions: the sums of the
 * months the first screen shows, read through the date index. A lazy open runs it after its
 * first screen (engine.ts), an open without timers before it trusts the cache (load.ts).
 */
import type { BudgetBounds, Month } from '../budget/index.ts';
import type { SqliteDatabase, SqlValue } from '../platform/index.ts';
import type { StoredCache } from './cache-store.ts';
import { monthOfTime, readSpentInMonth } from './load.ts';
import { monthOfDateInt } from './spending-rows.ts';

/**
 * Whether the sums `spentOf` gives for the months the first screen shows (the current month,
 * and the month of the newest transaction, each when inside `bounds`) match the rows, for every
 * live category: a read through the date index, so a cache that does not describe the file
 * (rows written with no message, a tampered cache) is caught. The engine runs it once the first
 * screen is shown, against the sheet's sums as they are then (see BudgetEngine).
 */
export function spentMatchesRows(
  db: SqliteDatabase,
  spentOf: (month: Month, category: string) => number,
  categories: readonly string[],
  bounds: BudgetBounds | null,
  now: number,
  mapping?: ReadonlyMap<string, string | null>,
): boolean {
  const newest = db.first<{ d: SqlValue }>(
    'SELECT MAX(date) AS d FROM transactions WHERE date IS NOT NULL',
  );
  const newestMonth = typeof newest?.d === 'number' ? monthOfDateInt(newest.d) : null;
  // Only months the sums are held for: the others are loaded when they are created.
  const months = new Set(
    [monthOfTime(now), newestMonth].filter(
      (m): m is Month => m !== null && bounds !== null && m >= bounds.start && m <= bounds.end,
    ),
  );
  for (const month of months) {
    const rows = new Map<string, number>();
    for (const r of readSpentInMonth(db, month, mapping)) rows.set(r.category, r.amount);
    for (const category of categories) {
      if (spentOf(month, category) !== (rows.get(category) ?? 0)) return false;
    }
  }
  return true;
}

/** `spentMatchesRows` for the sums as stored (an open that checks before its first screen). */
export function storedMatchesRows(
  db: SqliteDatabase,
  stored: StoredCache,
  categories: readonly string[],
  now: number,
  mapping: ReadonlyMap<string, string | null> | undefined,
): boolean {
  const sums = new Map<string, number>();
  for (const r of stored.spent) sums.set(`${r.month}\u0000${r.category}`, r.amount);
  const spentOf = (month: Month, category: string) => sums.get(`${month}\u0000${category}`) ?? 0;
  return spentMatchesRows(db, spentOf, categories, stored.bounds, now, mapping);
}

/**
 * The budget sheet built from the database at open (or a reset): its inputs read by load.ts,
 * the stored sums of the cache (cache-store.ts) standing in for the spending scan when they can
 * be trusted (sums-check.ts).
 */
import {
  BudgetSheet,
  isMonth,
  type BudgetBounds,
  type BudgetType,
  type CategoryMonthAmount,
} from '../budget/index.ts';
import { structureOf } from '../budget/cache.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import type { StoredCache } from './cache-store.ts';
import {
  readBounds,
  readBudgetRows,
  readBuffered,
  readCategories,
  readGroups,
  readSpent,
} from './load.ts';
import { storedMatchesRows } from './sums-check.ts';

export interface LoadOptions {
  /** category_mapping as the engine keeps it (read from the database when not given). */
  mapping?: ReadonlyMap<string, string | null>;
  /** Only these months' cells are built at first (a lazy open). */
  focus?: BudgetBounds | null;
  /**
   * Check the stored sums against the rows before trusting them (default true). False when the
   * caller checks the sheet's sums itself once the first screen is shown (`spentMatchesRows`).
   */
  checkSums?: boolean;
  /** Called when a stored row read after the open (StoredCache.earlier) is not Coffer's. */
  onBadStoredRow?: () => void;
}

/**
 * The budget sheet computed from the database. Trusted stored sums covering every month the
 * data needs stand in for the spending scan (the only part that grows with the rows);
 * `spentComplete` is then false: sums of other months and of deleted categories are not loaded
 * until something needs them. With `focus`, only those months' cells are built at first.
 * (The stored sums are checked against the rows of the months first shown, unless `checkSums`
 * is false: the caller then checks them after its first screen.)
 */
export function loadBudgetSheet(
  db: SqliteDatabase,
  type: BudgetType,
  now: number,
  stored: StoredCache | null,
  options: LoadOptions = {},
): { sheet: BudgetSheet; spentComplete: boolean; fromCache: boolean } {
  const { mapping, focus = null, checkSums = true } = options;
  const groups = readGroups(db);
  const categories = readCategories(db);
  const data = readBounds(db, now);
  const cached = stored?.bounds ?? null;
  const covers =
    stored !== null &&
    cached !== null &&
    cached.start <= data.start &&
    cached.end >= data.end &&
    stored.structure === structureOf(groups, categories) &&
    (!checkSums ||
      storedMatchesRows(
        db,
        stored,
        categories.map((c) => c.id),
        now,
        mapping,
      ));
  // Months are never dropped: a trusted cache's months stay even when the data needs fewer.
  const bounds = cached
    ? {
        start: cached.start < data.start ? cached.start : data.start,
        end: cached.end > data.end ? cached.end : data.end,
      }
    : data;
  // The kept month was written with the sums, at the same data stamp: when the sums are
  // trusted, so are the inputs it was computed from, and its months' rows wait until needed.
  const keptMonth = stored?.kept?.month;
  const upTo = covers && focus !== null && isMonth(keptMonth) ? keptMonth : null;
  // The stored sums of the months up to the kept month, when not read yet (readCache's
  // deferEarlier): they wait with the rows, or are read now when the rows do not wait.
  const earlier = covers ? stored.earlier : null;
  const waits = earlier !== null && earlier.upTo === upTo;
  const readEarlier = (): CategoryMonthAmount[] => {
    if (!earlier) return [];
    const sums = earlier.read();
    if (sums) return sums;
    // A stored row that is not Coffer's: those months' sums from the rows, and the cache is
    // to be written afresh.
    options.onBadStoredRow?.();
    return readSpent(db, mapping).filter((r) => r.month <= earlier.upTo);
  };
  const init = {
    budgetType: type,
    bounds,
    groups,
    categories,
    budgets: upTo ? readBudgetRows(db, type, { month: upTo, part: 'after' }) : readBudgetRows(db, type), // prettier-ignore
    buffered: readBuffered(db),
    spent: covers ? (waits ? stored.spent : [...stored.spent, ...readEarlier()]) : readSpent(db, mapping), // prettier-ignore
    focus,
    // Checked against these inputs before use unless vouched for (see KeptMonth).
    kept: stored?.kept ?? null,
    keptInputs: upTo
      ? {
          upTo,
          read: () => readBudgetRows(db, type, { month: upTo, part: 'upTo' }),
          readSpent: waits ? readEarlier : undefined,
        }
      : null,
  };
  return { sheet: BudgetSheet.create(init), spentComplete: !covers, fromCache: covers };
}

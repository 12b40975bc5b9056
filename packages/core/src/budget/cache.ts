/**
 * The persistent cache of computed cells (Actual keeps it in `kvcache`). A cache is trusted only
 * for the same formulas, budget type and category tree; input values are checked cell by cell
 * when the sheet is rebuilt, so inputs that moved since the cache was written are recomputed
 * from, and everything else starts from its cached value.
 */
import type { CellValue } from './sheet-engine.ts';
import type { BudgetType, CategoryInfo, GroupInfo } from './types.ts';

export interface BudgetCache {
  format: number;
  /** The caller's validity key (Actual's kvcache_key); checked when the caller passes one. */
  key: string;
  budgetType: BudgetType;
  /** The category tree the values were computed for; a cache for another tree is ignored. */
  structure: string;
  values: [string, CellValue][];
}

/** Bump when a formula or the cell layout changes, so older caches are ignored. */
export const BUDGET_CACHE_FORMAT = 1;

export interface CreateOptions {
  cache?: BudgetCache | null;
  /** When given, a cache stored under another key is ignored. */
  cacheKey?: string;
}

/**
 * A canonical description of the category tree. Cached group sums would otherwise keep the
 * amounts of a category removed since the cache was written.
 */
export function structureOf(
  groups: Iterable<GroupInfo>,
  categories: Iterable<CategoryInfo>,
): string {
  const g = [...groups].map((x) => `${x.id}:${x.isIncome ? 1 : 0}`).sort();
  const c = [...categories].map((x) => `${x.id}:${x.groupId}:${x.isIncome ? 1 : 0}`).sort();
  return JSON.stringify([g, c]);
}

export function usableCache(
  options: CreateOptions,
  budgetType: BudgetType,
  groups: Iterable<GroupInfo>,
  categories: Iterable<CategoryInfo>,
): BudgetCache | null {
  const c = options.cache;
  if (!c || c.format !== BUDGET_CACHE_FORMAT || c.budgetType !== budgetType) return null;
  if (options.cacheKey !== undefined && options.cacheKey !== c.key) return null;
  if (c.structure !== structureOf(groups, categories)) return null;
  return c;
}

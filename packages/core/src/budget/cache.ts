/**
 * The persistent cache of computed cells (Actual keeps it in `kvcache`). A cache is trusted only
 * for the same formulas, budget type and category tree; input values are checked cell by cell
 * when the sheet is rebuilt, so inputs that moved since the cache was written are recomputed
 * from, and everything else starts from its cached value.
 */
import type { BudgetBounds } from '../calendar/months.ts';
import type { CellValue } from './sheet-engine.ts';
import { isBudgetType, type BudgetType, type CategoryInfo, type GroupInfo } from './types.ts';

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

/**
 * The values of one month kept from the last session (every cell of the month before the
 * months a lazy open builds first), so the next open starts from them instead of folding every
 * month before. Trusted only for the same formulas, budget type, category tree and first month,
 * and for inputs of every month up to it equal to those it was computed from (`inputs`, a
 * digest, unless the caller vouches for them by its data stamp): an edit or a sync that arrived
 * since, in any of those months, makes the open fold.
 */
export interface KeptMonth {
  format: number;
  month: string;
  first: string;
  budgetType: BudgetType;
  structure: string;
  /** `BudgetInputStore.digest(first, month)` of the inputs the values were computed from. */
  inputs: string;
  values: [string, CellValue][];
}

/** Whether `value` has the shape of a `KeptMonth` (it comes from the file). */
export function isKeptMonth(value: unknown): value is KeptMonth {
  if (typeof value !== 'object' || value === null) return false;
  const k = value as Partial<Record<keyof KeptMonth, unknown>>;
  return (
    typeof k.format === 'number' &&
    typeof k.month === 'string' &&
    typeof k.first === 'string' &&
    isBudgetType(k.budgetType) &&
    typeof k.structure === 'string' &&
    typeof k.inputs === 'string' &&
    Array.isArray(k.values) &&
    k.values.every(
      (e) =>
        Array.isArray(e) &&
        e.length === 2 &&
        typeof e[0] === 'string' &&
        (e[1] === null || ['number', 'string', 'boolean'].includes(typeof e[1])),
    )
  );
}

/**
 * Whether `kept` may stand in for folding the months up to it in a lazy open of `init`: the
 * same formulas, type, tree and first month, and inputs up to it whose digest is the one the
 * values were computed from.
 */
export function keptMonthFits(
  kept: KeptMonth,
  init: {
    budgetType: BudgetType;
    bounds: BudgetBounds;
    groups: Iterable<GroupInfo>;
    categories: Iterable<CategoryInfo>;
    focus?: BudgetBounds | null;
  },
  /** Null: the caller vouches for the inputs (see `BudgetSheetInit.keptInputs`). */
  digest: ((from: string, to: string) => string) | null,
): boolean {
  const { start, end } = init.bounds;
  if (!init.focus || kept.format !== BUDGET_CACHE_FORMAT) return false;
  if (kept.budgetType !== init.budgetType || kept.first !== start) return false;
  if (kept.month < start || kept.month > end) return false;
  if (kept.structure !== structureOf(init.groups, init.categories)) return false;
  return digest === null || kept.inputs === digest(kept.first, kept.month);
}

/** A month's values to keep, or null when JSON could not keep them exactly. */
export function keptMonthOf(
  where: Pick<KeptMonth, 'month' | 'first' | 'budgetType'>,
  structure: string,
  inputs: string,
  values: ReadonlyMap<string, CellValue>,
): KeptMonth | null {
  const entries = [...values];
  if (entries.some(([, v]) => typeof v === 'number' && !Number.isFinite(v))) return null;
  return { format: BUDGET_CACHE_FORMAT, ...where, structure, inputs, values: entries };
}

/**
 * The values of months whose cells are not built: the same cell definitions as the sheet
 * (`createMonthCells`), evaluated as they are defined, one month at a time, with no graph. A
 * lazily built sheet starts its first built month from the fold's values of the month before
 * it (the balances and To Budget it carries in), so its figures equal a full build's.
 *
 * The values of every folded month are kept: building further back reuses them, and an edit
 * in month m only refolds from m on. A fold can start from one month's values kept from the
 * last session (`prime`, checked by the caller against the inputs they were folded from): the
 * months after it fold from there, and the months before it only when something reads them.
 */
import {
  createBlankSheet,
  createMonthCells,
  type CellContext,
  type CellSink,
} from './budget-cells.ts';
import { addMonths, monthRange, nextMonth, prevMonth, type Month } from '../calendar/months.ts';
import type { CellValue, Compute } from './sheet-engine.ts';
import type { CategoryInfo, GroupInfo } from './types.ts';

export type MonthValues = ReadonlyMap<string, CellValue>;

/**
 * Whether a dependency list names a cell twice. A category's cells read two to five names: a
 * pairwise look, not a set made for every cell of every month folded (a new device folds every
 * month before the screen).
 */
function hasRepeats(deps: readonly string[]): boolean {
  if (deps.length > 8) return new Set(deps).size !== deps.length;
  for (let i = 1; i < deps.length; i++) {
    for (let j = 0; j < i; j++) if (deps[i] === deps[j]) return true;
  }
  return false;
}

/** Evaluates each cell at its definition, reading this month's and the month before's values. */
class ValueSink implements CellSink {
  readonly values = new Map<string, CellValue>();

  constructor(private readonly before: MonthValues) {}

  createInput(name: string, value: CellValue): void {
    this.values.set(name, value);
  }

  createDynamic(name: string, deps: readonly string[], compute: Compute): void {
    // The sheet links each dependency once (first occurrence kept): read them the same way.
    const unique = hasRepeats(deps) ? [...new Set(deps)] : deps;
    const args: CellValue[] = new Array(unique.length);
    for (let i = 0; i < unique.length; i++) {
      const d = unique[i] as string;
      const v = this.values.get(d);
      args[i] = v !== undefined ? v : (this.before.get(d) ?? null);
    }
    this.values.set(name, compute(args));
  }
}

export interface FoldSource {
  readonly ctx: CellContext;
  readonly categories: ReadonlyMap<string, CategoryInfo>;
  readonly groups: ReadonlyMap<string, GroupInfo>;
}

export class MonthFold {
  private readonly kept = new Map<Month, MonthValues>();
  /** Kept values are current for every month from `keptFrom` up to this one (null: none are). */
  private validTo: Month | null = null;
  /** The first month whose values are kept (null: the budget's first month). */
  private keptFrom: Month | null = null;
  /** With `keptFrom`: the months from the first to this one are folded too (`foldStep`). */
  private prefixTo: Month | null = null;

  constructor(private readonly source: FoldSource) {}

  /**
   * Starts from `values`, the values of `month` (kept from the last session and checked by the
   * caller against the inputs of every month up to it), instead of folding up to it.
   */
  prime(month: Month, values: MonthValues): void {
    this.kept.clear();
    this.kept.set(month, values);
    this.keptFrom = month;
    this.prefixTo = null;
    this.validTo = month;
  }

  /**
   * Folds up to `count` more of the months before a primed month (the background's share, so
   * no single turn folds them all); false when none is left to fold.
   */
  foldStep(count: number, first: Month): boolean {
    if (this.keptFrom === null) return false;
    this.foldPrefix(first, addMonths(this.prefixTo ?? prevMonth(first), count));
    return true;
  }

  /** Folds the months before the primed month from the prefix on, up to `to` at most. */
  private foldPrefix(first: Month, to: Month): void {
    const keptFrom = this.keptFrom as Month;
    const end = to < keptFrom ? to : prevMonth(keptFrom);
    const before = this.prefixTo === null ? this.blank(prevMonth(first)) : (this.kept.get(this.prefixTo) as MonthValues); // prettier-ignore
    const from = this.prefixTo === null ? first : nextMonth(this.prefixTo);
    this.foldRange(from, end, before);
    this.prefixTo = end;
    if (end === prevMonth(keptFrom)) {
      // Every month from the first on is kept: the fold is whole again.
      this.keptFrom = null;
      this.prefixTo = null;
    }
  }

  /** Something in `month` changed: its values and every later month's are stale. */
  invalidateFrom(month: Month): void {
    if (this.validTo === null || this.validTo < month) return;
    this.validTo = prevMonth(month);
    // Nothing kept before a primed month: its own values went stale too.
    if (this.keptFrom !== null && this.validTo < this.keptFrom) this.invalidateAll();
  }

  /** The category tree, the budget type or the first month changed: nothing kept holds. */
  invalidateAll(): void {
    this.validTo = null;
    this.keptFrom = null;
    this.prefixTo = null;
    this.kept.clear();
  }

  /**
   * The values of `month` (from `first` on; the month before `first` is the blank sheet an
   * envelope budget starts from, and nothing for a tracking one).
   */
  valuesOf(month: Month, first: Month): MonthValues {
    const blankMonth = prevMonth(first);
    if (month <= blankMonth) return this.blank(blankMonth);
    if (this.keptFrom !== null && month < this.keptFrom) {
      // Before a primed month: fold the months up to it once, then every month is kept.
      if (this.prefixTo === null || this.prefixTo < month) this.foldPrefix(first, prevMonth(this.keptFrom)); // prettier-ignore
      return this.kept.get(month) as MonthValues;
    }
    let from = this.keptFrom ?? first;
    if (this.validTo !== null && this.validTo >= from) {
      if (this.validTo >= month) return this.kept.get(month) as MonthValues;
      from = nextMonth(this.validTo);
    }
    let before = from === first ? this.blank(blankMonth) : (this.kept.get(prevMonth(from)) as MonthValues); // prettier-ignore
    before = this.foldRange(from, month, before);
    this.validTo = month;
    return before;
  }

  /** Folds the months `from`..`to`, starting from the values of the month before: the last. */
  private foldRange(from: Month, to: Month, before: MonthValues): MonthValues {
    for (const m of monthRange(from, to)) {
      const sink = new ValueSink(before);
      const ctx: CellContext = { ...this.source.ctx, sink, cached: () => undefined };
      createMonthCells(ctx, [m], this.source.categories.values(), this.source.groups.values());
      this.kept.set(m, sink.values);
      before = sink.values;
    }
    return before;
  }

  /** The values of every cell of months `from`..`to` and of the month before (one map). */
  cellsOf(from: Month, to: Month, first: Month): Map<string, CellValue> {
    this.valuesOf(to, first);
    const out = new Map<string, CellValue>();
    for (const m of [prevMonth(from), ...monthRange(from, to)]) {
      for (const [name, value] of this.valuesOf(m, first)) out.set(name, value);
    }
    return out;
  }

  private blank(month: Month): MonthValues {
    const sink = new ValueSink(new Map());
    if (this.source.ctx.type === 'rollover') {
      const ctx: CellContext = { ...this.source.ctx, sink, cached: () => undefined };
      createBlankSheet(ctx, month, this.source.categories.values());
    }
    return sink.values;
  }
}

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
 *
 * Inside the fold every month is named alike (`FoldNames`: a cell of the month folded by its
 * short name, one of the month before by a marker and its short name), so a fold makes its
 * names and links once, not once per month: a new device folds every month before the screen
 * at its first open (issue 30: two thirds of that open's sheet build, and a share of its GC).
 * The values come out under the month's own sheet names (`valuesOf`, `cellsOf`).
 */
import {
  categoryNames,
  createBlankSheet,
  createCategoryCells,
  createMonthTotals,
  monthLinks,
  type CellContext,
  type CellSink,
  type MonthNames,
} from './budget-cells.ts';
import {
  addMonths,
  monthRange,
  nextMonth,
  prevMonth,
  sheetForMonth,
  type Month,
} from '../calendar/months.ts';
import { cellName, type CellValue, type Compute } from './sheet-engine.ts';
import type { CategoryInfo, GroupInfo } from './types.ts';

export type MonthValues = ReadonlyMap<string, CellValue>;

/** The fold trusts no cache: it computes every value. */
const uncached = (): undefined => undefined;

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

/** A month's values keyed by short cell names (the fold's own naming, see FoldNames). */
type ShortValues = Map<string, CellValue>;

/** Marks a name of the month before inside the fold (no short cell name starts with it). */
const PREV = '\u0000';

/** The fold's names: the same for every month, so made once per fold. */
class FoldNames implements MonthNames {
  /** Each name of the month before, and the short name it reads in that month's values. */
  readonly shortOf = new Map<string, string>();
  readonly at = (short: string): string => short;
  readonly before = (short: string): string => {
    const name = PREV + short;
    if (!this.shortOf.has(name)) this.shortOf.set(name, short);
    return name;
  };
}

/** `values` (short names) under the sheet names of `month`. */
function named(month: Month, values: ReadonlyMap<string, CellValue>): Map<string, CellValue> {
  const sheet = sheetForMonth(month);
  const out = new Map<string, CellValue>();
  for (const [short, value] of values) out.set(cellName(sheet, short), value);
  return out;
}

/** `values` of `month` (sheet names) under short names; a name of another sheet is dropped. */
function shortNamed(month: Month, values: ReadonlyMap<string, CellValue>): ShortValues {
  const prefix = cellName(sheetForMonth(month), '');
  const out: ShortValues = new Map();
  for (const [name, value] of values) {
    if (name.startsWith(prefix)) out.set(name.slice(prefix.length), value);
  }
  return out;
}

/**
 * Evaluates each cell at its definition, reading this month's and the month before's values,
 * one month after another (`next`).
 */
class ValueSink implements CellSink {
  values: ShortValues = new Map();
  private before: ReadonlyMap<string, CellValue> = new Map();
  /** A long dependency list (a total's) is the same array every month: deduplicated once. */
  private readonly unique = new Map<readonly string[], readonly string[]>();

  constructor(private readonly names: FoldNames) {}

  /** Starts the next month, whose month before has `before`. */
  next(before: ReadonlyMap<string, CellValue>): void {
    this.before = before;
    this.values = new Map();
  }

  createInput(name: string, value: CellValue): void {
    this.values.set(name, value);
  }

  createDynamic(name: string, deps: readonly string[], compute: Compute): void {
    // The sheet links each dependency once (first occurrence kept): read them the same way.
    let unique = deps.length > 8 ? this.unique.get(deps) : undefined;
    if (unique === undefined) {
      unique = hasRepeats(deps) ? [...new Set(deps)] : deps;
      if (deps.length > 8) this.unique.set(deps, unique);
    }
    const args: CellValue[] = new Array(unique.length);
    for (let i = 0; i < unique.length; i++) {
      const d = unique[i] as string;
      const short = d.charCodeAt(0) === 0 ? this.names.shortOf.get(d) : undefined;
      const v = short === undefined ? this.values.get(d) : this.before.get(short);
      args[i] = v ?? null;
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
  /** Each folded month's values, by short names. */
  private readonly kept = new Map<Month, ShortValues>();
  /** The last values handed out under sheet names, and the kept values they name. */
  private lastNamed: { month: Month; from: ShortValues; out: MonthValues } | null = null;
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
    this.kept.set(month, shortNamed(month, values));
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
    const before = this.prefixTo === null ? this.blankShort(prevMonth(first)) : (this.kept.get(this.prefixTo) as ShortValues); // prettier-ignore
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
    const values = this.folded(month, first);
    const last = this.lastNamed;
    // Kept values are replaced, never changed in place: the same map names the same values.
    if (last && last.month === month && last.from === values) return last.out;
    const out = named(month, values);
    this.lastNamed = { month, from: values, out };
    return out;
  }

  /** `valuesOf` by short names, for a month after the blank one. */
  private folded(month: Month, first: Month): ShortValues {
    const blankMonth = prevMonth(first);
    if (this.keptFrom !== null && month < this.keptFrom) {
      // Before a primed month: fold the months up to it once, then every month is kept.
      if (this.prefixTo === null || this.prefixTo < month) this.foldPrefix(first, prevMonth(this.keptFrom)); // prettier-ignore
      return this.kept.get(month) as ShortValues;
    }
    let from = this.keptFrom ?? first;
    if (this.validTo !== null && this.validTo >= from) {
      if (this.validTo >= month) return this.kept.get(month) as ShortValues;
      from = nextMonth(this.validTo);
    }
    let before = from === first ? this.blankShort(blankMonth) : (this.kept.get(prevMonth(from)) as ShortValues); // prettier-ignore
    before = this.foldRange(from, month, before);
    this.validTo = month;
    return before;
  }

  /** Folds the months `from`..`to`, starting from the values of the month before: the last. */
  private foldRange(from: Month, to: Month, before: ShortValues): ShortValues {
    const cats = [...this.source.categories.values()];
    const grps = [...this.source.groups.values()];
    const short = cats.map((c) => categoryNames(c.id));
    const names = new FoldNames();
    const sink = new ValueSink(names);
    const ctx = this.source.ctx.with(sink, uncached);
    // Categories first, then their groups and totals: what `createMonthCells` defines, in order.
    const links = monthLinks(ctx.type, from, cats, grps, names, short);
    for (const m of monthRange(from, to)) {
      sink.next(before);
      cats.forEach((cat, i) => createCategoryCells(ctx, m, cat, names, short[i]));
      createMonthTotals(ctx, m, grps, names, links);
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

  /** The blank sheet of `month` under its sheet names. */
  private blank(month: Month): MonthValues {
    const sink = new ValueSink(new FoldNames());
    if (this.source.ctx.type === 'rollover') {
      const ctx = this.source.ctx.with(sink, uncached);
      createBlankSheet(ctx, month, this.source.categories.values());
    }
    return sink.values;
  }

  private blankShort(month: Month): ShortValues {
    return shortNamed(month, this.blank(month));
  }
}

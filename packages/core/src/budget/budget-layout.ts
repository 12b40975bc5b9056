/**
 * The shape of one budget's spreadsheet: which months exist, the category tree, and the
 * cells and links they imply for the current budget type. Each change (more months, a
 * category or group added, moved or removed, a type switch) patches the existing graph;
 * the values the cells read come from the `CellContext` (the sheet's inputs), not from here.
 *
 * A lazy layout builds the cells of only some of its months (one contiguous run, the months on
 * screen first) and the rest later (`buildStep`) or when something reads them (`build`). The
 * month before the run holds plain inputs with the values that month would have (the seed, from
 * `MonthFold`), so the built months compute exactly what a full build does. A month before the
 * run whose inputs change refolds the seed; months after it are read by nothing built.
 */
import {
  applyLinks,
  categoryLinks,
  collectLinks,
  createBlankCategory,
  createBlankSheet,
  createCategoryCells,
  createGroupCells,
  createMonthCells,
  deleteCategoryCells,
  deleteGroupCells,
  groupLinks,
  type CellContext,
} from './budget-cells.ts';
import { MonthFold } from './month-fold.ts';
import {
  addMonths,
  monthRange,
  prevMonth,
  sheetForMonth,
  type BudgetBounds,
  type Month,
} from '../calendar/months.ts';
import type { CellValue, Spreadsheet } from './sheet-engine.ts';
import type { BudgetType, CategoryInfo, GroupInfo } from './types.ts';

/** Months folded per month built in a step: a fold makes no graph, so it costs a few times less. */
const FOLD_PER_BUILT = 4;

export class BudgetLayout {
  readonly groups = new Map<string, GroupInfo>();
  readonly categories = new Map<string, CategoryInfo>();
  private first: Month | null = null;
  private last: Month | null = null;
  /** The months whose cells exist: one run inside first..last (all of it unless lazy). */
  private builtFirst: Month | null = null;
  private builtLast: Month | null = null;
  private readonly fold: MonthFold;
  /** The seed (the month before the built run, when that is not the blank sheet) is stale. */
  private seedStale = false;
  /** The seed in the sheet is the blank sheet (or nothing) rather than folded values. */
  private blankSeed = true;

  /**
   * @param focus lazy: the months to build first (clamped to the bounds); null builds every
   *   month as it is created.
   */
  constructor(
    private readonly ctx: CellContext,
    groups: readonly GroupInfo[],
    categories: readonly CategoryInfo[],
    private focus: BudgetBounds | null = null,
  ) {
    for (const g of groups) this.groups.set(g.id, { ...g });
    for (const c of categories) this.categories.set(c.id, { ...c });
    this.fold = new MonthFold({ ctx, categories: this.categories, groups: this.groups });
  }

  private get sheet(): Spreadsheet {
    return this.ctx.sheet;
  }

  private get type(): BudgetType {
    return this.ctx.type;
  }

  private batch<T>(fn: () => T): T {
    return this.sheet.batch(fn);
  }

  getBounds(): BudgetBounds | null {
    return this.first && this.last ? { start: this.first, end: this.last } : null;
  }

  getMonths(): Month[] {
    return this.first && this.last ? monthRange(this.first, this.last) : [];
  }

  hasMonth(month: Month): boolean {
    return this.first !== null && this.last !== null && month >= this.first && month <= this.last;
  }

  /** The months whose cells exist. */
  getBuiltBounds(): BudgetBounds | null {
    return this.builtFirst && this.builtLast
      ? { start: this.builtFirst, end: this.builtLast }
      : null;
  }

  isBuilt(month: Month): boolean {
    return this.builtFirst !== null && this.builtLast !== null && month >= this.builtFirst && month <= this.builtLast; // prettier-ignore
  }

  private builtMonths(): Month[] {
    return this.builtFirst && this.builtLast ? monthRange(this.builtFirst, this.builtLast) : [];
  }

  /** The seed is the blank sheet (envelope) or nothing (tracking): built from the first month. */
  private get seedIsBlank(): boolean {
    return this.builtFirst === this.first;
  }

  /** Creates any month of `bounds` not yet created; the range only ever grows. */
  ensureMonths(bounds: BudgetBounds): BudgetBounds {
    if (bounds.start > bounds.end)
      throw new Error(`inverted bounds ${bounds.start}..${bounds.end}`);
    const start = this.first && this.first < bounds.start ? this.first : bounds.start;
    const end = this.last && this.last > bounds.end ? this.last : bounds.end;
    if (start === this.first && end === this.last) return { start, end };
    this.batch(() => {
      const wasBlank = this.builtFirst !== null && this.seedIsBlank;
      const movedStart = start !== this.first;
      this.first = start;
      this.last = end;
      if (this.focus === null) this.build(start, end);
      else if (this.builtFirst === null) {
        const f = this.focus;
        const a = this.focusStart() as Month;
        const b = f.end > end ? end : f.end < a ? a : f.end;
        this.build(a, b);
      } else if (movedStart) {
        this.fold.invalidateAll();
        // The blank sheet before the old first month becomes that month's seed.
        if (wasBlank) this.sheet.deleteSheet(sheetForMonth(prevMonth(this.builtFirst)));
        this.seedStale = true;
      }
    });
    return { start, end };
  }

  /** Builds the cells of every month from `a` to `b` (and between them and the built run). */
  build(a: Month, b: Month): void {
    if (!this.first || !this.last) return;
    const lo = a < this.first ? this.first : a;
    const hi = b > this.last ? this.last : b;
    if (lo > hi) return;
    const from = this.builtFirst && this.builtFirst < lo ? this.builtFirst : lo;
    const to = this.builtLast && this.builtLast > hi ? this.builtLast : hi;
    const fresh = monthRange(from, to).filter((m) => !this.isBuilt(m));
    if (fresh.length === 0) return;
    this.batch(() => {
      let ctx = this.ctx;
      const old = this.builtFirst;
      if (old && from < old && !this.blankSeed && this.first) {
        // Building back from a seed: the fold knows every value these months hold, so each
        // cell starts from it and nothing after them is walked again (an edit moved nothing).
        const seedMonth = prevMonth(old);
        const known = this.fold.cellsOf(from, seedMonth, this.first);
        ctx = this.ctx.with(this.ctx.sink, (name) => known.get(name));
        this.builtFirst = from;
        this.placeSeed(ctx);
        createMonthCells(ctx, fresh, this.categories.values(), this.groups.values());
        const sheetName = sheetForMonth(seedMonth);
        for (const short of this.sheet.getCellNamesInSheet(sheetName)) {
          if (!known.has(`${sheetName}!${short}`)) this.sheet.deleteCell(`${sheetName}!${short}`);
        }
        this.builtLast = to;
        return;
      }
      if (from !== old) {
        if (old) this.sheet.deleteSheet(sheetForMonth(prevMonth(old)));
        this.builtFirst = from;
        this.placeSeed(ctx);
      }
      this.builtLast = to;
      createMonthCells(ctx, fresh, this.categories.values(), this.groups.values());
    });
  }

  /** Builds up to `count` more months, those before the built run first; false when all are. */
  buildStep(count: number): boolean {
    const { first, last, builtFirst, builtLast } = this;
    if (!first || !last || !builtFirst || !builtLast) return false;
    // Building back reads the fold: months before a primed one fold first, a few per step.
    if (builtFirst > first && this.fold.foldStep(count * FOLD_PER_BUILT, first)) return true;
    if (builtFirst > first) {
      const a = addMonths(builtFirst, -count);
      this.build(a < first ? first : a, builtLast);
    } else if (builtLast < last) {
      const b = addMonths(builtLast, count);
      this.build(builtFirst, b > last ? last : b);
    }
    return this.builtFirst !== first || this.builtLast !== last;
  }

  /**
   * An input of `month` changed: a month before the built run moves the seed. The fold forgets
   * it in any month, so the values kept for the next session (`keptMonth`) stay current.
   */
  inputChanged(month: Month): void {
    if (!this.first || month < this.first) return;
    this.fold.invalidateFrom(month);
    if (this.builtFirst && month < this.builtFirst) this.seedStale = true;
  }

  /** The focus's first month within the months created (null: not lazy, or none created). */
  private focusStart(): Month | null {
    const { focus, first, last } = this;
    if (!focus || !first || !last) return null;
    return focus.start < first ? first : focus.start > last ? last : focus.start;
  }

  /**
   * The month whose values a lazy open with this focus starts from (the month before the
   * focus), or null when that is the blank sheet or the layout is not lazy.
   */
  keptMonth(): Month | null {
    const start = this.focusStart();
    return start && this.first && start > this.first ? prevMonth(start) : null;
  }

  /** The values of `month` as a full build gives them (from the fold). */
  valuesOf(month: Month): ReadonlyMap<string, CellValue> {
    return this.first ? this.fold.valuesOf(month, this.first) : new Map();
  }

  /** Before the first build: the fold starts from these values of `month` (see MonthFold). */
  primeFold(month: Month, values: ReadonlyMap<string, CellValue>): void {
    if (this.builtFirst !== null) throw new Error('primeFold after the first build');
    this.fold.prime(month, values);
  }

  /** Brings the seed up to date (the sheet calls it as its outermost edit ends). */
  settle(): void {
    if (!this.seedStale) return;
    this.seedStale = false;
    if (this.seedIsBlank || !this.builtFirst || !this.first) return;
    const month = prevMonth(this.builtFirst);
    const name = sheetForMonth(month);
    const want = this.fold.valuesOf(month, this.first);
    this.blankSeed = false;
    this.batch(() => {
      for (const short of this.sheet.getCellNamesInSheet(name)) {
        const full = `${name}!${short}`;
        if (!want.has(full)) this.sheet.deleteCell(full);
      }
      for (const [full, value] of want) this.sheet.set(full, value);
    });
  }

  /** The cells the first built month reads from the month before it. */
  private placeSeed(ctx: CellContext = this.ctx): void {
    if (!this.builtFirst || !this.first) return;
    const month = prevMonth(this.builtFirst);
    this.blankSeed = this.seedIsBlank;
    if (this.seedIsBlank) {
      if (this.type === 'rollover') createBlankSheet(ctx, month, this.categories.values());
      return;
    }
    // As its own cache: an input nobody reads yet is then not marked for its readers to trust
    // no cached value of theirs.
    for (const [full, value] of this.fold.valuesOf(month, this.first)) {
      this.sheet.createInput(full, value, value);
    }
  }

  /** After a change of the tree or the type: the blank seed is patched by the caller. */
  private structureChanged(): void {
    this.fold.invalidateAll();
    if (!this.seedIsBlank) this.seedStale = true;
  }

  /** Rebuilds every month sheet for `type` (its inputs already swapped in by the caller). */
  setBudgetType(type: BudgetType): void {
    this.batch(() => {
      if (!this.builtFirst) {
        this.ctx.type = type;
        this.fold.invalidateAll();
        return;
      }
      for (const m of [prevMonth(this.builtFirst), ...this.builtMonths()]) {
        this.sheet.deleteSheet(sheetForMonth(m));
      }
      this.ctx.type = type;
      this.fold.invalidateAll();
      this.seedStale = false;
      this.placeSeed();
      createMonthCells(this.ctx, this.builtMonths(), this.categories.values(), this.groups.values()); // prettier-ignore
    });
  }

  addCategory(cat: CategoryInfo): void {
    if (this.categories.has(cat.id)) {
      this.updateCategory(cat);
      return;
    }
    this.batch(() => {
      this.categories.set(cat.id, { ...cat });
      this.structureChanged();
      const months = this.builtMonths();
      if (this.type === 'rollover' && this.builtFirst && this.seedIsBlank) {
        createBlankCategory(this.ctx, prevMonth(this.builtFirst), cat.id);
      }
      for (const month of months) createCategoryCells(this.ctx, month, cat);
      for (const month of months)
        applyLinks(this.sheet, categoryLinks(this.type, month, cat), true);
    });
  }

  removeCategory(id: string): void {
    const cat = this.categories.get(id);
    if (!cat) return;
    this.batch(() => {
      for (const month of this.builtMonths()) {
        applyLinks(this.sheet, categoryLinks(this.type, month, cat), false);
        deleteCategoryCells(this.sheet, month, id);
      }
      if (this.builtFirst && this.seedIsBlank) {
        deleteCategoryCells(this.sheet, prevMonth(this.builtFirst), id);
      }
      this.categories.delete(id);
      this.structureChanged();
    });
  }

  /** Moves a category to another group, or rebuilds it when it switches income/expense. */
  updateCategory(cat: CategoryInfo): void {
    const old = this.categories.get(cat.id);
    if (!old) {
      this.addCategory(cat);
      return;
    }
    if (old.isIncome !== cat.isIncome) {
      this.batch(() => {
        this.removeCategory(cat.id);
        this.addCategory(cat);
      });
      return;
    }
    if (old.groupId === cat.groupId) return;
    this.batch(() => {
      for (const month of this.builtMonths()) {
        applyLinks(this.sheet, categoryLinks(this.type, month, old), false);
        applyLinks(this.sheet, categoryLinks(this.type, month, cat), true);
      }
      this.categories.set(cat.id, { ...cat });
      this.structureChanged();
    });
  }

  addGroup(group: GroupInfo): void {
    const old = this.groups.get(group.id);
    if (old) {
      if (old.isIncome !== group.isIncome) this.batch(() => this.replaceGroup(group));
      return;
    }
    this.batch(() => {
      this.groups.set(group.id, { ...group });
      this.structureChanged();
      const members = [...this.categories.values()].filter((c) => c.groupId === group.id);
      for (const month of this.builtMonths()) {
        const links = new Map<string, string[]>();
        for (const cat of members) collectLinks(links, categoryLinks(this.type, month, cat));
        createGroupCells(this.ctx, month, group, links);
        applyLinks(this.sheet, groupLinks(this.type, month, group), true);
      }
    });
  }

  removeGroup(id: string): void {
    const group = this.groups.get(id);
    if (!group) return;
    this.batch(() => {
      for (const month of this.builtMonths()) {
        applyLinks(this.sheet, groupLinks(this.type, month, group), false);
        deleteGroupCells(this.sheet, month, id);
      }
      this.groups.delete(id);
      this.structureChanged();
    });
  }

  private replaceGroup(group: GroupInfo): void {
    this.removeGroup(group.id);
    this.addGroup(group);
  }
}

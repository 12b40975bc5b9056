/**
 * The budget of one open file as a live spreadsheet: month sheets for every created month,
 * wired for the current budget type, fed from plain inputs. Every change (an input, the
 * category tree, the month range, the budget type) is patched into the existing graph and
 * recomputes only what depends on it. This class owns the inputs and the reading side; the
 * month range and category tree, and the cells they imply, are `BudgetLayout`'s.
 */
import { CellContext, full } from './budget-cells.ts';
import { BudgetLayout } from './budget-layout.ts';
import { BudgetInputStore } from './inputs.ts';
import { monthForSheet, prevMonth, type BudgetBounds, type Month } from '../calendar/months.ts';
import {
  cellName,
  splitName,
  Spreadsheet,
  type CellChange,
  type CellValue,
  type ChangeListener,
} from './sheet-engine.ts';
import { cellNames as N } from './types.ts';
import type {
  BudgetRow,
  BudgetRowInput,
  BudgetType,
  CategoryInfo,
  CategoryMonthAmount,
  GroupInfo,
  MonthAmount,
} from './types.ts';
import type { BudgetReader, BudgetWrite } from './reader.ts';
import {
  BUDGET_CACHE_FORMAT,
  structureOf,
  keptMonthFits,
  keptMonthOf,
  usableCache,
  type BudgetCache,
  type CreateOptions,
  type KeptMonth,
} from './cache.ts';

export interface BudgetSheetInit {
  budgetType: BudgetType;
  bounds: BudgetBounds;
  groups: readonly GroupInfo[];
  categories: readonly CategoryInfo[];
  /** Rows of zero_budgets (rollover) or reflect_budgets (report). */
  budgets?: readonly BudgetRowInput[];
  /** zero_budget_months.buffered per month. */
  buffered?: readonly MonthAmount[];
  /** Σ amount of counted transactions per month and category (see spending.ts). */
  spent?: readonly CategoryMonthAmount[];
  /**
   * Build lazily: only these months' cells at first (the months on screen), the others when
   * read or by `buildStep`. Omitted: every month is built at once.
   */
  focus?: BudgetBounds | null;
  /**
   * With `focus`: the values of the month before it kept from the last session (`keptMonth`),
   * used instead of folding every earlier month when they were computed from these inputs.
   */
  kept?: KeptMonth | null;
  /**
   * With `kept`: the caller vouches that the inputs of every month up to `upTo` (the kept
   * month) are those the kept values were computed from (their data stamp matches), so the
   * digest is not checked; `budgets` then holds only the later months' rows, and `read` gives
   * the earlier ones, called the first time something needs one of them. With `readSpent`,
   * `spent` too holds only the later months' sums, and `readSpent` gives the earlier ones.
   */
  keptInputs?: {
    upTo: Month;
    read: () => readonly BudgetRowInput[];
    readSpent?: () => readonly CategoryMonthAmount[];
  } | null;
}

export class BudgetSheet implements BudgetReader {
  private readonly sheet = new Spreadsheet();
  private readonly inputs = new BudgetInputStore();
  private readonly layout: BudgetLayout;
  private cache: Map<string, CellValue> | null = null;
  private readonly ctx: CellContext;
  private depth = 0;
  private readonly spentListeners = new Set<(month: Month) => void>();

  private get type(): BudgetType {
    return this.ctx.type;
  }
  /** True when the last build started from a usable cache. */
  readonly restoredFromCache: boolean = false;
  /** True when the lazy open started from the kept values of the month before its focus. */
  readonly restoredKept: boolean = false;

  private constructor(init: BudgetSheetInit, cache: Map<string, CellValue> | null) {
    const vouched = init.keptInputs ?? null;
    if (vouched) this.inputs.deferRows(vouched.upTo, vouched.read);
    if (vouched?.readSpent) this.inputs.deferSpent(vouched.upTo, vouched.readSpent);
    for (const r of init.budgets ?? []) this.inputs.setRow(r.month, r.category, r);
    for (const b of init.buffered ?? []) this.inputs.setBuffered(b.month, b.amount);
    for (const s of init.spent ?? []) {
      this.inputs.setSpent(
        s.month,
        s.category,
        this.inputs.getSpent(s.month, s.category) + s.amount,
      );
    }
    this.ctx = new CellContext(
      this.sheet,
      this.sheet,
      init.budgetType,
      (name) => (this.cache ? this.cache.get(name) : undefined),
      (month, cat) => this.inputs.getRow(month, cat),
      (month, cat) => this.inputs.getSpent(month, cat),
      (month) => this.inputs.getBuffered(month),
    );
    this.layout = new BudgetLayout(this.ctx, init.groups, init.categories, init.focus ?? null);
    const kept = init.kept;
    const digest =
      vouched && kept && vouched.upTo === kept.month
        ? null
        : (from: Month, to: Month) => this.inputs.digest(from, to);
    if (kept && keptMonthFits(kept, init, digest)) {
      this.layout.primeFold(kept.month, new Map(kept.values));
      this.restoredKept = true;
    }
    this.cache = cache;
    this.restoredFromCache = cache !== null;
    this.ensureMonths(init.bounds);
    this.cache = null;
  }

  static create(init: BudgetSheetInit, options: CreateOptions = {}): BudgetSheet {
    const cache = usableCache(options, init.budgetType, init.groups, init.categories);
    return new BudgetSheet(init, cache ? new Map(cache.values) : null);
  }

  /**
   * The values a lazy open of this budget starts from (every cell of the month before the
   * focus), with what they were computed from; null when the open would not use them.
   */
  keptMonth(): KeptMonth | null {
    const month = this.layout.keptMonth();
    const bounds = this.getBounds();
    if (!month || !bounds) return null;
    return keptMonthOf(
      { month, first: bounds.start, budgetType: this.type },
      structureOf(this.layout.groups.values(), this.layout.categories.values()),
      this.inputs.digest(bounds.start, month),
      this.layout.valuesOf(month),
    );
  }

  // ---- reading ----

  get budgetType(): BudgetType {
    return this.type;
  }

  getBounds(): BudgetBounds | null {
    return this.layout.getBounds();
  }

  getMonths(): Month[] {
    return this.layout.getMonths();
  }

  hasMonth(month: Month): boolean {
    return this.layout.hasMonth(month);
  }

  getCategory(id: string): CategoryInfo | undefined {
    return this.layout.categories.get(id);
  }

  getCategories(): CategoryInfo[] {
    return [...this.layout.categories.values()];
  }

  getGroups(): GroupInfo[] {
    return [...this.layout.groups.values()];
  }

  getBudgetRow(month: Month, category: string): BudgetRow | undefined {
    return this.inputs.getRow(month, category);
  }

  getBuffered(month: Month): number {
    return this.inputs.getBuffered(month);
  }

  /**
   * Each category's `budget` cells summed over the created months from `start` to `end` (0 for
   * a category without such cells: unknown, or income in an envelope budget). A `budget` cell
   * holds its row's amount, so the rows are summed instead of the cells: the spending report
   * over 20 years of 100 categories asked for 23,500 cells.
   */
  sumBudgeted(start: Month, end: Month, categories: readonly string[]): Map<string, number> {
    const out = new Map<string, number>();
    const bounds = this.getBounds();
    const wanted = new Map<string, number>();
    for (const id of categories) {
      out.set(id, 0);
      const c = this.layout.categories.get(id);
      if (c && !(this.type === 'rollover' && c.isIncome)) wanted.set(id, 0);
    }
    if (!bounds || wanted.size === 0) return out;
    const from = start > bounds.start ? start : bounds.start;
    const to = end < bounds.end ? end : bounds.end;
    if (from <= to) this.inputs.addRowAmounts(from, to, wanted);
    for (const [id, sum] of wanted) out.set(id, sum);
    return out;
  }

  /**
   * The same figures month by month: each wanted category's `budget` cell of each created month
   * from `start` to `end` that holds a row (the custom report's Budgeted measure by month).
   */
  budgetedByMonth(
    start: Month,
    end: Month,
    categories: readonly string[],
  ): Array<{ category: string; month: Month; amount: number }> {
    const out: Array<{ category: string; month: Month; amount: number }> = [];
    const bounds = this.getBounds();
    const wanted = new Set(
      categories.filter((id) => {
        const c = this.layout.categories.get(id);
        return c && !(this.type === 'rollover' && c.isIncome);
      }),
    );
    if (!bounds || wanted.size === 0) return out;
    const from = start > bounds.start ? start : bounds.start;
    const to = end < bounds.end ? end : bounds.end;
    if (from > to) return out;
    this.inputs.eachRowAmount(from, to, wanted, (month, category, amount) => {
      if (amount !== 0) out.push({ category, month, amount });
    });
    return out;
  }

  /** The counted spending of a month and category (the `sum-amount` input, built or not). */
  getSpent(month: Month, category: string): number {
    return this.inputs.getSpent(month, category);
  }

  /** A cell of a month sheet by its short name; null when the cell does not exist. */
  getValue(month: Month, name: string): CellValue {
    this.buildFor([month]);
    return this.sheet.getValue(full(month, name));
  }

  getCell(sheetName: string, name: string): CellChange {
    this.buildFor([monthForSheet(sheetName)]);
    return this.sheet.getCell(cellName(sheetName, name));
  }

  getCells(names: readonly string[]): CellChange[] {
    this.buildFor(names.map((n) => (n.includes('!') ? monthForSheet(splitName(n).sheet) : null)));
    return this.sheet.getCells(names);
  }

  getCellNamesInSheet(sheetName: string): string[] {
    this.buildFor([monthForSheet(sheetName)]);
    return this.sheet.getCellNamesInSheet(sheetName);
  }

  // ---- lazy building ----

  /** The months whose cells exist (every created month unless the sheet was opened lazily). */
  getBuiltBounds(): BudgetBounds | null {
    return this.layout.getBuiltBounds();
  }

  /** Builds up to `count` more months; false once every created month is built. */
  buildStep(count: number): boolean {
    return this.batch(() => this.layout.buildStep(count));
  }

  /** Builds every created month. */
  buildAll(): void {
    const b = this.getBounds();
    if (b) this.batch(() => this.layout.build(b.start, b.end));
  }

  /** A month read before it is built is built first (with the months between it and the run). */
  private buildFor(months: readonly (Month | null)[]): void {
    const bounds = this.layout.getBounds();
    if (!bounds) return;
    // The blank month before the first holds cells too once the first month is built.
    const blank = prevMonth(bounds.start);
    let lo: Month | null = null;
    let hi: Month | null = null;
    for (const read of months) {
      const m = read === blank ? bounds.start : read;
      if (m === null || !this.layout.hasMonth(m) || this.layout.isBuilt(m)) continue;
      if (lo === null || m < lo) lo = m;
      if (hi === null || m > hi) hi = m;
    }
    if (lo !== null && hi !== null) {
      const [a, b] = [lo, hi];
      this.batch(() => this.layout.build(a, b));
    }
  }

  /** Every change of a spending sum, in built months or not (the cache writes those months). */
  onSpentChanged(listener: (month: Month) => void): () => void {
    this.spentListeners.add(listener);
    return () => this.spentListeners.delete(listener);
  }

  /** Listener gets every cell whose value an edit changed (the `cells-changed` push). */
  onCellsChanged(listener: ChangeListener): () => void {
    return this.sheet.onChange(listener);
  }

  /** How many dynamic cells the last edit recomputed. */
  get lastComputeCount(): number {
    return this.sheet.lastComputeCount;
  }

  snapshot(key: string): BudgetCache {
    return {
      format: BUDGET_CACHE_FORMAT,
      key,
      budgetType: this.type,
      structure: structureOf(this.layout.groups.values(), this.layout.categories.values()),
      values: this.sheet.entries(),
    };
  }

  /**
   * Runs several edits as one: a single recompute and a single change notification. A lazily
   * built sheet's seed follows the edits to months before its built run as the batch ends.
   */
  batch<T>(fn: () => T): T {
    return this.sheet.batch(() => {
      this.depth++;
      try {
        return fn();
      } finally {
        if (--this.depth === 0) this.layout.settle();
      }
    });
  }

  // ---- inputs ----

  setBudgetRow(month: Month, category: string, row: BudgetRow | null): void {
    this.inputs.setRow(month, category, row);
    if (!this.hasMonth(month)) return;
    const stored = this.inputs.getRow(month, category);
    this.batch(() => {
      this.layout.inputChanged(month);
      this.setIfExists(full(month, N.budget(category)), stored?.amount ?? 0);
      this.setIfExists(full(month, N.carryover(category)), stored?.carryover ?? false);
    });
  }

  setBudgetAmount(month: Month, category: string, amount: number): void {
    const row = this.inputs.getRow(month, category);
    this.setBudgetRow(month, category, { amount, carryover: row?.carryover ?? false });
  }

  setCarryover(month: Month, category: string, flag: boolean): void {
    const row = this.inputs.getRow(month, category);
    this.setBudgetRow(month, category, { amount: row?.amount ?? 0, carryover: flag });
  }

  setBuffered(month: Month, amount: number): void {
    this.inputs.setBuffered(month, amount);
    if (this.type === 'rollover' && this.hasMonth(month)) {
      this.batch(() => {
        this.layout.inputChanged(month);
        this.setIfExists(full(month, 'buffered'), amount);
      });
    }
  }

  setSpent(month: Month, category: string, amount: number): void {
    const was = this.inputs.getSpent(month, category);
    this.inputs.setSpent(month, category, amount);
    if (this.inputs.getSpent(month, category) !== was) {
      for (const listener of this.spentListeners) listener(month);
    }
    if (!this.hasMonth(month)) return;
    this.batch(() => {
      this.layout.inputChanged(month);
      this.setIfExists(full(month, N.sumAmount(category)), amount);
    });
  }

  /** For transaction edits: remove the old row's contribution, add the new one's. */
  adjustSpent(month: Month, category: string, delta: number): void {
    if (delta !== 0) this.setSpent(month, category, this.inputs.getSpent(month, category) + delta);
  }

  /** Replaces every month's sum of one category (a full re-sum from the database). */
  replaceSpent(category: string, rows: readonly MonthAmount[]): void {
    this.batch(() => {
      const next = new Map(rows.map((r) => [r.month, r.amount]));
      for (const m of this.inputs.spentMonths(category)) {
        if (!next.has(m)) this.setSpent(m, category, 0);
      }
      for (const [m, amount] of next) this.setSpent(m, category, amount);
    });
  }

  /** Replaces every sum of every category (the database's full answer). */
  replaceAllSpent(rows: readonly CategoryMonthAmount[]): void {
    const byCategory = new Map<string, MonthAmount[]>();
    for (const c of this.inputs.spentCategories()) byCategory.set(c, []);
    for (const r of rows) {
      const list = byCategory.get(r.category);
      if (list) list.push(r);
      else byCategory.set(r.category, [r]);
    }
    this.batch(() => {
      for (const [category, list] of byCategory) this.replaceSpent(category, list);
    });
  }

  /** Applies the writes an action computed (after the handler persisted them). */
  apply(writes: readonly BudgetWrite[]): void {
    this.batch(() => {
      for (const w of writes) {
        if (w.kind === 'budget') this.setBudgetAmount(w.month, w.category, w.amount);
        else if (w.kind === 'carryover') this.setCarryover(w.month, w.category, w.flag);
        else this.setBuffered(w.month, w.amount);
      }
    });
  }

  /** Only for created months: the blank sheet before the first month stays all zeros. */
  private setIfExists(name: string, value: CellValue): void {
    if (this.sheet.has(name)) this.sheet.set(name, value);
  }

  // ---- structure (the layout patches the graph; see budget-layout.ts) ----

  /** Creates any month of `bounds` not yet created; the range only ever grows. */
  ensureMonths(bounds: BudgetBounds): BudgetBounds {
    return this.batch(() => this.layout.ensureMonths(bounds));
  }

  /** Switches budget type: every month sheet is rebuilt from the other table's rows. */
  setBudgetType(type: BudgetType, rows: readonly BudgetRowInput[]): void {
    this.batch(() => {
      this.inputs.clearRows();
      for (const r of rows) this.inputs.setRow(r.month, r.category, r);
      this.layout.setBudgetType(type);
    });
  }

  addCategory(cat: CategoryInfo): void {
    this.batch(() => this.layout.addCategory(cat));
  }

  removeCategory(id: string): void {
    this.batch(() => this.layout.removeCategory(id));
  }

  /** Moves a category to another group, or rebuilds it when it switches income/expense. */
  updateCategory(cat: CategoryInfo): void {
    this.batch(() => this.layout.updateCategory(cat));
  }

  addGroup(group: GroupInfo): void {
    this.batch(() => this.layout.addGroup(group));
  }

  updateGroup(group: GroupInfo): void {
    this.batch(() => this.layout.addGroup(group));
  }

  removeGroup(id: string): void {
    this.batch(() => this.layout.removeGroup(id));
  }
}

/**
 * The shape of one budget's spreadsheet: which months exist, the category tree, and the
 * cells and links they imply for the current budget type. Each change (more months, a
 * category or group added, moved or removed, a type switch) patches the existing graph;
 * the values the cells read come from the `CellContext` (the sheet's inputs), not from here.
 */
import {
  applyLinks,
  categoryLinks,
  collectLinks,
  createBlankCategory,
  createBlankSheet,
  createCategoryCells,
  createGroupCells,
  createSummaryCells,
  deleteCategoryCells,
  deleteGroupCells,
  groupLinks,
  type CellContext,
} from './budget-cells.ts';
import {
  monthRange,
  prevMonth,
  sheetForMonth,
  type BudgetBounds,
  type Month,
} from '../calendar/months.ts';
import type { Spreadsheet } from './sheet-engine.ts';
import type { BudgetType, CategoryInfo, GroupInfo } from './types.ts';

export class BudgetLayout {
  readonly groups = new Map<string, GroupInfo>();
  readonly categories = new Map<string, CategoryInfo>();
  private first: Month | null = null;
  private last: Month | null = null;

  constructor(
    private readonly ctx: CellContext,
    groups: readonly GroupInfo[],
    categories: readonly CategoryInfo[],
  ) {
    for (const g of groups) this.groups.set(g.id, { ...g });
    for (const c of categories) this.categories.set(c.id, { ...c });
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

  /** Creates any month of `bounds` not yet created; the range only ever grows. */
  ensureMonths(bounds: BudgetBounds): BudgetBounds {
    if (bounds.start > bounds.end)
      throw new Error(`inverted bounds ${bounds.start}..${bounds.end}`);
    const start = this.first && this.first < bounds.start ? this.first : bounds.start;
    const end = this.last && this.last > bounds.end ? this.last : bounds.end;
    const fresh = monthRange(start, end).filter((m) => !this.hasMonth(m));
    if (fresh.length > 0) {
      this.batch(() => {
        if (this.type === 'rollover' && start !== this.first) {
          if (this.first) this.sheet.deleteSheet(sheetForMonth(prevMonth(this.first)));
          createBlankSheet(this.ctx, prevMonth(start), this.categories.values());
        }
        this.first = start;
        this.last = end;
        this.buildMonths(fresh);
      });
    }
    return { start, end };
  }

  private buildMonths(months: readonly Month[]): void {
    for (const month of months) {
      for (const cat of this.categories.values()) createCategoryCells(this.ctx, month, cat);
    }
    for (const month of months) {
      const links = new Map<string, string[]>();
      for (const cat of this.categories.values()) {
        collectLinks(links, categoryLinks(this.type, month, cat));
      }
      for (const group of this.groups.values()) {
        collectLinks(links, groupLinks(this.type, month, group));
      }
      for (const group of this.groups.values()) createGroupCells(this.ctx, month, group, links);
      createSummaryCells(this.ctx, month, links);
    }
  }

  /** Rebuilds every month sheet for `type` (its inputs already swapped in by the caller). */
  setBudgetType(type: BudgetType): void {
    this.batch(() => {
      if (!this.first) {
        this.ctx.type = type;
        return;
      }
      for (const m of [prevMonth(this.first), ...this.getMonths()]) {
        this.sheet.deleteSheet(sheetForMonth(m));
      }
      this.ctx.type = type;
      if (type === 'rollover') {
        createBlankSheet(this.ctx, prevMonth(this.first), this.categories.values());
      }
      this.buildMonths(this.getMonths());
    });
  }

  addCategory(cat: CategoryInfo): void {
    if (this.categories.has(cat.id)) {
      this.updateCategory(cat);
      return;
    }
    this.batch(() => {
      this.categories.set(cat.id, { ...cat });
      const months = this.getMonths();
      if (this.type === 'rollover' && this.first) {
        createBlankCategory(this.ctx, prevMonth(this.first), cat.id);
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
      for (const month of this.getMonths()) {
        applyLinks(this.sheet, categoryLinks(this.type, month, cat), false);
        deleteCategoryCells(this.sheet, month, id);
      }
      if (this.first) deleteCategoryCells(this.sheet, prevMonth(this.first), id);
      this.categories.delete(id);
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
      for (const month of this.getMonths()) {
        applyLinks(this.sheet, categoryLinks(this.type, month, old), false);
        applyLinks(this.sheet, categoryLinks(this.type, month, cat), true);
      }
      this.categories.set(cat.id, { ...cat });
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
      const members = [...this.categories.values()].filter((c) => c.groupId === group.id);
      for (const month of this.getMonths()) {
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
      for (const month of this.getMonths()) {
        applyLinks(this.sheet, groupLinks(this.type, month, group), false);
        deleteGroupCells(this.sheet, month, id);
      }
      this.groups.delete(id);
    });
  }

  private replaceGroup(group: GroupInfo): void {
    this.removeGroup(group.id);
    this.addGroup(group);
  }
}

/**
 * The cells of one month sheet, for both budget types, and the links that tie categories into
 * group cells and groups into month totals. Links are described once (`categoryLinks`,
 * `groupLinks`) and used both to build a month from scratch and to patch it incrementally, so
 * the two can never disagree.
 */
import {
  availableFunds,
  bool,
  fromLastMonth,
  leftoverPos,
  num,
  overspentContribution,
  realSaved,
  reportLeftover,
  reportTotalLeftover,
  rolloverLeftover,
  rolloverTotalBudgeted,
  spentWithCarryover,
  sum,
  toBudget,
  totalSaved,
} from './formulas.ts';
import { prevMonth, sheetForMonth, type Month } from '../calendar/months.ts';
import type { CellContext } from './cell-context.ts';
import { cellName, type CellValue, type Compute, type Spreadsheet } from './sheet-engine.ts';
import { cellNames as N, type BudgetType, type CategoryInfo } from './types.ts';
import type { GroupInfo } from './types.ts';

export { CellContext, type CellSink } from './cell-context.ts';

export function full(month: Month, short: string): string {
  return cellName(sheetForMonth(month), short);
}

/**
 * The names of one month's cells (and of the month before's): its sheet name parsed once, not
 * once per cell (a new device's open names every cell of every month it builds or folds).
 */
function namer(month: Month): (short: string) => string {
  const sheet = sheetForMonth(month);
  return (short) => cellName(sheet, short);
}

/**
 * A month's namer and the month before's, made once per month: `createMonthCells` hands them
 * to every category, group and total of the month instead of each parsing the month again.
 * Each keeps the names it made, so a name read again (a dependency, a link) is the same
 * string, hashed once by the maps that take it.
 */
export interface MonthNames {
  at(short: string): string;
  before(short: string): string;
}

function keptNamer(month: Month): (short: string) => string {
  const sheet = sheetForMonth(month);
  const made = new Map<string, string>();
  return (short) => {
    let name = made.get(short);
    if (name === undefined) made.set(short, (name = cellName(sheet, short)));
    return name;
  };
}

export function monthNames(month: Month): MonthNames {
  let before: ((short: string) => string) | undefined;
  return {
    at: keptNamer(month),
    // Made when first used: a tracking budget's totals never read the month before.
    before: (short) => (before ??= keptNamer(prevMonth(month)))(short),
  };
}

/** The short names of one category's cells, made once per category, not once per month. */
export interface CategoryNames {
  sumAmount: string;
  budget: string;
  carryover: string;
  leftover: string;
  leftoverPos: string;
  spentWithCarryover: string;
}

export function categoryNames(id: string): CategoryNames {
  return {
    sumAmount: N.sumAmount(id),
    budget: N.budget(id),
    carryover: N.carryover(id),
    leftover: N.leftover(id),
    leftoverPos: N.leftoverPos(id),
    spentWithCarryover: N.spentWithCarryover(id),
  };
}

function input(ctx: CellContext, name: string, value: CellValue): void {
  ctx.sink.createInput(name, value, ctx.cached(name));
}

function dynamic(ctx: CellContext, name: string, deps: string[], compute: Compute): void {
  ctx.sink.createDynamic(name, deps, compute, ctx.cached(name));
}

const sumAll: Compute = (v) => sum(v);
const negSumAll: Compute = (v) => rolloverTotalBudgeted(v.map(num));
/** Dependencies come in [leftover, carryover] pairs, one per expense category. */
const overspentPairs: Compute = (v) => {
  let total = 0;
  for (let i = 0; i + 1 < v.length; i += 2) {
    total += overspentContribution(bool(v[i + 1]), num(v[i]));
  }
  return total;
};

/** The sum-style month cells whose dependency lists grow and shrink with the category tree. */
const LINKED_SUMMARY: Record<BudgetType, Record<string, Compute>> = {
  rollover: {
    'total-income': sumAll,
    'last-month-overspent': overspentPairs,
    'total-budgeted': negSumAll,
    'total-spent': sumAll,
    'total-leftover': sumAll,
  },
  report: {
    'total-budgeted': sumAll,
    'total-spent': sumAll,
    'total-income': sumAll,
    'total-budget-income': sumAll,
  },
};

export type Links = [target: string, deps: string[]][];

/** Which cells of `month` read the cells of category `cat`, and through which names. */
export function categoryLinks(
  type: BudgetType,
  month: Month,
  cat: CategoryInfo,
  { at, before }: MonthNames = monthNames(month),
  n: CategoryNames = categoryNames(cat.id),
): Links {
  const g = cat.groupId;
  const links: Links = [
    [at(N.groupSumAmount(g)), [at(n.sumAmount)]],
    [at(N.groupBudget(g)), [at(n.budget)]],
    [at(N.groupLeftover(g)), [at(n.leftover)]],
  ];
  if (cat.isIncome) return links;
  if (type === 'rollover') {
    links.push([at('last-month-overspent'), [before(n.leftover), before(n.carryover)]]);
  } else {
    links.push([at('total-spent'), [at(n.spentWithCarryover)]]);
  }
  return links;
}

/** Which month totals read the cells of group `group`. */
export function groupLinks(
  type: BudgetType,
  month: Month,
  group: GroupInfo,
  { at }: MonthNames = monthNames(month),
): Links {
  const id = group.id;
  if (group.isIncome) {
    const links: Links = [[at('total-income'), [at(N.groupSumAmount(id))]]];
    if (type === 'report') links.push([at('total-budget-income'), [at(N.groupBudget(id))]]);
    return links;
  }
  if (type === 'report') return [[at('total-budgeted'), [at(N.groupBudget(id))]]];
  return [
    [at('total-budgeted'), [at(N.groupBudget(id))]],
    [at('total-spent'), [at(N.groupSumAmount(id))]],
    [at('total-leftover'), [at(N.groupLeftover(id))]],
  ];
}

/** Applies (or removes) links, skipping targets this budget type does not have. */
export function applyLinks(sheet: Spreadsheet, links: Links, add: boolean): void {
  for (const [target, deps] of links) {
    if (!sheet.has(target) || sheet.isInput(target)) continue;
    if (add) sheet.addDependencies(target, deps);
    else sheet.removeDependencies(target, deps);
  }
}

export function collectLinks(into: Map<string, string[]>, links: Links): void {
  for (const [target, deps] of links) {
    const list = into.get(target);
    if (list) list.push(...deps);
    else into.set(target, [...deps]);
  }
}

const rolloverLeftoverOf: Compute = (v) =>
  rolloverLeftover(num(v[0]), num(v[1]), bool(v[2]), num(v[3]), num(v[4]));
const leftoverPosOf: Compute = (v) => leftoverPos(num(v[0]));
const spentWithCarryoverOf: Compute = (v) => spentWithCarryover(bool(v[2]), num(v[0]), num(v[1]));

export function createCategoryCells(
  ctx: CellContext,
  month: Month,
  cat: CategoryInfo,
  { at, before }: MonthNames = monthNames(month),
  n: CategoryNames = categoryNames(cat.id),
): void {
  const id = cat.id;
  input(ctx, at(n.sumAmount), ctx.spent(month, id));
  if (ctx.type === 'rollover' && cat.isIncome) return;

  const row = ctx.budgetRow(month, id);
  input(ctx, at(n.budget), row?.amount ?? 0);
  input(ctx, at(n.carryover), row?.carryover ?? false);

  if (ctx.type === 'rollover') {
    dynamic(
      ctx,
      at(n.leftover),
      [
        at(n.budget),
        at(n.sumAmount),
        before(n.carryover),
        before(n.leftover),
        before(n.leftoverPos),
      ],
      rolloverLeftoverOf,
    );
    dynamic(ctx, at(n.leftoverPos), [at(n.leftover)], leftoverPosOf);
    return;
  }

  const isIncome = cat.isIncome;
  dynamic(
    ctx,
    at(n.leftover),
    [at(n.budget), at(n.sumAmount), before(n.carryover), before(n.leftover)],
    (v) => reportLeftover(isIncome, num(v[0]), num(v[1]), bool(v[2]), num(v[3])),
  );
  dynamic(
    ctx,
    at(n.spentWithCarryover),
    [at(n.budget), at(n.sumAmount), at(n.carryover)],
    spentWithCarryoverOf,
  );
}

export function deleteCategoryCells(sheet: Spreadsheet, month: Month, id: string): void {
  for (const short of [
    N.sumAmount(id),
    N.budget(id),
    N.carryover(id),
    N.leftover(id),
    N.leftoverPos(id),
    N.spentWithCarryover(id),
  ]) {
    sheet.deleteCell(full(month, short));
  }
}

/** Group cells; `links` maps each target cell to the category cells it sums. */
export function createGroupCells(
  ctx: CellContext,
  month: Month,
  group: GroupInfo,
  links: ReadonlyMap<string, string[]>,
  { at }: MonthNames = monthNames(month),
): void {
  const names = [N.groupSumAmount(group.id)];
  if (ctx.type === 'report' || !group.isIncome) {
    names.push(N.groupBudget(group.id), N.groupLeftover(group.id));
  }
  for (const short of names) {
    const name = at(short);
    dynamic(ctx, name, links.get(name) ?? [], sumAll);
  }
}

export function deleteGroupCells(sheet: Spreadsheet, month: Month, id: string): void {
  for (const short of [N.groupSumAmount(id), N.groupBudget(id), N.groupLeftover(id)]) {
    sheet.deleteCell(full(month, short));
  }
}

export function createSummaryCells(
  ctx: CellContext,
  month: Month,
  links: ReadonlyMap<string, string[]>,
  { at, before }: MonthNames = monthNames(month),
): void {
  for (const [short, compute] of Object.entries(LINKED_SUMMARY[ctx.type])) {
    dynamic(ctx, at(short), links.get(at(short)) ?? [], compute);
  }
  const two = (short: string, deps: [string, string], f: (a: number, b: number) => number) =>
    dynamic(ctx, at(short), deps, (v) => f(num(v[0]), num(v[1])));

  if (ctx.type === 'rollover') {
    input(ctx, at('buffered'), ctx.buffered(month));
    two('from-last-month', [before('to-budget'), before('buffered')], fromLastMonth);
    two('available-funds', [at('total-income'), at('from-last-month')], availableFunds);
    dynamic(
      ctx,
      at('to-budget'),
      [at('available-funds'), at('last-month-overspent'), at('total-budgeted'), at('buffered')],
      (v) => toBudget(num(v[0]), num(v[1]), num(v[2]), num(v[3])),
    );
    return;
  }
  two('total-leftover', [at('total-budgeted'), at('total-spent')], reportTotalLeftover);
  two('total-saved', [at('total-budget-income'), at('total-budgeted')], totalSaved);
  two('real-saved', [at('total-income'), at('total-spent')], realSaved);
}

/** The month before the first one, where envelope balances start from zero. */
export function createBlankSheet(
  ctx: CellContext,
  month: Month,
  categories: Iterable<CategoryInfo>,
): void {
  input(ctx, full(month, 'is-blank'), true);
  input(ctx, full(month, 'to-budget'), 0);
  input(ctx, full(month, 'buffered'), 0);
  for (const cat of categories) createBlankCategory(ctx, month, cat.id);
}

export function createBlankCategory(ctx: CellContext, month: Month, id: string): void {
  const at = namer(month);
  input(ctx, at(N.carryover(id)), false);
  input(ctx, at(N.leftover(id)), 0);
  input(ctx, at(N.leftoverPos(id)), 0);
}

/**
 * Every cell of `months` (in order), categories before their groups and totals, so a sink
 * that evaluates as it goes sees each dependency before what reads it.
 */
export function createMonthCells(
  ctx: CellContext,
  months: readonly Month[],
  categories: Iterable<CategoryInfo>,
  groups: Iterable<GroupInfo>,
): void {
  const cats = [...categories];
  const grps = [...groups];
  const short = cats.map((c) => categoryNames(c.id));
  const names = months.map(monthNames);
  months.forEach((month, m) => {
    cats.forEach((cat, i) => createCategoryCells(ctx, month, cat, names[m], short[i]));
  });
  months.forEach((month, m) => {
    const at = names[m]!;
    createMonthTotals(ctx, month, grps, at, monthLinks(ctx.type, month, cats, grps, at, short));
  });
}

/** Which group and total cells read which cells, in one month named by `names`. */
export function monthLinks(
  type: BudgetType,
  month: Month,
  cats: readonly CategoryInfo[],
  grps: readonly GroupInfo[],
  names: MonthNames,
  short: readonly CategoryNames[] = cats.map((c) => categoryNames(c.id)),
): Map<string, string[]> {
  const links = new Map<string, string[]>();
  cats.forEach((cat, i) => collectLinks(links, categoryLinks(type, month, cat, names, short[i])));
  for (const group of grps) collectLinks(links, groupLinks(type, month, group, names));
  return links;
}

/** One month's group and total cells, after its categories' cells, from its `links`. */
export function createMonthTotals(
  ctx: CellContext,
  month: Month,
  grps: readonly GroupInfo[],
  names: MonthNames,
  links: ReadonlyMap<string, string[]>,
): void {
  for (const group of grps) createGroupCells(ctx, month, group, links, names);
  createSummaryCells(ctx, month, links, names);
}

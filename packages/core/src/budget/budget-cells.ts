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
import { cellName, type CellValue, type Compute, type Spreadsheet } from './sheet-engine.ts';
import { cellNames as N, type BudgetRow, type BudgetType, type CategoryInfo } from './types.ts';
import type { GroupInfo } from './types.ts';

/** Where cell definitions go: the live sheet, or an evaluator that only wants their values. */
export interface CellSink {
  createInput(name: string, value: CellValue, cached?: CellValue): void;
  createDynamic(name: string, deps: readonly string[], compute: Compute, cached?: CellValue): void;
}

export interface CellContext {
  readonly sheet: Spreadsheet;
  /** Receives the cells `create*` define (the sheet itself, or a fold over unbuilt months). */
  readonly sink: CellSink;
  type: BudgetType;
  /** A value from the persistent cache, or undefined. */
  cached(name: string): CellValue | undefined;
  budgetRow(month: Month, category: string): BudgetRow | undefined;
  spent(month: Month, category: string): number;
  buffered(month: Month): number;
}

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
export function categoryLinks(type: BudgetType, month: Month, cat: CategoryInfo): Links {
  const id = cat.id;
  const g = cat.groupId;
  const at = namer(month);
  const links: Links = [
    [at(N.groupSumAmount(g)), [at(N.sumAmount(id))]],
    [at(N.groupBudget(g)), [at(N.budget(id))]],
    [at(N.groupLeftover(g)), [at(N.leftover(id))]],
  ];
  if (cat.isIncome) return links;
  if (type === 'rollover') {
    const before = namer(prevMonth(month));
    links.push([at('last-month-overspent'), [before(N.leftover(id)), before(N.carryover(id))]]);
  } else {
    links.push([at('total-spent'), [at(N.spentWithCarryover(id))]]);
  }
  return links;
}

/** Which month totals read the cells of group `group`. */
export function groupLinks(type: BudgetType, month: Month, group: GroupInfo): Links {
  const at = namer(month);
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

export function createCategoryCells(ctx: CellContext, month: Month, cat: CategoryInfo): void {
  const id = cat.id;
  const at = namer(month);
  input(ctx, at(N.sumAmount(id)), ctx.spent(month, id));
  if (ctx.type === 'rollover' && cat.isIncome) return;
  const before = namer(prevMonth(month));

  const row = ctx.budgetRow(month, id);
  input(ctx, at(N.budget(id)), row?.amount ?? 0);
  input(ctx, at(N.carryover(id)), row?.carryover ?? false);

  if (ctx.type === 'rollover') {
    dynamic(
      ctx,
      at(N.leftover(id)),
      [
        at(N.budget(id)),
        at(N.sumAmount(id)),
        before(N.carryover(id)),
        before(N.leftover(id)),
        before(N.leftoverPos(id)),
      ],
      (v) => rolloverLeftover(num(v[0]), num(v[1]), bool(v[2]), num(v[3]), num(v[4])),
    );
    dynamic(ctx, at(N.leftoverPos(id)), [at(N.leftover(id))], (v) => leftoverPos(num(v[0])));
    return;
  }

  const isIncome = cat.isIncome;
  dynamic(
    ctx,
    at(N.leftover(id)),
    [at(N.budget(id)), at(N.sumAmount(id)), before(N.carryover(id)), before(N.leftover(id))],
    (v) => reportLeftover(isIncome, num(v[0]), num(v[1]), bool(v[2]), num(v[3])),
  );
  dynamic(
    ctx,
    at(N.spentWithCarryover(id)),
    [at(N.budget(id)), at(N.sumAmount(id)), at(N.carryover(id))],
    (v) => spentWithCarryover(bool(v[2]), num(v[0]), num(v[1])),
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
): void {
  const names = [N.groupSumAmount(group.id)];
  if (ctx.type === 'report' || !group.isIncome) {
    names.push(N.groupBudget(group.id), N.groupLeftover(group.id));
  }
  const at = namer(month);
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
): void {
  const at = namer(month);
  for (const [short, compute] of Object.entries(LINKED_SUMMARY[ctx.type])) {
    dynamic(ctx, at(short), links.get(at(short)) ?? [], compute);
  }
  const two = (short: string, deps: [string, string], f: (a: number, b: number) => number) =>
    dynamic(ctx, at(short), deps, (v) => f(num(v[0]), num(v[1])));

  if (ctx.type === 'rollover') {
    const before = namer(prevMonth(month));
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
  for (const month of months) {
    for (const cat of cats) createCategoryCells(ctx, month, cat);
  }
  for (const month of months) {
    const links = new Map<string, string[]>();
    for (const cat of cats) collectLinks(links, categoryLinks(ctx.type, month, cat));
    for (const group of grps) collectLinks(links, groupLinks(ctx.type, month, group));
    for (const group of grps) createGroupCells(ctx, month, group, links);
    createSummaryCells(ctx, month, links);
  }
}

/**
 * Reading cells, the month range, the cache reset and the budget type switch.
 */
import {
  isBudgetType,
  isMonth,
  sheetForMonth,
  type BudgetType,
  type Month,
} from '../budget/index.ts';
import type { Budget } from '../budget-file/budget.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { QueryCellsSlot } from '../query-handler/query-cells.ts';
import { getCategoriesGrouped } from './grouped.ts';
import { budgetEngine } from './slot.ts';

/** The cell list the budget page of each type reads for a month, as `{name, value}`. */
function monthCells(budget: Budget, month: string, type: BudgetType) {
  if (!isMonth(month)) return handlerError('invalid-month', `${month} is not a month (YYYY-MM)`);
  const engine = budgetEngine(budget);
  const sheet = sheetForMonth(month);
  const cell = (name: string) => engine.getCell(sheet, name);
  const groups = getCategoriesGrouped(budget.sqlite);
  if (type === 'rollover') {
    const out = [
      'available-funds',
      'last-month-overspent',
      'buffered',
      'total-budgeted',
      'to-budget',
      'from-last-month',
      'total-income',
      'total-spent',
      'total-leftover',
    ].map(cell);
    for (const g of groups) {
      if (g.is_income) {
        out.push(cell('total-income'), ...g.categories.map((c) => cell(`sum-amount-${c.id}`)));
        continue;
      }
      out.push(
        ...['group-budget', 'group-sum-amount', 'group-leftover'].map((n) => cell(`${n}-${g.id}`)),
      );
      for (const c of g.categories) {
        out.push(
          ...['budget', 'sum-amount', 'leftover', 'carryover'].map((n) => cell(`${n}-${c.id}`)),
        );
      }
    }
    return out;
  }
  const out = [
    'total-budgeted',
    'total-budget-income',
    'total-saved',
    'total-income',
    'total-spent',
    'real-saved',
    'total-leftover',
  ].map(cell);
  for (const g of groups) {
    out.push(
      ...['group-budget', 'group-sum-amount', 'group-leftover'].map((n) => cell(`${n}-${g.id}`)),
    );
    for (const c of g.categories) {
      out.push(...['budget', 'sum-amount', 'leftover'].map((n) => cell(`${n}-${c.id}`)));
      if (!g.is_income) out.push(cell(`carryover-${c.id}`));
    }
  }
  return out;
}

/** Budget cells and query cells (`create-query`, kept by query-handler) by full name. */
function readCells(budget: Budget, names: readonly string[]): { name: string; value: unknown }[] {
  const engine = budgetEngine(budget);
  const queries = budget.get(QueryCellsSlot);
  return names.map((name) =>
    queries.has(name)
      ? { name, value: queries.get(name) }
      : { name, value: name.includes('!') ? engine.getCells([name])[0]!.value : null },
  );
}

/**
 * Each category's budgeted amount over the months from `start` to `end`, as the sum of its
 * `budget` cells (the spending report), without naming a cell per month and category.
 */
function budgetedSums(
  budget: Budget,
  start: string,
  end: string,
  categories: string[],
  byMonth: boolean,
): Array<{ category: string; amount: number; month?: Month }> | HandlerError<'invalid-month'> {
  for (const month of [start, end]) {
    if (!isMonth(month)) return handlerError('invalid-month', `${month} is not a month (YYYY-MM)`);
  }
  const sheet = budgetEngine(budget).sheet;
  // By month: one row per category and month whose cell is not 0 (the custom report's Budgeted).
  if (byMonth) return sheet.budgetedByMonth(start, end, categories);
  const sums = sheet.sumBudgeted(start, end, categories);
  return [...sums].map(([category, amount]) => ({ category, amount }));
}

export const cellModuleHandlers = {
  getCell: handler({
    args: v.object({ sheetName: v.string(), name: v.string() }),
    needsBudget: true,
    run: ({ sheetName, name }, ctx) => readCells(ctx.requireBudget(), [`${sheetName}!${name}`])[0],
  }),
  getCells: handler({
    args: v.object({ names: v.array(v.string()) }),
    needsBudget: true,
    run: ({ names }, ctx) => readCells(ctx.requireBudget(), names),
  }),
  'budgeted-sums': handler({
    args: v.object({
      start: v.string(),
      end: v.string(),
      categories: v.array(v.string()),
      byMonth: v.optional(v.boolean()),
    }),
    needsBudget: true,
    run: ({ start, end, categories, byMonth }, ctx) =>
      budgetedSums(ctx.requireBudget(), start, end, categories, byMonth === true),
  }),
  getCellNamesInSheet: handler({
    args: v.object({ sheetName: v.string() }),
    needsBudget: true,
    run: ({ sheetName }, ctx) => budgetEngine(ctx.requireBudget()).getCellNamesInSheet(sheetName),
  }),
  'get-budget-bounds': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => budgetEngine(ctx.requireBudget()).ensureBounds(),
  }),
  'reset-budget-cache': handler({
    mutator: true,
    needsBudget: true,
    run(_args: undefined, ctx) {
      budgetEngine(ctx.requireBudget()).reset();
      return undefined;
    },
  }),
  /** Saves the synced `budgetType` pref; the sheet switches when the pref's change commits. */
  'budget-set-type': handler({
    args: v.object({ type: v.string() }),
    mutator: true,
    needsBudget: true,
    async run({ type }, ctx) {
      if (!isBudgetType(type)) return handlerError('invalid-budget-type', `Unknown type ${type}`);
      const budget = ctx.requireBudget();
      const engine = budgetEngine(budget);
      if (engine.budgetType === type) return undefined;
      await budget.savePrefs({ budgetType: type });
      return undefined;
    },
  }),
  'rollover-budget-month': handler({
    args: v.object({ month: v.string() }),
    needsBudget: true,
    run: ({ month }, ctx) => monthCells(ctx.requireBudget(), month, 'rollover'),
  }),
  'report-budget-month': handler({
    args: v.object({ month: v.string() }),
    needsBudget: true,
    run: ({ month }, ctx) => monthCells(ctx.requireBudget(), month, 'report'),
  }),
};

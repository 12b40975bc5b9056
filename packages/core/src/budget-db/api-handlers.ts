/**
 * The budget part of the scripting API (`getBudgetMonths`, `getBudgetMonth`, `setBudgetAmount`,
 * `setBudgetCarryover`, `holdBudgetForNextMonth`, `resetBudgetHold`), in the shapes
 * `@actual-app/api` returns. Misuse is an `APIError` value, which the api package turns into a
 * rejection. Like Actual's, the month list is the data's months but the last.
 */
import {
  budgetActionHandlers,
  budgetAmountAnyMonth,
  isMonth,
  monthRange,
  prevMonth,
  sheetForMonth,
  type CellValue,
  type Month,
} from '../budget/index.ts';
import type { Budget } from '../budget-file/budget.ts';
import { handlerError, type HandlerError } from '../handlers-core/errors.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import type { BudgetEngine } from './engine.ts';
import { getCategoriesGrouped, type GroupedCategory } from './grouped.ts';
import { runAction } from './handlers.ts';
import { budgetEngine } from './slot.ts';

const apiError = (message: string): HandlerError<'APIError'> => handlerError('APIError', message);

/**
 * The months `getBudgetMonths` lists: those the data asks for now (from three months before
 * the earliest transaction), but the last, as Actual's do.
 */
export function budgetMonthsOf(engine: BudgetEngine): Month[] {
  const { start, end } = engine.dataBounds();
  return monthRange(start, prevMonth(end));
}

function budgetMonths(budget: Budget): Month[] {
  return budgetMonthsOf(budgetEngine(budget));
}

function checkMonth(budget: Budget, month: unknown): HandlerError | null {
  if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month) || !isMonth(month)) {
    return apiError(`Months are written YYYY-MM; got ${String(month)}`);
  }
  if (!budgetMonths(budget).includes(month)) {
    return apiError(`The budget has no month ${month}`);
  }
  return null;
}

function checkExpenseCategory(budget: Budget, id: unknown): HandlerError | null {
  if (typeof id !== 'string') return apiError('budget-set-carryover needs a category id');
  const row = budget.sqlite.first<{ is_income: unknown }>(
    'SELECT is_income FROM categories WHERE id = ?',
    [id],
  );
  if (!row) return apiError(`budget-set-carryover: no category ${id}`);
  if (row.is_income !== 0) return apiError(`budget-set-carryover: ${id} is an income category`);
  return null;
}

const flag = (value: unknown): boolean => !!value;

function category(c: GroupedCategory) {
  return {
    id: c.id,
    name: c.name,
    is_income: flag(c.is_income),
    hidden: flag(c.hidden),
    group_id: c.cat_group,
  };
}

export function budgetMonth(budget: Budget, month: Month) {
  return budgetMonthOf(budgetEngine(budget), budget.sqlite, month);
}

/** `getBudgetMonth`'s answer: the month's totals and every live group and category. */
export function budgetMonthOf(engine: BudgetEngine, db: SqliteDatabase, month: Month) {
  const sheet = sheetForMonth(month);
  const value = (name: string): CellValue => {
    const v = engine.getCell(sheet, name).value;
    return v === '' ? 0 : v;
  };
  return {
    month,
    incomeAvailable: value('available-funds'),
    lastMonthOverspent: value('last-month-overspent'),
    forNextMonth: value('buffered'),
    totalBudgeted: value('total-budgeted'),
    toBudget: value('to-budget'),
    fromLastMonth: value('from-last-month'),
    totalIncome: value('total-income'),
    totalSpent: value('total-spent'),
    totalBalance: value('total-leftover'),
    categoryGroups: getCategoriesGrouped(db).map((g) => {
      const group = {
        id: g.id,
        name: g.name,
        is_income: flag(g.is_income),
        hidden: flag(g.hidden),
      };
      if (g.is_income) {
        return {
          ...group,
          categories: g.categories.map((c) => ({
            ...category(c),
            received: value(`sum-amount-${c.id}`),
          })),
          received: value('total-income'),
        };
      }
      return {
        ...group,
        categories: g.categories.map((c) => ({
          ...category(c),
          budgeted: value(`budget-${c.id}`),
          spent: value(`sum-amount-${c.id}`),
          balance: value(`leftover-${c.id}`),
          carryover: value(`carryover-${c.id}`),
        })),
        budgeted: value(`group-budget-${g.id}`),
        spent: value(`group-sum-amount-${g.id}`),
        balance: value(`group-leftover-${g.id}`),
      };
    }),
  };
}

export const apiBudgetHandlers = {
  'api/budget-months': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => budgetMonths(ctx.requireBudget()),
  }),
  'api/budget-month': handler({
    args: v.object({ month: v.unknown() }),
    needsBudget: true,
    run({ month }, ctx) {
      const budget = ctx.requireBudget();
      return checkMonth(budget, month) ?? budgetMonth(budget, month as Month);
    },
  }),
  'api/budget-set-amount': handler({
    args: v.object({ month: v.string(), categoryId: v.string(), amount: v.unknown() }),
    undoable: true,
    needsBudget: true,
    run({ month, categoryId, amount }, ctx) {
      return runAction(ctx.requireBudget(), (r) =>
        budgetAmountAnyMonth(r, { month, category: categoryId, amount: amount as number }),
      );
    },
  }),
  'api/budget-set-carryover': handler({
    args: v.object({ month: v.unknown(), categoryId: v.unknown(), flag: v.boolean() }),
    undoable: true,
    needsBudget: true,
    run({ month, categoryId, flag: value }, ctx) {
      const budget = ctx.requireBudget();
      const problem = checkMonth(budget, month) ?? checkExpenseCategory(budget, categoryId);
      if (problem) return problem;
      return runAction(budget, (r) =>
        budgetActionHandlers['budget/set-carryover'](r, {
          startMonth: month as Month,
          category: categoryId as string,
          flag: value,
        }),
      );
    },
  }),
  'api/budget-hold-for-next-month': handler({
    args: v.object({ month: v.unknown(), amount: v.unknown() }),
    undoable: true,
    needsBudget: true,
    run({ month, amount }, ctx) {
      const budget = ctx.requireBudget();
      const problem = checkMonth(budget, month);
      if (problem) return problem;
      if (!(typeof amount === 'number' && amount > 0)) {
        return apiError('The amount to hold must be more than 0');
      }
      return runAction(budget, (r) =>
        budgetActionHandlers['budget/hold-for-next-month'](r, { month: month as Month, amount }),
      );
    },
  }),
  'api/budget-reset-hold': handler({
    args: v.object({ month: v.unknown() }),
    undoable: true,
    needsBudget: true,
    run({ month }, ctx) {
      const budget = ctx.requireBudget();
      const problem = checkMonth(budget, month);
      if (problem) return problem;
      return runAction(budget, (r) =>
        budgetActionHandlers['budget/reset-hold'](r, { month: month as Month }),
      );
    },
  }),
};

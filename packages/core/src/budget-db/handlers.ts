/**
 * The `budget/*` actions: each reads the live sheet, computes the rows to write (pure, in
 * ../budget), and persists them as one undoable step. A failed check returns its typed error
 * and writes nothing.
 */
import {
  budgetActionHandlers,
  isMonth,
  runCleanup,
  runTemplates,
  checkTemplates,
  type ActionResult,
  type BudgetReader,
  type Month,
  type TemplateMode,
} from '../budget/index.ts';
import type { Budget } from '../budget-file/budget.ts';
import { handler, type HandlerContext } from '../handlers-core/registry.ts';
import { v, type Validator } from '../handlers-core/validate.ts';
import { actionError } from './errors.ts';
import { monthOfTime } from './load.ts';
import { persistWrites } from './persist.ts';
import { budgetEngine } from './slot.ts';
import { readCategoryTexts, readSchedules } from './template-input.ts';

type Actions = typeof budgetActionHandlers;

/** One action as an undoable handler: months are created first, so a new month is valid. */
function action<K extends keyof Actions, A>(name: K, args: Validator<A>) {
  return handler({
    args,
    undoable: true,
    needsBudget: true,
    run(input: A, ctx: HandlerContext) {
      return runAction(ctx.requireBudget(), (reader) =>
        (budgetActionHandlers[name] as (r: BudgetReader, a: A) => ActionResult<unknown>)(
          reader,
          input,
        ),
      );
    },
  });
}

export function runAction<T>(budget: Budget, compute: (reader: BudgetReader) => ActionResult<T>) {
  const engine = budgetEngine(budget);
  engine.ensureBounds();
  const result = compute(engine.sheet);
  if (!result.ok) return actionError(result.error);
  persistWrites(budget.db, engine.budgetType, result.writes);
  return result.value;
}

const month = v.object({ month: v.string() });
const monthCategory = v.object({ month: v.string(), category: v.string() });

function templateMonth(budget: Budget, value: string) {
  const engine = budgetEngine(budget);
  engine.ensureBounds();
  if (!isMonth(value)) return actionError({ type: 'invalid-month', month: value });
  if (!engine.sheet.hasMonth(value))
    return actionError({ type: 'month-out-of-bounds', month: value });
  return null;
}

function applyTemplates(budget: Budget, m: Month, mode: TemplateMode) {
  const problem = templateMonth(budget, m);
  if (problem) return problem;
  if (typeof mode === 'object' && !budgetEngine(budget).sheet.getCategory(mode.category)) {
    return actionError({ type: 'unknown-category', category: mode.category });
  }
  const engine = budgetEngine(budget);
  const texts = readCategoryTexts(budget.sqlite);
  const run = runTemplates(
    engine.sheet,
    { month: m, ...texts, schedules: readSchedules(budget.sqlite, m) },
    mode,
  );
  persistWrites(budget.db, engine.budgetType, run.writes);
  return run.notification;
}

export const budgetActionModuleHandlers = {
  'budget/budget-amount': action(
    'budget/budget-amount',
    v.object({ month: v.string(), category: v.string(), amount: v.unknown() }),
  ),
  'budget/copy-previous-month': action('budget/copy-previous-month', month),
  'budget/set-zero': action('budget/set-zero', month),
  'budget/set-3month-avg': action('budget/set-3month-avg', month),
  'budget/set-n-month-avg': action(
    'budget/set-n-month-avg',
    v.object({ month: v.string(), N: v.number(), category: v.string() }),
  ),
  'budget/copy-single-month': action('budget/copy-single-month', monthCategory),
  'budget/hold-for-next-month': action(
    'budget/hold-for-next-month',
    v.object({ month: v.string(), amount: v.unknown() }),
  ),
  'budget/reset-hold': action('budget/reset-hold', month),
  'budget/cover-overspending': action(
    'budget/cover-overspending',
    v.object({ month: v.string(), to: v.string(), from: v.string() }),
  ),
  'budget/transfer-available': action(
    'budget/transfer-available',
    v.object({ month: v.string(), amount: v.unknown(), category: v.string() }),
  ),
  'budget/transfer-category': action(
    'budget/transfer-category',
    v.object({ month: v.string(), amount: v.unknown(), from: v.string(), to: v.string() }),
  ),
  'budget/set-carryover': action(
    'budget/set-carryover',
    v.object({ startMonth: v.string(), category: v.string(), flag: v.boolean() }),
  ),

  'budget/check-templates': handler({
    needsBudget: true,
    run(_args: undefined, ctx) {
      const budget = ctx.requireBudget();
      const engine = budgetEngine(budget);
      const current = monthOfTime(ctx.platform.clock.now());
      const texts = readCategoryTexts(budget.sqlite);
      return checkTemplates(engine.sheet, {
        ...texts,
        schedules: readSchedules(budget.sqlite, current),
      });
    },
  }),
  'budget/apply-goal-template': handler({
    args: month,
    undoable: true,
    needsBudget: true,
    run: ({ month: m }, ctx) => applyTemplates(ctx.requireBudget(), m, 'apply'),
  }),
  'budget/overwrite-goal-template': handler({
    args: month,
    undoable: true,
    needsBudget: true,
    run: ({ month: m }, ctx) => applyTemplates(ctx.requireBudget(), m, 'overwrite'),
  }),
  'budget/apply-single-template': handler({
    args: monthCategory,
    undoable: true,
    needsBudget: true,
    run: ({ month: m, category }, ctx) => applyTemplates(ctx.requireBudget(), m, { category }),
  }),
  'budget/cleanup-goal-template': handler({
    args: month,
    undoable: true,
    needsBudget: true,
    run({ month: m }, ctx) {
      const budget = ctx.requireBudget();
      const problem = templateMonth(budget, m);
      if (problem) return problem;
      const engine = budgetEngine(budget);
      const run = runCleanup(engine.sheet, { month: m, ...readCategoryTexts(budget.sqlite) });
      persistWrites(budget.db, engine.budgetType, run.writes);
      return run.notification;
    },
  }),
};

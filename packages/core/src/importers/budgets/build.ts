import { Budget, type BudgetEnv } from '../../budget-file/budget.ts';
import { createBudgetFiles } from '../../budget-file/create.ts';
import type { HandlerContext } from '../../handlers-core/registry.ts';
import type { ImportPlan } from './plan.ts';
import { type WriteSummary, writePlan } from './write.ts';

export function envOf(ctx: HandlerContext): BudgetEnv {
  return { platform: ctx.platform, documentDir: ctx.documentDir, emit: ctx.emit };
}

/**
 * Create a new budget folder and fill it from `plan`, without making it the open budget, so
 * no per-budget service sees it half built. Any failure removes the folder again.
 * Returns the new budget's id.
 */
export async function buildBudget(
  ctx: HandlerContext,
  budgetName: string,
  plan: ImportPlan,
): Promise<{ id: string; summary: WriteSummary }> {
  const env = envOf(ctx);
  const { fs } = ctx.platform;
  const id = await createBudgetFiles(env, { budgetName });
  const dir = fs.join(ctx.documentDir, id);
  try {
    const opened = await Budget.open({ ...env, emit: undefined }, id);
    if ('error' in opened) throw new Error(opened.error.message);
    try {
      const summary = opened.db.batch(() => {
        removeDefaultExpenseCategories(opened);
        return writePlan(opened, plan);
      });
      return { id, summary };
    } finally {
      await opened.close();
    }
  } catch (err) {
    await fs.removeDir(dir);
    throw err;
  }
}

/** A new budget comes with a starter set of expense categories; an import brings its own. */
function removeDefaultExpenseCategories(budget: Budget): void {
  const { db, sqlite } = budget;
  for (const table of ['categories', 'category_groups'] as const) {
    const rows = sqlite.all<{ id: string }>(
      `SELECT id FROM ${table} WHERE is_income = 0 AND tombstone = 0`,
    );
    for (const { id } of rows) db.delete(table, id);
  }
}

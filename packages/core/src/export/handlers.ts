import { makeBudgetZip } from '../files/budget-zip.ts';
import { handler } from '../handlers-core/registry.ts';

/** "2023-08-06-My-Budget-1a2b3c4.zip": the day of the export, then the budget id. */
export function exportFileName(now: number, budgetId: string): string {
  return `${new Date(now).toISOString().slice(0, 10)}-${budgetId}.zip`;
}

export const exportHandlers = {
  // A mutator although it changes nothing: the snapshot then sits between two writes, never
  // inside a batch. The zip is never encrypted, even for an encrypted cloud file.
  'export-budget': handler({
    mutator: true,
    needsBudget: true,
    run(_args: undefined, ctx): { data: Uint8Array; fileName: string } {
      const budget = ctx.requireBudget();
      const data = makeBudgetZip(ctx.platform.sqlite, budget.sqlite.serialize(), budget.prefs);
      return { data, fileName: exportFileName(ctx.platform.clock.now(), budget.id) };
    },
  }),
};

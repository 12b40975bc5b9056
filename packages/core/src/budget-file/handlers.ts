import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { Budget } from './budget.ts';
import { createBudgetFiles } from './create.ts';
import type { BudgetPrefs } from './prefs.ts';

/**
 * Local budget-file handlers. (Upload, download and sync add their server side elsewhere.)
 */
export const budgetFileModule = defineModule('budget-file', {
  'create-budget': handler({
    args: v.optional(
      v.object({
        budgetName: v.optional(v.string()),
        testMode: v.optional(v.boolean()),
        testBudgetId: v.optional(v.string()),
        avoidUpload: v.optional(v.boolean()),
      }),
    ),
    mutator: true,
    async run(args, ctx) {
      const env = { platform: ctx.platform, documentDir: ctx.documentDir, emit: ctx.emit };
      await ctx.closeBudget();
      const id = await createBudgetFiles(env, args ?? {});
      const opened = await Budget.open(env, id);
      if ('error' in opened) return opened;
      await ctx.openBudget(opened);
      // A new file becomes a cloud file when a server is set up (the cloud module's handler;
      // its failures, e.g. offline or no server, leave a local file).
      if (!args?.avoidUpload && !args?.testMode && ctx.budget === opened) {
        await ctx.call('upload-budget');
      }
      return { id };
    },
  }),

  'load-budget': handler({
    args: v.object({ id: v.string() }),
    mutator: true,
    async run({ id }, ctx) {
      if (ctx.budget?.id === id) return {};
      await ctx.closeBudget();
      const opened = await Budget.open(
        { platform: ctx.platform, documentDir: ctx.documentDir, emit: ctx.emit },
        id,
      );
      if ('error' in opened) return opened;
      await ctx.openBudget(opened);
      return {};
    },
  }),

  /**
   * The person touched or typed on the screen (the page sends it, at most a few times a
   * second): it does nothing itself, but as every request from the screen it holds the open
   * budget's background builds for a quiet moment (`Core.foreground`), so a tap that asks the
   * core nothing still paints without sharing a phone's CPU with them.
   */
  'user-active': handler({
    budgetFree: true,
    run: (_args: undefined) => null,
  }),

  'close-budget': handler({
    mutator: true,
    async run(_args: undefined, ctx) {
      await ctx.closeBudget();
      return 'ok' as const;
    },
  }),

  'load-prefs': handler({
    run(_args: undefined, ctx): BudgetPrefs | null {
      return ctx.budget ? { ...ctx.budget.prefs } : null;
    },
  }),

  'save-prefs': handler({
    args: v.object({}),
    mutator: true,
    async run(prefs: Partial<BudgetPrefs>, ctx) {
      const budget = ctx.budget;
      if (!budget) return handlerError('no-budget', 'save-prefs needs an open budget');
      await budget.savePrefs(prefs);
      return 'ok' as const;
    },
  }),
});

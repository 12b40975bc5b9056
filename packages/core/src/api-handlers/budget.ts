import { listBudgets } from '../budget-file/create.ts';
import { type HandlerError, handlerError, isHandlerError } from '../handlers-core/errors.ts';
import { type HandlerContext, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { RemoteFile } from '../files/file-list.ts';
import { DEMO_BUDGET_ID } from '../files/session.ts';
import { apiError } from './errors.ts';
import { type ApiFileEntity, budgetFileModel, remoteFileModel } from './models.ts';
import type { ApiState } from './state.ts';

/** Why a budget did not open, in words a script's author can act on. */
function loadFailure(error: HandlerError, id: string): HandlerError {
  const { type } = error.error;
  if (type === 'budget-not-found') {
    return handlerError(type, `Budget "${id}" was not found in the data directory`);
  }
  if (type === 'out-of-sync-migrations') {
    return handlerError(type, `Budget "${id}" was written by a version this one cannot read`);
  }
  return handlerError(type, `Budget "${id}" could not be opened: ${error.error.message}`);
}

async function loadBudget(id: string, ctx: HandlerContext): Promise<HandlerError | undefined> {
  const result = await ctx.call('load-budget', { id });
  return isHandlerError(result) ? loadFailure(result, id) : undefined;
}

/** Budget lifecycle for scripts: open, import into a fresh budget, batch writes. */
export function budgetHandlers(state: ApiState) {
  return {
    'api/load-budget': handler({
      args: v.object({ id: v.string() }),
      mutator: true,
      async run({ id }, ctx) {
        if (ctx.budget?.id === id) return undefined;
        return loadBudget(id, ctx);
      },
    }),

    // Local folders first, then (when signed in) every file on the server, as Actual lists
    // them; a core without the cloud module, or a server that does not answer, lists none.
    'api/get-budgets': handler({
      async run(_args: undefined, ctx): Promise<ApiFileEntity[]> {
        const budgets = await listBudgets({ platform: ctx.platform, documentDir: ctx.documentDir });
        const remote = await ctx.call('get-remote-files');
        const files = Array.isArray(remote) ? (remote as RemoteFile[]) : [];
        return [
          ...budgets.filter((b) => b.id !== DEMO_BUDGET_ID).map(budgetFileModel.toExternal),
          ...files.map(remoteFileModel.toExternal).filter((f) => f !== null),
        ];
      },
    }),

    // A new budget, emptied of the default expense categories, for an importer to fill.
    'api/start-import': handler({
      args: v.object({ budgetName: v.string() }),
      mutator: true,
      async run({ budgetName }, ctx) {
        await ctx.closeBudget();
        const created = await ctx.call('create-budget', { budgetName, avoidUpload: true });
        if (isHandlerError(created)) return created;
        const { db, sqlite } = ctx.requireBudget();
        const groups = sqlite.all<{ id: string }>(
          'SELECT id FROM category_groups WHERE is_income = 0 AND tombstone = 0',
        );
        const categories = sqlite.all<{ id: string }>(
          'SELECT id FROM categories WHERE is_income = 0 AND tombstone = 0',
        );
        db.batch(() => {
          for (const { id } of categories) db.delete('categories', id);
          for (const { id } of groups) db.delete('category_groups', id);
        });
        state.importing = ctx.requireBudget().id;
        ctx.emit('start-import', { budgetName });
        return undefined;
      },
    }),

    // Reopen the imported budget so every per-budget service starts from the finished data.
    'api/finish-import': handler({
      mutator: true,
      needsBudget: true,
      async run(_args: undefined, ctx) {
        const { id } = ctx.requireBudget();
        await ctx.closeBudget();
        const failed = await loadBudget(id, ctx);
        state.importing = null;
        if (failed) return failed;
        ctx.emit('finish-import', {});
        return undefined;
      },
    }),

    // A failed import leaves nothing behind: the half-built budget's folder goes (and only
    // that one, even if the importer opened another budget meanwhile).
    'api/abort-import': handler({
      mutator: true,
      async run(_args: undefined, ctx) {
        const id = state.importing;
        if (id === null) return undefined;
        state.importing = null;
        if (ctx.budget?.id === id) await ctx.closeBudget();
        const dir = ctx.platform.fs.join(ctx.documentDir, id);
        if (await ctx.platform.fs.exists(dir)) await ctx.platform.fs.removeDir(dir);
        ctx.emit('show-budgets', {});
        return undefined;
      },
    }),

    // Writes between start and end are buffered and applied as one batch (one transaction,
    // one recompute) when the end comes.
    'api/batch-budget-start': handler({
      mutator: true,
      needsBudget: true,
      run(_args: undefined, ctx) {
        if (state.batch) return apiError('Cannot start a batch: one is already running');
        const { db } = ctx.requireBudget();
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const done = db.batchAsync(() => held);
        state.batch = { release, done };
        return undefined;
      },
    }),

    'api/batch-budget-end': handler({
      mutator: true,
      async run(_args: undefined) {
        const batch = state.batch;
        if (!batch) return apiError('Cannot end a batch: none was started');
        state.batch = null;
        batch.release();
        await batch.done;
        return undefined;
      },
    }),
  };
}

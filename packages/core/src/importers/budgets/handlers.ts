import { strFromU8 } from 'fflate';
import { exportHandlers } from '../../export/handlers.ts';
import { isHandlerError } from '../../handlers-core/errors.ts';
import { type HandlerContext, defineModule, handler } from '../../handlers-core/registry.ts';
import { v } from '../../handlers-core/validate.ts';
import { writeActualZip } from './actual-zip.ts';
import { buildBudget } from './build.ts';
import { type ImportErrorType, importError } from './errors.ts';
import type { ImportPlan } from './plan.ts';
import { readYnab4, ynab4BudgetName, ynab4Plan } from './ynab4.ts';
import { readYnab5, ynab5Plan } from './ynab5.ts';

type Source = { name: string; plan: ImportPlan } | { error: ImportErrorType };

function fromYnab4(bytes: Uint8Array, filepath?: string): Source {
  const data = readYnab4(bytes);
  if ('error' in data) return { error: 'not-ynab4' };
  return { name: ynab4BudgetName(filepath), plan: ynab4Plan(data) };
}

function fromYnab5(bytes: Uint8Array): Source {
  let text: string;
  try {
    text = strFromU8(bytes);
  } catch {
    return { error: 'parse-error' };
  }
  const read = readYnab5(text);
  if ('error' in read) return read;
  return { name: read.name, plan: ynab5Plan(read.budget) };
}

/** Open the finished budget (its services start on complete data) and upload it if we can. */
async function finish(ctx: HandlerContext, id: string) {
  const loaded = await ctx.call('load-budget', { id });
  if (isHandlerError(loaded)) return loaded;
  // Without a server (or without the cloud module) this answers with an error and the
  // budget stays a local file, as for a new budget.
  await ctx.call('upload-budget');
  ctx.emit('finish-import', {});
  return {};
}

async function importBudget(
  ctx: HandlerContext,
  type: 'actual' | 'ynab4' | 'ynab5',
  bytes: Uint8Array,
  filepath?: string,
) {
  await ctx.closeBudget();
  if (type === 'actual') {
    const written = await writeActualZip(ctx, bytes);
    if ('error' in written) return importError(written.error);
    ctx.emit('start-import', {});
    return finish(ctx, written.id);
  }
  const source = type === 'ynab4' ? fromYnab4(bytes, filepath) : fromYnab5(bytes);
  if ('error' in source) return importError(source.error);
  ctx.emit('start-import', { budgetName: source.name });
  try {
    const { id } = await buildBudget(ctx, source.name, source.plan);
    return await finish(ctx, id);
  } catch (err) {
    ctx.platform.log.error('Budget import failed', { type, error: String(err) });
    ctx.emit('show-budgets', {});
    return importError('internal-error');
  }
}

const importHandlers = {
  // `filepath` is read through the platform's file system; the browser sends `bytes`
  // (or uploads first with `upload-file-web`).
  'import-budget': handler({
    args: v.object({
      filepath: v.optional(v.string()),
      bytes: v.optional(v.unknown()),
      type: v.literal('actual', 'ynab4', 'ynab5'),
    }),
    mutator: true,
    async run({ filepath, bytes, type }, ctx) {
      let data: Uint8Array;
      if (bytes instanceof Uint8Array) data = bytes;
      else if (bytes instanceof ArrayBuffer) data = new Uint8Array(bytes);
      else if (filepath && (await ctx.platform.fs.exists(filepath))) {
        data = await ctx.platform.fs.readFile(filepath);
      } else {
        return importError(
          type === 'ynab5' ? 'parse-error' : type === 'ynab4' ? 'not-ynab4' : 'not-zip-file',
        );
      }
      return importBudget(ctx, type, data, filepath);
    },
  }),

  // The browser has no paths: the picked file is stored under the uploads folder and then
  // imported by path.
  'upload-file-web': handler({
    args: v.object({ filename: v.string(), contents: v.unknown() }),
    async run({ filename, contents }, ctx) {
      const { fs } = ctx.platform;
      const name = filename.replace(/^.*[/\\]/, '');
      let data: Uint8Array | string;
      if (contents instanceof Uint8Array || typeof contents === 'string') data = contents;
      else if (contents instanceof ArrayBuffer) data = new Uint8Array(contents);
      else return importError('internal-error');
      const folder = fs.join(ctx.documentDir, 'uploads');
      await fs.mkdir(folder);
      const path = fs.join(folder, name || 'upload');
      await fs.writeFile(path, data);
      return { filepath: path };
    },
  }),
};

/**
 * Moving budgets in and out of the app: `export-budget`, `import-budget` (Actual/Coffer zips,
 * YNAB4, nYNAB) and `upload-file-web`. Backups are their own module (`createBackupsModule`).
 */
export const budgetTransferModule = defineModule('budget-transfer', {
  ...importHandlers,
  ...exportHandlers,
});

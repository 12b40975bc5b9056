import { backgroundHold } from '../budget-file/background-hold.ts';
import { Budget } from '../budget-file/budget.ts';
import { listBudgets } from '../budget-file/create.ts';
import type { Emit } from '../handlers-core/events.ts';
import { handler, type HandlerContext } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { downloadToDisk, isSafeBudgetId } from './download.ts';
import { type CloudError, cloudError } from './errors.ts';
import { type FileEntry, type LocalBudget, type RemoteFile, reconcileFiles } from './file-list.ts';
import type { CloudSession } from './session.ts';
import { uploadBudget } from './upload.ts';

/** The file manager's handlers: list, upload, download and delete budgets. */
export function fileHandlers(session: CloudSession) {
  const ready = (ctx: HandlerContext) => session.init(ctx.platform, ctx.documentDir);
  const env = (ctx: HandlerContext) => ({
    platform: ctx.platform,
    documentDir: ctx.documentDir,
    emit: ctx.emit,
  });

  async function localBudgets(ctx: HandlerContext): Promise<LocalBudget[]> {
    const [all, state] = await Promise.all([listBudgets(env(ctx)), ready(ctx)]);
    const opened = state.get('last-opened') ?? {};
    // The demo budget is listed too: once closed it stays a local file until deleted.
    return all.map((p) => ({
      id: p.id,
      name: p.budgetName || '(no name)',
      cloudFileId: p.cloudFileId || undefined,
      groupId: p.groupId || undefined,
      encryptKeyId: p.encryptKeyId ?? null,
      ...(typeof opened[p.id] === 'string' ? { lastOpened: opened[p.id] } : {}),
    }));
  }

  /** The server's files, or null when there is no server, no session, or no answer. */
  async function remoteFiles(ctx: HandlerContext): Promise<RemoteFile[] | null> {
    await ready(ctx);
    const server = session.server();
    const token = session.token;
    if (!server || !token) return null;
    const res = await server.listFiles(token);
    if (!res.ok) return null;
    const files = res.value.map((f) => ({ ...f, hasKey: session.keys.has(f.encryptKeyId) }));
    // The open file was deleted on the server (from another device): close it, as at start-up.
    const open = ctx.budget;
    if (
      open?.prefs.cloudFileId &&
      files.some((f) => f.fileId === open.prefs.cloudFileId && f.deleted)
    ) {
      // Not awaited: a close waits for running reads, and this is one.
      void ctx.call('close-budget').then(() => ctx.emit('show-budgets', {}));
    }
    return files;
  }

  return {
    'get-budgets': handler({
      run: (_args: undefined, ctx): Promise<LocalBudget[]> => localBudgets(ctx),
    }),

    'get-remote-files': handler({
      run: (_args: undefined, ctx): Promise<RemoteFile[] | null> => remoteFiles(ctx),
    }),

    /** Local and cloud files merged, each with its state (see `reconcileFiles`). */
    'get-all-files': handler({
      async run(_args: undefined, ctx): Promise<FileEntry[]> {
        const [local, remote] = await Promise.all([localBudgets(ctx), remoteFiles(ctx)]);
        return reconcileFiles(local, remote);
      },
    }),

    /** Upload the open budget, or the budget `id` from disk when it is not open. */
    'upload-budget': handler({
      args: v.optional(v.object({ id: v.optional(v.string()) })),
      async run(args, ctx): Promise<object | CloudError> {
        await ready(ctx);
        const id = args?.id;
        const open = ctx.budget;
        let result;
        if (!id || open?.id === id) {
          if (!open) return cloudError('no-budget');
          result = await uploadBudget(session, ctx.platform, { budget: open });
        } else {
          if (!isSafeBudgetId(id)) return cloudError('budget-not-found');
          const dir = ctx.platform.fs.join(ctx.documentDir, id);
          if (!(await ctx.platform.fs.exists(dir))) return cloudError('budget-not-found');
          result = await uploadBudget(session, ctx.platform, { dir, id });
        }
        return 'error' in result ? result : {};
      },
    }),

    /**
     * Download a cloud file as a local budget, open it, catch up with the server, and close it
     * again (unless `keepOpen`). `replace` overwrites a local budget with the same id; without
     * it that case is a `file-exists` error carrying the existing budget's id and name.
     */
    'download-budget': handler({
      args: v.object({
        fileId: v.string(),
        replace: v.optional(v.boolean()),
        keepOpen: v.optional(v.boolean()),
      }),
      mutator: true,
      async run(
        { fileId, replace, keepOpen },
        ctx,
      ): Promise<{ id: string; syncError?: unknown } | CloudError> {
        await ready(ctx);
        // The catch-up's own open is the one the app takes: its change events reach the
        // screen once it is shown, not while no window shows it.
        let shown = false;
        const emit: Emit = (name, payload) => {
          if (shown) ctx.emit(name, payload);
        };
        const written = await downloadToDisk(session, ctx.platform, ctx.documentDir, fileId, {
          replace: replace === true,
          beforeWrite: async (id) => {
            if (ctx.budget?.id === id) await ctx.closeBudget();
          },
          emit,
        });
        if ('error' in written) return written;
        try {
          await ctx.closeBudget();
        } catch (err) {
          await written.budget?.close();
          throw err;
        }
        shown = true;
        const opened = written.budget ?? (await Budget.open(env(ctx), written.id));
        if ('error' in opened)
          return cloudError(opened.error.type, { message: opened.error.message });
        // The months not on screen and the derived tables wait for the open and its sync on
        // load: on a new device nothing is built yet, and those builds took turns with every
        // step of that sync (issue 30). A read that needs them still builds them at once.
        let release: () => void = () => undefined;
        backgroundHold(opened).hold(
          new Promise<void>((done) => {
            release = done;
          }),
        );
        let synced;
        // The catch-up just synced this file: its sync on load reports that run (the same
        // events and result) instead of asking the server again right after it (issue 30).
        if (written.caughtUp) session.caughtUp = opened;
        try {
          await ctx.openBudget(opened);
          // The sync on load (started by the open) is the one to wait for.
          synced = session.current?.budget === opened ? await session.current.latest() : null;
        } finally {
          session.caughtUp = null;
          release();
        }
        if (!keepOpen) await ctx.closeBudget();
        const syncError =
          synced && typeof synced === 'object' && 'error' in synced ? synced.error : undefined;
        return syncError ? { id: written.id, syncError } : { id: written.id };
      },
    }),

    /** Delete the cloud file (if given) and the local folder (if given; closed first). */
    'delete-budget': handler({
      args: v.object({
        id: v.optional(v.nullable(v.string())),
        cloudFileId: v.optional(v.nullable(v.string())),
      }),
      mutator: true,
      async run({ id, cloudFileId }, ctx): Promise<'ok' | CloudError> {
        await ready(ctx);
        if (cloudFileId) {
          const server = session.server();
          const token = session.token;
          // Like Actual, a failure here still deletes the local copy.
          if (server && token) await server.deleteFile(token, cloudFileId);
        }
        if (id) {
          if (!isSafeBudgetId(id)) return cloudError('budget-not-found');
          if (ctx.budget?.id === id) await ctx.closeBudget();
          await ctx.platform.fs.removeDir(ctx.platform.fs.join(ctx.documentDir, id));
        }
        return 'ok';
      },
    }),
  };
}

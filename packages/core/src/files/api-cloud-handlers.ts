import { handlerError, isHandlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { LocalBudget, RemoteFile } from './file-list.ts';

/**
 * The server side of the scripts' api (`@actual-app/api`'s `downloadBudget` and `sync`), built
 * only from the app's own handlers so a script goes through the same paths as the app.
 * Register it on a core that has the cloud module.
 */
export const apiCloudModule = defineModule('api-cloud', {
  /**
   * Open the budget whose sync id is `syncId`: the local copy caught up with the server when
   * there is one, otherwise a fresh download. An encrypted file needs `password`, which is
   * checked against the server's key first (and the key kept for this session).
   */
  'api/download-budget': handler({
    args: v.object({ syncId: v.string(), password: v.optional(v.nullable(v.string())) }),
    mutator: true,
    async run({ syncId, password }, ctx) {
      await ctx.closeBudget();
      const local = ((await ctx.call('get-budgets')) as LocalBudget[]).find(
        (b) => b.groupId === syncId,
      );
      let remote: RemoteFile | undefined;
      if (!local) {
        const files = (await ctx.call('get-remote-files')) as RemoteFile[] | null;
        if (!files) {
          return handlerError(
            'network',
            'The list of files could not be read from the server. Check the server URL and password given to init().',
          );
        }
        remote = files.find((f) => f.groupId === syncId && !f.deleted);
        if (!remote) {
          return handlerError(
            'budget-not-found',
            `No budget with sync id “${syncId}” on the server. Settings → Advanced shows a budget's sync id.`,
          );
        }
      }
      const fileId = remote ? remote.fileId : local!.cloudFileId!;
      const encryptKeyId = remote ? remote.encryptKeyId : local!.encryptKeyId;
      if (encryptKeyId) {
        if (!password) {
          const name = remote ? remote.name : local!.name;
          return handlerError(
            'password-required',
            `The budget “${name}” is encrypted: give its password to downloadBudget.`,
          );
        }
        const tested = await ctx.call('key-test', { fileId, password });
        if (isHandlerError(tested)) return tested;
      }

      if (local) {
        const loaded = await ctx.call('load-budget', { id: local.id });
        if (isHandlerError(loaded)) return loaded;
        const synced = await ctx.call('sync');
        return isHandlerError(synced) ? synced : undefined;
      }
      const downloaded = await ctx.call('download-budget', { fileId, keepOpen: true });
      if (isHandlerError(downloaded)) return downloaded;
      const { syncError } = downloaded as { syncError?: { type: string; message: string } };
      return syncError ? { error: syncError } : undefined;
    },
  }),

  /** Sync the open budget now and wait; a failure comes back as the sync error. */
  'api/sync': handler({
    needsBudget: true,
    async run(_args: undefined, ctx) {
      const synced = await ctx.call('sync');
      return isHandlerError(synced) ? synced : undefined;
    },
  }),
});

import { toBase64 } from '../encryption/base64.ts';
import { deriveKey } from '../encryption/cipher.ts';
import { keyOpensTestContent, makeTestContent } from '../encryption/test-content.ts';
import { type CloudError, cloudError } from '../files/errors.ts';
import type { CloudSession } from '../files/session.ts';
import { handler, type HandlerContext } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { SyncResult } from './budget-sync.ts';
import { repairMerkle, resetSync } from './reset.ts';

/** Bytes of salt behind a new key (sent to the server as base64 text). */
const SALT_BYTES = 32;

/** Sync and key handlers of an open budget (key-test also works with none open). */
export function syncHandlers(session: CloudSession) {
  const ready = (ctx: HandlerContext) => session.init(ctx.platform, ctx.documentDir);
  const resetEnv = (ctx: HandlerContext) => ({
    budget: ctx.requireBudget(),
    session,
    platform: ctx.platform,
    emit: ctx.emit,
  });

  return {
    /** Sync now and wait: `{ messages, tables }` received, or the error (also pushed as an event). */
    sync: handler({
      needsBudget: true,
      async run(_args: undefined, ctx): Promise<SyncResult> {
        await ready(ctx);
        const current = session.current;
        if (!current || current.budget !== ctx.budget) return cloudError('no-budget');
        return (await current.sync()) as SyncResult;
      },
    }),

    /**
     * The live check: the web app asks every few seconds while a budget is open and visible,
     * so another device's or user's changes appear without a click. One `/sync/sync` exchange
     * that sends what is pending and brings what is new (nothing, most times), pushing no
     * `start` (see `BudgetSync.sync`).
     */
    'sync-live': handler({
      needsBudget: true,
      async run(_args: undefined, ctx): Promise<SyncResult> {
        await ready(ctx);
        const current = session.current;
        if (!current || current.budget !== ctx.budget) return cloudError('no-budget');
        return (await current.sync({ quiet: true })) as SyncResult;
      },
    }),

    /** The window regained focus: sync in the background. */
    'app-focused': handler({
      async run(_args: undefined, ctx): Promise<'ok'> {
        await ready(ctx);
        if (ctx.budget && session.current?.budget === ctx.budget) session.current.schedule(0);
        return 'ok';
      },
    }),

    'sync-reset': handler({
      mutator: true,
      needsBudget: true,
      async run(_args: undefined, ctx): Promise<object | CloudError> {
        await ready(ctx);
        return resetSync(resetEnv(ctx));
      },
    }),

    /** Rebuild the merkle from the message log; sync afterwards to see whether that fixed it. */
    'sync-repair': handler({
      mutator: true,
      needsBudget: true,
      async run(_args: undefined, ctx): Promise<{ changed: boolean; messages: number }> {
        await ready(ctx);
        return repairMerkle(ctx.requireBudget());
      },
    }),

    /**
     * Turn on encryption, or change the password: a new key (new salt, new id), registered
     * with the server, followed by a sync reset so nothing stays under the old key.
     */
    'key-make': handler({
      args: v.object({ password: v.string() }),
      mutator: true,
      needsBudget: true,
      async run({ password }, ctx): Promise<object | CloudError> {
        await ready(ctx);
        if (!password) return cloudError('invalid-password');
        const { crypto, random } = ctx.platform;
        const salt = toBase64(random.bytes(SALT_BYTES));
        const key = await deriveKey(crypto, random.uuid(), password, salt);
        const testContent = await makeTestContent(crypto, key, random);
        return resetSync(resetEnv(ctx), { key, salt, testContent });
      },
    }),

    /**
     * Check a password against a cloud file's key (before downloading it, or after another
     * device changed the key) and keep the key on success.
     */
    'key-test': handler({
      args: v.object({
        password: v.string(),
        fileId: v.optional(v.nullable(v.string())),
        cloudFileId: v.optional(v.nullable(v.string())),
      }),
      async run(args, ctx): Promise<object | CloudError> {
        await ready(ctx);
        const fileId = args.fileId || args.cloudFileId || ctx.budget?.prefs.cloudFileId;
        if (!fileId) return cloudError('file-not-found');
        const server = session.server();
        const token = session.token;
        if (!server || !token) return cloudError('network');
        const res = await server.getKey(token, fileId);
        if (!res.ok) {
          const reason = res.error.reason;
          return cloudError(
            reason === 'network-failure' || reason === 'internal' ? 'network' : reason,
          );
        }
        const { id, salt, test } = res.value;
        if (!test || !id || salt === null) return cloudError('old-key-style');
        const key = await deriveKey(ctx.platform.crypto, id, args.password, salt);
        if (!(await keyOpensTestContent(ctx.platform.crypto, key, test))) {
          return cloudError('decrypt-failure');
        }
        await session.rememberKey(fileId, key);
        const open = ctx.budget;
        if (open && open.prefs.cloudFileId === fileId) {
          await open.savePrefs({ encryptKeyId: id }, { avoidSync: true });
        }
        return {};
      },
    }),
  };
}

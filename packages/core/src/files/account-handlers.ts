import { handler, type HandlerContext } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { BootstrapState } from '../server-client/server-client.ts';
import { type CloudError, cloudError } from './errors.ts';
import type { CloudSession } from './session.ts';

/** Whether `url` can name a server at all (absolute http or https). */
function isServerUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

const normalize = (url: string): string => url.trim().replace(/\/+$/, '');

export type NeedsBootstrap = (BootstrapState & { hasServer: boolean }) | CloudError;

export interface GlobalPrefs {
  floatingSidebar: boolean;
  maxMonths: number | null;
  theme: string;
  documentDir: string;
  /** The release check is allowed (true), refused (false) or not chosen yet (null). */
  updateCheck: boolean | null;
}

/** Server setup, bootstrap, sign-in and the other handlers of the app shell. */
export function accountHandlers(session: CloudSession) {
  const ready = (ctx: HandlerContext) => session.init(ctx.platform, ctx.documentDir);

  async function needsBootstrap(url: string | null): Promise<NeedsBootstrap> {
    if (url === null) return { bootstrapped: true, hasServer: false };
    if (!isServerUrl(url)) return cloudError('get-server-failure');
    const res = await session.server(url)!.needsBootstrap();
    if (!res.ok) return cloudError(res.error.reason);
    return { ...res.value, hasServer: true };
  }

  return {
    'get-server-url': handler({
      budgetFree: true,
      async run(_args: undefined, ctx): Promise<string | null> {
        await ready(ctx);
        return session.serverUrl;
      },
    }),

    /**
     * Point the app at a server (null: use none). Unless `validate` is false the URL must
     * answer like a sync server; a bare host that cannot be reached is tried again as https.
     */
    'set-server-url': handler({
      args: v.object({ url: v.nullable(v.string()), validate: v.optional(v.boolean()) }),
      async run({ url, validate }, ctx): Promise<{ url: string | null } | CloudError> {
        const state = await ready(ctx);
        if (url === null) {
          await state.set({ 'server-url': null, 'user-token': undefined, 'did-bootstrap': true });
          return { url: null };
        }
        let chosen = normalize(url);
        if (validate !== false) {
          let check = await needsBootstrap(chosen);
          const unreachable =
            'error' in check &&
            (check.error.type === 'network-failure' || check.error.type === 'get-server-failure');
          if (unreachable && !/^https?:\/\//i.test(chosen)) {
            const retry = `https://${chosen}`;
            check = await needsBootstrap(retry);
            if (!('error' in check)) chosen = retry;
          }
          if ('error' in check) return check;
        } else if (!isServerUrl(chosen)) {
          return cloudError('get-server-failure');
        }
        await state.set({ 'server-url': chosen, 'did-bootstrap': true });
        return { url: chosen };
      },
    }),

    'get-did-bootstrap': handler({
      async run(_args: undefined, ctx): Promise<boolean> {
        return Boolean((await ready(ctx)).get('did-bootstrap'));
      },
    }),

    'subscribe-needs-bootstrap': handler({
      args: v.optional(v.object({ url: v.optional(v.string()) })),
      async run(args, ctx): Promise<NeedsBootstrap> {
        await ready(ctx);
        return needsBootstrap(args?.url ? normalize(args.url) : session.serverUrl);
      },
    }),

    'subscribe-bootstrap': handler({
      args: v.object({ password: v.string() }),
      async run({ password }, ctx): Promise<object | CloudError> {
        const state = await ready(ctx);
        if (!password) return cloudError('invalid-password');
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.bootstrap(password);
        if (!res.ok) return cloudError(res.error.reason);
        if (!res.value) return cloudError('internal');
        await state.set({ 'user-token': res.value, readOnly: undefined });
        return {};
      },
    }),

    'subscribe-sign-in': handler({
      args: v.object({ password: v.string() }),
      async run({ password }, ctx): Promise<object | CloudError> {
        const state = await ready(ctx);
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.login(password);
        if (!res.ok) return cloudError(res.error.reason);
        if (!res.value) return cloudError('invalid-password');
        await state.set({ 'user-token': res.value, readOnly: undefined });
        return {};
      },
    }),

    /** Forget the session and everything tied to it: token, keys, last budget, read-only. */
    'subscribe-sign-out': handler({
      async run(_args: undefined, ctx): Promise<'ok'> {
        const state = await ready(ctx);
        const token = session.token;
        // The server forgets the session too, so a copied token stops working; offline, the
        // local sign-out still happens.
        if (token) await session.server()?.logout(token);
        session.keys.clear();
        await state.remove(['user-token', 'encrypt-keys', 'lastBudget', 'readOnly']);
        return 'ok';
      },
    }),

    /** null: not signed in. `offline`: signed in, but the server cannot confirm it now. */
    'subscribe-get-user': handler({
      budgetFree: true,
      async run(
        _args: undefined,
        ctx,
      ): Promise<({ offline: boolean } & Record<string, unknown>) | null> {
        const state = await ready(ctx);
        const server = session.server();
        if (!server) return state.get('did-bootstrap') ? { offline: false } : null;
        const token = session.token;
        if (!token) return null;
        const res = await server.validate(token);
        if (!res.ok) return { offline: true };
        if (!res.value.valid) return res.value.reason === 'unauthorized' ? null : { offline: true };
        return { ...res.value.user, offline: false };
      },
    }),

    'subscribe-change-password': handler({
      args: v.object({ password: v.string() }),
      async run({ password }, ctx): Promise<object | CloudError> {
        await ready(ctx);
        if (!password) return cloudError('invalid-password');
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.changePassword(session.token, password);
        return res.ok ? {} : cloudError(res.error.reason);
      },
    }),

    'get-server-version': handler({
      budgetFree: true,
      async run(_args: undefined, ctx): Promise<{ version: string } | CloudError> {
        await ready(ctx);
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.version();
        return res.ok ? { version: res.value } : cloudError('network-failure');
      },
    }),

    'load-global-prefs': handler({
      async run(_args: undefined, ctx): Promise<GlobalPrefs> {
        const state = await ready(ctx);
        return {
          floatingSidebar: state.get('floating-sidebar') === true,
          maxMonths: state.get('max-months') ?? null,
          theme: state.get('theme') ?? 'light',
          documentDir: state.get('document-dir') ?? ctx.documentDir,
          updateCheck: state.get('update-check') ?? null,
        };
      },
    }),

    'save-global-prefs': handler({
      args: v.object({
        floatingSidebar: v.optional(v.boolean()),
        maxMonths: v.optional(v.nullable(v.integer())),
        theme: v.optional(v.string()),
        documentDir: v.optional(v.string()),
        updateCheck: v.optional(v.boolean()),
      }),
      async run(prefs, ctx): Promise<'ok'> {
        const state = await ready(ctx);
        await state.set({
          ...(prefs.floatingSidebar !== undefined && { 'floating-sidebar': prefs.floatingSidebar }),
          ...(prefs.maxMonths !== undefined && { 'max-months': prefs.maxMonths ?? undefined }),
          ...(prefs.theme !== undefined && { theme: prefs.theme }),
          ...(prefs.documentDir !== undefined && { 'document-dir': prefs.documentDir }),
          ...(prefs.updateCheck !== undefined && { 'update-check': prefs.updateCheck }),
        });
        return 'ok';
      },
    }),
  };
}

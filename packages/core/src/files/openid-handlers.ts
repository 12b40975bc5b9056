import { handler, type HandlerContext } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { type CloudError, cloudError } from './errors.ts';
import type { CloudSession } from './session.ts';

/**
 * OpenID sign-in with Actual 26.9's handler names: the app asks where to send the browser,
 * the server sends it back to `/openid-cb?token=…`, and the app keeps that token.
 */
export function openIdHandlers(session: CloudSession) {
  const ready = (ctx: HandlerContext) => session.init(ctx.platform, ctx.documentDir);

  return {
    /** The provider's URL for the browser; `password` is needed for a server's first sign-in. */
    'subscribe-sign-in-openid': handler({
      args: v.object({ returnUrl: v.string(), password: v.optional(v.string()) }),
      async run({ returnUrl, password }, ctx): Promise<{ redirectUrl: string } | CloudError> {
        await ready(ctx);
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.loginOpenId(returnUrl, password);
        if (!res.ok) return cloudError(res.error.reason);
        return res.value ? { redirectUrl: res.value } : cloudError('openid-setup-failed');
      },
    }),

    /** Keeps a session the server handed out elsewhere (the OpenID callback). */
    'subscribe-set-token': handler({
      args: v.object({ token: v.string() }),
      async run({ token }, ctx): Promise<object | CloudError> {
        const state = await ready(ctx);
        if (!token) return cloudError('unauthorized');
        await state.set({ 'user-token': token, readOnly: undefined });
        return {};
      },
    }),

    /**
     * An admin turns OpenID on; Actual's `openId` settings object: the issuer URL, or the
     * endpoints of a provider without discovery, and how a sign-in learns who signed in.
     */
    'enable-openid': handler({
      args: v.object({
        openId: v.object({
          issuer: v.either(
            v.string(),
            v.object({
              name: v.string(),
              authorization_endpoint: v.string(),
              token_endpoint: v.string(),
              userinfo_endpoint: v.string(),
              jwks_uri: v.optional(v.string()),
            }),
          ),
          client_id: v.string(),
          client_secret: v.string(),
          server_hostname: v.string(),
          authMethod: v.optional(v.literal('openid', 'oauth2')),
        }),
      }),
      async run({ openId }, ctx): Promise<object | CloudError> {
        await ready(ctx);
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.enableOpenId(session.token, openId);
        return res.ok ? {} : cloudError(res.error.reason);
      },
    }),
  };
}

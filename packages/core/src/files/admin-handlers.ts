import { handler, type HandlerContext } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { AdminClient, AvailableUser, ServerUser } from '../server-client/admin-client.ts';
import type { Result } from '../server-client/http.ts';
import { type CloudError, cloudError } from './errors.ts';
import type { CloudSession } from './session.ts';

const userFields = {
  userName: v.string(),
  displayName: v.nullable(v.string()),
  role: v.literal('ADMIN', 'BASIC'),
  enabled: v.boolean(),
};

/**
 * Users, roles and file sharing on a server with users on, by the names Actual 26.9's client
 * gives these calls (`users-get`, `user-add`, …), plus Coffer's own switch that turns users on.
 */
export function adminHandlers(session: CloudSession) {
  /** The admin client and the session's token, or the error to answer when there is none. */
  async function admin(
    ctx: HandlerContext,
  ): Promise<{ client: AdminClient; token: string } | CloudError> {
    await session.init(ctx.platform, ctx.documentDir);
    const server = session.server();
    if (!server) return cloudError('no-server');
    const token = session.token;
    if (!token) return cloudError('unauthorized');
    return { client: server.admin, token };
  }

  /** Run one admin call; a failed answer becomes the error of its reason. */
  async function call<T>(
    ctx: HandlerContext,
    fn: (client: AdminClient, token: string) => Promise<Result<T>>,
  ): Promise<T | CloudError> {
    const found = await admin(ctx);
    if ('error' in found) return found;
    const res = await fn(found.client, found.token);
    return res.ok ? res.value : cloudError(res.error.reason, res.error.meta);
  }

  const fileId = v.object({ fileId: v.string() });

  return {
    'owner-created': handler({
      async run(_args: undefined, ctx): Promise<boolean | CloudError> {
        await session.init(ctx.platform, ctx.documentDir);
        const server = session.server();
        if (!server) return cloudError('no-server');
        const res = await server.admin.ownerCreated();
        return res.ok ? res.value : cloudError(res.error.reason);
      },
    }),

    /** Turn users on: the signed-in password holder becomes the owner, an admin. */
    'enable-multiuser': handler({
      args: v.object({ userName: v.string(), displayName: v.optional(v.string()) }),
      run: (args, ctx): Promise<string | CloudError> =>
        call(ctx, (client, token) => client.enableUsers(token, args)),
    }),

    'users-get': handler({
      run: (_args: undefined, ctx): Promise<ServerUser[] | CloudError> =>
        call(ctx, (client, token) => client.users(token)),
    }),

    'user-add': handler({
      args: v.object(userFields),
      run: (user, ctx): Promise<{ id: string } | CloudError> =>
        call(ctx, async (client, token) => {
          const res = await client.addUser(token, user);
          return res.ok ? { ok: true, value: { id: res.value } } : res;
        }),
    }),

    'user-update': handler({
      args: v.object({ id: v.string(), ...userFields }),
      run: (user, ctx): Promise<void | CloudError> =>
        call(ctx, (client, token) => client.updateUser(token, user)),
    }),

    'user-delete-all': handler({
      args: v.object({ ids: v.array(v.string()) }),
      run: ({ ids }, ctx): Promise<void | CloudError> =>
        call(ctx, (client, token) => client.deleteUsers(token, ids)),
    }),

    'access-get-available-users': handler({
      args: fileId,
      run: (args, ctx): Promise<AvailableUser[] | CloudError> =>
        call(ctx, (client, token) => client.availableUsers(token, args.fileId)),
    }),

    'access-add': handler({
      args: v.object({ fileId: v.string(), userId: v.string() }),
      run: (args, ctx): Promise<void | CloudError> =>
        call(ctx, (client, token) => client.addAccess(token, args.fileId, args.userId)),
    }),

    'access-delete-all': handler({
      args: v.object({ fileId: v.string(), ids: v.array(v.string()) }),
      run: (args, ctx): Promise<void | CloudError> =>
        call(ctx, (client, token) => client.removeAccess(token, args.fileId, args.ids)),
    }),

    'transfer-ownership': handler({
      args: v.object({ fileId: v.string(), newUserId: v.string() }),
      run: (args, ctx): Promise<void | CloudError> =>
        call(ctx, (client, token) => client.transferOwnership(token, args.fileId, args.newUserId)),
    }),
  };
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, mayUse, type Caller } from '../access.ts';
import type { ServerContext } from '../context.ts';
import { liveFile } from '../files.ts';
import { jsonBody, sendError, sessionCheck, stringField } from '../http.ts';
import type { FileRow, Role, User } from '../storage/storage.ts';
import { forgetUserSecrets } from '../bank/secret-scope.ts';

function forbidden(reply: FastifyReply): FastifyReply {
  return sendError(reply, 403, 'forbidden', 'permission-not-found');
}

function fileDenied(reply: FastifyReply): FastifyReply {
  return sendError(reply, 400, 'file-denied', "You don't have permissions over this file");
}

function fileNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, 'invalid-file-id', 'File not found at server');
}

function role(value: unknown): Role | null {
  return value === 'ADMIN' || value === 'BASIC' ? value : null;
}

/** Actual's user list entry: booleans as booleans, the role by name. */
function userAnswer(u: User) {
  return {
    id: u.id,
    userName: u.userName,
    displayName: u.displayName,
    role: u.role,
    enabled: u.enabled,
    owner: u.owner,
  };
}

/**
 * `/admin/*`: users, roles and file sharing, with Actual 26.9's routes and answers, plus
 * Coffer's own switch that turns users on (Actual turns them on with OpenID).
 */
export function adminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { accounts } = ctx;
  const session = sessionCheck(accounts);

  /** The file named in the request, when the caller may manage its sharing; else answered. */
  const managedFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    fileId: unknown,
    denied: (reply: FastifyReply) => FastifyReply,
  ): Promise<{ file: FileRow; caller: Caller } | null> => {
    const caller = await callerOf(accounts, request);
    const file = await liveFile(accounts, fileId);
    if (!file) {
      fileNotFound(reply);
      return null;
    }
    if (!(await mayUse(accounts, caller, file))) {
      denied(reply);
      return null;
    }
    return { file, caller };
  };

  app.get('/owner-created/', async (_request, reply) => {
    return reply.send((await accounts.listUsers()).some((u) => u.owner));
  });

  app.post('/multiuser', { preHandler: session }, async (request, reply) => {
    const caller = await callerOf(accounts, request);
    if (caller.multiuser) return sendError(reply, 400, 'already-enabled');
    const userName = stringField(jsonBody(request), 'userName')?.trim() || 'admin';
    const displayName = stringField(jsonBody(request), 'displayName')?.trim() || null;
    const owner: User = {
      id: randomUUID(),
      userName,
      displayName,
      role: 'ADMIN',
      enabled: true,
      owner: true,
    };
    if (!(await accounts.enableUsers(owner))) return sendError(reply, 400, 'already-enabled');
    return reply.send({ status: 'ok', data: { id: owner.id } });
  });

  app.get('/users/', { preHandler: session }, async (request, reply) => {
    const caller = await callerOf(accounts, request);
    if (caller.multiuser && !caller.user) return forbidden(reply);
    return reply.send((await accounts.listUsers()).map(userAnswer));
  });

  const userFields = (body: Record<string, unknown>) => {
    const userName = stringField(body, 'userName')?.trim() ?? '';
    const r = body.role;
    if (!userName || !r) {
      return {
        error: !userName ? 'user-cant-be-empty' : 'role-cant-be-empty',
        details: `${!userName ? 'Username' : 'Role'} cannot be empty`,
      } as const;
    }
    const valid = role(r);
    if (!valid) return { error: 'role-does-not-exists', details: 'Selected role does not exist' };
    return {
      userName,
      role: valid,
      displayName: stringField(body, 'displayName')?.trim() || null,
      enabled: body.enabled === true || body.enabled === 1,
    };
  };

  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await callerOf(accounts, request);
    if (!caller.multiuser || !caller.admin) return forbidden(reply);
  };

  // Actual's web client adds and edits users at `/users/` and shares at `/access/`, with the
  // slash; its server answers both spellings, so this one does too.
  const addUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = userFields(jsonBody(request));
    if ('error' in fields) return sendError(reply, 400, fields.error!, fields.details);
    const user: User = { id: randomUUID(), owner: false, ...fields };
    if (!(await accounts.insertUser(user))) {
      return sendError(reply, 400, 'user-already-exists', `User ${fields.userName} already exists`);
    }
    return reply.send({ status: 'ok', data: { id: user.id } });
  };
  app.post('/users', { preHandler: [session, adminOnly] }, addUser);
  app.post('/users/', { preHandler: [session, adminOnly] }, addUser);

  const updateUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = jsonBody(request);
    const fields = userFields(body);
    if ('error' in fields) return sendError(reply, 400, fields.error!, fields.details);
    const id = stringField(body, 'id');
    const current = id ? await accounts.getUser(id) : null;
    if (!current) {
      return sendError(
        reply,
        400,
        'cannot-find-user-to-update',
        `Cannot find user ${fields.userName} to update`,
      );
    }
    // The owner stays an enabled admin: the server always has someone to manage it.
    const next: User = current.owner
      ? { ...current, userName: fields.userName, displayName: fields.displayName }
      : { ...current, ...fields };
    await accounts.updateUser(next);
    return reply.send({ status: 'ok', data: { id: current.id } });
  };
  app.patch('/users', { preHandler: [session, adminOnly] }, updateUser);
  app.patch('/users/', { preHandler: [session, adminOnly] }, updateUser);

  app.delete('/users', { preHandler: [session, adminOnly] }, async (request, reply) => {
    const ids = jsonBody(request).ids;
    if (!Array.isArray(ids)) return sendError(reply, 400, 'bad-request', 'ids are required');
    let deleted = 0;
    for (const id of ids) {
      if (typeof id !== 'string' || !(await accounts.deleteUser(id))) continue;
      // Their bank-provider secrets go with them (an access URL opens their bank accounts).
      await forgetUserSecrets(accounts, id);
      deleted++;
    }
    if (deleted !== ids.length) return sendError(reply, 400, 'not-all-deleted', '');
    return reply.send({ status: 'ok', data: { someDeletionsFailed: false } });
  });

  const queryFileId = (request: FastifyRequest) =>
    (request.query as Record<string, unknown> | undefined)?.fileId;

  app.get('/access', { preHandler: session }, async (request, reply) => {
    const found = await managedFile(request, reply, queryFileId(request), forbidden);
    if (!found) return reply;
    const ids = await accounts.listAccess(found.file.id);
    const users = await Promise.all(ids.map((id) => accounts.getUser(id)));
    return reply.send(
      users
        .filter((u): u is User => u !== null)
        .map((u) => ({
          userId: u.id,
          userName: u.userName,
          displayName: u.displayName,
          fileId: found.file.id,
          owner: found.file.owner === u.id ? 1 : 0,
        })),
    );
  });

  const addAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = jsonBody(request);
    const found = await managedFile(request, reply, body.fileId, fileDenied);
    if (!found) return reply;
    const userId = stringField(body, 'userId');
    if (!userId) return sendError(reply, 400, 'user-cant-be-empty', 'User cannot be empty');
    if (!(await accounts.getUser(userId))) {
      return sendError(reply, 400, 'new-user-not-found', 'New user not found');
    }
    if (!(await accounts.grantAccess(found.file.id, userId))) {
      return sendError(reply, 400, 'user-already-have-access', 'User already have access');
    }
    return reply.send({ status: 'ok', data: {} });
  };
  app.post('/access', { preHandler: session }, addAccess);
  app.post('/access/', { preHandler: session }, addAccess);

  app.delete('/access', { preHandler: session }, async (request, reply) => {
    const found = await managedFile(request, reply, queryFileId(request), fileDenied);
    if (!found) return reply;
    const ids = jsonBody(request).ids;
    if (!Array.isArray(ids) || !ids.every((i) => typeof i === 'string')) {
      return sendError(reply, 400, 'bad-request', 'ids are required');
    }
    const removed = await accounts.revokeAccess(found.file.id, ids);
    if (removed !== ids.length) return sendError(reply, 400, 'not-all-deleted', '');
    return reply.send({ status: 'ok', data: { someDeletionsFailed: false } });
  });

  app.get('/access/users', { preHandler: session }, async (request, reply) => {
    const found = await managedFile(request, reply, queryFileId(request), fileDenied);
    if (!found) return reply;
    const shared = new Set(await accounts.listAccess(found.file.id));
    return reply.send(
      (await accounts.listUsers())
        .filter((u) => u.enabled && u.id !== found.file.owner)
        .map((u) => ({
          userId: u.id,
          userName: u.userName,
          displayName: u.displayName,
          haveAccess: shared.has(u.id) ? 1 : 0,
          owner: 0,
        })),
    );
  });

  app.post('/access/transfer-ownership/', { preHandler: session }, async (request, reply) => {
    const body = jsonBody(request);
    const found = await managedFile(request, reply, body.fileId, fileDenied);
    if (!found) return reply;
    // Only the owner or an admin hands a file over, not a user it is shared with.
    if (!found.caller.admin && found.file.owner !== found.caller.user?.id) {
      return fileDenied(reply);
    }
    const newUserId = stringField(body, 'newUserId');
    if (!newUserId) return sendError(reply, 400, 'user-cant-be-empty', 'Username cannot be empty');
    if (!(await accounts.getUser(newUserId))) {
      return sendError(reply, 400, 'new-user-not-found', 'New user not found');
    }
    await accounts.updateFile(found.file.id, { owner: newUserId });
    return reply.send({ status: 'ok', data: {} });
  });
}

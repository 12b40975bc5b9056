import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../access.ts';
import { callerScope, scopedSecrets } from '../bank/secret-scope.ts';
import type { ServerContext } from '../context.ts';
import { liveFile } from '../files.ts';
import { header, jsonBody, sendError, sendOk, sendText, sessionCheck } from '../http.ts';
import { isSafeId } from '../ids.ts';
import type { SecretStore } from '../storage/storage.ts';

/** Actual 23.8 called the bank-data secrets `nordigen_*`; later versions `gocardless_*`. */
const ALIASES: Record<string, string> = {
  nordigen_secretId: 'gocardless_secretId',
  nordigen_secretKey: 'gocardless_secretKey',
};

export function canonicalSecretName(name: string): string {
  return ALIASES[name] ?? name;
}

/**
 * The secrets a request names: a file's (Actual's `X-Actual-File-Id`, for its owner or an
 * admin), else the caller's own (`bank/secret-scope.ts`). A string is the refusal's reason.
 */
async function requestSecrets(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<SecretStore | 'file-access-denied' | 'invalid-file-id'> {
  const caller = await callerOf(ctx.accounts, request);
  const fileId = header(request, 'x-actual-file-id');
  if (fileId !== null) {
    if (!isSafeId(fileId)) return 'invalid-file-id';
    const file = await liveFile(ctx.accounts, fileId);
    const owns = !!file && (!caller.multiuser || caller.admin || file.owner === caller.user?.id);
    return owns ? scopedSecrets(ctx.accounts, { kind: 'file', fileId }) : 'file-access-denied';
  }
  const scope = callerScope(caller);
  return scope ? scopedSecrets(ctx.accounts, scope) : 'file-access-denied';
}

function refuse(reply: FastifyReply, reason: 'file-access-denied' | 'invalid-file-id') {
  return reason === 'invalid-file-id'
    ? sendError(reply, 400, 'invalid-file-id', 'invalid fileId')
    : sendError(reply, 403, 'file-access-denied', "You don't have permissions over this file");
}

/**
 * `/secret`: write-only storage for bank-sync credentials. Values are never sent back. Once
 * users are on, a basic user's secrets are their own: Actual 26.9 refuses them instead.
 */
export function secretRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const session = sessionCheck(ctx.accounts);

  app.post('/', { preHandler: session }, async (request, reply) => {
    const { name, value } = jsonBody(request);
    if (typeof name !== 'string' || name === '' || name.length > 200) {
      return sendError(reply, 400, 'bad-request', 'name is required');
    }
    if (value !== null && value !== undefined && typeof value !== 'string') {
      return sendError(reply, 400, 'bad-request', 'value must be a string');
    }
    const secrets = await requestSecrets(ctx, request);
    if (typeof secrets === 'string') return refuse(reply, secrets);
    await secrets.setSecret(canonicalSecretName(name), value ?? null);
    // A new SimpleFIN setup token replaces the access claimed with the old one: it is claimed
    // (once) at the next account listing.
    if (name === 'simplefin_token') await secrets.setSecret('simplefin_accessKey', null);
    return sendOk(reply);
  });

  app.get<{ Params: { name: string } }>(
    '/:name',
    { preHandler: session },
    async (request, reply) => {
      const secrets = await requestSecrets(ctx, request);
      if (typeof secrets === 'string') return refuse(reply, secrets);
      const exists = (await secrets.getSecret(canonicalSecretName(request.params.name))) !== null;
      return exists ? reply.code(204).send() : sendText(reply, 404, 'key not found');
    },
  );
}

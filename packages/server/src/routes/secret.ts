import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { jsonBody, sendError, sendOk, sendText, sessionCheck } from '../http.ts';

/** Actual 23.8 called the bank-data secrets `nordigen_*`; later versions `gocardless_*`. */
const ALIASES: Record<string, string> = {
  nordigen_secretId: 'gocardless_secretId',
  nordigen_secretKey: 'gocardless_secretKey',
};

export function canonicalSecretName(name: string): string {
  return ALIASES[name] ?? name;
}

/** `/secret`: write-only storage for bank-sync credentials. Values are never sent back. */
export function secretRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { accounts } = ctx;
  const session = sessionCheck(accounts);

  app.post('/', { preHandler: session }, async (request, reply) => {
    const { name, value } = jsonBody(request);
    if (typeof name !== 'string' || name === '' || name.length > 200) {
      return sendError(reply, 400, 'bad-request', 'name is required');
    }
    if (value !== null && value !== undefined && typeof value !== 'string') {
      return sendError(reply, 400, 'bad-request', 'value must be a string');
    }
    await accounts.setSecret(canonicalSecretName(name), value ?? null);
    // A new SimpleFIN setup token replaces the access claimed with the old one: it is claimed
    // (once) at the next account listing.
    if (name === 'simplefin_token') await accounts.setSecret('simplefin_accessKey', null);
    return sendOk(reply);
  });

  app.get<{ Params: { name: string } }>(
    '/:name',
    { preHandler: session },
    async (request, reply) => {
      const exists = (await accounts.getSecret(canonicalSecretName(request.params.name))) !== null;
      return exists ? reply.code(204).send() : sendText(reply, 404, 'key not found');
    },
  );
}

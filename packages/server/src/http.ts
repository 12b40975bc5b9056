import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStore } from './storage/storage.ts';

/** `{status: 'error', reason}` is what Actual's clients read from a JSON error. */
export function sendError(
  reply: FastifyReply,
  status: number,
  reason: string,
  details?: string,
): FastifyReply {
  const body: Record<string, string> = { status: 'error', reason };
  if (details !== undefined) body.details = details;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Several sync errors are plain text bodies: the client shows the text as the reason. */
export function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

export function sendOk(reply: FastifyReply, data?: unknown): FastifyReply {
  return reply.send(data === undefined ? { status: 'ok' } : { status: 'ok', data });
}

/** A JSON object body, or an empty object for anything else (missing, binary, array). */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    return body as Record<string, unknown>;
  }
  return {};
}

export function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

export function stringField(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  return typeof value === 'string' ? value : null;
}

/** Older clients put the token in the JSON body; newer ones use the header. */
export function requestToken(request: FastifyRequest, bodyAllowed = true): string | null {
  const fromHeader = header(request, 'x-actual-token');
  if (fromHeader) return fromHeader;
  if (!bodyAllowed) return null;
  return stringField(jsonBody(request), 'token');
}

export function sendUnauthorized(reply: FastifyReply): FastifyReply {
  return sendError(reply, 401, 'unauthorized', 'token-not-found');
}

/**
 * A preHandler that refuses requests without a valid session. Binary routes check in
 * `onRequest` instead (header only), so an unauthenticated upload is refused before its body
 * is read.
 */
export function sessionCheck(accounts: AccountStore, bodyAllowed = true) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = requestToken(request, bodyAllowed);
    const session = token ? await accounts.session(token) : null;
    if (!session) return sendUnauthorized(reply);
    if (session.expiresAt !== null && session.expiresAt <= Date.now()) {
      return sendError(reply, 401, 'token-expired');
    }
  };
}

function reasonFor(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload-too-large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported-media-type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'invalid-json';
    default:
      if (error.statusCode === 429) return 'too-many-requests';
      if (error instanceof SyntaxError) return 'invalid-json';
      return 'bad-request';
  }
}

/** Client mistakes get their status and a JSON reason; anything else is logged and becomes 500. */
export function installErrorHandler(app: FastifyInstance, log: (line: string) => void): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 413) reply.header('connection', 'close');
      return sendError(reply, status, reasonFor(error));
    }
    log(`error ${request.method} ${pathOf(request.url)}: ${error.stack ?? error.message}`);
    return sendError(reply, 500, 'internal-error');
  });
}

/** Query strings never reach the log. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** One line per request: method, path, status, time. No headers, bodies or query strings. */
export function installRequestLog(app: FastifyInstance, log: (line: string) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime.toFixed(1);
    log(
      `${new Date().toISOString()} ${request.method} ${pathOf(request.url)} ${reply.statusCode} ${ms}ms`,
    );
  });
}

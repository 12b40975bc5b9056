import {
  decodeSyncRequest,
  encodeSyncResponse,
  type MessageEnvelope,
  type SyncRequest,
} from '@coffer/crdt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { limitBytes } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { liveFileFor } from '../access.ts';
import { syncRefusal } from '../files.ts';
import {
  header,
  jsonBody,
  sendError,
  sendOk,
  sendText,
  sendUnauthorized,
  sessionCheck,
  stringField,
} from '../http.ts';
import { InvalidTimestampError, type MessageStore } from '../storage/storage.ts';

function bytes(body: Uint8Array): Buffer {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * A sync answer too large to read at once, a page at a time: its messages, then the merkle.
 * Repeated fields concatenate in protobuf, so the pieces make exactly the bytes of the answer
 * encoded whole. Pages after the first are read after the request's own batch was stored, so
 * its messages are left out of them, as the first page (read before) never holds them.
 */
async function* pagedAnswer(
  groups: MessageStore,
  groupId: string,
  first: MessageEnvelope[],
  own: ReadonlySet<string>,
  merkle: string,
  pageSize: number,
): AsyncGenerator<Buffer> {
  let page = first;
  let sent = first;
  for (;;) {
    if (sent.length > 0) yield bytes(encodeSyncResponse({ messages: sent, merkle: '' }));
    if (page.length < pageSize) break;
    page = await groups.after(groupId, page[page.length - 1]!.timestamp, pageSize);
    sent = page.filter((m) => !own.has(m.timestamp));
  }
  yield bytes(encodeSyncResponse({ messages: [], merkle }));
}

/** `/sync/sync` and the key endpoints: the relay itself and the file's encryption registry. */
export function syncRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { accounts, groups, config } = ctx;
  const session = sessionCheck(accounts);

  // Binary bodies carry the token in the header; refusing before the body is read keeps an
  // unauthenticated client from making the server buffer 20 MB.
  const headerSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = header(request, 'x-actual-token');
    if (!token || !(await accounts.hasSession(token))) return sendUnauthorized(reply);
  };

  app.addContentTypeParser(
    'application/actual-sync',
    { parseAs: 'buffer', bodyLimit: limitBytes(config.limits.syncMB) },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/sync',
    { onRequest: headerSession, bodyLimit: limitBytes(config.limits.syncMB) },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        return sendError(reply, 400, 'invalid-sync-request', 'expected application/actual-sync');
      }
      let sync: SyncRequest;
      try {
        sync = decodeSyncRequest(request.body);
      } catch {
        // Actual answers 500 here; a malformed body is the client's fault.
        return sendError(reply, 400, 'invalid-sync-request');
      }
      if (!sync.since) return sendError(reply, 422, 'unprocessable-entity', 'since-required');
      const file = await liveFileFor(accounts, request, sync.fileId);
      if (!file) return sendText(reply, 400, 'file-not-found');
      const refusal = syncRefusal(file, sync.groupId, sync.keyId);
      if (refusal) return sendText(reply, 400, refusal);

      const groupId = file.groupId!;
      const pageSize = config.syncPageMessages;
      let result;
      try {
        result = await groups.sync(groupId, sync.since, sync.messages, pageSize);
      } catch (e) {
        if (e instanceof InvalidTimestampError) {
          return sendError(reply, 400, 'invalid-timestamp');
        }
        throw e;
      }
      const merkle = JSON.stringify(result.trie);
      reply.type('application/actual-sync').header('x-actual-sync-method', 'simple');
      if (!result.more) return reply.send(bytes(encodeSyncResponse({ messages: result.messages, merkle }))); // prettier-ignore
      // A `since` far back (a new device, a merkle diff landing months back): the history is
      // streamed, so the server's memory stays that of one page however long it is.
      const own = new Set(sync.messages.map((m) => m.timestamp));
      return reply.send(
        Readable.from(pagedAnswer(groups, groupId, result.messages, own, merkle, pageSize)),
      );
    },
  );

  app.post('/user-get-key', { preHandler: session }, async (request, reply) => {
    const file = await liveFileFor(accounts, request, jsonBody(request).fileId);
    if (!file) return sendText(reply, 400, 'file-not-found');
    return sendOk(reply, { id: file.encryptKeyId, salt: file.encryptSalt, test: file.encryptTest });
  });

  app.post('/user-create-key', { preHandler: session }, async (request, reply) => {
    const body = jsonBody(request);
    const file = await liveFileFor(accounts, request, body.fileId);
    if (!file) return sendText(reply, 400, 'file not found');
    const keyId = stringField(body, 'keyId');
    const keySalt = stringField(body, 'keySalt');
    const testContent = stringField(body, 'testContent');
    if (!keyId || keySalt === null || testContent === null) {
      return sendError(reply, 400, 'bad-request', 'keyId, keySalt and testContent are required');
    }
    await accounts.updateFile(file.id, {
      encryptKeyId: keyId,
      encryptSalt: keySalt,
      encryptTest: testContent,
    });
    return sendOk(reply);
  });

  app.post('/reset-user-file', { preHandler: session }, async (request, reply) => {
    const file = await liveFileFor(accounts, request, jsonBody(request).fileId);
    if (!file) return sendText(reply, 400, 'User or file not found');
    // The row forgets the group first: a crash before the log is deleted only leaves a file
    // that the next start-up sweep removes.
    await accounts.updateFile(file.id, { groupId: null });
    if (file.groupId) await groups.remove(file.groupId);
    return sendOk(reply);
  });
}

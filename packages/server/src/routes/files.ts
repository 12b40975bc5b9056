import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitBytes } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { callerOf, liveFileFor, mayUse, usersWithAccess } from '../access.ts';
import { liveFile, parseMeta, uploadRefusal } from '../files.ts';
import { isSafeId } from '../ids.ts';
import { TooLargeError, type FileRow } from '../storage/storage.ts';
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

interface UploadHeaders {
  fileId: string;
  name: string;
  groupId: string | null;
  encryptMeta: string | null;
  keyId: string | null;
  syncVersion: number | null;
}

/** Reads the upload headers, or returns the plain-text reason to refuse them. */
function uploadHeaders(request: FastifyRequest): UploadHeaders | string {
  const rawName = header(request, 'x-actual-name');
  if (rawName === null) return 'single x-actual-name is required';
  let name: string;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    return 'invalid-name';
  }
  const fileId = header(request, 'x-actual-file-id');
  if (!fileId) return 'fileId is required';
  if (!isSafeId(fileId)) return 'invalid-file-id';
  const encryptMeta = header(request, 'x-actual-encrypt-meta') || null;
  const meta = parseMeta(encryptMeta);
  if (encryptMeta !== null && meta === null) return 'invalid-encrypt-meta';
  const keyId = meta && typeof meta.keyId === 'string' ? meta.keyId : null;
  const format = Number.parseInt(header(request, 'x-actual-format') ?? '', 10);
  return {
    fileId,
    name,
    groupId: header(request, 'x-actual-group-id') || null,
    encryptMeta,
    keyId,
    syncVersion: Number.isNaN(format) ? null : format,
  };
}

/** The file list and snapshots: upload, download, rename, delete. */
export function fileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { accounts, blobs, config } = ctx;
  const session = sessionCheck(accounts);
  const uploadLimit = limitBytes(config.limits.fileMB);

  // The snapshot streams to disk instead of being buffered in memory.
  app.addContentTypeParser('application/encrypted-file', (_request, payload, done) =>
    done(null, payload),
  );

  const headerSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = header(request, 'x-actual-token');
    if (!token || !(await accounts.hasSession(token))) return sendUnauthorized(reply);
  };

  app.post('/upload-user-file', { onRequest: headerSession }, async (request, reply) => {
    const source = request.body as Readable | undefined;
    if (!source || typeof source.pipe !== 'function') {
      return sendError(reply, 400, 'bad-request', 'expected application/encrypted-file');
    }
    // A refused body is still read (and dropped), so the client gets to read the answer.
    const refuse = (status: number, text: string) => {
      source.resume();
      return status === 413
        ? sendError(reply, 413, 'payload-too-large')
        : sendText(reply, 400, text);
    };
    const parsed = uploadHeaders(request);
    if (typeof parsed === 'string') return refuse(400, parsed);
    const caller = await callerOf(accounts, request);
    const existing = await liveFile(accounts, parsed.fileId);
    // Another user's file is never overwritten by someone it is not shared with.
    if (existing && !(await mayUse(accounts, caller, existing))) {
      source.resume();
      return sendError(reply, 403, 'file-denied');
    }
    const early = uploadRefusal(existing, parsed.groupId, parsed.keyId);
    if (early) return refuse(400, early);
    const length = Number(request.headers['content-length'] ?? 0);
    // Far over the limit is not worth reading: that connection is closed instead.
    if (length > 2 * uploadLimit) {
      return sendError(reply.header('connection', 'close'), 413, 'payload-too-large');
    }
    if (length > uploadLimit) return refuse(413, '');

    let blob: string;
    try {
      blob = await blobs.write(parsed.fileId, source, uploadLimit);
    } catch (e) {
      if (e instanceof TooLargeError) return sendError(reply, 413, 'payload-too-large');
      throw e;
    }

    // Another upload may have changed the file while this body streamed in: check again
    // inside the transaction that switches the row to the new snapshot.
    const outcome = await accounts.switchFile(parsed.fileId, (file): FileRow | string => {
      const refusal = uploadRefusal(file, parsed.groupId, parsed.keyId);
      if (refusal) return refusal;
      return {
        id: parsed.fileId,
        groupId: file?.groupId ?? randomUUID(),
        syncVersion: parsed.syncVersion,
        encryptMeta: parsed.encryptMeta,
        encryptKeyId: file?.encryptKeyId ?? null,
        encryptSalt: file?.encryptSalt ?? null,
        encryptTest: file?.encryptTest ?? null,
        deleted: false,
        name: parsed.name,
        blob,
        owner: file?.owner ?? caller.user?.id ?? null,
      };
    });
    if (typeof outcome === 'string') {
      await blobs.remove(blob);
      return sendText(reply, 400, outcome);
    }
    // A soft-deleted row with this id was replaced, and its message log goes with it.
    const { previous, next } = outcome;
    if (previous?.blob && previous.blob !== blob) await blobs.remove(previous.blob);
    if (previous?.groupId && previous.groupId !== next.groupId) {
      await ctx.groups.remove(previous.groupId);
    }
    return reply.send({ status: 'ok', groupId: next.groupId });
  });

  app.get('/download-user-file', { preHandler: session }, async (request, reply) => {
    const fileId = header(request, 'x-actual-file-id');
    if (fileId === null) return sendText(reply, 400, 'Single file ID is required');
    const file = await liveFileFor(accounts, request, fileId);
    const blob = file?.blob ? await blobs.open(file.blob) : null;
    if (!file || !blob) return sendText(reply, 400, 'User or file not found');
    return reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment;filename=${file.id}`)
      .header('content-length', blob.size)
      .send(blob.stream);
  });

  app.get('/list-user-files', { preHandler: session }, async (request, reply) => {
    const caller = await callerOf(accounts, request);
    const rows = [];
    for (const f of await accounts.listFiles()) {
      if (!(await mayUse(accounts, caller, f))) continue;
      rows.push({
        deleted: f.deleted ? 1 : 0,
        fileId: f.id,
        groupId: f.groupId,
        name: f.name,
        encryptKeyId: f.encryptKeyId,
        owner: f.owner,
        usersWithAccess: caller.multiuser ? await usersWithAccess(accounts, f) : [],
      });
    }
    return sendOk(reply, rows);
  });

  app.get('/get-user-file-info', { preHandler: session }, async (request, reply) => {
    const fileId = header(request, 'x-actual-file-id');
    const found = isSafeId(fileId) ? await accounts.getFile(fileId) : null;
    const caller = await callerOf(accounts, request);
    const file = found && (await mayUse(accounts, caller, found)) ? found : null;
    if (!file) return sendError(reply, 400, 'file-not-found');
    return sendOk(reply, {
      deleted: file.deleted ? 1 : 0,
      fileId: file.id,
      groupId: file.groupId,
      name: file.name,
      encryptMeta: parseMeta(file.encryptMeta),
      usersWithAccess: caller.multiuser ? await usersWithAccess(accounts, file) : [],
    });
  });

  app.post('/update-user-filename', { preHandler: session }, async (request, reply) => {
    const body = jsonBody(request);
    const file = await liveFileFor(accounts, request, body.fileId);
    if (!file) return sendText(reply, 400, 'file not found');
    const name = stringField(body, 'name');
    if (name === null) return sendError(reply, 400, 'bad-request', 'name is required');
    await accounts.updateFile(file.id, { name });
    return sendOk(reply);
  });

  app.post('/delete-user-file', { preHandler: session }, async (request, reply) => {
    const { fileId } = jsonBody(request);
    if (!fileId) return sendError(reply, 422, 'unprocessable-entity', 'fileId-required');
    const file = await liveFileFor(accounts, request, fileId);
    if (!file) return sendText(reply, 400, 'file-not-found');
    // A soft delete, as in Actual: the snapshot and the message log stay.
    await accounts.updateFile(file.id, { deleted: true });
    return sendOk(reply);
  });
}

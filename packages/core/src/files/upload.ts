import type { Budget } from '../budget-file/budget.ts';
import { type BudgetPrefs, DB_FILE, readPrefs, writePrefs } from '../budget-file/prefs.ts';
import { type EncryptMeta, IV_BYTES, encrypt, metaFor } from '../encryption/cipher.ts';
import type { Platform } from '../platform/index.ts';
import type { ServerFailure } from '../server-client/http.ts';
import { packBudgetZip } from './budget-zip.ts';
import { type CloudError, cloudError } from './errors.ts';
import type { CloudSession } from './session.ts';

export type UploadResult = { cloudFileId: string; groupId: string } | CloudError;

/** How an upload failure reads to the caller (the spec's upload errors). */
export function uploadFailure(error: ServerFailure): CloudError {
  if (error.reason === 'network-failure') return cloudError('network');
  if (error.reason === 'unauthorized' || error.reason === 'token-expired') {
    return cloudError('unauthorized');
  }
  return cloudError(
    error.reason,
    error.status === undefined ? undefined : { status: error.status },
  );
}

/** The budget's zip, encrypted with its key when it has one. */
async function prepareBody(
  session: CloudSession,
  platform: Platform,
  dbBytes: Uint8Array,
  prefs: Readonly<BudgetPrefs>,
): Promise<{ body: Uint8Array; meta: EncryptMeta | null } | CloudError> {
  const zip = await packBudgetZip(platform.sqlite, dbBytes, prefs);
  if (!prefs.encryptKeyId) return { body: zip, meta: null };
  const key = session.keys.get(prefs.encryptKeyId);
  if (!key) return cloudError('encrypt-failure', { isMissingKey: true });
  const sealed = await encrypt(platform.crypto, key, zip, platform.random.bytes(IV_BYTES));
  return { body: sealed.value, meta: metaFor(key, sealed) };
}

/**
 * Upload a budget as its cloud file (minting the cloud id on the first upload) and record the
 * cloud id, group id and day in its prefs. The database is copied in one synchronous call,
 * so the snapshot never sees half a write.
 */
export async function uploadBudget(
  session: CloudSession,
  platform: Platform,
  target: { budget: Budget } | { dir: string; id: string },
): Promise<UploadResult> {
  const token = session.token;
  if (!token) return cloudError('unauthorized');
  const server = session.server();
  if (!server) return cloudError('no-server');

  let prefs: BudgetPrefs;
  let dbBytes: Uint8Array;
  if ('budget' in target) {
    prefs = { ...target.budget.prefs };
    dbBytes = target.budget.sqlite.serialize();
  } else {
    prefs = await readPrefs(platform.fs, target.dir, target.id);
    dbBytes = await platform.fs.readFile(platform.fs.join(target.dir, DB_FILE));
  }
  const prepared = await prepareBody(session, platform, dbBytes, prefs);
  if ('error' in prepared) return prepared;

  const cloudFileId = prefs.cloudFileId || platform.random.uuid();
  const res = await server.upload(token, {
    fileId: cloudFileId,
    groupId: prefs.groupId || null,
    name: prefs.budgetName,
    encryptMeta: prepared.meta,
    body: prepared.body,
  });
  if (!res.ok) return uploadFailure(res.error);

  const patch = { cloudFileId, groupId: res.value, lastUploaded: session.today() };
  if ('budget' in target) {
    // Only if the same file is still open: a close during the upload must not write stale prefs.
    if (target.budget.isOpen) await target.budget.savePrefs(patch, { avoidSync: true });
  } else {
    const current = await readPrefs(platform.fs, target.dir, target.id);
    await writePrefs(platform.fs, target.dir, { ...current, ...patch });
  }
  return { cloudFileId, groupId: res.value };
}

import type { AccountStore, FileRow } from './storage/storage.ts';
import { isSafeId } from './ids.ts';

/** Sync format the clients write; files registered with an older one must be reset. */
export const SYNC_FORMAT_VERSION = 2;

/** A live (not deleted) file, or null; unsafe ids cannot name a file. */
export async function liveFile(accounts: AccountStore, fileId: unknown): Promise<FileRow | null> {
  if (!isSafeId(fileId)) return null;
  const file = await accounts.getFile(fileId);
  return file && !file.deleted ? file : null;
}

/** The key id inside the stored encrypt meta (the key the snapshot was encrypted with). */
export function metaKeyId(encryptMeta: string | null): string | null {
  const meta = parseMeta(encryptMeta);
  return meta && typeof meta.keyId === 'string' ? meta.keyId : null;
}

export function parseMeta(encryptMeta: string | null): Record<string, unknown> | null {
  if (encryptMeta === null) return null;
  try {
    const meta: unknown = JSON.parse(encryptMeta);
    return meta && typeof meta === 'object' && !Array.isArray(meta)
      ? (meta as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Why a sync from (groupId, keyId) is refused for this file, in the order Actual checks, or
 * null when it may go ahead. `''` and missing ids both mean none.
 */
export function syncRefusal(
  file: FileRow,
  groupId: string | null,
  keyId: string | null,
): string | null {
  if (file.syncVersion === null || file.syncVersion < SYNC_FORMAT_VERSION)
    return 'file-old-version';
  // A reset cleared the group and no upload has made a new one yet.
  if (file.groupId === null) return 'file-needs-upload';
  // The snapshot was encrypted with a key other than the registered one.
  if (metaKeyId(file.encryptMeta) !== file.encryptKeyId) return 'file-key-mismatch';
  if ((groupId || null) !== file.groupId) return 'file-has-reset';
  if ((keyId || null) !== file.encryptKeyId) return 'file-has-new-key';
  return null;
}

/** Why an upload with these headers is refused for the existing file, or null. */
export function uploadRefusal(
  file: FileRow | null,
  groupId: string | null,
  keyId: string | null,
): string | null {
  if (!file) return null;
  if ((groupId || null) !== file.groupId) return 'file-has-reset';
  if ((keyId || null) !== file.encryptKeyId) return 'file-has-new-key';
  return null;
}

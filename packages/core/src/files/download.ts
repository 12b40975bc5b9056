import { DB_FILE, METADATA_FILE } from '../budget-file/prefs.ts';
import { decryptWithMeta } from '../encryption/cipher.ts';
import type { Platform } from '../platform/index.ts';
import { catchUpClosedBudget } from '../sync-client/catch-up.ts';
import { readBudgetZip } from './budget-zip.ts';
import { type CloudError, cloudError } from './errors.ts';
import type { CloudSession } from './session.ts';

/** A budget id is a folder name: letters, digits, `-` and `_` only, never `.` or a path. */
export function isSafeBudgetId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(id);
}

function idFromName(platform: Platform, name: string): string {
  return `${name.replace(/[^A-Za-z0-9]/g, '-').slice(0, 100)}-${platform.random.uuid().slice(0, 7)}`;
}

/**
 * Fetch a cloud file and write it as a local budget folder: download and file info in
 * parallel, decrypt with the stored key, unpack, then write `db.sqlite` and `metadata.json`
 * (with the cloud ids, the key id and `resetClock`), then catch up with the server while
 * the budget is still closed (see `catchUpClosedBudget`). Nothing is written before every
 * check has passed, so a failure leaves the device as it was.
 */
export async function downloadToDisk(
  session: CloudSession,
  platform: Platform,
  documentDir: string,
  fileId: string,
  options: { replace: boolean; beforeWrite?: (id: string) => Promise<void> },
): Promise<{ id: string } | CloudError> {
  const token = session.token;
  const server = session.server();
  if (!server) return cloudError('no-server');
  if (!token) return cloudError('unauthorized');

  const [file, info] = await Promise.all([
    server.download(token, fileId),
    server.fileInfo(token, fileId),
  ]);
  if (!file.ok) {
    return file.error.reason === 'unauthorized'
      ? cloudError('unauthorized')
      : cloudError('download-failure', { fileId, cause: file.error.reason });
  }
  if (!info.ok) return cloudError('internal', { fileId, cause: info.error.reason });

  let bytes = file.value;
  const encryptMeta = info.value.encryptMeta;
  if (encryptMeta) {
    const key = session.keys.get(encryptMeta.keyId);
    if (!key) return cloudError('decrypt-failure', { isMissingKey: true, fileId });
    const plain = await decryptWithMeta(platform.crypto, key, bytes, encryptMeta);
    if (!plain) return cloudError('decrypt-failure', { isMissingKey: false, fileId });
    bytes = plain;
  }

  const archive = readBudgetZip(bytes);
  if ('error' in archive) return cloudError(archive.error, { fileId });
  const name =
    typeof archive.meta.budgetName === 'string' ? archive.meta.budgetName : info.value.name;
  const id = isSafeBudgetId(archive.meta.id)
    ? archive.meta.id
    : idFromName(platform, name || 'Budget');

  const { fs } = platform;
  const dir = fs.join(documentDir, id);
  if (await fs.exists(dir)) {
    if (!options.replace) {
      let existing = id;
      try {
        const prefs = JSON.parse(await fs.readText(fs.join(dir, METADATA_FILE))) as {
          budgetName?: unknown;
        };
        if (typeof prefs.budgetName === 'string') existing = prefs.budgetName;
      } catch {
        // the folder's own name will do
      }
      return cloudError('file-exists', { id, name: existing });
    }
    // The folder stays (with any backups in it); each file is replaced atomically below.
  } else {
    await fs.mkdir(dir);
  }

  await options.beforeWrite?.(id);
  const meta = {
    ...archive.meta,
    id,
    budgetName: name || id,
    cloudFileId: fileId,
    groupId: info.value.groupId,
    lastUploaded: session.today(),
    encryptKeyId: encryptMeta ? encryptMeta.keyId : null,
    // Always a fresh node id on this device, whatever the archive says.
    resetClock: true,
  };
  await fs.writeFile(fs.join(dir, DB_FILE), archive.db);
  await fs.writeFile(fs.join(dir, METADATA_FILE), JSON.stringify(meta));
  await catchUpClosedBudget(session, { platform, documentDir }, id);
  return { id };
}

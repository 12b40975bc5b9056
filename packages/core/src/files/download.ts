import { DB_FILE, METADATA_FILE } from '../budget-file/prefs.ts';
import { ownedBytes } from '../encryption/bytes.ts';
import { decryptWithMeta } from '../encryption/cipher.ts';
import type { Platform } from '../platform/index.ts';
import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { catchUpNewBudget } from '../sync-client/catch-up.ts';
import { type BudgetArchive, type ZipReadError, readBudgetZip } from './budget-zip.ts';
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
 * (with the cloud ids, the key id and `resetClock`), then catch up with the server before
 * the app opens the budget (see `catchUpNewBudget`; `caughtUp` says whether that sync
 * succeeded). The budget comes back open (`budget`, its change events sent to `emit`) unless
 * it did not open. Nothing is written before every check has passed, so a failure leaves the
 * device as it was.
 */
export async function downloadToDisk(
  session: CloudSession,
  platform: Platform,
  documentDir: string,
  fileId: string,
  options: { replace: boolean; beforeWrite?: (id: string) => Promise<void>; emit?: Emit },
): Promise<{ id: string; caughtUp: boolean; budget: Budget | null } | CloudError> {
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

  const archive = await unpackBudget(bytes, platform.inflateRaw);
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
  const env = { platform, documentDir, emit: options.emit };
  const caught = await catchUpNewBudget(session, env, id);
  const result = caught?.result;
  return { id, caughtUp: !!result && !('error' in result), budget: caught?.budget ?? null };
}

/** A stored or deflated entry as the zip's central directory lists it. */
interface ZipEntry {
  name: string;
  deflated: boolean;
  data: Uint8Array;
  /** The size the directory declares once inflated (a hint: nothing relies on it). */
  size: number;
}

/**
 * The entries of a plain zip (no zip64, no encryption, stored or deflated), or null when the
 * archive is anything else: `readBudgetZip` then reads it, or names what is wrong with it.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end-of-directory record sits in the last 22 bytes plus a comment of up to 64 KiB.
  let end = bytes.length - 22;
  const stop = Math.max(0, end - 0xffff);
  while (end >= stop && u32(end) !== 0x06054b50) end--;
  if (end < stop) return null;
  const count = u16(end + 10);
  let at = u32(end + 16);
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(at) !== 0x02014b50) return null;
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const size = u32(at + 20);
    const inflated = u32(at + 24);
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    if (flags & 1 || (method !== 0 && method !== 8) || size === 0xffffffff) return null;
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    if (local + 30 > bytes.length || u32(local) !== 0x04034b50) return null;
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + size > bytes.length) return null;
    entries.push({
      name,
      deflated: method === 8,
      data: bytes.subarray(start, start + size),
      size: inflated,
    });
  }
  return entries;
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([ownedBytes(data)])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * `readBudgetZip`, with the database inflated by the platform's own zlib (`inflate`, the
 * platform's one native call, else `DecompressionStream`, native in browsers and Node)
 * instead of in JavaScript: for a large budget that is most of the time a download spends
 * after the transfer. Whatever this reader does not handle goes to `readBudgetZip`, so the
 * answers and errors stay the same.
 */
export async function unpackBudget(
  bytes: Uint8Array,
  inflate?: (data: Uint8Array, size?: number) => Uint8Array,
): Promise<BudgetArchive | { error: ZipReadError }> {
  const native = inflate !== undefined || typeof DecompressionStream === 'function';
  const entries = native ? zipEntries(bytes) : null;
  const db = entries?.find((e) => e.name.includes(DB_FILE));
  const meta = entries?.find((e) => e.name.includes(METADATA_FILE));
  if (!db || !meta) return readBudgetZip(bytes);
  let files: Uint8Array[];
  try {
    files = await Promise.all(
      [db, meta].map(async (e) =>
        !e.deflated ? e.data : inflate ? inflate(e.data, e.size) : inflateRaw(e.data),
      ),
    );
  } catch {
    return readBudgetZip(bytes);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(files[1]));
  } catch {
    return { error: 'invalid-meta-file' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { error: 'invalid-meta-file' };
  }
  return { db: files[0]!, meta: parsed as Record<string, unknown> };
}

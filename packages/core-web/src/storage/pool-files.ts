import type { Timers } from '@coffer/core';
import type { DirectoryHandle, FileHandle } from '../browser-types.ts';
import { findDir, isLocked } from './opfs-paths.ts';

/**
 * Reading a SAH pool's files without owning them (another tab holds their access handles,
 * which still allows `getFile()`). This follows the pool's on-disk layout in the pinned
 * @sqlite.org/sqlite-wasm: each slot file has a 4096-byte header (the NUL-terminated path,
 * then big-endian SQLITE_OPEN_* flags at 512) followed by the file's bytes.
 */
const HEADER_SIZE = 4096;
const PATH_SIZE = 512;
const OPEN_DELETEONCLOSE = 0x08;
const OPEN_MAIN_DB = 0x100;

/** The folder inside a budget folder that holds its pool's slot files. */
export const POOL_DIR = '.sqlite-pool';
const SLOTS_DIR = '.opaque';

interface Slot {
  name: string;
  handle: FileHandle;
}

async function slotFiles(root: DirectoryHandle, dir: string): Promise<FileHandle[]> {
  const slots = await findDir(root, `${dir}/${POOL_DIR}/${SLOTS_DIR}`);
  if (!slots) return [];
  const files: FileHandle[] = [];
  for await (const [, handle] of slots.entries()) if (handle.kind === 'file') files.push(handle);
  return files;
}

/** The databases (by file name) a pool's slots hold. */
async function databaseSlots(root: DirectoryHandle, dir: string): Promise<Slot[]> {
  const out: Slot[] = [];
  for (const handle of await slotFiles(root, dir)) {
    const file = await handle.getFile();
    if (file.size < PATH_SIZE + 4) continue;
    const header = new Uint8Array(await file.slice(0, PATH_SIZE + 4).arrayBuffer());
    const end = header.indexOf(0);
    if (end <= 1) continue;
    const flags = new DataView(header.buffer).getUint32(PATH_SIZE);
    if (flags & OPEN_DELETEONCLOSE || !(flags & OPEN_MAIN_DB)) continue;
    const path = new TextDecoder().decode(header.subarray(0, end));
    out.push({ name: path.replace(/^\//, ''), handle });
  }
  return out;
}

export async function poolDatabaseNames(root: DirectoryHandle, dir: string): Promise<string[]> {
  return (await databaseSlots(root, dir)).map((slot) => slot.name);
}

async function readSlot(slot: Slot): Promise<Uint8Array> {
  const file = await slot.handle.getFile();
  return new Uint8Array(await file.slice(HEADER_SIZE).arrayBuffer());
}

const same = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Every database of a pool another tab owns. The owner may be mid-commit, so each file is
 * read until two reads agree (a few tries, then the last read is used).
 */
export async function readPoolSnapshot(
  root: DirectoryHandle,
  dir: string,
  timers: Timers,
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const slot of await databaseSlots(root, dir)) {
    let bytes = await readSlot(slot);
    for (let attempt = 0; attempt < 5; attempt++) {
      const again = await readSlot(slot);
      if (same(bytes, again)) break;
      bytes = again;
      await sleep(timers, 20);
    }
    out.set(slot.name, bytes);
  }
  return out;
}

/**
 * Open and close every slot's access handle, all asked for at once: one after another they
 * were six round trips to the browser's process in a row on a phone's start, ~95 ms under the
 * bench's quota (issue 29). A handle another context holds fails its open; the ones that did
 * open are closed before that failure is thrown.
 */
async function tryPoolHandles(slots: FileHandle[]): Promise<void> {
  const opened = await Promise.allSettled(slots.map((handle) => handle.createSyncAccessHandle()));
  let failure: { reason: unknown } | null = null;
  for (const result of opened) {
    if (result.status === 'fulfilled') result.value.close();
    else failure ??= result;
  }
  if (failure) throw failure.reason;
}

/**
 * Wait until no other context holds the pool's access handles. A tab that reloads lets go of
 * its Web Lock and its handles as its worker ends, not necessarily in that order; installing
 * the pool while a handle is still held would fail.
 */
export async function waitForPoolHandles(
  root: DirectoryHandle,
  dir: string,
  timers: Timers,
  tries = 30,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await tryPoolHandles(await slotFiles(root, dir));
      return;
    } catch (err) {
      if (!isLocked(err) || attempt >= tries) throw err;
      await sleep(timers, 100);
    }
  }
}

export function sleep(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => timers.setTimeout(resolve, ms));
}

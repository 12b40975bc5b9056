import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as nodePath from 'node:path';
import type { FileSystem } from '@coffer/core';

async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  // Write beside the target, flush, then rename over it: rename is atomic on one volume.
  const tmp = `${path}.${randomUUID()}.tmp`;
  const handle = await fsp.open(tmp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fsp.rename(tmp, path);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

/** The real file system. Paths are native paths; `join` uses '/' which Node accepts everywhere. */
export function createNodeFileSystem(): FileSystem {
  return {
    join: (...parts) => nodePath.posix.join(...parts),
    async exists(path) {
      try {
        await fsp.access(path);
        return true;
      } catch {
        return false;
      }
    },
    async mkdir(path) {
      await fsp.mkdir(path, { recursive: true });
    },
    async readFile(path) {
      const buf = await fsp.readFile(path);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    },
    readText: (path) => fsp.readFile(path, 'utf8'),
    writeFile: writeAtomic,
    async remove(path) {
      await fsp.rm(path, { force: true });
    },
    async removeDir(path) {
      await fsp.rm(path, { recursive: true, force: true });
    },
    listDir: (path) => fsp.readdir(path),
    async copyFile(from, to) {
      await fsp.copyFile(from, to);
    },
  };
}

import type { FileSystem } from '@coffer/core';
import type { DirectoryHandle } from '../browser-types.ts';
import { findDir, findFile, isMissing } from '../storage/opfs-paths.ts';
import { baseName, joinPath, notFound, parentPath, toBytes } from './paths.ts';

const TEMP = /\.[0-9a-f-]+\.tmp$/;

/** Removing what is not there is fine (as with `rm -f`). */
const gone = (err: unknown): boolean =>
  isMissing(err) || (err as { code?: unknown } | null)?.code === 'ENOENT';

/**
 * Plain files on the origin-private file system. A write goes to a temporary file beside the
 * target and is then moved over it, so a crash leaves the old content or the new.
 */
export function createOpfsFileSystem(root: DirectoryHandle, uuid: () => string): FileSystem {
  const parentOf = async (path: string): Promise<DirectoryHandle> => {
    const dir = await findDir(root, parentPath(path));
    if (!dir) throw notFound(path);
    return dir;
  };

  const read = async (path: string): Promise<Uint8Array> => {
    const handle = await findFile(root, path);
    if (!handle) throw notFound(path);
    return new Uint8Array(await (await handle.getFile()).arrayBuffer());
  };

  const fs: FileSystem = {
    join: joinPath,
    async exists(path) {
      if (joinPath(path) === '/') return true;
      return (await findFile(root, path)) !== null || (await findDir(root, path)) !== null;
    },
    async mkdir(path) {
      await findDir(root, path, true);
    },
    readFile: read,
    async readText(path) {
      return new TextDecoder().decode(await read(path));
    },
    async writeFile(path, data) {
      const dir = await parentOf(path);
      const name = baseName(path);
      const tempName = `${name}.${uuid()}.tmp`;
      const temp = await dir.getFileHandle(tempName, { create: true });
      const access = await temp.createSyncAccessHandle();
      try {
        const bytes = toBytes(data);
        access.truncate(0);
        access.write(bytes, { at: 0 });
        access.flush();
      } finally {
        access.close();
      }
      if (temp.move) {
        await temp.move(dir, name);
        return;
      }
      // Without move() (older engines) the best left is a plain overwrite.
      const target = await dir.getFileHandle(name, { create: true });
      const out = await target.createSyncAccessHandle();
      try {
        const bytes = toBytes(data);
        out.truncate(0);
        out.write(bytes, { at: 0 });
        out.flush();
      } finally {
        out.close();
      }
      await dir.removeEntry(tempName);
    },
    async remove(path) {
      try {
        await (await parentOf(path)).removeEntry(baseName(path));
      } catch (err) {
        if (!gone(err)) throw err;
      }
    },
    async removeDir(path) {
      if (joinPath(path) === '/') throw new Error('Refusing to remove the root folder');
      try {
        await (await parentOf(path)).removeEntry(baseName(path), { recursive: true });
      } catch (err) {
        if (!gone(err)) throw err;
      }
    },
    async listDir(path) {
      const dir = await findDir(root, path);
      if (!dir) throw notFound(path);
      const names: string[] = [];
      for await (const [name] of dir.entries()) if (!TEMP.test(name)) names.push(name);
      return names;
    },
    async copyFile(from, to) {
      await fs.writeFile(to, await read(from));
    },
  };
  return fs;
}

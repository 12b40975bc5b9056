import type { FileSystem } from '@coffer/core';
import type { DbStore } from '../storage/db-store.ts';
import { POOL_DIR } from '../storage/pool-files.ts';
import { FolderLockedError, isDatabasePath } from '../storage/types.ts';
import { joinPath, parentPath, toBytes } from './paths.ts';

/**
 * The file system core sees: database files (`*.sqlite`) live in the staged database store,
 * everything else in the plain file system. Budget folders are `<documentDir>/<id>`; one that
 * `mkdir` creates is claimed at once, so the database core creates in it next can open.
 * In a folder another tab owns, plain writes are skipped and reported as refused.
 */
export function createRoutedFileSystem(
  base: FileSystem,
  store: DbStore,
  documentDir: string,
): FileSystem {
  const documents = joinPath(documentDir);
  const readOnly = (path: string): boolean => store.isReadOnly(parentPath(path));

  const fs: FileSystem = {
    join: joinPath,
    exists: (path) => (isDatabasePath(path) ? store.exists(joinPath(path)) : base.exists(path)),
    async mkdir(path) {
      const dir = joinPath(path);
      const fresh = parentPath(dir) === documents && !(await base.exists(dir));
      await base.mkdir(dir);
      if (fresh) await store.claim(dir);
    },
    readFile: (path) => (isDatabasePath(path) ? store.read(joinPath(path)) : base.readFile(path)),
    async readText(path) {
      if (!isDatabasePath(path)) return base.readText(path);
      return new TextDecoder().decode(await store.read(joinPath(path)));
    },
    async writeFile(path, data) {
      if (isDatabasePath(path)) return store.write(joinPath(path), toBytes(data));
      if (readOnly(path)) return store.refuse();
      return base.writeFile(path, data);
    },
    async remove(path) {
      if (isDatabasePath(path)) return store.remove(joinPath(path));
      if (readOnly(path)) {
        store.refuse();
        throw new FolderLockedError(parentPath(path));
      }
      return base.remove(path);
    },
    removeDir: (path) => store.removeDir(joinPath(path), () => base.removeDir(path)),
    async listDir(path) {
      const names = new Set((await base.listDir(path)).filter((name) => name !== POOL_DIR));
      for (const name of await store.list(joinPath(path))) names.add(name);
      return [...names];
    },
    async copyFile(from, to) {
      await fs.writeFile(to, await fs.readFile(from));
    },
  };
  return fs;
}

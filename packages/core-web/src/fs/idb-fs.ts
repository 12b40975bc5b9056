import type { FileSystem } from '@coffer/core';
import type { IdbFiles } from '../storage/idb.ts';
import { joinPath, notFound, parentPath, toBytes } from './paths.ts';

/**
 * Files in IndexedDB for the fallback mode: one key per file path (each write is one
 * transaction, so atomic), and a `<path>/` marker key per folder.
 */
export function createIdbFileSystem(files: IdbFiles): FileSystem {
  const marker = (path: string): string => `${joinPath(path)}/`.replace(/^\/\/$/, '/');

  const read = async (path: string): Promise<Uint8Array> => {
    const value = await files.get(joinPath(path));
    if (value === undefined) throw notFound(path);
    return toBytes(value);
  };

  const fs: FileSystem = {
    join: joinPath,
    async exists(path) {
      const key = joinPath(path);
      return key === '/' || (await files.has(key)) || (await files.has(marker(key)));
    },
    async mkdir(path) {
      for (let dir = joinPath(path); dir !== '/'; dir = parentPath(dir)) {
        if (await files.has(marker(dir))) break;
        await files.put(marker(dir), '');
      }
    },
    readFile: read,
    async readText(path) {
      return new TextDecoder().decode(await read(path));
    },
    async writeFile(path, data) {
      const parent = parentPath(path);
      if (parent !== '/' && !(await files.has(marker(parent)))) throw notFound(path);
      await files.put(joinPath(path), typeof data === 'string' ? data : new Uint8Array(data));
    },
    async remove(path) {
      await files.delete(joinPath(path));
    },
    async removeDir(path) {
      await files.deleteTree(joinPath(path));
    },
    async listDir(path) {
      const prefix = marker(path);
      if (prefix !== '/' && !(await files.has(prefix))) throw notFound(path);
      const names = new Set<string>();
      for (const key of await files.keys(prefix)) {
        const child = key.slice(prefix.length).split('/')[0];
        if (child) names.add(child);
      }
      return [...names];
    },
    async copyFile(from, to) {
      await fs.writeFile(to, await read(from));
    },
  };
  return fs;
}

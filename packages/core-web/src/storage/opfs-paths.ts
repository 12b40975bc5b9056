import { type DirectoryHandle, type FileHandle, errorName } from '../browser-types.ts';

/** The parts of a '/'-separated path, without empty ones. */
export function pathParts(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && part !== '.');
}

/** The directory at `path` under `root`, or null when some part of it does not exist. */
export async function findDir(
  root: DirectoryHandle,
  path: string,
  create = false,
): Promise<DirectoryHandle | null> {
  let dir = root;
  for (const part of pathParts(path)) {
    try {
      dir = await dir.getDirectoryHandle(part, { create });
    } catch (err) {
      if (!create && isMissing(err)) return null;
      throw err;
    }
  }
  return dir;
}

/** The file at `path` under `root`, or null when it does not exist. */
export async function findFile(root: DirectoryHandle, path: string): Promise<FileHandle | null> {
  const parts = pathParts(path);
  const name = parts.pop();
  if (name === undefined) return null;
  const dir = await findDir(root, parts.join('/'));
  if (!dir) return null;
  try {
    return await dir.getFileHandle(name);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** NotFoundError, or TypeMismatchError (a file where a folder was expected, or back). */
export function isMissing(err: unknown): boolean {
  const name = errorName(err);
  return name === 'NotFoundError' || name === 'TypeMismatchError';
}

export const isLocked = (err: unknown): boolean => errorName(err) === 'NoModificationAllowedError';

/**
 * `root`, keeping the handles of its folders named in `lasting` (folders the app never
 * removes, the budgets' folder) once found: every path walks from the root, a call to the
 * browser's process per step, and the budgets' folder was looked up ten times in a phone's
 * start (issue 29). Everything else, and every other folder, is asked as before. Handles
 * under it are the browser's own; only the root is this wrapper (no file is kept at the root).
 */
export function keepingDirs(root: DirectoryHandle, lasting: readonly string[]): DirectoryHandle {
  const kept = new Map<string, DirectoryHandle>();
  return {
    kind: 'directory',
    name: root.name,
    async getDirectoryHandle(name, options) {
      const have = kept.get(name);
      if (have) return have;
      const found = await root.getDirectoryHandle(name, options);
      if (lasting.includes(name)) kept.set(name, found);
      return found;
    },
    getFileHandle: (name, options) => root.getFileHandle(name, options),
    async removeEntry(name, options) {
      kept.delete(name);
      await root.removeEntry(name, options);
    },
    entries: () => root.entries(),
  };
}

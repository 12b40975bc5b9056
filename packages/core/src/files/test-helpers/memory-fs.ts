import type { FileSystem } from '../../platform/index.ts';

/** A file system in a Map, for unit tests that do not need SQLite files on disk. */
export function memoryFileSystem(): FileSystem & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const dirs = new Set<string>(['/']);
  const enc = new TextEncoder();
  const norm = (p: string): string => p.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  const missing = (p: string): never => {
    throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
  };
  return {
    files,
    join: (...parts) => norm(parts.join('/')),
    exists: async (p) => files.has(norm(p)) || dirs.has(norm(p)),
    async mkdir(p) {
      let path = '';
      for (const part of norm(p).split('/').filter(Boolean)) dirs.add((path += `/${part}`));
    },
    readFile: async (p) => files.get(norm(p)) ?? missing(p),
    readText: async (p) => new TextDecoder().decode(files.get(norm(p)) ?? missing(p)),
    async writeFile(p, data) {
      files.set(norm(p), typeof data === 'string' ? enc.encode(data) : Uint8Array.from(data));
    },
    async remove(p) {
      files.delete(norm(p));
    },
    async removeDir(p) {
      const root = norm(p);
      for (const key of [...files.keys()]) if (key.startsWith(`${root}/`)) files.delete(key);
      for (const key of [...dirs]) if (key === root || key.startsWith(`${root}/`)) dirs.delete(key);
    },
    async listDir(p) {
      const root = `${norm(p)}/`;
      const names = new Set<string>();
      for (const key of [...files.keys(), ...dirs]) {
        if (key.startsWith(root)) names.add(key.slice(root.length).split('/')[0]!);
      }
      return [...names];
    },
    async copyFile(from, to) {
      files.set(norm(to), files.get(norm(from)) ?? missing(from));
    },
  };
}

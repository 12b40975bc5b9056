import { describe, expect, it } from 'vitest';
import type { DirectoryHandle } from '../browser-types.ts';
import { findDir, keepingDirs } from './opfs-paths.ts';

/** A folder tree in memory that counts the folder look-ups asked of it. */
function fakeDir(name: string, asked: string[]): DirectoryHandle {
  const dirs = new Map<string, DirectoryHandle>();
  return {
    kind: 'directory',
    name,
    async getDirectoryHandle(child, options) {
      asked.push(child);
      let dir = dirs.get(child);
      if (!dir && !options?.create) {
        throw Object.assign(new Error(child), { name: 'NotFoundError' });
      }
      if (!dir) dirs.set(child, (dir = fakeDir(child, asked)));
      return dir;
    },
    getFileHandle: async () => {
      throw Object.assign(new Error('no files'), { name: 'NotFoundError' });
    },
    async removeEntry(child) {
      dirs.delete(child);
    },
    async *entries() {
      for (const entry of dirs) yield entry;
    },
  };
}

describe('keepingDirs', () => {
  it('asks for a lasting folder once it is found, and for other folders every time', async () => {
    const asked: string[] = [];
    const root = keepingDirs(fakeDir('', asked), ['documents']);
    expect(await findDir(root, '/documents/home')).toBeNull();
    await findDir(root, '/documents/home', true);
    await findDir(root, '/documents/home');
    await findDir(root, '/other', true);
    await findDir(root, '/other');
    expect(asked).toEqual(['documents', 'documents', 'home', 'home', 'other', 'other']);
  });

  it('asks again after the folder is removed', async () => {
    const asked: string[] = [];
    const root = keepingDirs(fakeDir('', asked), ['documents']);
    await findDir(root, '/documents', true);
    await root.removeEntry('documents', { recursive: true });
    expect(await findDir(root, '/documents')).toBeNull();
    expect(asked).toEqual(['documents', 'documents']);
  });
});

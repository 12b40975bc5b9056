import { describe, expect, it } from 'vitest';
import { baseName, joinPath, parentPath } from './paths.ts';

describe('paths', () => {
  it('joins and normalises like posix.join', () => {
    expect(joinPath('/documents', 'home', 'db.sqlite')).toBe('/documents/home/db.sqlite');
    expect(joinPath('/documents/', '/home/')).toBe('/documents/home');
    expect(joinPath('/a/./b', '../c')).toBe('/a/c');
    expect(joinPath('/..', 'x')).toBe('/x');
    expect(joinPath('a', '..', '..', 'b')).toBe('../b');
    expect(joinPath('/')).toBe('/');
    expect(joinPath('')).toBe('.');
  });

  it('splits a path into its folder and name', () => {
    expect(parentPath('/documents/home/db.sqlite')).toBe('/documents/home');
    expect(parentPath('/documents')).toBe('/');
    expect(baseName('/documents/home/db.sqlite')).toBe('db.sqlite');
  });
});

import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeFileSystem } from './fs.ts';
import { createNodePlatform } from './platform.ts';

describe('node file system', () => {
  const fs = createNodeFileSystem();

  it('writes atomically, replacing content and leaving no temp files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-fs-'));
    const file = fs.join(dir, 'sub', 'a.json');
    await fs.mkdir(fs.join(dir, 'sub'));
    await fs.writeFile(file, '{"v":1}');
    await fs.writeFile(file, new TextEncoder().encode('{"v":2}'));
    expect(await fs.readText(file)).toBe('{"v":2}');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['a.json']);
    expect(Array.from(await fs.readFile(file)).length).toBe(7);
  });

  it('lists, copies, checks, and removes files and folders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-fs-'));
    await fs.writeFile(fs.join(dir, 'x'), 'x');
    await fs.copyFile(fs.join(dir, 'x'), fs.join(dir, 'y'));
    expect((await fs.listDir(dir)).sort()).toEqual(['x', 'y']);
    await fs.remove(fs.join(dir, 'x'));
    expect(await fs.exists(fs.join(dir, 'x'))).toBe(false);
    expect(await fs.exists(fs.join(dir, 'y'))).toBe(true);
    await fs.removeDir(dir);
    expect(await fs.exists(dir)).toBe(false);
  });

  it('a write into a missing folder fails and leaves nothing behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-fs-'));
    await expect(fs.writeFile(fs.join(dir, 'nope', 'a'), 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('node platform', () => {
  it('gives real time, uuids, random bytes and web crypto', () => {
    const p = createNodePlatform({ documentDir: '/tmp/docs' });
    expect(p.documentDir).toBe('/tmp/docs');
    expect(Math.abs(p.clock.now() - Date.now())).toBeLessThan(1000);
    expect(p.random.uuid()).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.random.uuid()).not.toBe(p.random.uuid());
    expect(p.random.bytes(16)).toHaveLength(16);
    expect(typeof p.crypto.subtle.digest).toBe('function');
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, promises as fsp, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { testSqliteDriver } from '../../db/test-helpers/test-platform.ts';
import type { FileSystem, Platform } from '../../platform/index.ts';

/** The real disk (core's tests cannot import core-node; this is the same idea, simpler). */
export function diskFileSystem(): FileSystem {
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
    mkdir: async (path) => void (await fsp.mkdir(path, { recursive: true })),
    async readFile(path) {
      const buf = await fsp.readFile(path);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    },
    readText: (path) => fsp.readFile(path, 'utf8'),
    async writeFile(path, data) {
      const tmp = `${path}.${randomUUID()}.tmp`;
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, path);
    },
    remove: (path) => fsp.rm(path, { force: true }),
    removeDir: (path) => fsp.rm(path, { recursive: true, force: true }),
    listDir: (path) => fsp.readdir(path),
    copyFile: (from, to) => fsp.copyFile(from, to),
  };
}

export interface DiskPlatform extends Platform {
  dir: string;
  /** Milliseconds added to the wall clock (a device whose clock runs fast). */
  skew: { ms: number };
  warnings: string[];
  cleanup(): void;
}

/** A whole Node platform in a fresh temp folder, with real timers and a skewable clock. */
export function diskPlatform(
  options: { fetch?: typeof globalThis.fetch; prefix?: string } = {},
): DiskPlatform {
  const dir = mkdtempSync(nodePath.join(tmpdir(), options.prefix ?? 'coffer-sync-'));
  const skew = { ms: 0 };
  const warnings: string[] = [];
  return {
    dir,
    skew,
    warnings,
    sqlite: testSqliteDriver(),
    fs: diskFileSystem(),
    clock: { now: () => Date.now() + skew.ms },
    random: { uuid: () => randomUUID(), bytes: (n) => new Uint8Array(randomBytes(n)) },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    crypto: globalThis.crypto,
    log: {
      info: () => undefined,
      warn: (m) => void warnings.push(m),
      error: (m) => void warnings.push(m),
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeId } from './ids.ts';
import { TooLargeError } from './storage/storage.ts';

export { TooLargeError };

/**
 * Passes at most `max` bytes on and drops the rest while still reading it to the end, so the
 * client finishes sending and can read the 413 instead of seeing its connection cut.
 */
export function limitBytes(max: number): Transform & { exceeded: boolean } {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) {
        limiter.exceeded = true;
        done();
      } else {
        done(null, chunk);
      }
    },
  }) as Transform & { exceeded: boolean };
  limiter.exceeded = false;
  return limiter;
}

async function fsyncPath(path: string, flags = 'r'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Budget snapshots under `user-files/`. Each upload lands in a new file name (written to a
 * temporary file, synced, renamed), and the account database switches to it in one
 * transaction; so a crash leaves either the old snapshot and row or the new ones.
 */
export class BlobStore {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  /** Streams `source` to a fresh blob; returns its file name. */
  async write(fileId: string, source: Readable, maxBytes: number): Promise<string> {
    if (!isSafeId(fileId)) throw new Error('unsafe file id');
    const tmp = join(this.dir, `.upload-${randomUUID()}.tmp`);
    const name = `file-${fileId}.${randomBytes(6).toString('hex')}.blob`;
    try {
      const limiter = limitBytes(maxBytes);
      await pipeline(source, limiter, createWriteStream(tmp));
      if (limiter.exceeded) throw new TooLargeError();
      await fsyncPath(tmp);
      await rename(tmp, this.path(name));
      await fsyncPath(this.dir).catch(() => {
        // Some file systems refuse to open a directory for syncing; the rename still happened.
      });
      return name;
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  open(name: string): { stream: Readable; size: number } | null {
    try {
      const size = statSync(this.path(name)).size;
      return { stream: createReadStream(this.path(name)), size };
    } catch {
      return null;
    }
  }

  remove(name: string | null): void {
    if (name) rmSync(this.path(name), { force: true });
  }

  /** Removes temporary files and snapshots no file row points at. */
  sweep(referenced: Set<string>): void {
    for (const name of readdirSync(this.dir)) {
      const orphanBlob =
        name.startsWith('file-') && name.endsWith('.blob') && !referenced.has(name);
      if (orphanBlob || (name.startsWith('.upload-') && name.endsWith('.tmp'))) {
        rmSync(join(this.dir, name), { force: true });
      }
    }
  }
}

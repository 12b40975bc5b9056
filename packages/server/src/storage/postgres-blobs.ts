import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { limitBytes as byteLimiter } from '../blob-store.ts';
import { isSafeId } from '../ids.ts';
import { inTransaction } from './postgres-schema.ts';
import { TooLargeError, type SnapshotStore } from './storage.ts';

/** Snapshots are stored in rows of this size: big enough to be few, small enough to stream. */
export const CHUNK_BYTES = 1 << 20;

/**
 * Snapshots in PostgreSQL, chunked. A snapshot is written in one transaction, so another
 * process sees all of it or none; a download reads its chunks in one read-only snapshot, so a
 * replacement committed meanwhile cannot cut it short.
 */
export class PgSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async write(fileId: string, source: Readable, maxBytes: number): Promise<string> {
    if (!isSafeId(fileId)) throw new Error('unsafe file id');
    const name = `file-${fileId}.${randomBytes(6).toString('hex')}.blob`;
    return inTransaction(this.pool, async (client) => {
      await client.query('INSERT INTO coffer_blobs (name, size) VALUES ($1, 0)', [name]);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      let size = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const data = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        await client.query('INSERT INTO coffer_blob_chunks (name, seq, data) VALUES ($1, $2, $3)', [
          name,
          seq++,
          data,
        ]);
      };
      const limiter = byteLimiter(maxBytes);
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          size += chunk.length;
          if (pendingBytes < CHUNK_BYTES) return done();
          flush().then(() => done(), done);
        },
        final(done) {
          flush().then(() => done(), done);
        },
      });
      await pipeline(source, limiter, sink);
      // Throwing rolls the whole snapshot back.
      if (limiter.exceeded) throw new TooLargeError();
      await client.query('UPDATE coffer_blobs SET size = $2 WHERE name = $1', [name, size]);
      return name;
    });
  }

  async open(name: string): Promise<{ stream: Readable; size: number } | null> {
    const client = await this.pool.connect();
    let released = false;
    const release = async (broken = false) => {
      if (released) return;
      released = true;
      if (!broken) await client.query('COMMIT').catch(() => (broken = true));
      client.release(broken);
    };
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await client.query<{ size: string; chunks: number }>(
        `SELECT b.size, (SELECT count(*)::int FROM coffer_blob_chunks c WHERE c.name = b.name) AS chunks
           FROM coffer_blobs b WHERE b.name = $1`,
        [name],
      );
      const row = rows[0];
      if (!row) {
        await release();
        return null;
      }
      async function* chunks() {
        try {
          for (let seq = 0; seq < row!.chunks; seq++) {
            const part = await client.query<{ data: Buffer }>(
              'SELECT data FROM coffer_blob_chunks WHERE name = $1 AND seq = $2',
              [name, seq],
            );
            yield part.rows[0]!.data;
          }
        } finally {
          await release();
        }
      }
      const stream = Readable.from(chunks(), { objectMode: false });
      // A download dropped before its first chunk never enters the generator's `finally`.
      stream.once('close', () => void release());
      return { stream, size: Number(row.size) };
    } catch (e) {
      await release(true);
      throw e;
    }
  }

  async remove(name: string | null): Promise<void> {
    if (name) await this.pool.query('DELETE FROM coffer_blobs WHERE name = $1', [name]);
  }

  /**
   * Deletes snapshots no file row points at. Only old ones: another process may have just
   * committed a snapshot that its file row switches to a moment later.
   */
  async sweep(): Promise<void> {
    await this.pool.query(
      `DELETE FROM coffer_blobs b
        WHERE b.created_at < now() - interval '1 hour'
          AND NOT EXISTS (SELECT 1 FROM coffer_files f WHERE f.blob = b.name)`,
    );
  }
}

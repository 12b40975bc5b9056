import { merkle, type MessageEnvelope, type TrieNode } from '@coffer/crdt';
import pg from 'pg';
import { newToken, sameDigest, tokenDigest } from '../password.ts';
import { insertAll, readStamp, type Stamp } from '../trie-batch.ts';
import { PgBankHold } from '../bank-schedule/postgres-store.ts';
import { PgSnapshotStore } from './postgres-blobs.ts';
import { PgSignIn } from './postgres-signin.ts';
import { inTransaction, migrate } from './postgres-schema.ts';
import {
  InvalidTimestampError,
  type AccountStore,
  type FileRow,
  type FileSwitch,
  type FileUpdate,
  type MessageStore,
  type Session,
  type SessionOptions,
  type Storage,
  type SyncResult,
} from './storage.ts';

/** Sign-ins from many scripts would otherwise grow the table without bound. */
const MAX_SESSIONS = 500;

interface RawFile {
  id: string;
  group_id: string | null;
  sync_version: number | null;
  encrypt_meta: string | null;
  encrypt_keyid: string | null;
  encrypt_salt: string | null;
  encrypt_test: string | null;
  deleted: boolean;
  name: string | null;
  blob: string | null;
  owner: string | null;
}

const COLUMN: Record<keyof FileUpdate, string> = {
  groupId: 'group_id',
  syncVersion: 'sync_version',
  encryptMeta: 'encrypt_meta',
  encryptKeyId: 'encrypt_keyid',
  encryptSalt: 'encrypt_salt',
  encryptTest: 'encrypt_test',
  deleted: 'deleted',
  name: 'name',
  blob: 'blob',
  owner: 'owner',
};

function toFile(raw: RawFile): FileRow {
  return {
    id: raw.id,
    groupId: raw.group_id,
    syncVersion: raw.sync_version,
    encryptMeta: raw.encrypt_meta,
    encryptKeyId: raw.encrypt_keyid,
    encryptSalt: raw.encrypt_salt,
    encryptTest: raw.encrypt_test,
    deleted: raw.deleted,
    name: raw.name,
    blob: raw.blob,
    owner: raw.owner,
  };
}

/** A stored message as the driver reads it. */
interface MessageRow {
  timestamp: string;
  is_encrypted: boolean;
  content: Buffer;
}

function envelopeOf(r: MessageRow): MessageEnvelope {
  return { timestamp: r.timestamp, isEncrypted: r.is_encrypted, content: r.content };
}

const FILE_COLUMNS =
  'id, group_id, sync_version, encrypt_meta, encrypt_keyid, encrypt_salt, encrypt_test, deleted, name, blob, owner';

class PgAccountStore extends PgSignIn implements AccountStore {
  constructor(pool: pg.Pool) {
    super(pool);
  }

  async passwordHash(): Promise<string | null> {
    const { rows } = await this.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM coffer_auth WHERE id = 1',
    );
    return rows[0]?.password_hash ?? null;
  }

  async bootstrap(hash: string): Promise<boolean> {
    const result = await this.pool.query(
      'INSERT INTO coffer_auth (id, password_hash) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
      [hash],
    );
    return result.rowCount === 1;
  }

  async replacePassword(hash: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO coffer_auth (id, password_hash) VALUES (1, $1)
           ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash`,
        [hash],
      );
      await client.query('DELETE FROM coffer_sessions');
    });
  }

  async createSession(
    now: number,
    userId: string | null = null,
    options: SessionOptions = {},
  ): Promise<string> {
    const token = newToken();
    await inTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO coffer_sessions (token_digest, created_at, user_id, auth_method, expires_at)
           VALUES ($1, $2, $3, $4, $5)`,
        [tokenDigest(token), now, userId, options.method ?? 'password', options.expiresAt ?? null],
      );
      await client.query(
        `DELETE FROM coffer_sessions WHERE token_digest NOT IN
           (SELECT token_digest FROM coffer_sessions ORDER BY created_at DESC LIMIT $1)`,
        [MAX_SESSIONS],
      );
    });
    return token;
  }

  async hasSession(token: string): Promise<boolean> {
    const session = await this.session(token);
    return session !== null && (session.expiresAt === null || session.expiresAt > Date.now());
  }

  async session(token: string): Promise<Session | null> {
    const digest = tokenDigest(token);
    const { rows } = await this.pool.query<{
      token_digest: Buffer;
      user_id: string | null;
      auth_method: string;
      expires_at: string | null;
    }>(
      `SELECT token_digest, user_id, auth_method, expires_at FROM coffer_sessions
         WHERE token_digest = $1`,
      [digest],
    );
    const row = rows[0];
    if (row === undefined || !sameDigest(row.token_digest, digest)) return null;
    return {
      userId: row.user_id,
      method: row.auth_method === 'openid' ? 'openid' : 'password',
      // BIGINT arrives as text from `pg`.
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    };
  }

  async endSession(token: string): Promise<void> {
    await this.pool.query('DELETE FROM coffer_sessions WHERE token_digest = $1', [
      tokenDigest(token),
    ]);
  }

  async getFile(id: string): Promise<FileRow | null> {
    const { rows } = await this.pool.query<RawFile>(
      `SELECT ${FILE_COLUMNS} FROM coffer_files WHERE id = $1`,
      [id],
    );
    return rows[0] ? toFile(rows[0]) : null;
  }

  async listFiles(): Promise<FileRow[]> {
    const { rows } = await this.pool.query<RawFile>(
      `SELECT ${FILE_COLUMNS} FROM coffer_files ORDER BY ord`,
    );
    return rows.map(toFile);
  }

  async switchFile(
    id: string,
    decide: (current: FileRow | null) => FileRow | string,
  ): Promise<FileSwitch | string> {
    return inTransaction(this.pool, async (client) => {
      // A row lock cannot hold a file that has no row yet; the advisory lock covers both.
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended('file:' || $1, 0))", [id]);
      const { rows } = await client.query<RawFile>(
        `SELECT ${FILE_COLUMNS} FROM coffer_files WHERE id = $1`,
        [id],
      );
      const previous = rows[0] ? toFile(rows[0]) : null;
      const next = decide(previous && !previous.deleted ? previous : null);
      if (typeof next === 'string') return next;
      // A replaced row moves to the end of the list, as SQLite's INSERT OR REPLACE does.
      await client.query(
        `INSERT INTO coffer_files (${FILE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           ON CONFLICT (id) DO UPDATE SET
             ord = nextval('coffer_files_ord'), group_id = excluded.group_id,
             sync_version = excluded.sync_version, encrypt_meta = excluded.encrypt_meta,
             encrypt_keyid = excluded.encrypt_keyid, encrypt_salt = excluded.encrypt_salt,
             encrypt_test = excluded.encrypt_test, deleted = excluded.deleted,
             name = excluded.name, blob = excluded.blob, owner = excluded.owner`,
        [
          next.id,
          next.groupId,
          next.syncVersion,
          next.encryptMeta,
          next.encryptKeyId,
          next.encryptSalt,
          next.encryptTest,
          next.deleted,
          next.name,
          next.blob,
          next.owner,
        ],
      );
      return { previous, next };
    });
  }

  async updateFile(id: string, update: FileUpdate): Promise<void> {
    const entries = (Object.keys(COLUMN) as (keyof FileUpdate)[])
      .filter((k) => update[k] !== undefined)
      .map((k) => [k, update[k]] as const);
    if (entries.length === 0) return;
    // Column names come from the fixed map above, never from the request.
    const sets = entries.map(([k], i) => `${COLUMN[k]} = $${i + 2}`).join(', ');
    await this.pool.query(`UPDATE coffer_files SET ${sets} WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }

  async getSecret(name: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ value: string }>(
      'SELECT value FROM coffer_secrets WHERE name = $1',
      [name],
    );
    const value = rows[0]?.value ?? null;
    return value === '' ? null : value;
  }

  async setSecret(name: string, value: string | null): Promise<void> {
    if (value === null) {
      await this.pool.query('DELETE FROM coffer_secrets WHERE name = $1', [name]);
      return;
    }
    await this.pool.query(
      `INSERT INTO coffer_secrets (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      [name, value],
    );
  }
}

class PgMessageStore implements MessageStore {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * READ COMMITTED with the group's merkle row locked (FOR UPDATE) for the whole round: writers
   * of one group take turns, and each statement after the lock sees every earlier writer's
   * commit, so the trie is always read fresh and no insert is lost between processes.
   */
  async sync(
    groupId: string,
    since: string,
    incoming: MessageEnvelope[],
    limit?: number,
  ): Promise<SyncResult> {
    const stamps = new Map<string, Stamp>();
    for (const m of incoming) {
      const stamp = readStamp(m.timestamp);
      if (!stamp) throw new InvalidTimestampError(m.timestamp);
      stamps.set(m.timestamp, stamp);
    }
    return inTransaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO coffer_merkles (group_id, merkle) VALUES ($1, '{}') ON CONFLICT DO NOTHING`,
        [groupId],
      );
      const locked = await client.query<{ merkle: string }>(
        'SELECT merkle FROM coffer_merkles WHERE group_id = $1 FOR UPDATE',
        [groupId],
      );
      const trie = JSON.parse(locked.rows[0]!.merkle) as TrieNode;
      const seen = await client.query<MessageRow>(
        `SELECT timestamp, is_encrypted, content FROM coffer_messages
          WHERE group_id = $1 AND timestamp > $2 ORDER BY timestamp LIMIT $3`,
        [groupId, since, limit ?? null],
      );
      const added: Stamp[] = [];
      if (incoming.length > 0) {
        // Only rows actually inserted count: a resent message must not flip its hash back out.
        const inserted = await client.query<{ timestamp: string }>(
          `INSERT INTO coffer_messages (group_id, timestamp, is_encrypted, content)
             SELECT $1, t, e, c FROM unnest($2::text[], $3::boolean[], $4::bytea[]) AS u(t, e, c)
           ON CONFLICT DO NOTHING RETURNING timestamp`,
          [
            groupId,
            incoming.map((m) => m.timestamp),
            incoming.map((m) => m.isEncrypted),
            incoming.map((m) =>
              Buffer.from(m.content.buffer, m.content.byteOffset, m.content.byteLength),
            ),
          ],
        );
        for (const row of inserted.rows) added.push(stamps.get(row.timestamp)!);
      }
      const next = merkle.prune(insertAll(trie, added));
      await client.query('UPDATE coffer_merkles SET merkle = $2 WHERE group_id = $1', [
        groupId,
        JSON.stringify(next),
      ]);
      return {
        messages: seen.rows.map(envelopeOf),
        more: limit !== undefined && seen.rows.length === limit,
        trie: next,
        added: added.length,
      };
    });
  }

  async after(groupId: string, after: string, limit: number): Promise<MessageEnvelope[]> {
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT timestamp, is_encrypted, content FROM coffer_messages
        WHERE group_id = $1 AND timestamp > $2 ORDER BY timestamp LIMIT $3`,
      [groupId, after, limit],
    );
    return rows.map(envelopeOf);
  }

  async count(groupId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM coffer_messages WHERE group_id = $1',
      [groupId],
    );
    return rows[0]!.n;
  }

  async timestamps(groupId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ timestamp: string }>(
      'SELECT timestamp FROM coffer_messages WHERE group_id = $1 ORDER BY timestamp',
      [groupId],
    );
    return rows.map((r) => r.timestamp);
  }

  async remove(groupId: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM coffer_messages WHERE group_id = $1', [groupId]);
      await client.query('DELETE FROM coffer_merkles WHERE group_id = $1', [groupId]);
    });
  }

  /** Logs of groups no file points at: left by a sync that raced a reset. */
  async sweep(): Promise<void> {
    await this.pool.query(
      `DELETE FROM coffer_messages m
        WHERE NOT EXISTS (SELECT 1 FROM coffer_files f WHERE f.group_id = m.group_id)`,
    );
    await this.pool.query(
      `DELETE FROM coffer_merkles m
        WHERE NOT EXISTS (SELECT 1 FROM coffer_files f WHERE f.group_id = m.group_id)`,
    );
  }
}

/**
 * The hosted adapter: everything in one PostgreSQL database, so several server processes can
 * share it. Nothing is cached between requests; every process reads what the others wrote.
 */
export class PostgresStorage implements Storage {
  readonly kind = 'postgres';
  readonly accounts: PgAccountStore;
  readonly groups: PgMessageStore;
  readonly blobs: PgSnapshotStore;

  private constructor(
    private readonly pool: pg.Pool,
    readonly bankHold: PgBankHold,
  ) {
    this.accounts = new PgAccountStore(pool);
    this.groups = new PgMessageStore(pool);
    this.blobs = new PgSnapshotStore(pool);
  }

  static async open(connectionString: string, maxConnections = 10): Promise<PostgresStorage> {
    const pool = new pg.Pool({ connectionString, max: maxConnections });
    // An idle connection the server drops (restart, fail-over) must not crash the process.
    pool.on('error', () => {});
    try {
      await migrate(pool);
      const storage = new PostgresStorage(pool, await PgBankHold.open(pool));
      await storage.blobs.sweep();
      await storage.groups.sweep();
      return storage;
    } catch (e) {
      await pool.end();
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

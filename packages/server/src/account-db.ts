import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { newToken, sameDigest, tokenDigest } from './password.ts';
import type {
  FileRow,
  FileSwitch,
  FileUpdate,
  Session,
  SessionOptions,
} from './storage/storage.ts';

export type { FileRow, FileUpdate };

interface RawFile {
  id: string;
  group_id: string | null;
  sync_version: number | null;
  encrypt_meta: string | null;
  encrypt_keyid: string | null;
  encrypt_salt: string | null;
  encrypt_test: string | null;
  deleted: number;
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

/** Each entry upgrades the schema by one version (PRAGMA user_version). */
const MIGRATIONS = [
  `CREATE TABLE auth (id INTEGER PRIMARY KEY CHECK (id = 1), password_hash TEXT NOT NULL);
   CREATE TABLE sessions (token_digest BLOB PRIMARY KEY, created_at INTEGER NOT NULL);
   CREATE TABLE files (
     id TEXT PRIMARY KEY,
     group_id TEXT,
     sync_version SMALLINT,
     encrypt_meta TEXT,
     encrypt_keyid TEXT,
     encrypt_salt TEXT,
     encrypt_test TEXT,
     deleted BOOLEAN NOT NULL DEFAULT FALSE,
     name TEXT,
     blob TEXT);
   CREATE TABLE secrets (name TEXT PRIMARY KEY, value BLOB);`,
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     user_name TEXT NOT NULL UNIQUE,
     display_name TEXT,
     role TEXT NOT NULL,
     enabled INTEGER NOT NULL DEFAULT 1,
     owner INTEGER NOT NULL DEFAULT 0);
   CREATE TABLE user_access (file_id TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (file_id, user_id));
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   ALTER TABLE sessions ADD COLUMN user_id TEXT;
   ALTER TABLE files ADD COLUMN owner TEXT;`,
  `ALTER TABLE sessions ADD COLUMN expires_at INTEGER;
   ALTER TABLE sessions ADD COLUMN auth_method TEXT NOT NULL DEFAULT 'password';
   CREATE TABLE user_subjects (subject TEXT PRIMARY KEY, user_id TEXT NOT NULL UNIQUE);
   CREATE TABLE openid_pending (
     state TEXT PRIMARY KEY,
     nonce TEXT NOT NULL,
     code_verifier TEXT NOT NULL,
     return_url TEXT NOT NULL,
     expires_at INTEGER NOT NULL);`,
];

/** Sign-ins from many scripts would otherwise grow the table without bound. */
const MAX_SESSIONS = 500;

function toFile(raw: RawFile): FileRow {
  return {
    id: raw.id,
    groupId: raw.group_id,
    syncVersion: raw.sync_version,
    encryptMeta: raw.encrypt_meta,
    encryptKeyId: raw.encrypt_keyid,
    encryptSalt: raw.encrypt_salt,
    encryptTest: raw.encrypt_test,
    deleted: Boolean(raw.deleted),
    name: raw.name,
    blob: raw.blob,
    owner: raw.owner,
  };
}

/** `server-files/account.sqlite`: the password, sessions, the file registry and bank secrets. */
export class AccountDb {
  readonly db: Database.Database;

  constructor(serverFilesDir: string) {
    mkdirSync(serverFilesDir, { recursive: true });
    this.db = new Database(join(serverFilesDir, 'account.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v]!);
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  close(): void {
    this.db.close();
  }

  passwordHash(): string | null {
    const row = this.db.prepare('SELECT password_hash FROM auth WHERE id = 1').get() as
      { password_hash: string } | undefined;
    return row?.password_hash ?? null;
  }

  /** Sets the first password; false when one already exists. */
  bootstrap(hash: string): boolean {
    return this.db.transaction(() => {
      if (this.passwordHash() !== null) return false;
      this.db.prepare('INSERT INTO auth (id, password_hash) VALUES (1, ?)').run(hash);
      return true;
    })();
  }

  /** Replaces the password and ends every session in one step. */
  replacePassword(hash: string): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO auth (id, password_hash) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash',
        )
        .run(hash);
      this.db.prepare('DELETE FROM sessions').run();
    })();
  }

  createSession(now: number, userId: string | null = null, options: SessionOptions = {}): string {
    const token = newToken();
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO sessions (token_digest, created_at, user_id, auth_method, expires_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(
          tokenDigest(token),
          now,
          userId,
          options.method ?? 'password',
          options.expiresAt ?? null,
        );
      this.db
        .prepare(
          `DELETE FROM sessions WHERE token_digest NOT IN
             (SELECT token_digest FROM sessions ORDER BY created_at DESC LIMIT ?)`,
        )
        .run(MAX_SESSIONS);
    })();
    return token;
  }

  hasSession(token: string): boolean {
    const session = this.session(token);
    return session !== null && (session.expiresAt === null || session.expiresAt > Date.now());
  }

  session(token: string): Session | null {
    const digest = tokenDigest(token);
    const row = this.db
      .prepare(
        'SELECT token_digest, user_id, auth_method, expires_at FROM sessions WHERE token_digest = ?',
      )
      .get(digest) as
      | {
          token_digest: Buffer;
          user_id: string | null;
          auth_method: string;
          expires_at: number | null;
        }
      | undefined;
    if (row === undefined || !sameDigest(row.token_digest, digest)) return null;
    return {
      userId: row.user_id,
      method: row.auth_method === 'openid' ? 'openid' : 'password',
      expiresAt: row.expires_at,
    };
  }

  endSession(token: string): void {
    this.db.prepare('DELETE FROM sessions WHERE token_digest = ?').run(tokenDigest(token));
  }

  getFile(id: string): FileRow | null {
    const raw = this.db.prepare('SELECT * FROM files WHERE id = ?').get(id) as RawFile | undefined;
    return raw ? toFile(raw) : null;
  }

  listFiles(): FileRow[] {
    const rows = this.db.prepare('SELECT * FROM files ORDER BY rowid').all() as RawFile[];
    return rows.map(toFile);
  }

  /** Creates the row, or overwrites a soft-deleted one with the same id. */
  putFile(file: FileRow): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO files
           (id, group_id, sync_version, encrypt_meta, encrypt_keyid, encrypt_salt, encrypt_test, deleted, name, blob, owner)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        file.id,
        file.groupId,
        file.syncVersion,
        file.encryptMeta,
        file.encryptKeyId,
        file.encryptSalt,
        file.encryptTest,
        file.deleted ? 1 : 0,
        file.name,
        file.blob,
        file.owner,
      );
  }

  /** The read-decide-write of an upload, in one transaction (see `AccountStore.switchFile`). */
  switchFile(
    id: string,
    decide: (current: FileRow | null) => FileRow | string,
  ): FileSwitch | string {
    return this.db.transaction((): FileSwitch | string => {
      const previous = this.getFile(id);
      const next = decide(previous && !previous.deleted ? previous : null);
      if (typeof next === 'string') return next;
      this.putFile(next);
      return { previous, next };
    })();
  }

  updateFile(id: string, update: FileUpdate): void {
    const entries = Object.entries(update).filter(([, v]) => v !== undefined) as [
      keyof FileUpdate,
      unknown,
    ][];
    if (entries.length === 0) return;
    // Column names come from the fixed map above, never from the request.
    const sets = entries.map(([k]) => `${COLUMN[k]} = ?`).join(', ');
    const params = entries.map(([, v]) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
    this.db.prepare(`UPDATE files SET ${sets} WHERE id = ?`).run(...params, id);
  }

  referencedBlobs(): Set<string> {
    const rows = this.db.prepare('SELECT blob FROM files WHERE blob IS NOT NULL').all() as {
      blob: string;
    }[];
    return new Set(rows.map((r) => r.blob));
  }

  referencedGroups(): Set<string> {
    const rows = this.db.prepare('SELECT group_id FROM files WHERE group_id IS NOT NULL').all() as {
      group_id: string;
    }[];
    return new Set(rows.map((r) => r.group_id));
  }

  setSecret(name: string, value: string | null): void {
    if (value === null) {
      this.db.prepare('DELETE FROM secrets WHERE name = ?').run(name);
      return;
    }
    this.db.prepare('INSERT OR REPLACE INTO secrets (name, value) VALUES (?, ?)').run(name, value);
  }

  getSecret(name: string): string | null {
    const row = this.db.prepare('SELECT value FROM secrets WHERE name = ?').get(name) as
      { value: string | Buffer | null } | undefined;
    if (row?.value == null) return null;
    const value = typeof row.value === 'string' ? row.value : row.value.toString('utf8');
    return value === '' ? null : value;
  }
}

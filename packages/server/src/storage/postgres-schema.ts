import type pg from 'pg';

/**
 * Each entry upgrades the schema by one version. Timestamps compare as bytes (`COLLATE "C"`),
 * as in SQLite: a locale's collation would reorder the HLC strings and break `since`.
 */
export const MIGRATIONS = [
  `CREATE TABLE coffer_auth (id INTEGER PRIMARY KEY CHECK (id = 1), password_hash TEXT NOT NULL);
   CREATE TABLE coffer_sessions (token_digest BYTEA PRIMARY KEY, created_at BIGINT NOT NULL);
   CREATE SEQUENCE coffer_files_ord;
   CREATE TABLE coffer_files (
     id TEXT PRIMARY KEY,
     ord BIGINT NOT NULL DEFAULT nextval('coffer_files_ord'),
     group_id TEXT,
     sync_version SMALLINT,
     encrypt_meta TEXT,
     encrypt_keyid TEXT,
     encrypt_salt TEXT,
     encrypt_test TEXT,
     deleted BOOLEAN NOT NULL DEFAULT FALSE,
     name TEXT,
     blob TEXT);
   CREATE TABLE coffer_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE coffer_messages (
     group_id TEXT NOT NULL,
     timestamp TEXT COLLATE "C" NOT NULL,
     is_encrypted BOOLEAN NOT NULL,
     content BYTEA NOT NULL,
     PRIMARY KEY (group_id, timestamp));
   CREATE TABLE coffer_merkles (group_id TEXT PRIMARY KEY, merkle TEXT NOT NULL);
   CREATE TABLE coffer_blobs (
     name TEXT PRIMARY KEY,
     size BIGINT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now());
   CREATE TABLE coffer_blob_chunks (
     name TEXT NOT NULL REFERENCES coffer_blobs (name) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     data BYTEA NOT NULL,
     PRIMARY KEY (name, seq));`,
  `CREATE TABLE coffer_users (
     id TEXT PRIMARY KEY,
     user_name TEXT NOT NULL UNIQUE,
     display_name TEXT,
     role TEXT NOT NULL,
     enabled BOOLEAN NOT NULL DEFAULT TRUE,
     owner BOOLEAN NOT NULL DEFAULT FALSE);
   CREATE TABLE coffer_user_access (
     file_id TEXT NOT NULL, user_id TEXT NOT NULL, PRIMARY KEY (file_id, user_id));
   CREATE TABLE coffer_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   ALTER TABLE coffer_sessions ADD COLUMN user_id TEXT;
   ALTER TABLE coffer_files ADD COLUMN owner TEXT;`,
  `ALTER TABLE coffer_sessions ADD COLUMN expires_at BIGINT;
   ALTER TABLE coffer_sessions ADD COLUMN auth_method TEXT NOT NULL DEFAULT 'password';
   CREATE TABLE coffer_user_subjects (subject TEXT PRIMARY KEY, user_id TEXT NOT NULL UNIQUE);
   CREATE TABLE coffer_openid_pending (
     state TEXT PRIMARY KEY,
     nonce TEXT NOT NULL,
     code_verifier TEXT NOT NULL,
     return_url TEXT NOT NULL,
     expires_at BIGINT NOT NULL);`,
];

/** Any constant: several processes starting at once take turns at the migrations. */
const MIGRATION_LOCK = 0x636f6666;

export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS coffer_schema (version INTEGER NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM coffer_schema');
    const version = rows[0]?.version ?? 0;
    for (let v = version; v < MIGRATIONS.length; v++) await client.query(MIGRATIONS[v]!);
    if (rows.length === 0) {
      await client.query('INSERT INTO coffer_schema (version) VALUES ($1)', [MIGRATIONS.length]);
    } else {
      await client.query('UPDATE coffer_schema SET version = $1', [MIGRATIONS.length]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
}

/** Runs `work` in one transaction on one connection; rolls back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    // A connection that cannot even roll back is dropped from the pool, not reused.
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}

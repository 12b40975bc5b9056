import type pg from 'pg';
import { inTransaction } from '../storage/postgres-schema.ts';
import { toHeld, toLink, type RawHeld, type RawLink } from './sqlite-store.ts';
import type {
  BankHoldStore,
  BankLink,
  HeldRow,
  IncomingRow,
  LinkKey,
  LinkState,
  ScheduleSetting,
} from './store.ts';

/** Own tables, made when missing, outside the shared migration list. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS coffer_bank_links (
    file_id TEXT NOT NULL, provider TEXT NOT NULL, account_id TEXT NOT NULL,
    user_id TEXT, since TEXT NOT NULL, next_due BIGINT NOT NULL DEFAULT 0, last_error TEXT,
    PRIMARY KEY (file_id, provider, account_id));
  CREATE SEQUENCE IF NOT EXISTS coffer_bank_held_seq;
  CREATE TABLE IF NOT EXISTS coffer_bank_held (
    file_id TEXT NOT NULL, provider TEXT NOT NULL, account_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL, digest TEXT NOT NULL, data TEXT, seq BIGINT NOT NULL,
    PRIMARY KEY (file_id, provider, account_id, transaction_id));
  CREATE TABLE IF NOT EXISTS coffer_bank_schedule (
    id INTEGER PRIMARY KEY CHECK (id = 1), enabled BOOLEAN NOT NULL, interval_minutes INTEGER NOT NULL);
  ALTER TABLE coffer_bank_links ADD COLUMN IF NOT EXISTS requisition_id TEXT;`;

/** Processes starting together take turns at `CREATE ... IF NOT EXISTS`, which can race. */
const SCHEMA_LOCK = 0x62616e6b;

const KEY = 'file_id = $1 AND provider = $2 AND account_id = $3';
const keyArgs = (k: LinkKey) => [k.fileId, k.provider, k.accountId];

/**
 * The scheduled sync's store in PostgreSQL. A run's claim is one conditional UPDATE, so of the
 * server processes sharing the database exactly one takes each link's run.
 */
export class PgBankHold implements BankHoldStore {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(pool: pg.Pool): Promise<PgBankHold> {
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
    });
    return new PgBankHold(pool);
  }

  async setLinks(
    fileId: string,
    userId: string | null,
    links: Omit<BankLink, 'fileId' | 'userId'>[],
  ): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      const keep = new Set(links.map((l) => `${l.provider}\n${l.accountId}`));
      const { rows: old } = await client.query<{ provider: string; account_id: string }>(
        'SELECT provider, account_id FROM coffer_bank_links WHERE file_id = $1 FOR UPDATE',
        [fileId],
      );
      for (const o of old) {
        if (keep.has(`${o.provider}\n${o.account_id}`)) continue;
        for (const table of ['coffer_bank_links', 'coffer_bank_held']) {
          await client.query(`DELETE FROM ${table} WHERE ${KEY}`, [
            fileId,
            o.provider,
            o.account_id,
          ]);
        }
      }
      for (const l of links) {
        await client.query(
          `INSERT INTO coffer_bank_links (file_id, provider, account_id, user_id, since, requisition_id)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (file_id, provider, account_id)
           DO UPDATE SET user_id = EXCLUDED.user_id, since = EXCLUDED.since,
             requisition_id = EXCLUDED.requisition_id`,
          [fileId, l.provider, l.accountId, userId, l.since, l.requisitionId ?? null],
        );
      }
    });
  }

  async listLinks(): Promise<LinkState[]> {
    const { rows } = await this.pool.query<RawLink>(
      'SELECT * FROM coffer_bank_links ORDER BY file_id, provider, account_id',
    );
    return rows.map(toLink);
  }

  async claimRun(key: LinkKey, now: number, until: number): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE coffer_bank_links SET next_due = $4 WHERE ${KEY} AND next_due <= $5`,
      [...keyArgs(key), until, now],
    );
    return result.rowCount === 1;
  }

  async recordResult(key: LinkKey, error: string | null): Promise<void> {
    await this.pool.query(`UPDATE coffer_bank_links SET last_error = $4 WHERE ${KEY}`, [
      ...keyArgs(key),
      error,
    ]);
  }

  async hold(key: LinkKey, rows: IncomingRow[]): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const linked = await client.query(
        `SELECT 1 FROM coffer_bank_links WHERE ${KEY}`,
        keyArgs(key),
      );
      if (linked.rowCount === 0) return 0;
      let held = 0;
      for (const r of rows) {
        const result = await client.query(
          `INSERT INTO coffer_bank_held (file_id, provider, account_id, transaction_id, digest, data, seq)
           VALUES ($1, $2, $3, $4, $5, $6, nextval('coffer_bank_held_seq'))
           ON CONFLICT (file_id, provider, account_id, transaction_id) DO UPDATE
             SET digest = EXCLUDED.digest, data = EXCLUDED.data, seq = EXCLUDED.seq
             WHERE coffer_bank_held.digest <> EXCLUDED.digest`,
          [...keyArgs(key), r.transactionId, r.digest, r.data],
        );
        held += result.rowCount ?? 0;
      }
      return held;
    });
  }

  async held(fileId: string): Promise<HeldRow[]> {
    const { rows } = await this.pool.query<RawHeld>(
      `SELECT file_id, provider, account_id, transaction_id, seq, data FROM coffer_bank_held
       WHERE file_id = $1 AND data IS NOT NULL ORDER BY seq`,
      [fileId],
    );
    return rows.map(toHeld);
  }

  async release(fileId: string, seq: number): Promise<number> {
    const result = await this.pool.query(
      'UPDATE coffer_bank_held SET data = NULL WHERE file_id = $1 AND seq <= $2 AND data IS NOT NULL',
      [fileId, seq],
    );
    return result.rowCount ?? 0;
  }

  async schedule(): Promise<ScheduleSetting | null> {
    const { rows } = await this.pool.query<{ enabled: boolean; interval_minutes: number }>(
      'SELECT enabled, interval_minutes FROM coffer_bank_schedule WHERE id = 1',
    );
    const row = rows[0];
    return row ? { enabled: row.enabled, intervalMinutes: row.interval_minutes } : null;
  }

  async setSchedule(setting: ScheduleSetting): Promise<void> {
    await this.pool.query(
      `INSERT INTO coffer_bank_schedule (id, enabled, interval_minutes) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE
         SET enabled = EXCLUDED.enabled, interval_minutes = EXCLUDED.interval_minutes`,
      [setting.enabled, setting.intervalMinutes],
    );
  }
}

import type Database from 'better-sqlite3';
import {
  isScheduledProvider,
  type BankHoldStore,
  type BankLink,
  type HeldRow,
  type IncomingRow,
  type LinkKey,
  type LinkState,
  type ScheduledProvider,
  type ScheduleSetting,
} from './store.ts';

/** Own tables in `account.sqlite`, made when missing (no entry in the shared migrations). */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS bank_links (
    file_id TEXT NOT NULL, provider TEXT NOT NULL, account_id TEXT NOT NULL,
    user_id TEXT, since TEXT NOT NULL, next_due INTEGER NOT NULL DEFAULT 0, last_error TEXT,
    PRIMARY KEY (file_id, provider, account_id));
  CREATE TABLE IF NOT EXISTS bank_held (
    file_id TEXT NOT NULL, provider TEXT NOT NULL, account_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL, digest TEXT NOT NULL, data TEXT, seq INTEGER NOT NULL,
    PRIMARY KEY (file_id, provider, account_id, transaction_id));
  CREATE TABLE IF NOT EXISTS bank_schedule (
    id INTEGER PRIMARY KEY CHECK (id = 1), enabled INTEGER NOT NULL, interval_minutes INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS bank_held_seq (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
  INSERT OR IGNORE INTO bank_held_seq (id, value) VALUES (1, 0);`;

/** Added after the table shipped: GoCardless links carry their requisition. */
function addRequisitionColumn(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(bank_links)').all() as { name: string }[];
  if (columns.some((c) => c.name === 'requisition_id')) return;
  db.exec('ALTER TABLE bank_links ADD COLUMN requisition_id TEXT');
}

interface RawLink {
  file_id: string;
  provider: string;
  account_id: string;
  user_id: string | null;
  since: string;
  requisition_id: string | null;
  next_due: number;
  last_error: string | null;
}

interface RawHeld {
  file_id: string;
  provider: string;
  account_id: string;
  transaction_id: string;
  seq: number;
  data: string;
}

const KEY = 'file_id = ? AND provider = ? AND account_id = ?';
const keyArgs = (k: LinkKey) => [k.fileId, k.provider, k.accountId];

/** The scheduled sync's store in `account.sqlite` (one process owns a data directory). */
export class SqliteBankHold implements BankHoldStore {
  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    addRequisitionColumn(db);
  }

  async setLinks(
    fileId: string,
    userId: string | null,
    links: Omit<BankLink, 'fileId' | 'userId'>[],
  ): Promise<void> {
    this.db.transaction(() => {
      const keep = new Set(links.map((l) => `${l.provider}\n${l.accountId}`));
      const old = this.db
        .prepare('SELECT provider, account_id FROM bank_links WHERE file_id = ?')
        .all(fileId) as { provider: string; account_id: string }[];
      for (const o of old) {
        if (keep.has(`${o.provider}\n${o.account_id}`)) continue;
        for (const table of ['bank_links', 'bank_held']) {
          this.db
            .prepare(`DELETE FROM ${table} WHERE ${KEY}`)
            .run(fileId, o.provider, o.account_id);
        }
      }
      const upsert = this.db.prepare(
        `INSERT INTO bank_links (file_id, provider, account_id, user_id, since, requisition_id)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (file_id, provider, account_id) DO UPDATE SET user_id = excluded.user_id,
           since = excluded.since, requisition_id = excluded.requisition_id`,
      );
      for (const l of links) {
        upsert.run(fileId, l.provider, l.accountId, userId, l.since, l.requisitionId ?? null);
      }
    })();
  }

  async listLinks(): Promise<LinkState[]> {
    const rows = this.db
      .prepare('SELECT * FROM bank_links ORDER BY file_id, provider, account_id')
      .all() as RawLink[];
    return rows.map(toLink);
  }

  async claimRun(key: LinkKey, now: number, until: number): Promise<boolean> {
    const result = this.db
      .prepare(`UPDATE bank_links SET next_due = ? WHERE ${KEY} AND next_due <= ?`)
      .run(until, ...keyArgs(key), now);
    return result.changes === 1;
  }

  async recordResult(key: LinkKey, error: string | null): Promise<void> {
    this.db
      .prepare(`UPDATE bank_links SET last_error = ? WHERE ${KEY}`)
      .run(error, ...keyArgs(key));
  }

  async hold(key: LinkKey, rows: IncomingRow[]): Promise<number> {
    return this.db.transaction(() => {
      const linked = this.db.prepare(`SELECT 1 FROM bank_links WHERE ${KEY}`).get(...keyArgs(key));
      if (!linked) return 0;
      // A counter of its own, not MAX(seq): rows of dropped links must not hand their numbers on.
      const next = this.db.prepare('SELECT value FROM bank_held_seq WHERE id = 1').get() as {
        value: number;
      };
      let seq = next.value;
      const write = this.db.prepare(
        `INSERT INTO bank_held (file_id, provider, account_id, transaction_id, digest, data, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (file_id, provider, account_id, transaction_id) DO UPDATE
           SET digest = excluded.digest, data = excluded.data, seq = excluded.seq
           WHERE bank_held.digest <> excluded.digest`,
      );
      let held = 0;
      for (const r of rows) {
        held += write.run(...keyArgs(key), r.transactionId, r.digest, r.data, seq + 1).changes;
        seq += 1;
      }
      this.db.prepare('UPDATE bank_held_seq SET value = ? WHERE id = 1').run(seq);
      return held;
    })();
  }

  async held(fileId: string): Promise<HeldRow[]> {
    const rows = this.db
      .prepare(
        `SELECT file_id, provider, account_id, transaction_id, seq, data FROM bank_held
         WHERE file_id = ? AND data IS NOT NULL ORDER BY seq`,
      )
      .all(fileId) as RawHeld[];
    return rows.map(toHeld);
  }

  async release(fileId: string, seq: number): Promise<number> {
    return this.db
      .prepare(
        'UPDATE bank_held SET data = NULL WHERE file_id = ? AND seq <= ? AND data IS NOT NULL',
      )
      .run(fileId, seq).changes;
  }

  async schedule(): Promise<ScheduleSetting | null> {
    const row = this.db
      .prepare('SELECT enabled, interval_minutes FROM bank_schedule WHERE id = 1')
      .get() as { enabled: number; interval_minutes: number } | undefined;
    return row ? { enabled: row.enabled === 1, intervalMinutes: row.interval_minutes } : null;
  }

  async setSchedule(setting: ScheduleSetting): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO bank_schedule (id, enabled, interval_minutes) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, interval_minutes = excluded.interval_minutes`,
      )
      .run(setting.enabled ? 1 : 0, setting.intervalMinutes);
  }
}

/** A stored provider name; only the routes' checked names are ever stored. */
const providerOf = (raw: string): ScheduledProvider =>
  isScheduledProvider(raw) ? raw : 'simplefin';

export function toLink(raw: RawLink): LinkState {
  return {
    fileId: raw.file_id,
    provider: providerOf(raw.provider),
    accountId: raw.account_id,
    userId: raw.user_id,
    since: raw.since,
    requisitionId: raw.requisition_id ?? null,
    nextDue: Number(raw.next_due),
    lastError: raw.last_error,
  };
}

export function toHeld(raw: RawHeld): HeldRow {
  return {
    fileId: raw.file_id,
    provider: providerOf(raw.provider),
    accountId: raw.account_id,
    transactionId: raw.transaction_id,
    seq: Number(raw.seq),
    data: raw.data,
  };
}

export type { RawHeld, RawLink };

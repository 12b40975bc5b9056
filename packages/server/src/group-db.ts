import { merkle, type MessageEnvelope, type TrieNode } from '@coffer/crdt';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isSafeId } from './ids.ts';
import { InvalidTimestampError, type SyncResult } from './storage/storage.ts';
import { insertAll, readStamp, type Stamp } from './trie-batch.ts';

/** `timestamp, is_encrypted, content` as a raw row. */
type MessageRow = [string, number, Buffer];

interface OpenGroup {
  db: Database.Database;
  /** Messages after a timestamp, oldest first, at most a limit of them (-1: all). */
  select: Database.Statement<[string, number], MessageRow>;
  insert: Database.Statement<[string, number, Buffer]>;
  saveMerkle: Database.Statement<[string]>;
  /** The parsed trie, kept in step with `messages_merkles` so a sync never re-reads it. */
  trie: TrieNode;
}

export { InvalidTimestampError };
export type { SyncResult };

function envelope([timestamp, isEncrypted, content]: MessageRow): MessageEnvelope {
  return { timestamp, isEncrypted: isEncrypted === 1, content };
}

/** Same tables as Actual's `group-<id>.sqlite`, so the message log of a group is portable. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS messages_binary
    (timestamp TEXT PRIMARY KEY, is_encrypted BOOLEAN, content bytea) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS messages_merkles (id INTEGER PRIMARY KEY, merkle TEXT);`;

/** Handles stay open between requests; the least recently used are closed past this count. */
const MAX_OPEN_GROUPS = 32;

/**
 * The content-blind message relay: one SQLite file per sync group holding opaque envelopes and
 * the group's merkle trie. Nothing here looks inside a message.
 */
export class GroupStore {
  private readonly open = new Map<string, OpenGroup>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  path(groupId: string): string {
    if (!isSafeId(groupId)) throw new Error('unsafe group id');
    return join(this.dir, `group-${groupId}.sqlite`);
  }

  private handle(groupId: string): OpenGroup {
    const cached = this.open.get(groupId);
    if (cached) {
      // Re-inserting moves the entry to the back of the Map's order: most recently used.
      this.open.delete(groupId);
      this.open.set(groupId, cached);
      return cached;
    }
    const db = new Database(this.path(groupId));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
    const row = db.prepare('SELECT merkle FROM messages_merkles WHERE id = 1').get() as
      { merkle: string } | undefined;
    const group: OpenGroup = {
      db,
      select: db
        .prepare(
          'SELECT timestamp, is_encrypted, content FROM messages_binary WHERE timestamp > ? ORDER BY timestamp LIMIT ?',
        )
        .raw(true) as unknown as Database.Statement<[string, number], MessageRow>,
      insert: db.prepare(
        'INSERT OR IGNORE INTO messages_binary (timestamp, is_encrypted, content) VALUES (?, ?, ?)',
      ),
      saveMerkle: db.prepare(
        'INSERT INTO messages_merkles (id, merkle) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET merkle = excluded.merkle',
      ),
      // A new group's trie is `{}`, not `{hash: 0}`: Actual's client compares root hashes with
      // ===, and a 0 against its own missing hash would never converge.
      trie: row ? (JSON.parse(row.merkle) as TrieNode) : {},
    };
    this.open.set(groupId, group);
    while (this.open.size > MAX_OPEN_GROUPS) {
      const oldest = this.open.keys().next().value as string;
      this.closeGroup(oldest);
    }
    return group;
  }

  /**
   * One sync round: read what the client has not seen (the oldest `limit` of it, when given),
   * then store its batch and update the trie in one transaction. The read comes first, so a
   * client never gets its own batch back.
   */
  sync(groupId: string, since: string, incoming: MessageEnvelope[], limit?: number): SyncResult {
    const stamps = incoming.map((m) => {
      const stamp = readStamp(m.timestamp);
      if (!stamp) throw new InvalidTimestampError(m.timestamp);
      return stamp;
    });
    const group = this.handle(groupId);
    const rows = group.select.all(since, limit ?? -1);
    const trie = group.db.transaction(() => {
      // Only rows actually inserted count: a resent message must not flip its hash back out.
      const added: Stamp[] = [];
      incoming.forEach((m, i) => {
        const content = Buffer.from(m.content.buffer, m.content.byteOffset, m.content.byteLength);
        if (group.insert.run(m.timestamp, m.isEncrypted ? 1 : 0, content).changes > 0) {
          added.push(stamps[i]!);
        }
      });
      const next = merkle.prune(insertAll(group.trie, added));
      group.saveMerkle.run(JSON.stringify(next));
      return { next, added: added.length };
    })();
    group.trie = trie.next;
    return {
      messages: rows.map(envelope),
      more: limit !== undefined && rows.length === limit,
      trie: trie.next,
      added: trie.added,
    };
  }

  /** Up to `limit` messages after `after`, oldest first (the rest of a large answer). */
  after(groupId: string, after: string, limit: number): MessageEnvelope[] {
    if (!existsSync(this.path(groupId))) return [];
    return this.handle(groupId).select.all(after, limit).map(envelope);
  }

  /** Number of stored messages (for checks and tests). */
  count(groupId: string): number {
    if (!existsSync(this.path(groupId))) return 0;
    const row = this.handle(groupId)
      .db.prepare('SELECT count(*) AS n FROM messages_binary')
      .get() as {
      n: number;
    };
    return row.n;
  }

  /** Every stored timestamp in order (for checks and tests). */
  timestamps(groupId: string): string[] {
    if (!existsSync(this.path(groupId))) return [];
    const rows = this.handle(groupId)
      .db.prepare('SELECT timestamp FROM messages_binary ORDER BY timestamp')
      .all() as { timestamp: string }[];
    return rows.map((r) => r.timestamp);
  }

  remove(groupId: string): void {
    if (!isSafeId(groupId)) return;
    this.closeGroup(groupId);
    for (const suffix of ['', '-wal', '-shm']) rmSync(this.path(groupId) + suffix, { force: true });
  }

  /** Deletes group files no file row points at (left by a crash during a reset). */
  sweep(referenced: Set<string>): void {
    for (const name of readdirSync(this.dir)) {
      const match = /^group-(.+)\.sqlite(-wal|-shm)?$/.exec(name);
      if (match && !referenced.has(match[1]!)) rmSync(join(this.dir, name), { force: true });
    }
  }

  private closeGroup(groupId: string): void {
    const group = this.open.get(groupId);
    if (!group) return;
    this.open.delete(groupId);
    group.db.close();
  }

  close(): void {
    for (const id of [...this.open.keys()]) this.closeGroup(id);
  }
}

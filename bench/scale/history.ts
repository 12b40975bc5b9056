// The sync history of a long-lived budget, written as a client writes it: edits to existing
// transactions (amount, notes, category, cleared), each one CRDT message with its own HLC
// timestamp, applied to the row, kept in the file's message log and merkle, and sent to the
// server in batches through /sync/sync, each batch checked against the server's merkle.
import {
  decodeSyncResponse,
  encodeMessage,
  encodeSyncRequest,
  merkle,
  serializeValue,
  Timestamp,
  type MessageEnvelope,
  type TrieNode,
} from '@coffer/crdt';
import Database from 'better-sqlite3';

/** The node id this history's device writes under (16 hex digits). */
const NODE = '5ca1ab1e00c0ffee';

export interface Target {
  url: string;
  token: string;
  fileId: string;
  groupId: string;
}

/** The server's merkle after `envelopes` arrived (none: just asks for its merkle). */
export async function syncBatch(
  t: Target,
  envelopes: MessageEnvelope[],
  since: string,
): Promise<{ hash: number; received: number }> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/actual-sync', 'x-actual-token': t.token },
    body: encodeSyncRequest({ messages: envelopes, fileId: t.fileId, groupId: t.groupId, keyId: '', since }), // prettier-ignore
  };
  // As Coffer's client does: a sync is safe to repeat, and the writes between batches block
  // long enough for the server to close the idle pooled connection the next one goes out on.
  const res = await fetch(`${t.url}/sync/sync`, init).catch((e: unknown) => {
    console.error(
      `sync batch repeated after: ${String(e)} (${String((e as { cause?: unknown }).cause)})`,
    );
    return fetch(`${t.url}/sync/sync`, init);
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`sync ${res.status}: ${Buffer.from(bytes).toString().slice(0, 300)}`); // prettier-ignore
  const answer = decodeSyncResponse(bytes);
  const trie = JSON.parse(answer.merkle) as TrieNode;
  return { hash: trie.hash ?? 0, received: answer.messages.length };
}

/**
 * Empties the file's message log and merkle, as a reset of sync leaves a file before its first
 * upload: the 1M rows were written straight into SQLite and have no messages, and the server
 * starts with none.
 */
export function resetLog(dbPath: string): void {
  const db = new Database(dbPath);
  db.exec('DELETE FROM messages_crdt');
  const clock = { timestamp: new Timestamp(0, 0, NODE).toString(), merkle: {} };
  db.prepare('INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)').run(JSON.stringify(clock)); // prettier-ignore
  db.close();
}

export interface HistoryRun {
  messages: number;
  batches: number;
  syncMs: number;
  writeMs: number;
  /** Slowest batch's round trip to the server. */
  maxBatchMs: number;
  requestBytes: number;
}

/** Edits come in sessions of this many, 100 ms apart, as a person's sittings and imports do. */
const SESSION = 500;

/**
 * Writes `count` edits in batches of `batch` into the file at `dbPath` and sends each batch to
 * the server. Sessions start evenly from `fromMillis` to `toMillis` (so the merkle has the
 * minutes of real use, not one leaf per edit); rows and values are drawn from a seeded
 * generator, so two runs write the same history.
 */
export async function writeHistory(
  dbPath: string,
  target: Target,
  { count, batch, fromMillis, toMillis, seed }: { count: number; batch: number; fromMillis: number; toMillis: number; seed: number }, // prettier-ignore
): Promise<HistoryRun> {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const ids = db
    .prepare('SELECT id FROM transactions WHERE isParent = 0 AND tombstone = 0 ORDER BY id')
    .pluck()
    .all() as string[];
  const categories = db
    .prepare('SELECT id FROM categories WHERE tombstone = 0 ORDER BY id')
    .pluck()
    .all() as string[];
  const clockRow = db.prepare('SELECT clock FROM messages_clock WHERE id = 1').get() as { clock: string }; // prettier-ignore
  let trie = (JSON.parse(clockRow.clock) as { merkle: TrieNode }).merkle;
  let rand = seed;
  const next = () => {
    rand = (rand * 1103515245 + 12345) % 2147483648;
    return rand / 2147483648;
  };
  const insert = db.prepare(
    'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES (?, ?, ?, ?, ?)',
  );
  const columns = ['amount', 'amount', 'notes', 'category', 'cleared'] as const;
  const update = Object.fromEntries(
    columns.map((c) => [c, db.prepare(`UPDATE transactions SET ${c} = ? WHERE id = ?`)]),
  );
  const sessionStep = (toMillis - fromMillis) / Math.ceil(count / SESSION);
  if (sessionStep < SESSION * 100) throw new Error('too many edits for the span');
  const run: HistoryRun = { messages: 0, batches: 0, syncMs: 0, writeMs: 0, maxBatchMs: 0, requestBytes: 0 }; // prettier-ignore
  let last = '';
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const rows: Array<[string, string, string, string | number]> = [];
    const envelopes: MessageEnvelope[] = [];
    for (let i = 0; i < n; i++) {
      const k = start + i;
      const millis = fromMillis + Math.floor(k / SESSION) * sessionStep + (k % SESSION) * 100;
      const ts = new Timestamp(Math.floor(millis), 0, NODE);
      const row = ids[Math.floor(next() * ids.length)]!;
      const column = columns[Math.floor(next() * columns.length)]!;
      const value =
        column === 'amount'
          ? -Math.floor(next() * 20000) - 1
          : column === 'notes'
            ? `edit ${k}`
            : column === 'category'
              ? categories[Math.floor(next() * categories.length)]!
              : Math.floor(next() * 2);
      const text = serializeValue(value);
      rows.push([ts.toString(), row, column, value]);
      envelopes.push({
        timestamp: ts.toString(),
        isEncrypted: false,
        content: encodeMessage({ dataset: 'transactions', row, column, value: text }),
      });
      trie = merkle.insert(trie, ts);
      last = ts.toString();
    }
    const t0 = performance.now();
    db.transaction(() => {
      for (const [ts, row, column, value] of rows) {
        insert.run(ts, 'transactions', row, column, serializeValue(value));
        update[column]!.run(value, row);
      }
      db.prepare('INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)').run(
        JSON.stringify({ timestamp: last, merkle: trie }),
      );
    })();
    run.writeMs += performance.now() - t0;
    const t1 = performance.now();
    // `since` is this batch's newest: the server has nothing newer, so it answers its merkle.
    const answer = await syncBatch(target, envelopes, last);
    const ms = performance.now() - t1;
    run.syncMs += ms;
    run.maxBatchMs = Math.max(run.maxBatchMs, ms);
    run.requestBytes += envelopes.reduce((s, e) => s + e.content.length + e.timestamp.length + 8, 0); // prettier-ignore
    if (answer.hash !== (trie.hash ?? 0)) {
      throw new Error(`after batch ${run.batches}: server merkle ${answer.hash}, file ${trie.hash}`); // prettier-ignore
    }
    run.messages += n;
    run.batches += 1;
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  return run;
}

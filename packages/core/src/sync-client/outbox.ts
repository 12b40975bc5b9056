import type { MessageEnvelope } from '@coffer/crdt';
import type { SqliteDatabase } from '../platform/index.ts';
import type { StoredMessage } from '../sync/types.ts';
import type { MessageCodec } from './codec.ts';

const PAGE_SQL =
  'SELECT timestamp, dataset, row, column, value FROM messages_crdt ' +
  'WHERE timestamp > ? ORDER BY timestamp LIMIT ?';

const decoder = new TextDecoder();

/** UTF-8 length without encoding. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The wire size of one envelope, from above: field tags and length prefixes (at most 5 bytes
 * each), the 46-byte timestamp, and for encrypted messages the IV, tag and their framing.
 */
export function envelopeBound(m: StoredMessage, encrypted: boolean): number {
  const body =
    utf8Length(m.dataset) + utf8Length(m.row) + utf8Length(m.column) + utf8Length(m.value);
  return 64 + body + 4 * 6 + (encrypted ? 48 : 0);
}

export interface Batch {
  envelopes: MessageEnvelope[];
  /** The timestamp of the last message in the batch (the next page starts after it). */
  last: string | null;
  /** Whether more messages may follow. */
  more: boolean;
}

/**
 * The next batch of logged messages after `cursor`, oldest first, cut at `maxMessages` or once
 * the envelopes would exceed `maxBytes` (always at least one message), so every request stays
 * far below the server's body limit however large the change.
 */
export async function readBatch(
  sqlite: SqliteDatabase,
  codec: MessageCodec,
  cursor: string,
  maxMessages: number,
  maxBytes: number,
): Promise<Batch> {
  const rows = sqlite.all<StoredMessage & { value: string | Uint8Array }>(PAGE_SQL, [
    cursor,
    maxMessages,
  ]);
  const picked: StoredMessage[] = [];
  let bytes = 0;
  let cut = false;
  for (const row of rows) {
    const message: StoredMessage = {
      timestamp: row.timestamp,
      dataset: row.dataset,
      row: row.row,
      column: row.column,
      value: typeof row.value === 'string' ? row.value : decoder.decode(row.value),
    };
    const size = envelopeBound(message, codec.keyId !== null);
    if (picked.length > 0 && bytes + size > maxBytes) {
      cut = true;
      break;
    }
    bytes += size;
    picked.push(message);
  }
  return {
    envelopes: await codec.encode(picked),
    last: picked.length > 0 ? picked[picked.length - 1]!.timestamp : null,
    more: cut || rows.length === maxMessages,
  };
}

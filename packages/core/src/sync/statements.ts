import { SYNCED_SCHEMA } from '../schema/synced-tables.ts';

/**
 * Every SQL statement the message apply needs, built once from the whitelist. Identifiers
 * come from `SYNCED_SCHEMA`'s own keys, never from message text: a message only selects an
 * entry here by name.
 */
interface TableStatements {
  select: string;
  upsert: ReadonlyMap<string, string>;
}

const quote = (name: string): string => `"${name}"`;

function build(): ReadonlyMap<string, TableStatements> {
  const out = new Map<string, TableStatements>();
  for (const [table, columns] of Object.entries(SYNCED_SCHEMA)) {
    const upsert = new Map<string, string>();
    for (const column of Object.keys(columns)) {
      upsert.set(
        column,
        `INSERT INTO ${quote(table)} (id, ${quote(column)}) VALUES (?, ?) ` +
          `ON CONFLICT (id) DO UPDATE SET ${quote(column)} = excluded.${quote(column)}`,
      );
    }
    out.set(table, { select: `SELECT * FROM ${quote(table)} WHERE id = ?`, upsert });
  }
  return out;
}

const STATEMENTS = build();

/** The upsert for one whitelisted cell, or undefined when the table or column is unknown. */
export function upsertSql(table: string, column: string): string | undefined {
  return STATEMENTS.get(table)?.upsert.get(column);
}

/** `SELECT * ... WHERE id = ?` for a whitelisted table. */
export function selectRowSql(table: string): string | undefined {
  return STATEMENTS.get(table)?.select;
}

export const INSERT_MESSAGE_SQL =
  'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES (?, ?, ?, ?, ?)';
export const HAS_TIMESTAMP_SQL = 'SELECT 1 AS x FROM messages_crdt WHERE timestamp = ?';
export const NEWER_IN_CELL_SQL =
  'SELECT 1 AS x FROM messages_crdt WHERE dataset = ? AND row = ? AND column = ? AND timestamp > ? LIMIT 1';
export const SAVE_CLOCK_SQL = 'INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)';
export const LOAD_CLOCK_SQL = 'SELECT clock FROM messages_clock WHERE id = 1';
export const MESSAGES_SINCE_SQL =
  'SELECT timestamp, dataset, row, column, value FROM messages_crdt WHERE timestamp > ? ORDER BY timestamp';

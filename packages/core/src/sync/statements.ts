/**
 * The SQL the message apply runs. Table and column names come from the open file's own schema
 * (`FileColumns`), never from message text: a message only selects a name that is there, and
 * a name that is not gets no statement.
 */
export const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Rows one multi-row upsert writes: a statement per row cost more than the row itself. */
export const UPSERT_CHUNK = 50;

/**
 * One upsert setting several cells of a row: `INSERT ... ON CONFLICT (id) DO UPDATE`. The
 * caller gives the columns in the file's order, so one column set always gives the same SQL
 * (and the driver reuses its prepared statement). `returning` is the same statement with
 * `RETURNING *`, for rows whose stored form cannot be worked out without SQLite (see
 * `RowShapes`); `chunk` upserts `UPSERT_CHUNK` rows at once (each row's `excluded` is its own,
 * so it ends as the rows one by one would). Parameters: the id, then the columns in order.
 */
export function upsertRowSql(
  table: string,
  columns: readonly string[],
): { sql: string; returning: string; chunk: string; columns: readonly string[] } {
  if (columns.length === 0) throw new Error(`No columns to upsert into ${table}`);
  const names = columns.map(quoteName);
  const head = `INSERT INTO ${quoteName(table)} (id, ${names.join(', ')}) VALUES `;
  const values = `(?${', ?'.repeat(columns.length)})`;
  const tail = ` ON CONFLICT (id) DO UPDATE SET ${names.map((n) => `${n} = excluded.${n}`).join(', ')}`;
  const sql = head + values + tail;
  const chunk = head + Array<string>(UPSERT_CHUNK).fill(values).join(', ') + tail;
  return { sql, returning: `${sql} RETURNING *`, chunk, columns };
}

/** Makes the row if it is missing, setting nothing (its other cells live elsewhere). */
export function ensureRowSql(table: string): string {
  return `INSERT INTO ${quoteName(table)} (id) VALUES (?) ON CONFLICT (id) DO NOTHING`;
}

/** Messages go in by this many rows per statement. */
export const MESSAGE_CHUNK = 100;

const messageValues = (n: number): string => Array(n).fill('(?, ?, ?, ?, ?)').join(', ');

export const INSERT_MESSAGES_SQL = (count: number): string =>
  `INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ${messageValues(count)}`;
/** The log's newest timestamp (the UNIQUE index answers it). */
export const NEWEST_LOGGED_SQL = 'SELECT MAX(timestamp) AS latest FROM messages_crdt';
/** Which of a JSON array of timestamps the log already holds. */
export const LOGGED_TIMESTAMPS_SQL =
  'SELECT timestamp FROM messages_crdt WHERE timestamp IN (SELECT value FROM json_each(?))';
/** For a JSON array of [dataset, row, column] cells: the latest logged timestamp of each. */
export const LATEST_IN_CELLS_SQL = `SELECT c.key AS i, (
    SELECT MAX(m.timestamp) FROM messages_crdt m
    WHERE m.dataset = json_extract(c.value, '$[0]') AND m.row = json_extract(c.value, '$[1]')
      AND m.column = json_extract(c.value, '$[2]')
  ) AS latest
  FROM json_each(?) c`;
export const SAVE_CLOCK_SQL = 'INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)';
export const LOAD_CLOCK_SQL = 'SELECT clock FROM messages_clock WHERE id = 1';
export const MESSAGES_SINCE_SQL =
  'SELECT timestamp, dataset, row, column, value FROM messages_crdt WHERE timestamp > ? ORDER BY timestamp';

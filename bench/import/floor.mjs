// The floor of an import on this machine: the rows and messages Coffer's import wrote, written
// again straight into a copy of the budget as it was before the import, with better-sqlite3
// and nothing else (no parsing, rules, matching, undo or budget sheet). DESIGN.md §5 sets the
// 50,000 target against this kind of floor; measuring it in the same run shows what the
// machine allows, since a loaded 2-core machine can be several times slower than a quiet one.
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

const MESSAGE_CHUNK = 100;
const insertMessagesSql = (n) =>
  'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ' +
  Array(n).fill('(?, ?, ?, ?, ?)').join(', ');

/** Copy the budget file while nothing writes to it (a rollback-journal file between commits). */
export function snapshotBefore(dbPath, copyPath) {
  const db = new Database(dbPath, { readonly: true });
  const newest = db.prepare('SELECT MAX(timestamp) AS t FROM messages_crdt').get().t;
  db.close();
  copyFileSync(dbPath, copyPath);
  return newest;
}

/**
 * Read what the import wrote (messages after `newest`, and the rows they touched as they
 * ended up) from `afterPath`, then time writing exactly that into `copyPath` in one
 * transaction, with the page cache Coffer uses. Answers wall and CPU milliseconds.
 */
export function measureFloor(afterPath, copyPath, newest) {
  const after = new Database(afterPath, { readonly: true });
  const messages = after
    .prepare(
      'SELECT timestamp, dataset, row, column, value FROM messages_crdt WHERE timestamp > ? ORDER BY timestamp',
    )
    .raw()
    .all(newest);
  const rowsByTable = new Map();
  for (const [, dataset, row] of messages) {
    if (!rowsByTable.has(dataset)) rowsByTable.set(dataset, new Set());
    rowsByTable.get(dataset).add(row);
  }
  const tables = [];
  for (const [table, ids] of rowsByTable) {
    const list = [...ids];
    const rows = [];
    const select = after.prepare(
      `SELECT * FROM "${table}" WHERE id IN (SELECT value FROM json_each(?))`,
    );
    for (let i = 0; i < list.length; i += 500) {
      rows.push(...select.all(JSON.stringify(list.slice(i, i + 500))));
    }
    if (rows.length > 0) tables.push({ table, columns: Object.keys(rows[0]), rows });
  }
  const clock = after.prepare('SELECT clock FROM messages_clock WHERE id = 1').get().clock;
  after.close();

  const db = new Database(copyPath);
  db.pragma('cache_size = -32768');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  db.transaction(() => {
    const full = db.prepare(insertMessagesSql(MESSAGE_CHUNK));
    for (let i = 0; i < messages.length; i += MESSAGE_CHUNK) {
      const part = messages.slice(i, i + MESSAGE_CHUNK);
      const stmt =
        part.length === MESSAGE_CHUNK ? full : db.prepare(insertMessagesSql(part.length));
      stmt.run(part.flat());
    }
    for (const { table, columns, rows } of tables) {
      const upsert = db.prepare(
        `INSERT OR REPLACE INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
          `VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) upsert.run(columns.map((c) => row[c]));
    }
    db.prepare('INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)').run(clock);
  })();
  const floorMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  db.close();
  return { floorMs, floorCpuMs: (cpu.user + cpu.system) / 1000, floorMessages: messages.length };
}

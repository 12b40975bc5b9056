import type { Sqlite3Static } from '@sqlite.org/sqlite-wasm';

/**
 * The path of a budget file's open and first read, run once on a throwaway file in memory, so
 * V8 compiles the SQLite functions it calls (at their first call; warm-helper.ts runs it on
 * another thread for the core's): a second connection's first read parses the schema and looks
 * for a hot journal as a file's open does, then the open's pragmas and a read through a view.
 * It stays small (a table, an index and a view; SQLite's C API, not oo1's JS): a first try
 * that also ran writes, triggers and a dozen query shapes cost 45 ms of CPU to save 18. A step
 * that fails ends it; what it did not reach is compiled when first used.
 */
const STEPS: readonly string[] = [
  // The first connection makes the file's schema.
  `CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER DEFAULT 0, x REAL, s TEXT NOT NULL DEFAULT '',
     b BLOB, tombstone INTEGER DEFAULT 0);
   CREATE INDEX t_n ON t (n, s);
   CREATE VIEW v AS SELECT t.id, COALESCE(u.n, 0) AS n, CASE WHEN t.b IS NULL THEN 0 ELSE 1 END
     AS has FROM t LEFT JOIN t u ON u.id = t.s WHERE t.tombstone = 0;`,
  // The second one opens it as a budget file is opened (budget-file's open, storage/pool-backend.ts).
  `PRAGMA journal_mode = PERSIST; PRAGMA journal_size_limit = 1048576;
   PRAGMA cache_size = -32768; SELECT count(*) FROM sqlite_master;`,
  `BEGIN; SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name;
   SELECT id, n FROM v WHERE n >= 0 ORDER BY id LIMIT 10; COMMIT;`,
  // The shapes of the open's other reads (prepareDatabase's, the budget sheet's).
  `SELECT name, type, pk, hidden, dflt_value FROM pragma_table_xinfo('t');
   SELECT n / 100 AS m, s, SUM(IFNULL(x, 0)) AS amount FROM t WHERE n IS NOT NULL GROUP BY m, s;
   SELECT (SELECT MAX(n) FROM t) AS a, (SELECT COUNT(*) FROM t) AS b, MIN(x) FROM t;
   SELECT id FROM t WHERE s IN ('a', 'b') AND id > 'x' AND tombstone = 0;`,
];

/** How many steps there are (the tests check that every one runs). */
export const WARM_STEPS = STEPS.length;

/**
 * Warm SQLite's code up (see STEPS), a step per task: `yieldTo` queues the next one. Answers
 * how many steps ran; it never rejects.
 */
export function warmSqlite(
  sqlite3: Sqlite3Static,
  yieldTo: (next: () => void) => void,
): Promise<number> {
  const { capi, wasm } = sqlite3;
  // A name of its own: a shared in-memory file ('/…' on memdb) that ends with its last close.
  const name = `/coffer-warm-${Math.floor(Math.random() * 1e9).toString(36)}`;
  const open: number[] = [];
  const connect = (): number => {
    const stack = wasm.pstack.pointer;
    try {
      const out = wasm.pstack.allocPtr();
      const flags = capi.SQLITE_OPEN_READWRITE | capi.SQLITE_OPEN_CREATE;
      const rc = capi.sqlite3_open_v2(name, out, flags, 'memdb');
      const db = wasm.peekPtr(out) as number;
      if (db) open.push(db);
      if (rc !== 0) throw new Error(`open: ${rc}`);
      return db;
    } finally {
      wasm.pstack.restore(stack);
    }
  };
  const exec = (db: number, sql: string): void => {
    const rc = capi.sqlite3_exec(db, sql, 0, 0, 0);
    if (rc !== 0) throw new Error(`${rc}: ${capi.sqlite3_errmsg(db)}`);
  };
  return new Promise((resolve) => {
    const end = (ran: number): void => {
      for (const db of open) capi.sqlite3_close_v2(db);
      resolve(ran);
    };
    const run = (i: number): void => {
      try {
        const db = i === 0 ? connect() : i === 1 ? connect() : open[1]!;
        exec(db, STEPS[i]!);
      } catch {
        end(i);
        return;
      }
      if (i + 1 < STEPS.length) yieldTo(() => run(i + 1));
      else end(i + 1);
    };
    yieldTo(() => run(0));
  });
}

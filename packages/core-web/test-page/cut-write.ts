import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { POOL_DIR } from '../src/storage/pool-files.ts';

/**
 * A write that never commits, left in a budget's database as a tab closed mid-write leaves it:
 * `sql` runs in a transaction on the budget's pool with a tiny page cache, so SQLite writes the
 * changed pages into the file before the commit (its journal holds the old ones); the page then
 * ends this worker. The budget's own worker must have let go of the folder first. `journalMode`
 * is the writer's (DELETE before the core kept its journal, PERSIST since).
 */
export async function cutWrite(
  budgetDir: string,
  sql: string,
  journalMode: string,
): Promise<string[]> {
  const sqlite3 = await sqlite3InitModule();
  const pool = await sqlite3.installOpfsSAHPoolVfs({
    // A VFS name is taken for good, even by a failed install: each try has its own.
    name: `cut-write-${Math.random().toString(36).slice(2)}`,
    directory: `${budgetDir}/${POOL_DIR}`,
  });
  const db = new pool.OpfsSAHPoolDb('/db.sqlite');
  db.exec(`PRAGMA cache_size = 2; PRAGMA journal_mode = ${journalMode}`);
  // One committed write first: a kept journal then holds a finished transaction's zeroed header.
  db.exec('CREATE TABLE before_cut (x); DROP TABLE before_cut');
  db.exec('BEGIN');
  db.exec(sql);
  return pool.getFileNames();
}

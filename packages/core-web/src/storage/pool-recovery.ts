import type { Database, SAHPoolUtil, Sqlite3Static } from '@sqlite.org/sqlite-wasm';

/**
 * Opens a pool's database, rolling back a write a tab left unfinished.
 *
 * SQLite plays back a hot journal (a write cut off mid-commit, the tab closed or its worker
 * ended) only when no other connection holds the file's RESERVED lock. The SAH pool VFS keeps
 * no locks and answers that question "yes" for every file, so the journal was never played
 * back: the next open read the half-written pages as they were (a write cut off mid-way showed
 * 296 of 300 rows changed by a transaction that never committed). A folder's files are this
 * tab's alone once it is mounted (its Web Lock), so while its database is opened with a journal
 * beside it, the answer is "no" for one read: SQLite's own recovery then runs (or finds the
 * journal cold: a committed one's header is zeroed or the file deleted).
 */
export function openRecovering(sqlite3: Sqlite3Static, pool: SAHPoolUtil, name: string): Database {
  const db = new pool.OpfsSAHPoolDb(`/${name}`);
  if (!pool.getFileNames().includes(`/${name}-journal`)) return db;
  const { capi, wasm } = sqlite3;
  const stack = wasm.pstack.pointer;
  try {
    const out = wasm.pstack.allocPtr();
    const rc = capi.sqlite3_file_control(db.pointer!, 'main', capi.SQLITE_FCNTL_FILE_POINTER, out);
    if (rc !== 0)
      throw new Error(`Could not reach ${name}'s file (${rc}) to roll back its journal`);
    const file = new capi.sqlite3_file(wasm.peekPtr(out) as number);
    // The pool's I/O methods are shared by all its files; nothing else runs meanwhile (this is
    // synchronous), and they are put back before this returns.
    const methods = new capi.sqlite3_io_methods(file.$pMethods);
    // The typings list the bound members only; the runtime's `$` members are the raw slots.
    const slot = methods as unknown as { $xCheckReservedLock: number };
    const kept = slot.$xCheckReservedLock;
    const unlocked = wasm.installFunction('ipp', (_file: number, locked: number) => {
      wasm.poke32(locked, 0);
      return 0;
    });
    slot.$xCheckReservedLock = unlocked;
    try {
      // The first read takes the shared lock, which is when SQLite looks for a hot journal.
      db.exec('SELECT count(*) FROM sqlite_master');
    } finally {
      slot.$xCheckReservedLock = kept;
      wasm.uninstallFunction(unlocked);
      methods.dispose();
      file.dispose();
    }
  } catch (err) {
    db.close();
    throw err;
  } finally {
    wasm.pstack.restore(stack);
  }
  return db;
}

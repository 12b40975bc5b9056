import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { describe, expect, it } from 'vitest';
import { WARM_STEPS, warmSqlite } from './warm.ts';

const sqlite3 = await sqlite3InitModule();
const queue = (next: () => void): void => void setTimeout(next, 0);

/** SQLite's heap in use (SQLITE_STATUS_MEMORY_USED), in bytes. */
function memoryUsed(): number {
  const { wasm, capi } = sqlite3;
  const stack = wasm.pstack.pointer;
  try {
    const out = wasm.pstack.alloc(16);
    capi.sqlite3_status64(capi.SQLITE_STATUS_MEMORY_USED, out, Number(out) + 8, 0);
    return Number(wasm.peek(out, 'i64'));
  } finally {
    wasm.pstack.restore(stack);
  }
}

describe('warmSqlite', () => {
  it('runs every step (its SQL is valid), each in a task of its own', async () => {
    let tasks = 0;
    const ran = await warmSqlite(sqlite3, (next) => {
      tasks++;
      queue(next);
    });
    expect(ran).toBe(WARM_STEPS);
    expect(tasks).toBe(WARM_STEPS);
  });

  it('leaves no connection open: its in-memory file is gone once it ends', async () => {
    await warmSqlite(sqlite3, queue);
    const before = memoryUsed();
    let during = 0;
    await warmSqlite(sqlite3, (next) => {
      during = Math.max(during, memoryUsed());
      queue(next);
    });
    // A connection and its schema hold tens of KB; what stays after is only SQLite's caches.
    expect(during - before).toBeGreaterThan(32 * 1024);
    expect(memoryUsed() - before).toBeLessThan(4 * 1024);
  });

  it('stops at a step that fails, closing what it opened', async () => {
    const ran = await warmSqlite(sqlite3, (next) => {
      // A worker's SQLite that cannot open memdb files: the first step throws.
      const vfs = sqlite3.capi.sqlite3_vfs_find('memdb');
      sqlite3.capi.sqlite3_vfs_unregister(vfs);
      try {
        next();
      } finally {
        sqlite3.capi.sqlite3_vfs_register(vfs, 0);
      }
    });
    expect(ran).toBe(0);
  });
});

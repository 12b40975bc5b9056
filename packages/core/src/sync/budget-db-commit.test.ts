import { Timestamp, merkle } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { createTestPlatform } from '../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { prepareDatabase } from '../schema/prepare.ts';
import { BudgetDb } from './budget-db.ts';

/**
 * A budget whose database counts its commits: each outermost transaction, and each write made
 * outside one (SQLite commits it by itself). `failCommit` makes the next outermost transaction
 * roll back after its body ran, as a commit that fails on disk would.
 */
function countingBudget() {
  const platform = createTestPlatform();
  const raw = platform.sqlite.open(':memory:');
  const prepared = prepareDatabase(raw, { create: true });
  if (!prepared.ok) throw new Error(prepared.message);
  raw.exec('CREATE TABLE side (n TEXT)');
  const state = { commits: 0, depth: 0, failCommit: false };
  const writes = (sql: string) => !/^\s*(SELECT|WITH|PRAGMA)\b/i.test(sql);
  const sqlite: SqliteDatabase = {
    run: (sql, params) => {
      if (state.depth === 0 && writes(sql)) state.commits++;
      return raw.run(sql, params);
    },
    all: (sql, params) => raw.all(sql, params),
    first: (sql, params) => raw.first(sql, params),
    exec: (sql) => {
      if (state.depth === 0 && writes(sql)) state.commits++;
      raw.exec(sql);
    },
    transaction: (fn) => {
      const outer = state.depth === 0;
      state.depth++;
      try {
        return raw.transaction(() => {
          const result = fn();
          if (outer && state.failCommit) {
            state.failCommit = false;
            throw new Error('disk full');
          }
          return result;
        });
      } finally {
        state.depth--;
        if (outer) state.commits++;
      }
    },
    serialize: () => raw.serialize(),
    close: () => raw.close(),
  };
  const db = BudgetDb.open(sqlite, {
    clock: platform.clock,
    random: platform.random,
    log: platform.log,
  });
  const side = () => raw.all<{ n: string }>('SELECT n FROM side ORDER BY n').map((r) => r.n);
  return { db, state, side, raw };
}

describe('one commit per write', () => {
  it('a write and what its listeners write commit as one SQLite transaction', () => {
    const { db, state, side } = countingBudget();
    db.onChange(() => db.sqlite.run("INSERT INTO side VALUES ('a')"));
    db.onChange(() => {
      db.sqlite.run("INSERT INTO side VALUES ('b')");
      db.sqlite.run("INSERT INTO side VALUES ('c')");
    });
    state.commits = 0;
    db.insert('payees', { name: 'Shop' });
    expect(state.commits).toBe(1);
    expect(side()).toEqual(['a', 'b', 'c']);
  });

  it('a listener that throws keeps none of its writes; the write and the others are kept', () => {
    const { db, side } = countingBudget();
    db.onChange(() => {
      db.sqlite.run("INSERT INTO side VALUES ('half')");
      throw new Error('listener bug');
    });
    db.onChange(() => db.sqlite.run("INSERT INTO side VALUES ('other')"));
    expect(() => db.undo.withUndo(() => db.insert('payees', { name: 'Shop' }))).toThrow(
      'listener bug',
    );
    expect(side()).toEqual(['other']);
    expect(db.sqlite.first('SELECT name FROM payees')).toEqual({ name: 'Shop' });
    // The change is committed, so it can be undone like any other.
    expect(db.undo.canUndo()).toBe(true);
  });

  it('a commit that fails leaves the clock and merkle as stored, and the next write works', () => {
    const { db, state, side } = countingBudget();
    db.onChange(() => db.sqlite.run("INSERT INTO side VALUES ('x')"));
    db.undo.withUndo(() => db.insert('payees', { name: 'Kept' }));
    const stored = db.merkle.hash;
    state.failCommit = true;
    expect(() => db.undo.withUndo(() => db.insert('payees', { name: 'Lost' }))).toThrow(
      'disk full',
    );
    expect(db.merkle.hash).toBe(stored);
    expect(side()).toEqual(['x']);
    // The undo history holds only what was committed: one undo takes 'Kept' back.
    db.undo.undo();
    expect(db.undo.canUndo()).toBe(false);
    db.insert('payees', { name: 'Next' });
    const log = db.getMessagesSince(Timestamp.zero.toString());
    expect(db.merkle.hash).toBe(merkle.build(log.map((m) => Timestamp.parse(m.timestamp)!)).hash);
    expect(db.sqlite.all('SELECT name, tombstone FROM payees ORDER BY name')).toEqual([
      { name: 'Kept', tombstone: 1 },
      { name: 'Next', tombstone: 0 },
    ]);
  });
});

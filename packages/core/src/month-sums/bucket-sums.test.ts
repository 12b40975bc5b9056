/**
 * An event of many rows (an import, a large undo) is summed per bucket and written into each
 * sums table in one statement, not one per row, and leaves every table as its rebuild does:
 * rows moved within a bucket, out of it into another, and a bucket emptied (gone, not left with
 * a count of 0), in one event each.
 */
import { describe, expect, it } from 'vitest';
import { DerivedData } from '../budget-file/derived-data.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { rebuildGroupSums } from './group-store.ts';
import { ALL_SUMS_TABLE } from './slot.ts';
import { rebuildMonthSums } from './store.ts';
import { rebuildTagSums } from './tag-store.ts';
import { SUMS_TABLES, sumsContents } from './test-helpers/sums-tables.ts';

const NOTES = [null, 'plain', '#trip', 'Dinner #trip #food'];

function setUp() {
  const { db } = memoryBudgetDb({ seed: 23 });
  db.batch(() => {
    db.insert('accounts', { id: 'a1', name: 'One', offbudget: 0 });
    db.insert('accounts', { id: 'a2', name: 'Savings', offbudget: 1 });
    for (const id of ['p', 'q']) {
      db.insert('payees', { id, name: id });
      db.insert('payee_mapping', { id, targetId: id });
    }
    db.insert('categories', { id: 'c1', name: 'c1', cat_group: 'g' });
    db.insert('category_mapping', { id: 'c1', transferId: 'c1' });
  });
  const sums = new DerivedData(db.sqlite, (l) => db.onChange(l), ALL_SUMS_TABLE);
  sums.ensure();
  return { db, sums };
}
type Db = ReturnType<typeof setUp>['db'];

const contents = (db: Db) => sumsContents(db.sqlite);

function expectLikeRebuilds(db: Db): void {
  const kept = contents(db);
  for (const t of SUMS_TABLES) {
    expect(db.sqlite.first<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t} WHERE count = 0`)?.n).toBe(0); // prettier-ignore
  }
  db.sqlite.transaction(() => {
    rebuildMonthSums(db.sqlite);
    rebuildGroupSums(db.sqlite);
    rebuildTagSums(db.sqlite);
    expect(contents(db)).toEqual(kept);
  });
}

/** The upserts into the sums tables while `fn` runs. */
function sumsUpserts(db: Db, fn: () => void): number {
  const run = db.sqlite.run.bind(db.sqlite);
  let upserts = 0;
  db.sqlite.run = (sql, params) => {
    if (/INSERT INTO coffer_\w+_(sums|totals)\b/.test(sql) && sql.includes('ON CONFLICT'))
      upserts++;
    return run(sql, params);
  };
  try {
    fn();
  } finally {
    db.sqlite.run = run;
  }
  return upserts;
}

describe('the sums kept in step with an event of many rows', () => {
  it('write each table in one statement and equal their rebuild', () => {
    const { db, sums } = setUp();
    const ids: string[] = [];
    // 400 rows in one event, over two accounts, two months (days in and out of the shared
    // bucket), two payees, notes with and without tags: a few dozen buckets per table.
    const upserts = sumsUpserts(db, () =>
      db.batch(() => {
        for (let i = 0; i < 400; i++) {
          ids.push(
            db.insert('transactions', {
              acct: i % 3 === 0 ? 'a2' : 'a1',
              date: 20240100 + (i % 2) * 100 + [3, 15, 30][i % 3]!,
              amount: (i % 5) - 2,
              description: i % 4 === 0 ? 'q' : 'p',
              category: i % 2 === 0 ? 'c1' : null,
              notes: NOTES[i % NOTES.length],
            }),
          );
        }
      }),
    );
    expect(sums.isCurrent()).toBe(true);
    expectLikeRebuilds(db);
    // One upsert statement per table for the whole event (the tag sums: one for the rows with no
    // tag, summed by SQLite, one for those read through the notes parser); per row it was one
    // per row and table and more for tags: 2,300 here.
    expect(upserts).toBeLessThanOrEqual(SUMS_TABLES.length + 1);

    // One event: amounts changed within their buckets, rows moved to another month, and every
    // row of account a2 deleted (its buckets emptied).
    db.undo.withUndo(() =>
      db.batch(() => {
        ids.forEach((id, i) => {
          if (i % 3 === 0) db.update('transactions', { id, tombstone: 1 });
          else if (i % 3 === 1) db.update('transactions', { id, amount: 7 });
          else db.update('transactions', { id, date: 20240310 });
        });
      }),
    );
    expect(sums.isCurrent()).toBe(true);
    expectLikeRebuilds(db);
    expect(db.sqlite.first<{ n: number }>("SELECT COUNT(*) AS n FROM coffer_month_sums WHERE account = 'a2'")?.n).toBe(0); // prettier-ignore

    // Undone in one event: the sums are as after the inserts.
    db.undo.undo();
    expectLikeRebuilds(db);
    sums.close();
  });
});

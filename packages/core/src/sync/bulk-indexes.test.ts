/**
 * A bulk batch drops a table's indexes while it writes, and builds them again after; a table
 * with a trigger keeps those its trigger looks rows up through (issue 30: the set of lines dated
 * apart probes `parent_id` for each date written, and scanned the whole table per row without
 * its index).
 */
import { describe, expect, it } from 'vitest';
import { createTestPlatform } from '../db/test-helpers/test-platform.ts';
import { BULK_ROWS, TRIGGER_INDEXES, withBulkIndexes } from './bulk-indexes.ts';

function file(trigger: boolean) {
  const db = createTestPlatform().sqlite.open(':memory:');
  db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, parent_id TEXT, date INTEGER);
CREATE INDEX t_parent ON t (parent_id);
CREATE TABLE seen (id TEXT);`);
  if (trigger) {
    db.exec(`CREATE TRIGGER t_dated AFTER UPDATE OF date ON t
  WHEN EXISTS (SELECT 1 FROM t WHERE parent_id = NEW.id) BEGIN INSERT INTO seen VALUES (NEW.id); END;`);
  }
  return db;
}

const indexes = (db: ReturnType<typeof file>) =>
  db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 't' AND sql IS NOT NULL",
  );
const lookup = (db: ReturnType<typeof file>) =>
  db.all<{ detail: string }>('EXPLAIN QUERY PLAN SELECT 1 FROM t WHERE parent_id = ?', ['x']).map((r) => r.detail).join(' '); // prettier-ignore

describe('withBulkIndexes', () => {
  it('drops the indexes of a table taking a batch as large as itself, and builds them after', () => {
    const db = file(false);
    const during = withBulkIndexes(db, new Map([['t', BULK_ROWS]]), () => indexes(db));
    expect(during).toEqual([]);
    expect(indexes(db)).toEqual([{ name: 't_parent' }]);
  });

  it('keeps every index while a table the batch writes has a trigger it does not know', () => {
    const db = file(true);
    const plan = withBulkIndexes(db, new Map([['t', BULK_ROWS]]), () => lookup(db));
    // Without the index each row the trigger sees would scan the table.
    expect(plan).toContain('USING COVERING INDEX t_parent');
    expect(indexes(db)).toEqual([{ name: 't_parent' }]);
  });

  it('keeps them too when the trigger is on another table of the batch', () => {
    const db = file(false);
    db.exec(`CREATE TABLE u (id TEXT PRIMARY KEY);
CREATE TRIGGER u_added AFTER INSERT ON u
  WHEN EXISTS (SELECT 1 FROM t WHERE parent_id = NEW.id) BEGIN INSERT INTO seen VALUES (NEW.id); END;`);
    const adding = new Map([['t', BULK_ROWS], ['u', 1]]); // prettier-ignore
    const plan = withBulkIndexes(db, adding, () => lookup(db));
    expect(plan).toContain('USING COVERING INDEX t_parent');
  });

  it("keeps only the indexes Coffer's triggers on transactions look rows up through", () => {
    const db = createTestPlatform().sqlite.open(':memory:');
    db.exec(`CREATE TABLE transactions (id TEXT PRIMARY KEY, parent_id TEXT, date INTEGER);
CREATE INDEX trans_parent_id ON transactions (parent_id);
CREATE INDEX trans_date ON transactions (date);
CREATE TABLE seen (id TEXT);
CREATE TRIGGER dated AFTER UPDATE OF date ON transactions
  WHEN EXISTS (SELECT 1 FROM transactions WHERE parent_id = NEW.id) BEGIN INSERT INTO seen VALUES (NEW.id); END;`); // prettier-ignore
    const names = () => db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL ORDER BY name").map((r) => r.name); // prettier-ignore
    const during = withBulkIndexes(db, new Map([['transactions', BULK_ROWS]]), names);
    expect(during).toEqual(TRIGGER_INDEXES.get('transactions'));
    expect(names()).toEqual(['trans_date', 'trans_parent_id']);
    // With no trigger, every one is dropped.
    db.exec('DROP TRIGGER dated');
    expect(withBulkIndexes(db, new Map([['transactions', BULK_ROWS]]), names)).toEqual([]);
  });

  it('leaves a small batch alone', () => {
    const db = file(false);
    const during = withBulkIndexes(db, new Map([['t', BULK_ROWS - 1]]), () => indexes(db));
    expect(during).toEqual([{ name: 't_parent' }]);
  });
});

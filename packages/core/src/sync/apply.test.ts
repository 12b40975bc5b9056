import { Timestamp, merkle } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from './test-helpers/memory-budget.ts';
import type { ChangeEvent, Message } from './types.ts';

const NODE = '9999888877776666';
const SEARCH_INDEX_SQL = "SELECT sql FROM sqlite_master WHERE name = 'messages_crdt_search'";
/** Every table and index with its SQL (what a rebuild must leave as it was). */
const SCHEMA_SQL = 'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name';
/** The index's first page: a rebuilt index gets a new one. */
const SEARCH_INDEX_ROOT = "SELECT rootpage FROM sqlite_master WHERE name = 'messages_crdt_search'";

/** `rows` payees of two cells each, stamped by another device a little in the past. */
function remotePayees(now: number, rows: number, prefix = 'p'): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < rows; i++) {
    for (const [column, value] of [
      ['name', `Payee ${i}`],
      ['transfer_acct', null],
    ] as const) {
      const n = out.length;
      const timestamp = new Timestamp(now - 60_000 + Math.floor(n / 1000), n % 1000, NODE);
      out.push({
        timestamp: timestamp.toString(),
        dataset: 'payees',
        row: `${prefix}${i}`,
        column,
        value,
      });
    }
  }
  return out;
}

describe('a batch at least as large as its tables (their indexes are rebuilt)', () => {
  it('ends with the same index, rows, log and merkle as message-by-message inserts', () => {
    const { db, platform } = memoryBudgetDb();
    const schema = db.sqlite.all(SCHEMA_SQL);
    const root = db.sqlite.first(SEARCH_INDEX_ROOT);
    const messages = remotePayees(platform.clock.now(), 30_000);
    db.applyMessages(messages, { source: 'remote' });

    expect(db.sqlite.first(SEARCH_INDEX_ROOT)).not.toEqual(root);
    expect(db.sqlite.all(SCHEMA_SQL)).toEqual(schema);
    expect(db.sqlite.first('SELECT COUNT(*) AS n FROM messages_crdt')).toEqual({ n: 60_000 });
    expect(db.sqlite.first('SELECT name FROM payees WHERE id = ?', ['p29999'])).toEqual({
      name: 'Payee 29999',
    });
    const expected = merkle.build(messages.map((m) => Timestamp.parse(m.timestamp)!));
    expect(db.merkle.hash).toBe(expected.hash);
    // The rebuilt index answers the lookups that decide whether an older message still wins.
    const plan = db.sqlite.all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT MAX(timestamp) FROM messages_crdt
       WHERE dataset = 'payees' AND row = 'p1' AND column = 'name'`,
    );
    expect(plan.map((p) => p.detail).join(' ')).toContain('messages_crdt_search');
    const stale = { ...messages[2]!, timestamp: new Timestamp(1, 0, NODE).toString(), value: 'x' };
    const result = db.applyMessages([stale], { source: 'remote' });
    expect(result.superseded).toBe(1);
    expect(db.sqlite.first('SELECT name FROM payees WHERE id = ?', ['p1'])).toEqual({
      name: 'Payee 1',
    });
  }, 60_000);

  it("rebuilds a table's own indexes too, and they answer queries", () => {
    const { db } = memoryBudgetDb();
    const schema = db.sqlite.all(SCHEMA_SQL);
    const root = () =>
      db.sqlite.first("SELECT rootpage FROM sqlite_master WHERE name = 'trans_date'");
    const before = root();
    db.batch(() => {
      for (let i = 0; i < 20_000; i++) {
        db.insert('transactions', { id: `t${i}`, amount: -i, date: 20230101 + (i % 28) });
      }
    });
    expect(root()).not.toEqual(before);
    expect(db.sqlite.all(SCHEMA_SQL)).toEqual(schema);
    expect(
      db.sqlite.first(
        'SELECT COUNT(*) AS n FROM transactions INDEXED BY trans_date WHERE date = 20230105',
      ),
    ).toEqual({ n: Math.ceil((20_000 - 4) / 28) });
  }, 60_000);

  it('a failure puts the index back with everything else', () => {
    const { db, platform } = memoryBudgetDb();
    const indexSql = db.sqlite.first(SEARCH_INDEX_SQL);
    const root = db.sqlite.first(SEARCH_INDEX_ROOT);
    // A trigger makes the last upsert fail, after the messages went in without their index.
    db.sqlite.exec(`CREATE TRIGGER boom BEFORE INSERT ON payees WHEN NEW.id = 'p29999'
      BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    expect(() =>
      db.applyMessages(remotePayees(platform.clock.now(), 30_000), { source: 'remote' }),
    ).toThrow('boom');
    expect(db.sqlite.first(SEARCH_INDEX_SQL)).toEqual(indexSql);
    expect(db.sqlite.first(SEARCH_INDEX_ROOT)).toEqual(root);
    expect(db.sqlite.first('SELECT COUNT(*) AS n FROM messages_crdt')).toEqual({ n: 0 });
    expect(db.sqlite.first('SELECT COUNT(*) AS n FROM payees')).toEqual({ n: 0 });
  }, 60_000);

  it('a log that already holds more keeps its index and inserts into it', () => {
    const { db, platform } = memoryBudgetDb();
    db.applyMessages(remotePayees(platform.clock.now() - 120_000, 30_000, 'a'), {
      source: 'remote',
    });
    const root = db.sqlite.first(SEARCH_INDEX_ROOT);
    db.applyMessages(remotePayees(platform.clock.now(), 25_000, 'b'), { source: 'remote' });
    expect(db.sqlite.first(SEARCH_INDEX_ROOT)).toEqual(root);
    expect(db.sqlite.first('SELECT COUNT(*) AS n FROM messages_crdt')).toEqual({ n: 110_000 });
  }, 60_000);
});

describe('rows noted during a batch', () => {
  it('are the before-images of the commit instead of a second read', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'Shop' });
    const events: ChangeEvent[] = [];
    db.onChange((e) => events.push(e));
    // What the caller says it read is taken as is (here deliberately different from SQLite).
    db.batch(() => {
      db.noteRowBefore('payees', id, { id, name: 'As noted', tombstone: 0 });
      db.update('payees', { id, name: 'Market' });
    });
    expect(events[0]!.changes.get('payees')).toEqual([
      {
        id,
        old: { id, name: 'As noted', tombstone: 0 },
        new: expect.objectContaining({ name: 'Market' }),
      },
    ]);
    // Outside a batch a note is dropped, and the next batch reads SQLite again.
    db.noteRowBefore('payees', id, null);
    db.batch(() => db.update('payees', { id, name: 'Bakery' }));
    expect(events[1]!.changes.get('payees')![0]!.old).toMatchObject({ id, name: 'Market' });
  });
});

describe('rows of one column set', () => {
  it('go in many per statement and end as one by one, new and existing alike', () => {
    const { db } = memoryBudgetDb();
    // 30 existing payees (updated below) and 100 new ones: two full chunks of 50 and 30 left.
    const existing = Array.from({ length: 30 }, (_, i) =>
      db.insert('payees', { name: `Old ${i}` }),
    );
    const events: ChangeEvent[] = [];
    db.onChange((e) => events.push(e));
    const fresh: string[] = [];
    db.batch(() => {
      for (const [i, id] of existing.entries()) db.update('payees', { id, name: `Renamed ${i}` });
      for (let i = 0; i < 100; i++) fresh.push(db.insert('payees', { name: `New ${i}` }));
      // Another column set in the same batch keeps its own statement.
      db.update('payees', { id: existing[0]!, name: 'Renamed 0', transfer_acct: 'a1' });
    });

    const stored = new Map(
      db.sqlite.all<{ id: string }>('SELECT * FROM payees').map((row) => [row.id, row]),
    );
    expect(stored.size).toBe(130);
    expect(stored.get(existing[0]!)).toMatchObject({ name: 'Renamed 0', transfer_acct: 'a1' });
    expect(stored.get(existing[29]!)).toMatchObject({ name: 'Renamed 29', transfer_acct: null });
    expect(stored.get(fresh[99]!)).toMatchObject({ name: 'New 99', tombstone: 0 });
    // Each change's row as written is what SQLite holds.
    const changes = events[0]!.changes.get('payees')!;
    expect(changes).toHaveLength(130);
    for (const change of changes) expect(change.new).toEqual(stored.get(change.id));
  });
});

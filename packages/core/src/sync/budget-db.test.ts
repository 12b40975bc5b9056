import { Timestamp, merkle } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from './test-helpers/memory-budget.ts';
import type { ChangeEvent, Message } from './types.ts';

const NODE = '1111222233334444';
const ts = (millis: number, counter = 0, node = NODE): string =>
  new Timestamp(millis, counter, node).toString();
const T0 = Date.UTC(2023, 7, 6, 9, 0, 0);

const msg = (
  timestamp: string,
  dataset: string,
  row: string,
  column: string,
  value: Message['value'],
): Message => ({
  timestamp,
  dataset,
  row,
  column,
  value,
});

describe('local writes', () => {
  it('insert turns each field into a message, logs it and updates the merkle', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('accounts', { name: 'Checking', offbudget: false, sort_order: 16384 });
    expect(
      db.sqlite.first('SELECT name, offbudget, sort_order, tombstone FROM accounts WHERE id = ?', [
        id,
      ]),
    ).toEqual({
      name: 'Checking',
      offbudget: 0,
      sort_order: 16384,
      tombstone: 0,
    });
    const log = db.getMessagesSince(Timestamp.zero.toString());
    expect(log.map((m) => [m.dataset, m.row, m.column, m.value])).toEqual([
      ['accounts', id, 'name', 'S:Checking'],
      ['accounts', id, 'offbudget', 'N:0'],
      ['accounts', id, 'sort_order', 'N:16384'],
    ]);
    const expected = merkle.build(log.map((m) => Timestamp.parse(m.timestamp)!));
    expect(db.merkle.hash).toBe(expected.hash);
    const saved = db.sqlite.first<{ clock: string }>(
      'SELECT clock FROM messages_clock WHERE id = 1',
    )!;
    expect(JSON.parse(saved.clock).merkle.hash).toBe(expected.hash);
    expect(JSON.parse(saved.clock).timestamp).toBe(log[2]!.timestamp);
  });

  it('update sends only the columns whose value changed', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'Shop' });
    const before = db.getMessagesSince(Timestamp.zero.toString()).length;
    db.update('payees', { id, name: 'Shop', transfer_acct: null });
    const log = db.getMessagesSince(Timestamp.zero.toString());
    expect(log.length - before).toBe(0);
    db.update('payees', { id, name: 'Market' });
    expect(db.getMessagesSince(Timestamp.zero.toString()).length - before).toBe(1);
    expect(db.sqlite.first('SELECT name FROM payees WHERE id = ?', [id])).toEqual({
      name: 'Market',
    });
  });

  it('delete sets the tombstone, and refuses tables without one', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('categories', { name: 'Food' });
    db.delete('categories', id);
    expect(db.sqlite.first('SELECT tombstone FROM categories WHERE id = ?', [id])).toEqual({
      tombstone: 1,
    });
    expect(() => db.delete('notes', id)).toThrow(/no tombstone/);
  });

  it('rejects unknown columns and values of the wrong kind (bugs throw)', () => {
    const { db } = memoryBudgetDb();
    expect(() => db.insert('accounts', { nope: 1 } as never)).toThrow(/Unknown column/);
    expect(() => db.insert('transactions', { amount: 1.5 })).toThrow(/whole number/);
    expect(() => db.insert('transactions', { amount: '12' as never })).toThrow(/number/);
    expect(() => db.insert('transactions', { notes: 3 as never })).toThrow(/text/);
    expect(db.getMessagesSince(Timestamp.zero.toString())).toEqual([]);
  });

  it('stores JSON columns as text', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('rules', {
      conditions: [{ op: 'is', field: 'acct', value: 'a' }],
      actions: [],
    });
    expect(db.sqlite.first('SELECT conditions, actions FROM rules WHERE id = ?', [id])).toEqual({
      conditions: '[{"op":"is","field":"acct","value":"a"}]',
      actions: '[]',
    });
  });

  it('batch applies everything at once, in one change event; a throw discards it', () => {
    const { db } = memoryBudgetDb();
    const events: ChangeEvent[] = [];
    db.onChange((e) => events.push(e));
    const ids = db.batch(() => [
      db.insert('payees', { name: 'A' }),
      db.insert('payees', { name: 'B' }),
    ]);
    expect(events).toHaveLength(1);
    expect(events[0]!.changes.get('payees')!.map((c) => [c.id, c.old, c.new?.name])).toEqual([
      [ids[0], null, 'A'],
      [ids[1], null, 'B'],
    ]);
    expect(() =>
      db.batch(() => {
        db.insert('payees', { name: 'C' });
        throw new Error('nope');
      }),
    ).toThrow('nope');
    expect(db.sqlite.all('SELECT name FROM payees ORDER BY name')).toEqual([
      { name: 'A' },
      { name: 'B' },
    ]);
  });

  it('within a batch, an update after an insert of the same cell still sends', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'A' });
    db.batch(() => {
      db.update('payees', { id, name: 'B' });
      db.update('payees', { id, name: 'A' });
    });
    expect(db.sqlite.first('SELECT name FROM payees WHERE id = ?', [id])).toEqual({ name: 'A' });
  });

  it('pendingRowIds names the rows of a table written so far in the open batch', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'A' });
    expect(db.pendingRowIds('payees')).toEqual(new Set());
    db.batch(() => {
      db.update('payees', { id, name: 'B' });
      db.insert('accounts', { name: 'Checking' });
      expect(db.pendingRowIds('payees')).toEqual(new Set([id]));
    });
    expect(db.pendingRowIds('payees')).toEqual(new Set());
  });

  it('synced prefs travel as prefs messages and are reported, not written to SQL', () => {
    const { db } = memoryBudgetDb();
    const events: ChangeEvent[] = [];
    db.onChange((e) => events.push(e));
    db.setSyncedPrefs({ budgetName: 'Home' });
    expect(events[0]!.prefs).toEqual({ budgetName: 'Home' });
    expect(
      db.getMessagesSince(Timestamp.zero.toString()).map((m) => [m.dataset, m.row, m.value]),
    ).toEqual([['prefs', 'budgetName', 'S:Home']]);
  });
});

describe('remote messages', () => {
  it('last writer wins per cell, whatever the arrival order', () => {
    const { db } = memoryBudgetDb();
    db.applyMessages([msg(ts(T0 + 2000), 'payees', 'p1', 'name', 'newer')], { source: 'remote' });
    const result = db.applyMessages(
      [
        msg(ts(T0 + 1000), 'payees', 'p1', 'name', 'older'),
        msg(ts(T0 + 1000, 1), 'payees', 'p1', 'category', 'c1'),
      ],
      { source: 'remote' },
    );
    expect(result).toMatchObject({ applied: 1, superseded: 1, duplicates: 0 });
    expect(db.sqlite.first('SELECT name, category FROM payees WHERE id = ?', ['p1'])).toEqual({
      name: 'newer',
      category: 'c1',
    });
    // Superseded messages are still logged and hashed.
    expect(db.getMessagesSince(Timestamp.zero.toString())).toHaveLength(3);
  });

  it('drops a message whose timestamp is already logged', () => {
    const { db } = memoryBudgetDb();
    const m = msg(ts(T0), 'payees', 'p1', 'name', 'x');
    db.applyMessages([m], { source: 'remote' });
    const hash = db.merkle.hash;
    const again = db.applyMessages([m, { ...m }], { source: 'remote' });
    expect(again).toMatchObject({ applied: 0, duplicates: 2 });
    expect(db.merkle.hash).toBe(hash);
  });

  it('looks up only what is not newer than the log, and reports rows as written', () => {
    const { db } = memoryBudgetDb();
    const logged = msg(ts(T0 + 1000), 'payees', 'p1', 'name', 'logged');
    db.applyMessages([logged, msg(ts(T0 + 3000), 'payees', 'p2', 'name', 'b')], {
      source: 'remote',
    });
    const newer = msg(ts(T0 + 5000), 'payees', 'p3', 'name', 'c');
    const result = db.applyMessages(
      [
        newer,
        msg(ts(T0 + 2000), 'payees', 'p2', 'name', 'stale'),
        { ...logged },
        msg(ts(T0 + 2500), 'payees', 'p1', 'category', 'c1'),
        { ...newer },
      ],
      { source: 'remote' },
    );
    expect(result).toMatchObject({ applied: 2, superseded: 1, duplicates: 2 });
    const rows = result.event?.changes.get('payees') ?? [];
    expect(rows.map((r) => r.id).sort()).toEqual(['p1', 'p3']);
    for (const change of rows) {
      expect(change.new).toEqual(db.sqlite.first('SELECT * FROM payees WHERE id = ?', [change.id]));
    }
    expect(db.getMessagesSince(Timestamp.zero.toString()).map((m) => m.value)).toEqual([
      'S:logged',
      'S:stale',
      'S:c1',
      'S:b',
      'S:c',
    ]);
  });

  it('applies what the file can hold; keeps the rest in the log and merkle only', () => {
    const { db, platform } = memoryBudgetDb();
    const messages = [
      msg(ts(T0), 'custom_reports', 'r1', 'name', 'Report'),
      msg(ts(T0, 1), 'transactions', 't1', 'reconciled', 1),
      msg(ts(T0, 2), 'transactions', 't1', 'amount', -500),
      msg(ts(T0, 3), 'prefs', 'somethingElse', 'value', 'x'),
      msg(ts(T0, 4), 'transactions', 't1', 'no_such_column', 'x'),
    ];
    const result = db.applyMessages(messages, { source: 'remote' });
    expect(result).toMatchObject({ applied: 2, unknown: 3 });
    // A 23.8.1 file keeps `reconciled` beside the row; the row reads it like its own column.
    expect(db.sqlite.first('SELECT amount FROM transactions WHERE id = ?', ['t1'])).toEqual({
      amount: -500,
    });
    expect(db.sqlite.first('SELECT reconciled FROM coffer_ext_transactions')).toEqual({
      reconciled: 1,
    });
    const row = result.event?.changes.get('transactions')?.[0]?.new;
    expect(row).toMatchObject({ id: 't1', amount: -500, reconciled: 1 });
    expect(row).toEqual(
      db.sqlite.first(`${db.columns.rowsSql('transactions')} WHERE t.id = ?`, ['t1']),
    );
    expect(db.getMessagesSince(Timestamp.zero.toString())).toHaveLength(5);
    expect(db.merkle.hash).toBe(
      merkle.build(messages.map((m) => Timestamp.parse(m.timestamp)!)).hash,
    );
    expect(platform.warnings.some((w) => w.includes('lacks'))).toBe(true);
  });

  it('applies messages for every synced column a newer file has, modelled or not', () => {
    const { db } = memoryBudgetDb({
      reshape: (sqlite) =>
        sqlite.exec(`
          INSERT INTO __migrations__ (id) VALUES (1694438752000), (1697046240000);
          ALTER TABLE categories ADD COLUMN goal_def TEXT DEFAULT null;
          ALTER TABLE transactions ADD COLUMN reconciled INTEGER DEFAULT 0;
          CREATE TABLE tags (id TEXT PRIMARY KEY, tag TEXT UNIQUE, tombstone INTEGER DEFAULT 0);`),
    });
    const result = db.applyMessages(
      [
        msg(ts(T0), 'categories', 'c1', 'name', 'Food'),
        msg(ts(T0, 1), 'categories', 'c1', 'goal_def', '[{"type":"simple"}]'),
        msg(ts(T0, 2), 'transactions', 't1', 'reconciled', 1),
        msg(ts(T0, 3), 'tags', 'g1', 'tag', 'holiday'),
        msg(ts(T0, 4), 'custom_reports', 'r1', 'name', 'kept in the log only'),
      ],
      { source: 'remote' },
    );
    expect(result).toMatchObject({ applied: 4, unknown: 1 });
    expect(db.sqlite.first('SELECT name, goal_def FROM categories')).toEqual({
      name: 'Food',
      goal_def: '[{"type":"simple"}]',
    });
    expect(db.sqlite.first('SELECT id, reconciled FROM transactions')).toEqual({
      id: 't1',
      reconciled: 1,
    });
    expect(db.sqlite.first('SELECT tag, tombstone FROM tags')).toEqual({
      tag: 'holiday',
      tombstone: 0,
    });
    expect(result.event?.tables).toEqual(expect.arrayContaining(['categories', 'tags']));
    // Coffer's own writes leave what it does not model as it was.
    db.update('categories', { id: 'c1', name: 'Groceries' });
    expect(db.sqlite.first('SELECT name, goal_def FROM categories')).toEqual({
      name: 'Groceries',
      goal_def: '[{"type":"simple"}]',
    });
  });

  it('never builds SQL from message text', () => {
    const { db } = memoryBudgetDb();
    const evil = [
      msg(ts(T0), 'payees; DROP TABLE payees; --', 'x', 'name', 'a'),
      msg(ts(T0, 1), 'payees', 'x', 'name = 1; DROP TABLE payees; --', 'a'),
      msg(ts(T0, 2), 'payees', "x'; DROP TABLE payees; --", 'name', "'); DROP TABLE payees; --"),
    ];
    expect(db.applyMessages(evil, { source: 'remote' })).toMatchObject({ applied: 1, unknown: 2 });
    expect(
      db.sqlite.first('SELECT name FROM payees WHERE id = ?', ["x'; DROP TABLE payees; --"]),
    ).toEqual({
      name: "'); DROP TABLE payees; --",
    });
  });

  it('advances the clock past remote timestamps, so later local edits win', () => {
    const { db, platform } = memoryBudgetDb();
    const future = platform.clock.now() + 60_000;
    db.applyMessages([msg(ts(future), 'payees', 'p1', 'name', 'remote')], { source: 'remote' });
    db.update('payees', { id: 'p1', name: 'local' });
    expect(db.timestamp > ts(future)).toBe(true);
    expect(db.sqlite.first('SELECT name FROM payees')).toEqual({ name: 'local' });
  });

  it('refuses bad timestamps and far-future clocks before changing anything', () => {
    const { db, platform } = memoryBudgetDb();
    expect(() =>
      db.applyMessages([msg('garbage', 'payees', 'p', 'name', 'x')], { source: 'remote' }),
    ).toThrow(/Invalid message timestamp/);
    const tooFar = platform.clock.now() + 10 * 60_000;
    expect(() =>
      db.applyMessages([msg(ts(tooFar), 'payees', 'p', 'name', 'x')], { source: 'remote' }),
    ).toThrow();
    expect(db.getMessagesSince(Timestamp.zero.toString())).toEqual([]);
  });

  it('reports old and new rows to listeners, and getMessagesSince is exclusive', () => {
    const { db } = memoryBudgetDb();
    db.applyMessages([msg(ts(T0), 'accounts', 'a1', 'name', 'Old')], { source: 'remote' });
    const events: ChangeEvent[] = [];
    db.onChange((e) => events.push(e));
    db.applyMessages([msg(ts(T0 + 1), 'accounts', 'a1', 'name', 'New')], { source: 'remote' });
    const change = events[0]!.changes.get('accounts')![0]!;
    expect([change.old?.name, change.new?.name, events[0]!.source]).toEqual([
      'Old',
      'New',
      'remote',
    ]);
    expect(db.getMessagesSince(ts(T0)).map((m) => m.value)).toEqual(['S:New']);
  });
});

describe('raw cell changes', () => {
  it('send accepts whitelisted cells and prefs, and throws for anything else', () => {
    const { db } = memoryBudgetDb();
    db.send([{ dataset: 'notes', row: 'n1', column: 'note', value: 'hi' }]);
    expect(db.sqlite.first('SELECT note FROM notes')).toEqual({ note: 'hi' });
    expect(() =>
      db.send([{ dataset: 'custom_reports', row: 'r', column: 'name', value: 'x' }]),
    ).toThrow(/Unknown column/);
    expect(() => db.send([{ dataset: 'notes', row: 'n1', column: 'id', value: 'x' }])).toThrow(
      /Unknown column/,
    );
    expect(db.getMessagesSince('')).toHaveLength(1);
  });
});

describe('clock', () => {
  it('receiving a big batch moves the clock once, so the counter cannot overflow', () => {
    const { db, platform } = memoryBudgetDb();
    const at = platform.clock.now() - 1000;
    const many = Array.from({ length: 2000 }, (_, i) =>
      msg(
        ts(at, i % 0x10000, (i + 1).toString(16).padStart(16, '0')),
        'payees',
        `p${i}`,
        'name',
        'x',
      ),
    );
    db.applyMessages(many, { source: 'remote' });
    expect(Timestamp.parse(db.timestamp)!.counter()).toBeLessThan(2);
    expect(Timestamp.parse(db.timestamp)!.millis()).toBe(platform.clock.now());
  });
});

import { describe, expect, it } from 'vitest';
import { BudgetDb } from '../sync/budget-db.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import type { UndoEvent } from './undo-manager.ts';

const rows = (db: ReturnType<typeof memoryBudgetDb>['db'], sql: string) => db.sqlite.all(sql);

describe('undo and redo', () => {
  it('undoes an edit back to the old values, and redoes it', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('accounts', { name: 'Checking', offbudget: false });
    db.undo.withUndo(
      () => db.update('accounts', { id, name: 'Savings', offbudget: true }),
      'tag-1',
    );
    db.undo.undo();
    expect(rows(db, 'SELECT name, offbudget FROM accounts')).toEqual([
      { name: 'Checking', offbudget: 0 },
    ]);
    db.undo.redo();
    expect(rows(db, 'SELECT name, offbudget FROM accounts')).toEqual([
      { name: 'Savings', offbudget: 1 },
    ]);
  });

  it('undoes a created row by tombstoning it; redo resurrects it', () => {
    const { db } = memoryBudgetDb();
    const id = db.undo.withUndo(() => db.insert('payees', { name: 'New' }));
    db.undo.undo();
    expect(rows(db, 'SELECT id, tombstone FROM payees')).toEqual([{ id, tombstone: 1 }]);
    db.undo.redo();
    expect(rows(db, 'SELECT id, name, tombstone FROM payees')).toEqual([
      { id, name: 'New', tombstone: 0 },
    ]);
  });

  it('undoes a delete', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('categories', { name: 'Food', tombstone: false });
    db.undo.withUndo(() => db.delete('categories', id));
    db.undo.undo();
    expect(rows(db, 'SELECT tombstone FROM categories')).toEqual([{ tombstone: 0 }]);
  });

  it('resets new budget and note rows, and never undoes mappings', () => {
    const { db } = memoryBudgetDb();
    db.undo.withUndo(() =>
      db.batch(() => {
        db.insert('zero_budgets', {
          id: '2023-08-c1',
          month: 202308,
          category: 'c1',
          amount: 5000,
          carryover: true,
        });
        db.insert('zero_budget_months', { id: '2023-08', buffered: 300 });
        db.insert('notes', { id: 'c1', note: 'hello' });
        db.insert('category_mapping', { id: 'c1', transferId: 'c1' });
      }),
    );
    db.undo.undo();
    expect(rows(db, 'SELECT amount, carryover, month FROM zero_budgets')).toEqual([
      { amount: 0, carryover: 0, month: 202308 },
    ]);
    expect(rows(db, 'SELECT buffered FROM zero_budget_months')).toEqual([{ buffered: 0 }]);
    expect(rows(db, 'SELECT note FROM notes')).toEqual([{ note: null }]);
    expect(rows(db, 'SELECT transferId FROM category_mapping')).toEqual([{ transferId: 'c1' }]);
    db.undo.redo();
    expect(rows(db, 'SELECT amount, carryover FROM zero_budgets')).toEqual([
      { amount: 5000, carryover: 1 },
    ]);
    expect(rows(db, 'SELECT note FROM notes')).toEqual([{ note: 'hello' }]);
  });

  it('steps back through several markers and drops the redo tail on a new edit', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'v0' });
    for (const name of ['v1', 'v2', 'v3'])
      db.undo.withUndo(() => db.update('payees', { id, name }));
    db.undo.undo();
    db.undo.undo();
    expect(rows(db, 'SELECT name FROM payees')).toEqual([{ name: 'v1' }]);
    db.undo.withUndo(() => db.update('payees', { id, name: 'other' }));
    expect(db.undo.canRedo()).toBe(false);
    db.undo.undo();
    db.undo.undo();
    expect(rows(db, 'SELECT name FROM payees')).toEqual([{ name: 'v0' }]);
    expect(db.undo.canUndo()).toBe(false);
    expect(db.undo.undo()).toBeNull();
  });

  it('keeps at most 40 markers', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'start' });
    for (let i = 0; i < 45; i++) db.undo.withUndo(() => db.update('payees', { id, name: `n${i}` }));
    let steps = 0;
    while (db.undo.undo()) steps++;
    expect(steps).toBe(40);
    expect(rows(db, 'SELECT name FROM payees')).toEqual([{ name: 'n4' }]);
  });

  it('records only inside markers, joins nested markers, and ignores remote changes', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'a' });
    db.update('payees', { id, name: 'b' });
    expect(db.undo.canUndo()).toBe(false);
    db.undo.withUndo(() => {
      db.update('payees', { id, name: 'c' });
      db.undo.withUndo(() => db.update('payees', { id, category: 'x' }));
    });
    db.undo.undo();
    expect(rows(db, 'SELECT name, category FROM payees')).toEqual([{ name: 'b', category: null }]);
    expect(db.undo.canUndo()).toBe(false);
  });

  it('an async marker spans awaits', async () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'a' });
    await db.undo.withUndo(async () => {
      db.update('payees', { id, name: 'b' });
      await Promise.resolve();
      db.update('payees', { id, category: 'c' });
    });
    db.undo.undo();
    expect(rows(db, 'SELECT name, category FROM payees')).toEqual([{ name: 'a', category: null }]);
  });

  it('a marker of several batches undoes to before the first and leaves their events alone', () => {
    const { db } = memoryBudgetDb();
    const id = db.insert('payees', { name: 'a' });
    const seen: (readonly unknown[])[] = [];
    db.onChange((event) => void seen.push(event.messages));
    let created = '';
    db.undo.withUndo(() => {
      db.batch(() => db.update('payees', { id, name: 'b' }));
      db.batch(() => {
        db.update('payees', { id, name: 'c' });
        created = db.insert('payees', { name: 'new' });
      });
      db.batch(() => db.update('payees', { id, category: 'x' }));
    });
    // The undo record keeps each batch's messages as handed over: none of them grew.
    expect(seen.map((messages) => messages.length)).toEqual([1, 2, 1]);
    db.undo.undo();
    expect(rows(db, 'SELECT id, name, category, tombstone FROM payees ORDER BY name')).toEqual([
      { id, name: 'a', category: null, tombstone: 0 },
      { id: created, name: 'new', category: null, tombstone: 1 },
    ]);
    db.undo.redo();
    expect(rows(db, 'SELECT id, name, category, tombstone FROM payees ORDER BY name')).toEqual([
      { id, name: 'c', category: 'x', tombstone: 0 },
      { id: created, name: 'new', category: null, tombstone: 0 },
    ]);
  });
  it('pushes undo-event with the undo tag, and undo messages sync like any edit', () => {
    const events: UndoEvent[] = [];
    const { db: first, platform } = memoryBudgetDb();
    const db = BudgetDb.open(first.sqlite, {
      clock: platform.clock,
      random: platform.random,
      log: platform.log,
      emitUndo: (e) => events.push(e),
    });
    const id = db.insert('payees', { name: 'a' });
    db.undo.withUndo(() => db.update('payees', { id, name: 'b' }), { url: '/payees' });
    const before = db.getMessagesSince('').length;
    db.undo.undo();
    expect(events).toEqual([
      {
        kind: 'undo',
        messages: [expect.objectContaining({ dataset: 'payees', column: 'name', value: 'a' })],
        tables: ['payees'],
        undoTag: { url: '/payees' },
      },
    ]);
    expect(db.getMessagesSince('').length).toBe(before + 1);
  });
});

import { Timestamp, merkle } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from './test-helpers/memory-budget.ts';
import type { ChangeEvent, Message } from './types.ts';

const NODE = '1111222233334444';
const T0 = Date.UTC(2023, 7, 6, 9, 0, 0);
const msg = (n: number, dataset: string, row: string, column: string, value: Message['value']) =>
  ({ timestamp: new Timestamp(T0, n, NODE).toString(), dataset, row, column, value }) as Message;

/** A remote batch: a new payee, a transaction with an extension column, then an edit of it. */
const batch = (): Message[] => [
  msg(1, 'payees', 'p1', 'name', 'Shop'),
  msg(2, 'transactions', 't1', 'amount', -500),
  msg(3, 'transactions', 't1', 'reconciled', 1),
  msg(4, 'transactions', 't1', 'description', 'p1'),
  msg(5, 'prefs', 'budgetType', 'value', 'report'),
];

function stateOf(db: ReturnType<typeof memoryBudgetDb>['db']) {
  return {
    payee: db.sqlite.first('SELECT id, name, tombstone FROM payees'),
    tx: db.sqlite.first(`${db.columns.rowsSql('transactions')} WHERE t.id = ?`, ['t1']),
    log: db.getMessagesSince(Timestamp.zero.toString()).length,
    merkle: db.merkle.hash,
  };
}

describe('a remote batch whose caller reads only its tables (a new device catching up)', () => {
  it('with only table listeners: the same rows, log and merkle, and an event without rows', () => {
    const full = memoryBudgetDb().db;
    const fullResult = full.applyMessages(batch(), { source: 'remote' });
    const { db } = memoryBudgetDb();
    const heard: ChangeEvent[] = [];
    db.onChange((e) => heard.push(e), 'tables');
    const result = db.applyMessages(batch(), { source: 'remote', tablesOnly: true });
    expect(stateOf(db)).toEqual(stateOf(full));
    expect(stateOf(db).tx).toMatchObject({ amount: -500, reconciled: 1, description: 'p1' });
    expect(db.merkle.hash).toBe(
      merkle.build(batch().map((m) => Timestamp.parse(m.timestamp)!)).hash,
    );
    expect(result.event?.tables).toEqual(fullResult.event?.tables);
    expect(result.event?.tables).toEqual(['payees', 'transactions']);
    expect(result.event?.prefs).toEqual({ budgetType: 'report' });
    expect(result.event?.changes.size).toBe(0);
    expect(fullResult.event?.changes.get('transactions')?.[0]?.new).toEqual(stateOf(full).tx);
    expect(heard.map((e) => e.tables)).toEqual([['payees', 'transactions']]);
  });

  it('a listener that reads rows still gets them, before and after', () => {
    const { db } = memoryBudgetDb();
    db.applyMessages([msg(0, 'payees', 'p1', 'name', 'Old')], { source: 'remote' });
    const heard: ChangeEvent[] = [];
    db.onChange((e) => heard.push(e));
    db.onChange(() => undefined, 'tables');
    db.applyMessages(batch(), { source: 'remote', tablesOnly: true });
    const payee = heard[0]!.changes.get('payees')![0]!;
    expect(payee.old).toMatchObject({ id: 'p1', name: 'Old' });
    expect(payee.new).toMatchObject({ ...stateOf(db).payee, name: 'Shop' });
    expect(heard[0]!.changes.get('transactions')![0]).toMatchObject({
      id: 't1',
      old: null,
      new: stateOf(db).tx,
    });
  });

  it('rows come back once the row listener is gone only if the caller asks for them', () => {
    const { db } = memoryBudgetDb();
    const off = db.onChange(() => undefined);
    off();
    const bare = db.applyMessages(batch().slice(0, 2), { source: 'remote', tablesOnly: true });
    expect(bare.event?.changes.size).toBe(0);
    const asked = db.applyMessages(batch().slice(2), { source: 'remote' });
    expect(asked.event?.changes.get('transactions')?.[0]?.new).toEqual(stateOf(db).tx);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { QueryParamError } from './errors.ts';
import { runQuery } from './exec.ts';
import type { Query } from './query.ts';
import { q } from './query.ts';
import { schema } from './schema.ts';
import { openTestBudget } from './test-helpers/budget-db.ts';
import { seeder } from './test-helpers/seed.ts';

let db: SqliteDatabase;
const run = (query: Query, params?: Record<string, unknown>) =>
  runQuery(db, query, { params }).data as Record<string, unknown>[];
const ids = (query: Query) => run(query).map((r) => r.id);
const ids2 = (query: Query, params: Record<string, unknown>) => run(query, params).map((r) => r.id);

beforeEach(() => {
  db = openTestBudget();
  const s = seeder(db);
  s.account('checking', 'Checking', { sort_order: 2 });
  s.account('savings', 'savings', { sort_order: 1, offbudget: 1 });
  s.account('old', 'Old', { sort_order: 0, tombstone: 1 });
  s.payee('shop', 'Shop');
  s.payee('cafe', 'cafe');
  s.payee('gone', 'Gone', { tombstone: 1 });
  s.payee('to-savings', '', { transfer_acct: 'savings' });
  s.payee('to-old', '', { transfer_acct: 'old' });
  s.group('g1', 'Bills');
  s.category('food', 'Food', 'g1');
  s.category('rent', 'Rent', 'g1');
  s.tx({ id: 't1', account: 'checking', date: '2023-01-05', amount: -500, payee: 'shop', category: 'food', notes: "it's", sort_order: 1 });
  s.tx({ id: 't2', account: 'checking', date: '2023-01-05', amount: -700, payee: 'cafe', sort_order: 2, cleared: false });
  s.tx({ id: 't3', account: 'savings', date: '2023-02-01', amount: 1000, payee: 'to-savings', error: '{"type":"x"}' });
  s.tx({ id: 't4', account: 'checking', date: '2022-12-31', amount: 9000, starting_balance_flag: true, payee: 'gone' });
  s.tx({ id: 't5', account: 'checking', date: '2023-01-10', amount: -1, tombstone: true });
}); // prettier-ignore

describe('running queries on a budget', () => {
  it('a list of $ne answers as each $ne alone, nulls kept', () => {
    // t2 has no category; the list (NOT IN) and the same terms nested one by one must agree.
    const lists = [['food'], ['food', 'rent'], ['rent', 'nope', 'rent'], ['nope', 'other']];
    for (const list of lists) {
      const asList = ids(q('transactions').filter({ category: list.map((c) => ({ $ne: c })) }).select('id')); // prettier-ignore
      const oneByOne = ids(q('transactions').filter({ $and: list.map((c) => ({ category: { $ne: c } })) }).select('id')); // prettier-ignore
      expect(asList).toEqual(oneByOne);
      expect(asList).toContain('t2');
    }
    expect(ids(q('transactions').filter({ category: [{ $ne: 'food' }, { $ne: 'rent' }] }).select('id'))).not.toContain('t1'); // prettier-ignore
  });

  it('returns rows with public names and converted values', () => {
    const [row] = run(q('transactions').filter({ id: 't1' }).select('*'));
    expect(row).toEqual({
      id: 't1',
      is_parent: false,
      is_child: false,
      parent_id: null,
      account: 'checking',
      category: 'food',
      amount: -500,
      payee: 'shop',
      notes: "it's",
      date: '2023-01-05',
      imported_id: null,
      error: null,
      imported_payee: null,
      starting_balance_flag: false,
      transfer_id: null,
      sort_order: 1,
      cleared: true,
      tombstone: false,
      reconciled: false,
      schedule: null,
    });
    expect(run(q('transactions').filter({ id: 't3' }).select('error'))[0]!.error).toEqual({
      type: 'x',
    });
  });

  it('returns {data, dependencies} like the query handler', () => {
    const result = runQuery(db, q('transactions').select(['payee.name']).serialize());
    expect(result.dependencies).toEqual(['transactions', 'payees']);
    expect(Array.isArray(result.data)).toBe(true);
  });

  it('orders transactions by date desc, starting balance, sort order desc, id', () => {
    expect(ids(q('transactions'))).toEqual(['t3', 't2', 't1', 't4']);
    expect(ids(q('transactions').orderBy('amount'))).toEqual(['t2', 't1', 't3', 't4']);
    expect(ids(q('transactions').orderBy({ date: 'asc' }))).toEqual(['t4', 't1', 't2', 't3']);
  });

  it('orders accounts and payees by their defaults, ignoring case', () => {
    expect(ids(q('accounts'))).toEqual(['savings', 'checking']);
    expect(run(q('payees').select('name')).map((r) => r.name)).toEqual(['cafe', 'Shop', 'savings']);
  });

  it('hides dead rows unless asked for them', () => {
    expect(ids(q('accounts'))).not.toContain('old');
    expect(ids(q('accounts').withDead())).toContain('old');
    expect(ids(q('transactions'))).not.toContain('t5');
    expect(ids(q('transactions').withDead().options({ splits: 'all' }))).toContain('t5');
  });

  it('reads references to dead rows as null, unless refs are not validated', () => {
    const payeeOf = (query: Query) => run(query.filter({ id: 't4' }).select('payee'))[0]!.payee;
    expect(payeeOf(q('transactions'))).toBeNull();
    expect(payeeOf(q('transactions').withoutValidatedRefs())).toBe('gone');
  });

  it('follows payee and account paths', () => {
    const names = run(q('transactions').select(['payee.name', 'account.name']).orderBy('id'));
    expect(names.map((r) => [r.id, r['payee.name'], r['account.name']])).toEqual([
      ['t1', 'Shop', 'Checking'],
      ['t2', 'cafe', 'Checking'],
      ['t3', 'savings', 'savings'], // a transfer payee shows its account's name
      ['t4', null, 'Checking'],
    ]);
    expect(ids(q('transactions').filter({ 'account.offbudget': true }))).toEqual(['t3']);
    expect(ids(q('transactions').filter({ 'payee.transfer_acct.offbudget': true }))).toEqual([
      't3',
    ]);
    expect(ids(q('transactions').filter({ 'payee.name': { $like: 'sh%' } }))).toEqual(['t1']);
  });

  it('follows the payee mapping after a merge', () => {
    db.run("UPDATE payee_mapping SET targetId = 'shop' WHERE id = 'cafe'");
    expect(run(q('transactions').filter({ payee: 'shop' }).select('payee')).length).toBe(2);
  });

  it('matches values that contain quotes exactly', () => {
    expect(ids(q('transactions').filter({ notes: "it's" }))).toEqual(['t1']);
    expect(ids(q('transactions').filter({ notes: { $notlike: "%'%" } }))).toEqual([
      't3',
      't2',
      't4',
    ]);
  });

  it('filters dates written as strings, and by month', () => {
    expect(ids(q('transactions').filter({ date: { $gte: '2023-01-05' } }))).toEqual([
      't3',
      't2',
      't1',
    ]);
    const jan = q('transactions').filter({ date: { $transform: '$month', $eq: '2023-01' } });
    expect(ids(jan)).toEqual(['t2', 't1']);
  });

  it('calculates a single value', () => {
    expect(runQuery(db, q('transactions').calculate({ $sum: '$amount' })).data).toBe(8800);
    expect(runQuery(db, q('accounts').calculate({ $count: '$id' })).data).toBe(2);
    const none = q('transactions').filter({ amount: 12345 }).calculate({ $sum: '$amount' });
    expect(runQuery(db, none).data).toBe(0);
  });

  it('finds the first and last dates with $min and $max, as dates', () => {
    const bounds = run(
      q('transactions').select([{ first: { $min: '$date' } }, { last: { $max: '$date' } }]),
    );
    expect(bounds).toEqual([{ first: '2022-12-31', last: '2023-02-01' }]);
    expect(runQuery(db, q('transactions').calculate({ $max: '$amount' })).data).toBe(9000);
    const byMonth = run(
      q('transactions')
        .groupBy({ $month: '$date' })
        .select([{ month: { $month: '$date' } }, { low: { $min: '$amount' } }])
        .orderBy({ $month: '$date' }),
    );
    expect(byMonth.map((r) => [r.month, r.low])).toEqual([
      ['2022-12', 9000],
      ['2023-01', -700],
      ['2023-02', 1000],
    ]);
  });

  it('groups and converts month outputs', () => {
    const rows = run(
      q('transactions')
        .groupBy({ $month: '$date' })
        .select([{ month: { $month: '$date' } }, { total: { $sum: '$amount' } }])
        .orderBy({ $month: '$date' }),
    );
    expect(rows.map((r) => [r.month, r.total])).toEqual([
      ['2022-12', 9000],
      ['2023-01', -1200],
      ['2023-02', 1000],
    ]);
  });

  it('cuts dates to months and years by arithmetic, the same digits as Actual’s text cut', () => {
    const rows = run(
      q('transactions')
        .groupBy({ $year: '$date' })
        .select([
          { year: { $year: '$date' } },
          { viaMonth: { $year: { $month: '$date' } } },
          { total: { $sum: '$amount' } },
        ])
        .orderBy({ $year: '$date' }),
    );
    expect(rows.map((r) => [r.year, r.viaMonth, r.total])).toEqual([
      ['2022', '2022', 9000],
      ['2023', '2023', -200],
    ]);
    expect(ids(q('transactions').filter({ date: { $transform: '$year', $eq: '2022' } }))).toEqual([
      't4',
    ]);
  });

  it('computes a running balance with $sumOver along the query order', () => {
    const rows = run(q('transactions').select({ balance: { $sumOver: '$amount' } }));
    expect(rows.map((r) => [r.id, r.balance])).toEqual([
      ['t3', 8800],
      ['t2', 7800],
      ['t1', 8500],
      ['t4', 9000],
    ]);
  });

  it('binds named parameters by their inferred types', () => {
    const query = q('transactions').filter({ date: { $gte: ':since' }, cleared: ':c' });
    expect(run(query, { since: '2023-01-01', c: false }).map((r) => r.id)).toEqual(['t2']);
    // A null parameter matches null (here: t4, whose payee was deleted).
    expect(ids2(q('transactions').filter({ payee: ':p' }), { p: null })).toEqual(['t4']);
    expect(ids2(q('transactions').filter({ payee: ':p' }), { p: 'cafe' })).toEqual(['t2']);
    expect(() => run(query, { since: '2023-01-01' })).toThrow(QueryParamError);
    expect(() => run(query, { since: 'soon', c: true })).toThrow(/invalid date/);
  });

  it('pages with limit and offset', () => {
    expect(ids(q('transactions').limit(2))).toEqual(['t3', 't2']);
    expect(ids(q('transactions').limit(2).offset(2))).toEqual(['t1', 't4']);
    expect(ids(q('transactions').offset(3))).toEqual(['t4']);
  });

  it('reads schedules through v_schedules with their rule fields', () => {
    const conditions = [
      { op: 'is', field: 'payee', value: 'cafe' },
      { op: 'isapprox', field: 'amount', value: -700 },
      { op: 'is', field: 'date', value: { frequency: 'monthly', start: '2023-01-05' } },
      { op: 'is', field: 'account', value: 'checking' },
    ];
    const s = seeder(db);
    s.raw('rules', { id: 'r1', stage: null, conditions: JSON.stringify(conditions), actions: '[]', tombstone: 0, conditions_op: 'and' });
    s.raw('schedules', { id: 's1', rule: 'r1', name: 'Coffee', completed: 0, posts_transaction: 0, tombstone: 0 });
    s.raw('schedules_json_paths', { schedule_id: 's1', payee: '$[0]', amount: '$[1]', date: '$[2]', account: '$[3]' });
    s.raw('schedules_next_date', { id: 'n1', schedule_id: 's1', local_next_date: 20230205, local_next_date_ts: 1, base_next_date: 20230305, base_next_date_ts: 2, tombstone: 0 });
    const [row] = run(q('schedules').select('*'));
    expect(row).toMatchObject({
      id: 's1',
      name: 'Coffee',
      rule: 'r1',
      next_date: '2023-03-05',
      completed: false,
      _payee: 'cafe',
      _account: 'checking',
      _amount: -700,
      _amountOp: 'isapprox',
      _date: { frequency: 'monthly', start: '2023-01-05' },
      _conditions: conditions,
      _actions: [],
    });
  }); // prettier-ignore

  it('queries every schema table against the real views and tables', () => {
    for (const table of Object.keys(schema)) {
      expect(() => runQuery(db, q(table).select('*')), table).not.toThrow();
    }
  });
});

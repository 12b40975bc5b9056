import * as api from '@actual-app/api';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { runQuery } from './exec.ts';
import type { Query } from './query.ts';
import { q } from './query.ts';
import { schema } from './schema.ts';

/**
 * The same queries run by the real Actual (`@actual-app/api`) and by Coffer on the budget file
 * Actual wrote must give the same rows, values, order and dependencies.
 */
let db: SqliteDatabase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-aql-'));
  await api.init({ dataDir: dir });
  await api.runImport('interop', async () => {
    const group = await api.createCategoryGroup({ name: 'Everyday' });
    const food = await api.createCategory({ name: 'Food', group_id: group });
    const bills = await api.createCategory({ name: 'Bills', group_id: group });
    ids.checking = await api.createAccount({ name: 'Checking' }, 100000);
    ids.savings = await api.createAccount({ name: 'Savings', offbudget: true }, 5000);
    ids.shop = await api.createPayee({ name: 'Shop' });
    ids.cafe = await api.createPayee({ name: 'cafe' });
    ids.gone = await api.createPayee({ name: 'Gone' });
    await api.addTransactions(ids.checking, [
      { date: '2023-01-05', amount: -500, payee: ids.shop, category: food, notes: "it's" },
      { date: '2023-01-05', amount: -700, payee: ids.cafe, cleared: false },
      { date: '2023-02-10', amount: -1200, payee: ids.gone, category: bills },
      {
        date: '2023-02-11',
        amount: -900,
        payee: ids.shop,
        notes: 'split',
        subtransactions: [
          { amount: -400, category: food, notes: 'bread' },
          { amount: -500, category: bills },
        ],
      },
    ]);
    await api.addTransactions(ids.savings, [
      { date: '2023-03-01', amount: 2500, notes: 'bread money', imported_id: 'bank-1' },
    ]);
    await api.addTransactions(ids.savings, [{ date: '2023-03-02', amount: 1 }]);
  });
  const doomed = (await api.runQuery(api.q('transactions').filter({ amount: 1 }).select(['id']))) as {
    data: { id: string }[];
  };
  await api.deleteTransaction(doomed.data[0]!.id);
  await api.deletePayee(ids.gone);
  const send = (api.internal as { send: (n: string, a: unknown) => Promise<unknown> }).send;
  await send('schedule/create', {
    schedule: { name: 'Rent', posts_transaction: false },
    conditions: [
      { op: 'is', field: 'payee', value: ids.shop },
      { op: 'is', field: 'account', value: ids.checking },
      { op: 'is', field: 'date', value: { start: '2023-01-01', frequency: 'monthly', patterns: [], skipWeekend: false, weekendSolveMode: 'after' } },
      { op: 'isapprox', field: 'amount', value: -12000 },
    ],
  });
  await send('notes-save', { id: ids.checking, note: 'main account' });
  const [budget] = readdirSync(dir);
  db = testSqliteDriver().open(join(dir, budget!, 'db.sqlite'));
}, 60_000); // prettier-ignore

afterAll(async () => {
  db?.close();
  await api.shutdown();
});

/** Drops fields a later Actual added (e.g. transactions.reconciled) that 23.8.1 lacks. */
function known(table: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => known(table, v));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k in schema[table]! || k.includes('.') || !(k in schema.transactions!))
      .filter(([k]) => !['reconciled', 'account_sync_source'].includes(k))
      .map(([k, v]) => [k, k === 'subtransactions' ? known(table, v) : v]),
  );
}

async function same(query: Query) {
  const theirs = (await api.runQuery(query as never)) as { data: unknown; dependencies: string[] };
  const ours = runQuery(db, query.serialize());
  expect(known(query.state.table, ours.data)).toEqual(known(query.state.table, theirs.data));
  expect(ours.dependencies).toEqual(theirs.dependencies);
  return ours.data;
}

const tx = () => q('transactions');

describe('queries agree with Actual on an Actual budget file', () => {
  it('transactions in every splits mode', async () => {
    for (const splits of ['inline', 'none', 'all', 'grouped'] as const) {
      await same(tx().options({ splits }).select('*'));
    }
    const grouped = (await same(tx().options({ splits: 'grouped' }).filter({ notes: { $like: '%bread%' } }).select('*'))) as unknown[];
    expect(grouped).toHaveLength(2);
    await same(tx().options({ splits: 'grouped' }).filter({ account: ids.checking }).select('*').limit(2).offset(1));
  }); // prettier-ignore

  it('filters, operators and functions', async () => {
    await same(tx().filter({ 'payee.name': 'Shop' }).select(['id', 'payee.name', 'account.name']));
    await same(tx().filter({ 'account.offbudget': true }).select(['id', 'amount']));
    await same(
      tx()
        .filter({ date: { $transform: '$month', $eq: '2023-01' } })
        .select('id'),
    );
    await same(
      tx()
        .filter({ date: { $gte: '2023-02-01', $lte: '2023-02-28' } })
        .select('id'),
    );
    await same(
      tx()
        .filter({ amount: { $lt: -600 } })
        .select(['id', 'amount']),
    );
    await same(
      tx()
        .filter({ amount: { $transform: '$abs', $gt: 600 } })
        .select(['id']),
    );
    await same(
      tx()
        .filter({ notes: { $like: '%brea%' } })
        .select('id'),
    );
    await same(
      tx()
        .filter({ payee: { $oneof: [ids.shop, ids.cafe] } })
        .select('id'),
    );
    await same(
      tx()
        .filter({ $or: [{ cleared: false }, { imported_id: 'bank-1' }] })
        .select('id'),
    );
    await same(tx().filter({ category: null }).select(['id', 'category']));
    await same(tx().filter({ payee: ids.gone }).select(['id', 'payee']));
    await same(
      tx()
        .filter({ date: { $gt: new Date(2023, 1, 10) } })
        .select('id'),
    );
  });

  it('orders, pages, groups and calculates', async () => {
    await same(
      tx()
        .orderBy([{ amount: 'desc' }])
        .select(['id', 'amount'])
        .limit(3)
        .offset(1),
    );
    await same(tx().select(['id', { balance: { $sumOver: '$amount' } }]));
    await same(tx().calculate({ $sum: '$amount' }));
    await same(tx().filter({ account: ids.checking }).calculate({ $count: '$id' }));
    await same(
      tx()
        .groupBy(['category', { $month: '$date' }])
        .select(['category', { month: { $month: '$date' } }, { total: { $sum: '$amount' } }])
        .orderBy(['category', { $month: '$date' }]),
    );
    // Later Actual matches $like unanchored; 23.8.1 (and Coffer) use SQLite LIKE, so only
    // patterns that mean the same either way are compared.
    await same(
      q('payees')
        .filter({ name: { $like: '%caf%' } })
        .calculate({ $count: '$id' }),
    );
  });

  it('other tables', async () => {
    await same(q('accounts').select(['id', 'name', 'offbudget', 'closed', 'sort_order']));
    await same(q('payees').select(['id', 'name', 'transfer_acct', 'tombstone']));
    await same(q('payees').withDead().select(['id', 'name']).orderBy('name'));
    await same(q('categories').select(['id', 'name', 'group', 'is_income', 'hidden']));
    await same(q('category_groups').select(['id', 'name', 'is_income', 'hidden', 'sort_order']));
    await same(q('rules').select('*'));
    await same(
      q('schedules').select([
        'id', 'name', 'rule', 'next_date', 'completed', 'posts_transaction', '_payee',
        '_account', '_amount', '_amountOp', '_date', '_conditions', '_actions',
      ]),
    ); // prettier-ignore
    await same(q('notes').select('*'));
  });
});

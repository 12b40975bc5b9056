/**
 * Property: the sidebar's balance cells read from the month sums (and, at the parents' level,
 * the split rows), and the uncategorized balance and count read from the category sums, equal
 * the full read through the view, whatever the write path did: rows and splits added, every
 * column the cells read edited, a split parent deleted alone, lines whose parent is elsewhere or
 * gone, accounts closed, moved off budget or deleted, a category deleted or merged, payees
 * mapped to transfer payees, undo and redo.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DerivedData } from '../budget-file/derived-data.ts';
import { GROUP_SUMS_TABLE, MONTH_SUMS_TABLE } from '../month-sums/slot.ts';
import { runQuery } from '../query/exec.ts';
import { q, type QueryState } from '../query/query.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { ACCOUNT_ORDER } from './account-order.ts';
import { readFromCategorySums, readFromMonthSums, SplitSums } from './cell-read.ts';

const ACCOUNTS = ['a1', 'a2', 'a3', 'gone', null] as const;

/** The cells the web creates (balance-queries.ts), over every account of the test budget. */
const sum = (filters: Record<string, unknown>[], none = false) => {
  let query = q('transactions');
  for (const f of filters) query = query.filter(f);
  if (none) query = query.options({ splits: 'none' });
  return query.calculate({ $sum: '$amount' }).serialize();
};
const CELLS: QueryState[] = [
  ...['a1', 'a2', 'a3', 'gone'].map((id) => sum([{ account: id }], true)),
  sum([{ 'account.closed': false }]),
  sum([{ 'account.offbudget': false, 'account.closed': false }]),
  sum([{ 'account.offbudget': true, 'account.closed': false }]),
  sum([{ account: { $oneof: ['a1', 'a3'] } }]),
];

/** The uncategorized balance and count (balance-queries.ts's UNCATEGORIZED_FILTER). */
const UNCATEGORIZED = {
  'account.offbudget': false,
  category: null,
  $or: [{ 'payee.transfer_acct.offbudget': true, 'payee.transfer_acct': null }],
};
const BY_CATEGORY: QueryState[] = [
  q('transactions').filter(UNCATEGORIZED).calculate({ $sum: '$amount' }).serialize(),
  q('transactions').filter(UNCATEGORIZED).calculate({ $count: '$id' }).serialize(),
  q('transactions').filter({ 'account.offbudget': false }).calculate({ $count: '$id' }).serialize(),
];
/** Stored categories (one mapped to another, one never mapped) and payees (two transfers). */
const CATEGORIES = ['c1', 'c2', 'merged', 'unmapped', null] as const;
const PAYEES = ['t1', 't2', 'p', 'q', null] as const;

const idx = fc.nat(30);
const amount = fc.integer({ min: -50_000, max: 50_000 });
const date = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(20240101, 20240215, 20240331, 20240400) },
  { weight: 1, arbitrary: fc.constant(null) },
);
const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('add' as const), acct: idx, date, amount }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('split' as const), acct: idx, date, total: amount, parts: fc.array(amount, { minLength: 0, maxLength: 3 }) }) },
  { weight: 5, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: idx, field: fc.constantFrom('amount', 'date', 'acct', 'tombstone', 'isParent', 'isChild', 'parent_id', 'category', 'description'), v: amount, date, acct: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('category' as const), dead: fc.boolean(), to: fc.constantFrom('c1', 'c2') }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('account' as const), acct: idx, field: fc.constantFrom('closed', 'offbudget', 'tombstone'), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function setUp() {
  const { db } = memoryBudgetDb({ seed: 7 });
  db.batch(() => {
    db.insert('accounts', { id: 'a1', name: 'One', offbudget: 0, closed: 0 });
    db.insert('accounts', { id: 'a2', name: 'Two', offbudget: 1, closed: 0 });
    db.insert('accounts', { id: 'a3', name: 'Three', offbudget: 0, closed: 1 });
    db.insert('category_groups', { id: 'g', name: 'G' });
    for (const id of ['c1', 'c2']) {
      db.insert('categories', { id, name: id, cat_group: 'g' });
      db.insert('category_mapping', { id, transferId: id });
    }
    db.insert('category_mapping', { id: 'merged', transferId: 'c1' });
    db.insert('payees', { id: 't1', name: '', transfer_acct: 'a1' });
    db.insert('payees', { id: 't2', name: '', transfer_acct: 'a2' });
    db.insert('payees', { id: 'p', name: 'Shop' });
    for (const id of ['t1', 't2', 'p']) db.insert('payee_mapping', { id, targetId: id });
    db.insert('payee_mapping', { id: 'q', targetId: 't2' });
  });
  // The account-order table holds the split rows a balance over parents reads.
  for (const table of [MONTH_SUMS_TABLE, GROUP_SUMS_TABLE, ACCOUNT_ORDER]) {
    new DerivedData(db.sqlite, (l) => db.onChange(l), table).ensure();
  }
  return db;
}

function apply(db: ReturnType<typeof setUp>, o: Op, txs: string[], parents: string[]): void {
  const acct = (i: number) => ACCOUNTS[i % ACCOUNTS.length]!;
  // One undo step, as the app's handlers make it.
  const marked = (fn: () => void) => db.undo.withUndo(fn);
  switch (o.k) {
    case 'add':
      return marked(() => {
        txs.push(db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: o.amount }));
      });
    case 'split':
      // The lines need not add up to the parent: the parents' level then differs from theirs.
      return marked(() =>
        db.batch(() => {
          const parent = db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: o.total, isParent: 1 }); // prettier-ignore
          parents.push(parent);
          for (const part of o.parts) {
            txs.push(db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: part, isChild: 1, parent_id: parent })); // prettier-ignore
          }
        }),
      );
    case 'category':
      // A category deleted or back, and a merge re-pointed.
      return marked(() => {
        db.update('categories', { id: 'c2', tombstone: o.dead ? 1 : 0 });
        db.update('category_mapping', { id: 'merged', transferId: o.to });
      });
    case 'account': {
      const id = ['a1', 'a2', 'a3'][o.acct % 3]!;
      return marked(() => db.update('accounts', { id, [o.field]: o.on ? 1 : 0 }));
    }
    case 'undo':
      db.undo.undo();
      return;
    case 'redo':
      db.undo.redo();
      return;
  }
  const all = [...txs, ...parents];
  if (all.length === 0) return;
  const id = all[o.tx % all.length]!;
  const values: Record<string, unknown> = {
    amount: o.v,
    date: o.date,
    acct: acct(o.acct),
    tombstone: o.v % 2 === 0 ? 1 : 0,
    isParent: o.v % 2 === 0 ? 1 : 0,
    isChild: o.v % 2 === 0 ? 1 : 0,
    parent_id: parents.length > 0 && o.v % 3 !== 0 ? parents[o.v % parents.length] : null,
    category: CATEGORIES[Math.abs(o.v) % CATEGORIES.length],
    description: PAYEES[Math.abs(o.v) % PAYEES.length],
  };
  marked(() => db.update('transactions', { id, [o.field]: values[o.field] }));
}

describe('query cells read from the month sums', () => {
  it('equal the full read through every kind of write', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const db = setUp();
        // The split rows' correction kept between writes, as the query cells keep it.
        const kept = new SplitSums(db.sqlite);
        db.onChange((event) => kept.forget(event));
        const txs: string[] = [];
        const parents: string[] = [];
        for (const o of ops) {
          apply(db, o, txs, parents);
          for (const cell of CELLS) {
            const full = runQuery(db.sqlite, cell).data;
            expect(readFromMonthSums(db.sqlite, cell)).toBe(full);
            // Before the account-order table is built: the split rows through their own indexes.
            expect(readFromMonthSums(db.sqlite, cell, false)).toBe(full);
            expect(readFromMonthSums(db.sqlite, cell, true, kept)).toBe(full);
          }
          for (const cell of BY_CATEGORY) {
            expect(readFromCategorySums(db.sqlite, cell)).toBe(runQuery(db.sqlite, cell).data);
          }
        }
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('read the split rows again only after a write that can move their correction', () => {
    const db = setUp();
    let reads = 0;
    const counted = {
      ...db.sqlite,
      first: <T>(sql: string, params?: Parameters<typeof db.sqlite.first>[1]) => {
        if (sql.includes('AS parents')) reads++;
        return db.sqlite.first<T>(sql, params);
      },
    };
    const kept = new SplitSums(counted);
    db.onChange((event) => kept.forget(event));
    const cell = CELLS[0]!;
    const read = () => readFromMonthSums(db.sqlite, cell, true, kept);
    const parent = db.insert('transactions', { acct: 'a1', date: 20240101, amount: 500, isParent: 1 }); // prettier-ignore
    db.insert('transactions', { acct: 'a1', date: 20240101, amount: 200, isChild: 1, parent_id: parent }); // prettier-ignore
    const plain = db.insert('transactions', { acct: 'a1', date: 20240101, amount: 7 });
    expect([read(), reads]).toEqual([507, 1]);
    // A plain row added, edited, deleted: the correction stands.
    db.insert('transactions', { acct: 'a1', date: 20240102, amount: 3 });
    db.update('transactions', { id: plain, amount: 8 });
    db.update('transactions', { id: plain, tombstone: 1 });
    expect([read(), reads]).toEqual([503, 1]);
    // The split's parent edited: read again.
    db.update('transactions', { id: parent, amount: 600 });
    expect([read(), reads]).toEqual([603, 2]);
    // A plain row a line names as its parent, deleted: the line no longer counts.
    const named = db.insert('transactions', { acct: 'a2', date: 20240101, amount: 1 });
    db.insert('transactions', { acct: 'a1', date: 20240101, amount: 50, isChild: 1, parent_id: named }); // prettier-ignore
    expect(read()).toBe(runQuery(db.sqlite, cell).data);
    const before = reads;
    db.update('transactions', { id: named, tombstone: 1 });
    expect(read()).toBe(runQuery(db.sqlite, cell).data);
    expect(reads).toBe(before + 1);
  });

  it('leave every other shape to the full read', () => {
    const db = setUp();
    const others = [
      // The register's cleared balance, the uncategorized count and balance.
      q('transactions').filter({ account: 'a1' }).filter({ cleared: true }).calculate({ $sum: '$amount' }),
      q('transactions').filter({ 'account.offbudget': false, category: null }).calculate({ $count: '$id' }),
      q('transactions').filter({ 'account.offbudget': false, category: null }).calculate({ $sum: '$amount' }),
      q('transactions').filter({ 'account.name': 'One' }).calculate({ $sum: '$amount' }),
      q('transactions').filter({ account: 'a1' }).options({ splits: 'all' }).calculate({ $sum: '$amount' }),
      q('transactions').filter({ account: 'a1' }).withoutValidatedRefs().calculate({ $sum: '$amount' }),
      q('transactions').filter({ account: 'a1' }).select([{ n: { $sum: '$amount' } }]).groupBy('account'),
    ]; // prettier-ignore
    for (const query of others.slice(0, 1)) {
      expect(readFromCategorySums(db.sqlite, query.serialize())).toBeNull();
    }
    for (const query of others) expect(readFromMonthSums(db.sqlite, query.serialize())).toBeNull();
    // An account whose flag is unset: the join and the sums' scopes read it differently.
    db.sqlite.run("UPDATE accounts SET offbudget = NULL WHERE id = 'a1'");
    expect(readFromCategorySums(db.sqlite, BY_CATEGORY[0]!)).toBeNull();
  });
});

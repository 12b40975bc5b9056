/**
 * Property: whatever reaches the database through the write path (edits of every column the
 * group sums read, splits, transfers, payee merges, category merges and deletes, an account
 * moved off budget or deleted, undo, redo), and whether the sums were current or being built in
 * steps, the sums by category and by payee (by month and over all time) equal a rebuild, and a
 * custom report by category or payee reads the same figures from them as from every row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DerivedData } from '../budget-file/derived-data.ts';
import type { Timers } from '../platform/index.ts';
import { runQuery } from '../query/exec.ts';
import { groupSumsContext, routeToGroupSums } from '../query/group-sums.ts';
import { q } from '../query/query.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { stripDerived } from '../search/notes-index.ts';
import { GROUP_SUMS_STEPS, groupSumsAreCurrent, rebuildGroupSums } from './group-store.ts';
import { GROUP_SUMS_TABLE, sumsBuiltBefore } from './slot.ts';
import { stepByDate } from './steps.ts';

const ACCOUNTS = ['a1', 'a2', 'a3', 'gone'] as const;
const CATEGORIES = ['c1', 'c2', 'c3', null] as const;
const PAYEES = ['t1', 't2', 'p', 'q', null] as const;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const i = fc.nat(40);
const amount = fc.integer({ min: -50_000, max: 50_000 });
const date = fc.record({ m: fc.integer({ min: 1, max: 4 }), d: fc.constantFrom(1, 15, 28, 30, 31) }).map(({ m, d }) => 20240000 + m * 100 + d); // prettier-ignore
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('add' as const), acct: i, cat: i, payee: i, date, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), acct: i, cat: i, date, parts: fc.array(amount, { minLength: 1, maxLength: 3 }) }) },
  { weight: 6, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: i, field: fc.constantFrom('amount', 'date', 'acct', 'category', 'description', 'tombstone', 'transferred_id'), v: amount, date, n: i }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('mergePayee' as const), to: fc.constantFrom('p', 't1', 'q') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('mergeCategory' as const), from: fc.constantFrom('c1', 'c2', 'c3'), to: fc.constantFrom('c1', 'c2', 'c3') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteCategory' as const), cat: fc.constantFrom('c2', 'c3') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('account' as const), acct: fc.constantFrom('a2', 'a3'), off: fc.boolean(), dead: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function setUp() {
  const { db } = memoryBudgetDb({ seed: 9 });
  db.batch(() => {
    db.insert('accounts', { id: 'a1', name: 'One', offbudget: 0 });
    db.insert('accounts', { id: 'a2', name: 'Two', offbudget: 0 });
    db.insert('accounts', { id: 'a3', name: 'Savings', offbudget: 1 });
    db.insert('payees', { id: 't1', name: '', transfer_acct: 'a1' });
    db.insert('payees', { id: 't2', name: '', transfer_acct: 'a2' });
    db.insert('payees', { id: 'p', name: 'Shop' });
    db.insert('payees', { id: 'q', name: 'Shop too' });
    for (const id of ['t1', 't2', 'p', 'q']) db.insert('payee_mapping', { id, targetId: id });
    for (const id of ['c1', 'c2', 'c3']) {
      db.insert('categories', { id, name: id, cat_group: 'g' });
      db.insert('category_mapping', { id, transferId: id });
    }
  });
  return db;
}
type Db = ReturnType<typeof setUp>;

function apply(db: Db, o: Op, txs: string[]): void {
  // One undo step, as the app's handlers make it.
  const marked = (fn: () => void) => db.undo.withUndo(fn);
  switch (o.k) {
    case 'add':
      return marked(() => {
        txs.push(db.insert('transactions', { acct: pick(ACCOUNTS, o.acct), category: pick(CATEGORIES, o.cat), description: pick(PAYEES, o.payee), date: o.date, amount: o.amount })); // prettier-ignore
      });
    case 'split':
      return marked(() =>
        db.batch(() => {
          const total = o.parts.reduce((a, b) => a + b, 0);
          const acct = pick(ACCOUNTS, o.acct);
          const parent = db.insert('transactions', { acct, date: o.date, amount: total, isParent: 1, description: 'p' }); // prettier-ignore
          txs.push(parent);
          o.parts.forEach((part, n) => {
            txs.push(db.insert('transactions', { acct, date: o.date, amount: part, isChild: 1, parent_id: parent, category: pick(CATEGORIES, o.cat + n), description: 'p' })); // prettier-ignore
          });
        }),
      );
    case 'mergePayee':
      return marked(() => db.update('payee_mapping', { id: 'q', targetId: o.to }));
    case 'mergeCategory':
      return marked(() => db.update('category_mapping', { id: o.from, transferId: o.to }));
    case 'deleteCategory':
      // As a delete with no transfer: the category is gone, its rows keep pointing at it.
      return marked(() => db.update('categories', { id: o.cat, tombstone: 1 }));
    case 'account':
      return marked(() => db.update('accounts', { id: o.acct, offbudget: o.off ? 1 : 0, tombstone: o.dead ? 1 : 0 })); // prettier-ignore
    case 'undo':
      return void db.undo.undo();
    case 'redo':
      return void db.undo.redo();
  }
  if (txs.length === 0) return;
  const values: Record<string, unknown> = {
    amount: o.v,
    date: o.date,
    acct: pick(ACCOUNTS, o.n),
    category: pick(CATEGORIES, o.n),
    description: pick(PAYEES, o.n),
    tombstone: o.v % 2 === 0 ? 1 : 0,
    transferred_id: o.v % 3 === 0 ? null : pick(txs, o.n),
  };
  marked(() => db.update('transactions', { id: pick(txs, o.tx), [o.field]: values[o.field] }));
}

/**
 * Custom reports as the web sends them (`reports/data/custom.ts`), by category and by payee,
 * and the spending report's (`reports/data/spending.ts`).
 */
function reports(db: Db) {
  const open = db.sqlite.all<{ id: string; off: number }>('SELECT id, offbudget AS off FROM accounts WHERE tombstone = 0'); // prettier-ignore
  const onBudget = open.filter((a) => !a.off).map((a) => a.id);
  const all = open.map((a) => a.id);
  const notTransfers = (ids: string[]) => ({ payee: ['t1', 't2'].filter((t) => ids.includes(t === 't1' ? 'a1' : 'a2')).map((t) => ({ $ne: t })) }); // prettier-ignore
  const base = (accounts: string[]) =>
    q('transactions')
      .filter({
        account: { $oneof: accounts },
        date: [
          { $transform: '$month', $gte: '2024-01' },
          { $transform: '$month', $lte: '2024-04' },
        ],
        ...notTransfers(accounts),
      })
      .withoutValidatedRefs();
  return [
    base(onBudget).filter({ category: [{ $ne: null }, { $ne: 'c3' }] }).groupBy(['$category']).select([{ key: '$category' }, { amount: { $sum: '$amount' } }]).orderBy(['$category']),
    base(all).filter({ amount: { $lt: 0 } }).groupBy(['$category', { $month: '$date' }]).select([{ key: '$category' }, { amount: { $sum: '$amount' } }, { month: { $month: '$date' } }]).orderBy(['$category', { $month: '$date' }]),
    base(onBudget).filter({ category: [{ $ne: null }] }).groupBy(['$payee']).select([{ key: '$payee' }, { amount: { $sum: '$amount' } }]).orderBy(['$payee']),
    base(onBudget).filter({ amount: { $lt: 0 } }).groupBy(['$payee']).select([{ key: '$payee' }, { amount: { $sum: '$amount' } }]).orderBy(['$payee']),
    // By payee over part of the time: the totals over all time answer only if no row is outside.
    ...[[{ $transform: '$month', $gte: '2024-02' }], [{ $gte: '2024-01-01' }, { $lte: '2024-03-31' }], [{ $gt: '2024-01-31' }, { $lt: '2024-05-01' }]].map((date) =>
      q('transactions').filter({ account: { $oneof: all }, date }).withoutValidatedRefs().groupBy(['$payee']).select([{ key: '$payee' }, { amount: { $sum: '$amount' } }]).orderBy(['$payee'])),
    base(all).filter({ amount: { $gt: 0 } }).groupBy(['$payee', { $month: '$date' }]).select([{ key: '$payee' }, { amount: { $sum: '$amount' } }, { month: { $month: '$date' } }]).orderBy(['$payee', { $month: '$date' }]),
    q('transactions').filter({ account: { $oneof: onBudget }, date: [{ $gte: '2024-01-01' }, { $lte: '2024-04-30' }], $or: [{ category: { $ne: null } }, { transfer_id: null }] }).withoutValidatedRefs().groupBy('category').select(['category', { amount: { $sum: '$amount' } }]).orderBy('category'),
  ]; // prettier-ignore
}

const tables = (db: Db) => [
  db.sqlite.all('SELECT * FROM coffer_category_sums ORDER BY scope, month, day, category, payee, linked, positive'),
  db.sqlite.all('SELECT * FROM coffer_payee_sums ORDER BY scope, month, day, payee, categorized, positive'),
  db.sqlite.all('SELECT * FROM coffer_payee_totals ORDER BY scope, payee, categorized, positive'),
]; // prettier-ignore

function check(db: Db): void {
  const kept = tables(db);
  const context = groupSumsContext(db.sqlite);
  for (const r of reports(db)) {
    expect(routeToGroupSums(r.serialize(), context)).not.toBeNull();
    expect(runQuery(db.sqlite, r, { groupSums: context }).data).toEqual(
      runQuery(db.sqlite, r).data,
    );
  }
  db.sqlite.transaction(() => {
    rebuildGroupSums(db.sqlite);
    expect(tables(db)).toEqual(kept);
  });
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the group sums', () => {
  it('equal a rebuild and answer reports by category and payee as every row does', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 30 }), (ops) => {
        const db = setUp();
        const sums = new DerivedData(db.sqlite, (l) => db.onChange(l), GROUP_SUMS_TABLE);
        sums.ensure();
        const txs: string[] = [];
        for (const o of ops) {
          apply(db, o, txs);
          check(db);
        }
        expect(groupSumsAreCurrent(db.sqlite)).toBe(true);
        sums.close();
      }),
      { numRuns: 50 },
    );
  }, 120_000);

  it('built in steps with edits between them, count each row exactly once', () => {
    const stepped = { ...GROUP_SUMS_TABLE, steps: (s: Db['sqlite']) => stepByDate(s, GROUP_SUMS_STEPS, 2) }; // prettier-ignore
    // Reads part-way through a build: [nothing summed yet, some months summed].
    const partReads = [0, 0];
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(op, fc.nat(3)), { minLength: 1, maxLength: 25 }),
        (before, during) => {
          const db = setUp();
          const txs: string[] = [];
          for (const o of before) apply(db, o, txs);
          const queue: (() => void)[] = [];
          const timers: Timers = { setTimeout: (fn) => queue.push(fn), clearTimeout: () => undefined }; // prettier-ignore
          const sums = new DerivedData(db.sqlite, (l) => db.onChange(l), stepped);
          sums.buildLater(timers, log, 0);
          for (const [o, turns] of during) {
            apply(db, o, txs);
            for (let n = 0; n < turns && queue.length > 0; n++) queue.shift()!();
            // While the build runs, a report reads the months summed and the rows after them.
            const built = sumsBuiltBefore(sums);
            if (built == null) continue;
            partReads[built > 0 ? 1 : 0]! += 1;
            const context = groupSumsContext(db.sqlite, true);
            for (const r of reports(db)) {
              const route = routeToGroupSums(r.serialize(), context);
              expect(route?.from).not.toContain('coffer_payee_totals');
              const part = runQuery(db.sqlite, r, { groupSums: context, sumsBuiltBefore: built });
              expect(part.data).toEqual(runQuery(db.sqlite, r).data);
            }
          }
          while (queue.length > 0) queue.shift()!();
          expect(sums.isCurrent()).toBe(true);
          check(db);
          sums.close();
        },
      ),
      { numRuns: 50 },
    );
    expect(partReads.every((n) => n > 0)).toBe(true);
  }, 120_000);

  it('answer a report by payee over all time from the totals, and over less from the months', () => {
    const db = setUp();
    db.insert('transactions', { acct: 'a1', description: 'p', date: 20240115, amount: -100 });
    db.insert('transactions', { acct: 'a3', description: 'q', date: 20240330, amount: -70 });
    rebuildGroupSums(db.sqlite);
    const context = groupSumsContext(db.sqlite);
    const source = (accounts: string[], date: unknown) =>
      routeToGroupSums(q('transactions').filter({ account: { $oneof: accounts }, date }).withoutValidatedRefs().groupBy(['$payee']).select([{ key: '$payee' }, { amount: { $sum: '$amount' } }]).serialize(), context)?.from; // prettier-ignore
    const all = [{ $transform: '$month', $gte: '2023-06' }, { $transform: '$month', $lte: '2024-03' }]; // prettier-ignore
    expect(source(['a1', 'a2'], all)).toContain('coffer_payee_totals');
    expect(source(['a1', 'a2', 'a3'], all)).toContain('coffer_payee_totals');
    // January's row is before February; off budget, March 30 is after the 29th.
    expect(source(['a1', 'a2'], { $transform: '$month', $gte: '2024-02' })).toContain('coffer_payee_sums'); // prettier-ignore
    expect(source(['a1', 'a2'], { $transform: '$month', $lte: '2024-01' })).toContain('coffer_payee_totals'); // prettier-ignore
    expect(source(['a1', 'a2', 'a3'], [{ $gte: '2024-01-01' }, { $lte: '2024-03-29' }])).toContain('coffer_payee_sums'); // prettier-ignore
    expect(source(['a1', 'a2', 'a3'], [{ $gte: '2024-01-01' }, { $lte: '2024-03-30' }])).toContain('coffer_payee_totals'); // prettier-ignore
    stripDerived(db.sqlite);
    expect(db.sqlite.all("SELECT name FROM sqlite_master WHERE name LIKE 'coffer_payee%'")).toEqual([]); // prettier-ignore
  });

  it('are not used for an account filter other than a whole scope, or other conditions', () => {
    const db = setUp();
    const context = groupSumsContext(db.sqlite);
    const by = (f: Record<string, unknown>) =>
      routeToGroupSums(q('transactions').filter(f).withoutValidatedRefs().groupBy(['$category']).select([{ key: '$category' }, { amount: { $sum: '$amount' } }]).serialize(), context); // prettier-ignore
    expect(by({ account: { $oneof: ['a1', 'a2'] } })).not.toBeNull();
    expect(by({ account: { $oneof: ['a1', 'a2', 'a3'] } })).not.toBeNull();
    expect(by({ account: { $oneof: ['a1'] } })).toBeNull();
    expect(by({ account: 'a1' })).toBeNull();
    expect(by({ payee: [{ $ne: 'p' }] })).toBeNull();
    expect(by({ amount: { $lt: 5 } })).toBeNull();
    expect(by({ notes: 'x' })).toBeNull();
    expect(by({ date: { $lt: '2024-03-15' } })).toBeNull();
    // Only the spending report's own "a category, or no transfer", and only by category.
    expect(by({ $or: [{ category: { $ne: null } }, { transfer_id: null }] })).not.toBeNull();
    expect(by({ $or: [{ category: { $ne: null } }, { notes: null }] })).toBeNull();
    expect(by({ $or: [{ category: null }, { transfer_id: null }] })).toBeNull();
    const byPayee = routeToGroupSums(q('transactions').filter({ $or: [{ category: { $ne: null } }, { transfer_id: null }] }).withoutValidatedRefs().groupBy(['$payee']).select([{ key: '$payee' }, { amount: { $sum: '$amount' } }]).serialize(), context); // prettier-ignore
    expect(byPayee).toBeNull();
  });
});

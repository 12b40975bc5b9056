/**
 * Property: whatever reaches the database through the write path (rows and splits, edits of
 * every column the sums read, deletes of a split parent alone, children that arrive before
 * their parent, undo and redo, a write the sums did not see, payees re-pointed to or from a
 * transfer payee), the month sums equal a rebuild from scratch, and the sums by account and
 * month a report asks for (net worth, cash flow, custom reports by account or month) are the same read from them as from every row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runQuery } from '../query/exec.ts';
import { answersFromMonthSums } from '../query/month-sums.ts';
import { q, type Query } from '../query/query.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { DerivedData } from '../budget-file/derived-data.ts';
import type { Timers } from '../platform/index.ts';
import { MONTH_SUMS_TABLE, sumsBuiltBefore } from './slot.ts';
import { stepByDate } from './steps.ts';
import { MONTH_SUMS_STEPS, monthSumsAreCurrent, rebuildMonthSums } from './store.ts';

const idx = fc.nat(30);
const amount = fc.integer({ min: -50_000, max: 50_000 });
/** Stored dates as Actual keeps them, odd days included (0, 29–31) and a missing one. */
const date = fc.oneof(
  { weight: 8, arbitrary: fc.record({ m: fc.integer({ min: 1, max: 4 }), d: fc.constantFrom(0, 1, 2, 15, 28, 29, 30, 31) }).map(({ m, d }) => 20240000 + m * 100 + d) },
  { weight: 1, arbitrary: fc.constant(null) },
); // prettier-ignore
const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('add' as const), acct: idx, date, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), acct: idx, date, parts: fc.array(amount, { minLength: 1, maxLength: 3 }) }) },
  { weight: 5, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: idx, field: fc.constantFrom('amount', 'date', 'acct', 'tombstone', 'isParent', 'isChild', 'parent_id', 'description'), v: amount, date, acct: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('remap' as const), to: fc.constantFrom('p', 't1') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('transferFlag' as const), acct: fc.constantFrom('a3', null) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('killParent' as const), tx: idx, dead: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('orphans' as const), acct: idx, date, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('unseen' as const), tx: idx, v: amount }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const ACCOUNTS = ['a1', 'a2', 'a3', null] as const;
/** Stored payees: two transfer payees, one plain payee, one mapped to another, none. */
const PAYEES = ['t1', 't2', 'p', 'q', null] as const;

function setUp() {
  const { db } = memoryBudgetDb({ seed: 5 });
  db.batch(() => {
    db.insert('payees', { id: 't1', name: '', transfer_acct: 'a1' });
    db.insert('payees', { id: 't2', name: '', transfer_acct: 'a2' });
    db.insert('payees', { id: 'p', name: 'Shop' });
    db.insert('payees', { id: 'q', name: 'Shop too' });
    for (const id of ['t1', 't2', 'p']) db.insert('payee_mapping', { id, targetId: id });
    db.insert('payee_mapping', { id: 'q', targetId: 'p' });
  });
  let sums = new DerivedData(db.sqlite, (l) => db.onChange(l), MONTH_SUMS_TABLE);
  sums.ensure();
  return {
    db,
    sums: () => sums,
    reopen() {
      sums.close();
      sums = new DerivedData(db.sqlite, (l) => db.onChange(l), MONTH_SUMS_TABLE);
    },
  };
}
type Setup = ReturnType<typeof setUp>;

const table = (s: Setup) =>
  s.db.sqlite.all('SELECT * FROM coffer_month_sums ORDER BY account, month, day, payee, positive');

function apply(s: Setup, o: Op, txs: string[], parents: string[]): void {
  const db = s.db;
  const pick = (i: number) => txs[i % txs.length]!;
  const acct = (i: number) => ACCOUNTS[i % ACCOUNTS.length]!;
  // One undo step, as the app's handlers make it.
  const marked = (fn: () => void) => db.undo.withUndo(fn);
  switch (o.k) {
    case 'add':
      return marked(() => {
        txs.push(db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: o.amount }));
      });
    case 'split':
      return marked(() =>
        db.batch(() => {
          const total = o.parts.reduce((a, b) => a + b, 0);
          const parent = db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: total, isParent: 1 }); // prettier-ignore
          parents.push(parent);
          for (const part of o.parts) {
            txs.push(db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: part, isChild: 1, parent_id: parent })); // prettier-ignore
          }
        }),
      );
    case 'orphans': {
      // Children synced before their parent: they count only once it arrives.
      const parent = `late-${txs.length}`;
      txs.push(db.insert('transactions', { acct: acct(o.acct), date: o.date, amount: o.amount, isChild: 1, parent_id: parent })); // prettier-ignore
      db.insert('transactions', { id: parent, acct: acct(o.acct), date: o.date, amount: o.amount, isParent: 1 }); // prettier-ignore
      parents.push(parent);
      return;
    }
    case 'remap':
      // A merge re-points a stored payee (here 'q') to another payee, a transfer one or not.
      return marked(() => db.update('payee_mapping', { id: 'q', targetId: o.to }));
    case 'transferFlag':
      return marked(() => db.update('payees', { id: 'p', transfer_acct: o.acct }));
    case 'undo':
      db.undo.undo();
      return;
    case 'redo':
      db.undo.redo();
      return;
  }
  if (o.k === 'killParent') {
    if (parents.length === 0) return;
    db.update('transactions', { id: parents[o.tx % parents.length]!, tombstone: o.dead ? 1 : 0 });
    return;
  }
  if (txs.length === 0) return;
  if (o.k === 'unseen') {
    s.sums().close();
    db.update('transactions', { id: pick(o.tx), amount: o.v });
    s.reopen();
    s.sums().ensure();
    return;
  }
  const id = pick(o.tx);
  const values: Record<string, unknown> = {
    amount: o.v,
    date: o.date,
    acct: acct(o.acct),
    tombstone: o.v % 2 === 0 ? 1 : 0,
    isParent: o.v % 2 === 0 ? 1 : 0,
    isChild: o.v % 2 === 0 ? 1 : 0,
    parent_id: parents.length > 0 && o.v % 3 !== 0 ? parents[o.v % parents.length] : null,
    description: PAYEES[Math.abs(o.v) % PAYEES.length],
  };
  marked(() => db.update('transactions', { id, [o.field]: values[o.field] }));
}

/** The queries net worth, the balance before a range and cash flow by month send. */
const REPORTS: Query[] = [
  q('transactions')
    .filter({ account: { $oneof: ['a1', 'a2', 'a3'] } })
    .filter({ date: [{ $gte: '2024-02-01' }, { $lte: '2024-03-31' }] })
    .groupBy(['account', { $month: '$date' }])
    .select(['account', { month: { $month: '$date' } }, { amount: { $sum: '$amount' } }])
    .orderBy(['account', { $month: '$date' }])
    .withoutValidatedRefs(),
  q('transactions')
    .filter({ account: { $oneof: ['a1', 'a3'] }, date: { $lt: '2024-03-01' } })
    .groupBy('account')
    .select(['account', { amount: { $sum: '$amount' } }])
    .orderBy('account')
    .withoutValidatedRefs(),
  q('transactions')
    .filter({ account: 'a2', date: { $transform: '$month', $lte: '2024-02' } })
    .calculate({ $sum: '$amount' })
    .withoutValidatedRefs(),
  // Cash flow: income and expenses by month, transfers between the chosen accounts left out.
  q('transactions')
    .filter({ account: { $oneof: ['a1', 'a2'] } })
    .filter({
      date: [
        { $transform: '$month', $gte: '2024-01' },
        { $transform: '$month', $lte: '2024-04' },
      ],
      payee: [{ $ne: 't1' }, { $ne: 't2' }],
    })
    .groupBy([{ $month: '$date' }])
    .select([
      { period: { $month: '$date' } },
      { total: { $sum: '$amount' } },
      { abs: { $sum: { $abs: '$amount' } } },
    ])
    .orderBy([{ $month: '$date' }])
    .withoutValidatedRefs(),
  // Custom reports by account (payments, over time) and by month (deposits), as the web asks.
  q('transactions')
    .filter({
      account: { $oneof: ['a1', 'a2', 'a3'] },
      date: [
        { $transform: '$month', $gte: '2024-01' },
        { $transform: '$month', $lte: '2024-04' },
      ],
      payee: [{ $ne: 't1' }],
    }) // prettier-ignore
    .filter({ amount: { $lt: 0 } })
    .withoutValidatedRefs()
    .groupBy(['$account', { $month: '$date' }])
    .select([{ key: '$account' }, { amount: { $sum: '$amount' } }, { month: { $month: '$date' } }])
    .orderBy(['$account', { $month: '$date' }]),
  q('transactions')
    .filter({
      account: { $oneof: ['a1', 'a2'] },
      date: [{ $gte: '2024-02-01' }, { $lte: '2024-03-31' }],
    }) // prettier-ignore
    .filter({ amount: { $gt: 0 } })
    .withoutValidatedRefs()
    .groupBy([{ $month: '$date' }])
    .select([{ key: { $month: '$date' } }, { amount: { $sum: '$amount' } }])
    .orderBy([{ $month: '$date' }]),
];

describe('the month sums', () => {
  it('equal a rebuild, and answer reports as every row does, through every kind of write', () => {
    const transfers = () => new Set(['t1', 't2']);
    for (const r of REPORTS) expect(answersFromMonthSums(r.serialize(), transfers)).toBe(true);
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const s = setUp();
        const txs: string[] = [];
        const parents: string[] = [];
        for (const o of ops) {
          apply(s, o, txs, parents);
          const kept = table(s);
          for (const r of REPORTS) {
            const fromSums = runQuery(s.db.sqlite, r, { monthSums: true }).data;
            expect(fromSums).toEqual(runQuery(s.db.sqlite, r).data);
          }
          s.db.sqlite.transaction(() => {
            rebuildMonthSums(s.db.sqlite);
            expect(kept).toEqual(table(s));
          });
        }
        s.reopen();
        expect(monthSumsAreCurrent(s.db.sqlite)).toBe(true);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('built in steps with edits between them, count each row exactly once', () => {
    // Steps of two rows: the edits land before, inside and after the months already summed.
    const stepped = { ...MONTH_SUMS_TABLE, steps: (db: Setup['db']['sqlite']) => stepByDate(db, MONTH_SUMS_STEPS, 2) }; // prettier-ignore
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    // Reads part-way through a build: [nothing summed yet, some months summed].
    const partReads = [0, 0];
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(op, fc.nat(3)), { minLength: 1, maxLength: 30 }),
        (before, during) => {
          const s = setUp();
          const txs: string[] = [];
          const parents: string[] = [];
          for (const o of before) apply(s, o, txs, parents);
          // A file written without the sums: the build starts from nothing.
          s.db.sqlite.exec('DROP TABLE coffer_month_sums');
          s.reopen();
          const queue: (() => void)[] = [];
          const timers: Timers = {
            setTimeout: (fn) => queue.push(fn),
            clearTimeout: () => undefined,
          };
          const data = new DerivedData(s.db.sqlite, (l) => s.db.onChange(l), stepped);
          data.buildLater(timers, log, 0);
          for (const [o, turns] of during) {
            if (o.k !== 'unseen') apply(s, o, txs, parents);
            for (let i = 0; i < turns && queue.length > 0; i++) queue.shift()!();
            // While the build runs, a report reads the months summed and the rows after them.
            const built = sumsBuiltBefore(data);
            if (built == null) continue;
            partReads[built > 0 ? 1 : 0]! += 1;
            for (const r of REPORTS) {
              const part = runQuery(s.db.sqlite, r, { monthSums: true, sumsBuiltBefore: built });
              expect(part.data).toEqual(runQuery(s.db.sqlite, r).data);
            }
          }
          while (queue.length > 0) queue.shift()!();
          expect(data.isCurrent()).toBe(true);
          expect(monthSumsAreCurrent(s.db.sqlite)).toBe(true);
          const kept = table(s);
          for (const r of REPORTS) {
            expect(runQuery(s.db.sqlite, r, { monthSums: true }).data).toEqual(
              runQuery(s.db.sqlite, r).data,
            );
          }
          s.db.sqlite.transaction(() => {
            rebuildMonthSums(s.db.sqlite);
            expect(table(s)).toEqual(kept);
          });
          data.close();
        },
      ),
      { numRuns: 60 },
    );
    expect(partReads.every((n) => n > 0)).toBe(true);
  }, 120_000);

  it('follow a payee merged into a transfer payee, and a payee that becomes one', () => {
    const s = setUp();
    s.db.insert('transactions', { acct: 'a1', date: 20240210, amount: -700, description: 'q' });
    s.db.insert('transactions', { acct: 'a2', date: 20240211, amount: 300, description: 'p' });
    const check = () => {
      const kept = table(s);
      s.db.sqlite.transaction(() => {
        rebuildMonthSums(s.db.sqlite);
        expect(table(s)).toEqual(kept);
      });
      const cashFlow = REPORTS[REPORTS.length - 1]!;
      expect(runQuery(s.db.sqlite, cashFlow, { monthSums: true }).data).toEqual(
        runQuery(s.db.sqlite, cashFlow).data,
      );
    };
    s.db.update('payee_mapping', { id: 'q', targetId: 't1' });
    check();
    s.db.update('payees', { id: 'p', transfer_acct: 'a3' });
    check();
    s.db.update('payee_mapping', { id: 'q', targetId: 'p' });
    check();
  });

  it('are not used where a boundary splits the days they share, or for other shapes', () => {
    const base = q('transactions').withoutValidatedRefs().calculate({ $sum: '$amount' });
    const t = () => new Set(['t1']);
    expect(answersFromMonthSums(base.filter({ date: { $lt: '2024-03-15' } }).serialize(), t)).toBe(false); // prettier-ignore
    expect(answersFromMonthSums(base.filter({ date: { $lte: '2024-03-31' } }).serialize(), t)).toBe(true); // prettier-ignore
    expect(answersFromMonthSums(base.filter({ payee: 'p' }).serialize(), t)).toBe(false);
    expect(answersFromMonthSums(base.filter({ account: 'a' }).serialize(), t)).toBe(true);
    // "Not this payee" only for a transfer payee: the sums keep no other.
    expect(answersFromMonthSums(base.filter({ payee: [{ $ne: 't1' }] }).serialize(), t)).toBe(true); // prettier-ignore
    expect(answersFromMonthSums(base.filter({ payee: [{ $ne: 'p' }] }).serialize(), t)).toBe(false); // prettier-ignore
    // Only the sign is kept: any other comparison of the amount reads the rows.
    expect(answersFromMonthSums(base.filter({ amount: { $lt: 0 } }).serialize(), t)).toBe(true);
    expect(answersFromMonthSums(base.filter({ amount: { $lt: 5 } }).serialize(), t)).toBe(false);
    expect(answersFromMonthSums(base.filter({ amount: { $lte: 0 } }).serialize(), t)).toBe(false);
    expect(answersFromMonthSums(q('transactions').calculate({ $sum: '$amount' }).serialize(), t)).toBe(false); // prettier-ignore
    expect(answersFromMonthSums(base.options({ splits: 'all' }).serialize(), t)).toBe(false);
    expect(answersFromMonthSums(base.calculate({ $count: '$id' }).serialize(), t)).toBe(false);
  });
});

/**
 * Property: the report by tag (`../reports/tag-sums.ts`) reads its total by month from the kept
 * sums (the month sums, or the sums by category when the report leaves out uncategorized rows)
 * and its tagged rows from the tag index; whatever reached the database through the write path
 * (notes with zero, one or two tags, splits whose lines have their own notes, amounts, dates,
 * accounts and categories edited, rows deleted, an account moved off budget or deleted, undo,
 * redo), it answers exactly as every row read one by one does: each tag's sum, the '(no tag)'
 * row (there whenever an untagged row is, even at 0), the totals and the two-tag count.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DerivedData } from '../budget-file/derived-data.ts';
import { runQuery } from '../query/exec.ts';
import { groupSumsContext, routeToGroupSums } from '../query/group-sums.ts';
import { answersFromMonthSums, readTransferPayees } from '../query/month-sums.ts';
import { q, type Query } from '../query/query.ts';
import { tagSums } from '../reports/tag-sums.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { tagsInNotes } from '../tags/parse.ts';
import { TAG_INDEX } from '../tags/slot.ts';
import { GROUP_SUMS_TABLE, MONTH_SUMS_TABLE } from './slot.ts';

const ACCOUNTS = ['a1', 'a2', 'a3'] as const;
const CATEGORIES = ['c1', 'c2', null] as const;
const PAYEES = ['t1', 't2', 'p', null] as const;
const NOTES = [null, '', 'plain', '#trip', 'Dinner #trip #food', '##trip', '#food', '#trip,'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const i = fc.nat(40);
// Small amounts, so a month's untagged rows often cancel out to 0.
const amount = fc.integer({ min: -3, max: 3 });
const date = fc.record({ m: fc.integer({ min: 1, max: 3 }), d: fc.constantFrom(1, 15, 30, 31) }).map(({ m, d }) => 20240000 + m * 100 + d); // prettier-ignore
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('add' as const), acct: i, cat: i, payee: i, date, amount, notes: i }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), acct: i, cat: i, date, notes: i, parts: fc.array(fc.tuple(amount, i), { minLength: 1, maxLength: 3 }) }) },
  { weight: 6, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: i, field: fc.constantFrom('amount', 'date', 'acct', 'category', 'notes', 'tombstone'), v: amount, date, n: i }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('account' as const), acct: fc.constantFrom('a2', 'a3'), off: fc.boolean(), dead: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function setUp() {
  const { db } = memoryBudgetDb({ seed: 11 });
  db.batch(() => {
    db.insert('accounts', { id: 'a1', name: 'One', offbudget: 0 });
    db.insert('accounts', { id: 'a2', name: 'Two', offbudget: 0 });
    db.insert('accounts', { id: 'a3', name: 'Savings', offbudget: 1 });
    db.insert('payees', { id: 't1', name: '', transfer_acct: 'a1' });
    db.insert('payees', { id: 't2', name: '', transfer_acct: 'a2' });
    db.insert('payees', { id: 'p', name: 'Shop' });
    for (const id of ['t1', 't2', 'p']) db.insert('payee_mapping', { id, targetId: id });
    for (const id of ['c1', 'c2']) {
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
        txs.push(db.insert('transactions', { acct: pick(ACCOUNTS, o.acct), category: pick(CATEGORIES, o.cat), description: pick(PAYEES, o.payee), date: o.date, amount: o.amount, notes: pick(NOTES, o.notes) })); // prettier-ignore
      });
    case 'split':
      return marked(() =>
        db.batch(() => {
          const acct = pick(ACCOUNTS, o.acct);
          const total = o.parts.reduce((a, [b]) => a + b, 0);
          const parent = db.insert('transactions', { acct, date: o.date, amount: total, isParent: 1, description: 'p', notes: pick(NOTES, o.notes) }); // prettier-ignore
          txs.push(parent);
          for (const [part, n] of o.parts) {
            txs.push(db.insert('transactions', { acct, date: o.date, amount: part, isChild: 1, parent_id: parent, category: pick(CATEGORIES, o.cat + n), description: 'p', notes: pick(NOTES, n) })); // prettier-ignore
          }
        }),
      );
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
    notes: pick(NOTES, o.n),
    tombstone: o.v % 2 === 0 ? 1 : 0,
  };
  marked(() => db.update('transactions', { id: pick(txs, o.tx), [o.field]: values[o.field] }));
}

/** Reports by tag as the web asks them (`reports/data/custom.ts`): all time, by scope. */
function reports(db: Db): Query[] {
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
          { $transform: '$month', $lte: '2024-03' },
        ],
        ...notTransfers(accounts),
      })
      .withoutValidatedRefs();
  return [
    base(onBudget),
    base(all).filter({ amount: { $lt: 0 } }),
    base(onBudget).filter({ category: [{ $ne: null }] }),
    base(all)
      .filter({ category: [{ $ne: null }] })
      .filter({ amount: { $gt: 0 } }),
  ];
}

/** The report worked out over its rows one by one, with the notes parser. */
function direct(db: Db, report: Query, byMonth: boolean) {
  const rows = runQuery<Array<{ notes: string | null; amount: number; month: string }>>(
    db.sqlite,
    report.select(['notes', 'amount', { month: { $month: '$date' } }]),
  ).data;
  const sums = new Map<string, number>();
  const totals = new Map<string, number>();
  let multiTagged = 0;
  for (const r of rows) {
    const m = byMonth ? r.month : null;
    const tags = tagsInNotes(r.notes);
    if (tags.length > 1) multiTagged++;
    for (const tag of tags.length > 0 ? tags : [null]) {
      const k = JSON.stringify([tag, m]);
      sums.set(k, (sums.get(k) ?? 0) + r.amount);
    }
    totals.set(JSON.stringify(m), (totals.get(JSON.stringify(m)) ?? 0) + r.amount);
  }
  return { sums, totals, multiTagged };
}

function check(db: Db, kept: { monthSums: DerivedData; groupSums: DerivedData }): void {
  const context = groupSumsContext(db.sqlite);
  const routes = { monthSums: 0, groupSums: 0 };
  const options = {
    tagIndex: true,
    kept: {
      monthSums: () => void (routes.monthSums++, kept.monthSums.ensure()),
      groupSums: () => (routes.groupSums++, kept.groupSums.ensure(), context),
    },
  };
  for (const report of reports(db)) {
    for (const byMonth of [false, true]) {
      const answer = tagSums(db.sqlite, report.serialize(), byMonth, options);
      const want = direct(db, report, byMonth);
      const at = (m: string | number | undefined) => (byMonth ? String(m) : null);
      expect(new Map(answer.sums.map((s) => [JSON.stringify([s.key, at(s.month)]), s.amount]))).toEqual(want.sums); // prettier-ignore
      expect(new Map(answer.totals.map((t) => [JSON.stringify(at(t.month)), t.amount]))).toEqual(want.totals); // prettier-ignore
      expect(answer.multiTagged).toBe(want.multiTagged);
    }
  }
  // Every report above read kept sums, none every row: two from each table, twice each.
  expect(routes).toEqual({ monthSums: 4, groupSums: 4 });
}

describe('the report by tag on kept sums', () => {
  it('answers as every row read one by one does, after any edits', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => {
        const db = setUp();
        const derived = (table: ConstructorParameters<typeof DerivedData>[2]) =>
          new DerivedData(db.sqlite, (l) => db.onChange(l), table);
        const kept = { monthSums: derived(MONTH_SUMS_TABLE), groupSums: derived(GROUP_SUMS_TABLE) };
        const index = derived(TAG_INDEX);
        index.ensure();
        const txs: string[] = [];
        for (const o of ops) {
          apply(db, o, txs);
          check(db, kept);
        }
        for (const d of [kept.monthSums, kept.groupSums, index]) d.close();
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('reads every row when no kept sums answer the total (one account of a scope, notes)', () => {
    const db = setUp();
    const txs: string[] = [];
    apply(db, { k: 'add', acct: 0, cat: 0, payee: 2, date: 20240115, amount: -2, notes: 4 }, txs);
    apply(db, { k: 'add', acct: 0, cat: 1, payee: 2, date: 20240201, amount: 3, notes: 2 }, txs);
    const transfers = () => readTransferPayees(db.sqlite);
    const context = groupSumsContext(db.sqlite);
    const byCategory = (r: Query) =>
      r.groupBy(['$category', { $month: '$date' }]).select([{ amount: { $sum: '$amount' } }]);
    for (const r of [
      q('transactions').filter({ account: 'a1', category: { $ne: null } }),
      q('transactions').filter({ notes: { $like: '%#%' } }),
    ]) {
      expect(answersFromMonthSums(r.groupBy([{ $month: '$date' }]).select([{ amount: { $sum: '$amount' } }]).serialize(), transfers)).toBe(false); // prettier-ignore
      expect(routeToGroupSums(byCategory(r).serialize(), context)).toBeNull();
      const answer = tagSums(db.sqlite, r.serialize(), true, {
        kept: {
          monthSums: () => expect.fail('the month sums cannot answer it'),
          groupSums: () => expect.fail('the group sums cannot answer it'),
        },
      });
      const want = direct(db, r, true);
      expect(new Map(answer.sums.map((s) => [JSON.stringify([s.key, String(s.month)]), s.amount]))).toEqual(want.sums); // prettier-ignore
      expect(answer.sums.length).toBeGreaterThan(0);
    }
  });
});

/**
 * Property: the query cells (the sidebar's balance of each account and its totals, the
 * uncategorized balance and count, each account's cleared balance) equal the full read after
 * every kind of write, now that a write leaves the cells summed over other accounts unread
 * (cell-scope.ts): plain edits of every column, a row moved between accounts, deleted and back,
 * splits and lines whose parent is elsewhere, accounts closed, moved off budget or deleted,
 * undo and redo. And an edit of one account's plain row reads the sums of the cells over it
 * alone.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { groupSums, monthSums } from '../month-sums/slot.ts';
import { runQuery } from '../query/exec.ts';
import { CATEGORY_SUMS_TABLE } from '../query/group-sums.ts';
import { MONTH_SUMS_TABLE } from '../query/month-sums.ts';
import { q, type QueryState } from '../query/query.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { accountOrder } from './account-order.ts';
import { accountsMoved } from './cell-scope.ts';
import { QueryCellsSlot } from './query-cells.ts';

const ACCOUNTS = ['a1', 'a2', 'a3', 'gone', null] as const;
const sum = (filters: Record<string, unknown>[], none = false) => {
  let query = q('transactions');
  for (const f of filters) query = query.filter(f);
  if (none) query = query.options({ splits: 'none' });
  return query.calculate({ $sum: '$amount' }).serialize();
};
const UNCATEGORIZED = {
  'account.offbudget': false,
  category: null,
  $or: [{ 'payee.transfer_acct.offbudget': true, 'payee.transfer_acct': null }],
};
const CELLS: Record<string, QueryState> = {
  ...Object.fromEntries(['a1', 'a2', 'a3'].map((id) => [`balance-${id}`, sum([{ account: id }], true)])), // prettier-ignore
  ...Object.fromEntries(['a1', 'a2'].map((id) => [`cleared-${id}`, sum([{ account: id }, { cleared: true }])])), // prettier-ignore
  all: sum([{ 'account.closed': false }]),
  onBudget: sum([{ 'account.offbudget': false, 'account.closed': false }]),
  offBudget: sum([{ 'account.offbudget': true, 'account.closed': false }]),
  some: sum([{ account: { $oneof: ['a1', 'a3'] } }]),
  uncategorized: sum([UNCATEGORIZED]),
  uncategorizedCount: q('transactions').filter(UNCATEGORIZED).calculate({ $count: '$id' }).serialize(), // prettier-ignore
};

async function setUp() {
  const f = await openAppCore();
  const db = f.budget.db;
  db.batch(() => {
    db.insert('accounts', { id: 'a1', name: 'One', offbudget: 0, closed: 0 });
    db.insert('accounts', { id: 'a2', name: 'Two', offbudget: 1, closed: 0 });
    db.insert('accounts', { id: 'a3', name: 'Three', offbudget: 0, closed: 0 });
  });
  accountOrder(f.budget).ensure();
  monthSums(f.budget).ensure();
  groupSums(f.budget).ensure();
  const cells = f.budget.get(QueryCellsSlot);
  for (const [name, query] of Object.entries(CELLS)) cells.create('account', name, query, () => {}); // prettier-ignore
  const check = () => {
    for (const [name, query] of Object.entries(CELLS)) {
      expect([name, cells.get(`account!${name}`)]).toEqual([name, runQuery(f.budget.sqlite, query).data]); // prettier-ignore
    }
  };
  check();
  return { f, db, check };
}

const idx = fc.nat(30);
const amount = fc.integer({ min: -50_000, max: 50_000 });
const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant('add' as const), acct: idx, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), acct: idx, lines: idx, total: amount, parts: fc.array(amount, { maxLength: 3 }) }) },
  { weight: 8, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: idx, field: fc.constantFrom('amount', 'acct', 'category', 'cleared', 'date', 'tombstone', 'isParent', 'isChild', 'parent_id'), v: amount, acct: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('account' as const), acct: idx, field: fc.constantFrom('closed', 'offbudget', 'tombstone'), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
type Db = Awaited<ReturnType<typeof setUp>>['db'];

function apply(db: Db, o: Op, txs: string[], parents: string[]): void {
  const acct = (i: number) => ACCOUNTS[i % ACCOUNTS.length]!;
  const marked = (fn: () => void) => db.undo.withUndo(fn);
  switch (o.k) {
    case 'add':
      return marked(() => {
        txs.push(db.insert('transactions', { acct: acct(o.acct), date: 20240101, amount: o.amount })); // prettier-ignore
      });
    case 'split':
      return marked(() =>
        db.batch(() => {
          const parent = db.insert('transactions', { acct: acct(o.acct), date: 20240101, amount: o.total, isParent: 1 }); // prettier-ignore
          parents.push(parent);
          for (const part of o.parts) {
            // The lines' account need not be the parent's.
            txs.push(db.insert('transactions', { acct: acct(o.lines), date: 20240101, amount: part, isChild: 1, parent_id: parent })); // prettier-ignore
          }
        }),
      );
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
    acct: acct(o.acct),
    category: o.v % 2 === 0 ? null : 'c-none',
    cleared: o.v % 2 === 0 ? 1 : 0,
    date: o.v % 5 === 0 ? null : 20240101 + (Math.abs(o.v) % 20),
    tombstone: o.v % 2 === 0 ? 1 : 0,
    isParent: o.v % 2 === 0 ? 1 : 0,
    // A line's parent may be a plain row of any account.
    parent_id: o.v % 3 !== 0 ? all[Math.abs(o.v) % all.length] : null,
  };
  marked(() => db.update('transactions', { id, [o.field]: values[o.field] }));
}

describe('query cells after writes to some accounts', () => {
  it('equal the full read through every kind of write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const { db, check } = await setUp();
        const txs: string[] = [];
        const parents: string[] = [];
        for (const o of ops) {
          apply(db, o, txs, parents);
          check();
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("read the month sums only for the cells over the edited row's account, the category sums not at all", async () => {
    const { f, db, check } = await setUp();
    const row = db.insert('transactions', { acct: 'a3', date: 20240101, amount: 100 });
    check();
    const first = vi.spyOn(f.budget.sqlite, 'first');
    const all = vi.spyOn(f.budget.sqlite, 'all');
    const reads = (table: string) =>
      [...first.mock.calls, ...all.mock.calls].filter(([sql]) => String(sql).includes(table))
        .length;
    db.update('transactions', { id: row, amount: 250 });
    // a3's balance, all, on budget, a1 and a3: not a1's, a2's or the off-budget total.
    expect(reads(MONTH_SUMS_TABLE)).toBe(4);
    // The uncategorized balance and count follow the written row, not every bucket.
    expect(reads(CATEGORY_SUMS_TABLE)).toBe(0);
    // A category change moves no balance: no cell over accounts is read again (issue 30).
    first.mockClear();
    all.mockClear();
    db.update('transactions', { id: row, category: 'c-none' });
    expect(reads(MONTH_SUMS_TABLE)).toBe(0);
    first.mockRestore();
    all.mockRestore();
    check();
    // A line of a1 under a plain row of a2: deleting that row drops the line from a1's sums.
    const named = db.insert('transactions', { acct: 'a2', date: 20240101, amount: 1 });
    db.insert('transactions', { acct: 'a1', date: 20240101, amount: 50, isChild: 1, parent_id: named }); // prettier-ignore
    check();
    db.update('transactions', { id: named, tombstone: 1 });
    check();
    db.update('transactions', { id: named, tombstone: 0 });
    check();
  });

  it('name the accounts of a plain edit, and any account for every other write', () => {
    const row = (acct: string | null, more: Record<string, number | string | null> = {}) => ({
      acct,
      tombstone: 0,
      isParent: 0,
      isChild: 0,
      ...more,
    });
    const event = (tables: string[], changes: [string, unknown][]) =>
      ({ source: 'local', undo: null, messages: [], tables, prefs: {}, changes: new Map(changes) }) as unknown as Parameters<typeof accountsMoved>[0]; // prettier-ignore
    const edit = (old: ReturnType<typeof row> | null, now: ReturnType<typeof row> | null) =>
      event(['transactions'], [['transactions', [{ id: 't', old, new: now }]]]);
    expect(accountsMoved(edit(row('a1'), row('a2')))).toEqual(new Set(['a1', 'a2']));
    expect(accountsMoved(edit(row(null), row('a2')))).toEqual(new Set(['a2']));
    // Only the amount, the account and the date (none: not summed) move an account's sums.
    const plain = { amount: 5, date: 20240101, category: 'c1', cleared: 0, notes: null };
    const moved = (more: Record<string, number | string | null>) =>
      accountsMoved(edit(row('a1', plain), row('a1', { ...plain, ...more })));
    expect(moved({ category: 'c2', cleared: 1, notes: 'x' })).toEqual(new Set());
    expect(moved({ amount: 6 })).toEqual(new Set(['a1']));
    expect(moved({ date: null })).toEqual(new Set(['a1']));
    expect(moved({ date: 20240102 })).toEqual(new Set(['a1']));
    expect(accountsMoved(edit(null, row('a1')))).toBeNull();
    expect(accountsMoved(edit(row('a1'), row('a1', { tombstone: 1 })))).toBeNull();
    expect(accountsMoved(edit(row('a1'), row('a1', { isChild: 1 })))).toBeNull();
    expect(accountsMoved(edit(row('a1', { isParent: 1 }), row('a1', { isParent: 1 })))).toBeNull();
    expect(accountsMoved(event(['transactions', 'accounts'], [['transactions', []]]))).toBeNull();
  });
});

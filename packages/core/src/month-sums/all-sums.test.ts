/**
 * Property: the sums tables built together in one pass per step (`ALL_SUMS_TABLE`, one read of
 * the rows into the stage feeding the month sums, the sums by category and payee, and the sums
 * by tag), with edits between the steps and a reload part-way (the build resumed from where it
 * stood), end equal to each table's own rebuild from scratch; so does the one-pass rebuild.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { driveSteppedBuild } from '../budget-file/test-helpers/stepped-build.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { rebuildGroupSums } from './group-store.ts';
import { ALL_SUMS_STEPS, ALL_SUMS_TABLE, allSumsTable, applyNewRows } from './slot.ts';
import { stepByDate } from './steps.ts';
import { rebuildMonthSums } from './store.ts';
import { rebuildTagSums } from './tag-store.ts';
import { sumsContents } from './test-helpers/sums-tables.ts';

const ACCOUNTS = ['a1', 'a2', 'a3', null] as const;
const CATEGORIES = ['c1', 'c2', null] as const;
const PAYEES = ['t1', 'p', 'q', null] as const;
const NOTES = [null, 'plain', '#trip', 'Dinner #trip #food', '#food'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const i = fc.nat(40);
const amount = fc.integer({ min: -5, max: 5 });
const date = fc.record({ m: fc.integer({ min: 1, max: 4 }), d: fc.constantFrom(0, 1, 15, 30, 31) }).map(({ m, d }) => 20240000 + m * 100 + d); // prettier-ignore
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('add' as const), n: i, date, amount }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), n: i, date, parts: fc.array(amount, { minLength: 1, maxLength: 3 }) }) },
  { weight: 6, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: i, field: fc.constantFrom('amount', 'date', 'acct', 'category', 'notes', 'tombstone', 'description', 'transferred_id'), v: amount, date, n: i }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('account' as const), off: fc.boolean(), dead: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('remapCategory' as const), to: fc.constantFrom('c1', null) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('remapPayee' as const), to: fc.constantFrom('p', 't1') }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function setUp() {
  const { db } = memoryBudgetDb({ seed: 17 });
  db.batch(() => {
    db.insert('accounts', { id: 'a1', name: 'One', offbudget: 0 });
    db.insert('accounts', { id: 'a2', name: 'Savings', offbudget: 1 });
    db.insert('payees', { id: 't1', name: '', transfer_acct: 'a1' });
    db.insert('payees', { id: 'p', name: 'Shop' });
    db.insert('payees', { id: 'q', name: 'Shop too' });
    for (const id of ['t1', 'p', 'q']) db.insert('payee_mapping', { id, targetId: id });
    for (const id of ['c1', 'c2']) {
      db.insert('categories', { id, name: id, cat_group: 'g' });
      db.insert('category_mapping', { id, transferId: id });
    }
  });
  return db;
}
type Db = ReturnType<typeof setUp>;

function apply(db: Db, o: Op, txs: string[]): void {
  const marked = (fn: () => void) => db.undo.withUndo(fn);
  const row = (n: number) => ({ acct: pick(ACCOUNTS, n), category: pick(CATEGORIES, n + 1), description: pick(PAYEES, n + 2), notes: pick(NOTES, n + 3) }); // prettier-ignore
  switch (o.k) {
    case 'add':
      return marked(() => void txs.push(db.insert('transactions', { ...row(o.n), date: o.date, amount: o.amount }))); // prettier-ignore
    case 'split':
      return marked(() =>
        db.batch(() => {
          const total = o.parts.reduce((a, b) => a + b, 0);
          const parent = db.insert('transactions', { ...row(o.n), date: o.date, amount: total, isParent: 1 }); // prettier-ignore
          txs.push(parent);
          o.parts.forEach((part, n) => {
            txs.push(db.insert('transactions', { ...row(o.n + n), acct: pick(ACCOUNTS, o.n), date: o.date, amount: part, isChild: 1, parent_id: parent })); // prettier-ignore
          });
        }),
      );
    case 'account':
      return marked(() => db.update('accounts', { id: 'a2', offbudget: o.off ? 1 : 0, tombstone: o.dead ? 1 : 0 })); // prettier-ignore
    case 'remapCategory':
      return marked(() => db.update('category_mapping', { id: 'c2', transferId: o.to }));
    case 'remapPayee':
      return marked(() => db.update('payee_mapping', { id: 'q', targetId: o.to }));
    case 'undo':
      return void db.undo.undo();
    case 'redo':
      return void db.undo.redo();
  }
  if (txs.length === 0) return;
  const values: Record<string, unknown> = {
    ...row(o.n),
    amount: o.v,
    date: o.date,
    tombstone: o.v % 2 === 0 ? 1 : 0,
    transferred_id: o.v % 2 === 0 ? null : 'x',
  };
  marked(() => db.update('transactions', { id: pick(txs, o.tx), [o.field]: values[o.field] }));
}

const contents = (db: Db) => sumsContents(db.sqlite);

/** Every table as its own rebuild (the per-table path, not the one pass) leaves it. */
function expectLikeRebuilds(db: Db): void {
  const kept = contents(db);
  db.sqlite.transaction(() => {
    rebuildMonthSums(db.sqlite);
    rebuildGroupSums(db.sqlite);
    rebuildTagSums(db.sqlite);
    expect(contents(db)).toEqual(kept);
  });
}

describe('the sums built in one pass', () => {
  it('equal each table rebuilt on its own, with edits between the steps and a reload', () => {
    // Steps of two rows: the edits land before, inside and after the months already summed.
    const stepped = { ...ALL_SUMS_TABLE, steps: (d: Db['sqlite'], resume?: string) => stepByDate(d, ALL_SUMS_STEPS, 2, resume) }; // prettier-ignore
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(op, fc.nat(3)), { minLength: 1, maxLength: 30 }),
        fc.nat(30),
        (before, during, reloadAt) => {
          const db = setUp();
          const txs: string[] = [];
          for (const o of before) apply(db, o, txs);
          const data = driveSteppedBuild({
            db,
            table: stepped,
            name: 'all-sums',
            during,
            reloadAt,
            apply: (o) => apply(db, o, txs),
          });
          expect(ALL_SUMS_TABLE.isCurrent(db.sqlite)).toBe(true);
          expectLikeRebuilds(db);
          // Kept in step afterwards, each table by its own rule.
          for (const [o] of during.slice(0, 5)) apply(db, o, txs);
          expect(ALL_SUMS_TABLE.isCurrent(db.sqlite)).toBe(true);
          expectLikeRebuilds(db);
          data.close();
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);

  it('rebuilt at once, equal each table rebuilt on its own', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 30 }), (ops) => {
        const db = setUp();
        const txs: string[] = [];
        for (const o of ops) apply(db, o, txs);
        ALL_SUMS_TABLE.rebuild(db.sqlite);
        expect(ALL_SUMS_TABLE.isCurrent(db.sqlite)).toBe(true);
        expectLikeRebuilds(db);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('kept in step from batches of new rows in one grouped pass, equal each rebuild', () => {
    // An import's shape: new rows in one batch (`insertFresh`), split lines before or with
    // their parent, tags, transfer payees, rows no view shows; edits, merges and undo between.
    const line = fc.record({ n: i, date, amount, child: fc.boolean() });
    const batch = fc.record({
      k: fc.constant('batch' as const),
      rows: fc.array(line, { minLength: 1, maxLength: 8 }),
      parent: fc.constantFrom('none', 'with', 'later'),
      // Rows stored before, edited in the same event (an import's matched rows), and whether
      // the lines an arriving parent brings in are edited in it too.
      edits: fc.array(fc.record({ tx: i, field: fc.constantFrom('amount', 'date', 'notes', 'tombstone', 'cleared'), v: amount, date, n: i }), { maxLength: 3 }), // prettier-ignore
      touchLines: fc.boolean(),
    });
    const batchOp = fc.oneof({ weight: 2, arbitrary: batch }, { weight: 3, arbitrary: op });
    fc.assert(
      fc.property(fc.array(batchOp, { minLength: 1, maxLength: 25 }), (ops) => {
        const db = setUp();
        const txs: string[] = [];
        const table = allSumsTable(1);
        table.rebuild(db.sqlite);
        let batched = 0;
        const off = db.onChange((event) => {
          if (applyNewRows(db.sqlite, event, 1)) batched += 1;
          else table.apply(db.sqlite, event);
        });
        const later: { parent: string; lines: string[] }[] = [];
        let next = 0;
        for (const o of ops) {
          if (o.k !== 'batch') {
            apply(db, o, txs);
            continue;
          }
          db.undo.withUndo(() =>
            db.batch(() => {
              for (const e of o.edits) {
                if (txs.length === 0) break;
                const values: Record<string, unknown> = { amount: e.v, date: e.date, notes: pick(NOTES, e.n), tombstone: e.v % 2 === 0 ? 1 : 0, cleared: e.v % 2 }; // prettier-ignore
                db.update('transactions', { id: pick(txs, e.tx), [e.field]: values[e.field] });
              }
              // A parent stored before its lines ('with'), or after them in a later batch.
              const parent = o.parent === 'later' ? `late${next++}` : o.parent === 'with' ? `par${next++}` : null; // prettier-ignore
              if (o.parent === 'with' && parent) {
                db.insertFresh('transactions', { id: parent, acct: 'a1', date: o.rows[0]!.date, amount: 0, isParent: 1 }); // prettier-ignore
              }
              const lines: string[] = [];
              for (const r of o.rows) {
                const id = `new${next++}`;
                const child = parent !== null && r.child ? { isChild: 1, parent_id: parent } : {};
                db.insertFresh('transactions', { id, acct: pick(ACCOUNTS, r.n), category: pick(CATEGORIES, r.n + 1), description: pick(PAYEES, r.n + 2), notes: pick(NOTES, r.n + 3), date: r.date, amount: r.amount, ...child }); // prettier-ignore
                txs.push(id);
                if (r.child) lines.push(id);
              }
              // The parent of an earlier batch's orphan lines comes with this batch (and the
              // lines are edited in the same event, or not).
              const orphaned = later.shift();
              if (orphaned) {
                db.insertFresh('transactions', { id: orphaned.parent, acct: 'a2', date: o.rows[0]!.date, amount: 0, isParent: 1 }); // prettier-ignore
                if (o.touchLines) {
                  for (const id of orphaned.lines) db.update('transactions', { id, amount: 3 });
                }
              }
              if (o.parent === 'later' && parent) later.push({ parent, lines });
            }),
          );
        }
        // Each batch was summed in the grouped pass (none moved a transfer payee).
        if (ops.some((o) => o.k === 'batch')) expect(batched).toBeGreaterThan(0);
        expectLikeRebuilds(db);
        off();
      }),
      { numRuns: 100 },
    );
  }, 180_000);
});

/**
 * The account-order table (`../query/account-order.ts`): built in steps newest first with random
 * edits between the steps and a reload part-way, it holds after every step exactly what a full
 * recompute of the rows it has reached holds, ends equal to a rebuild, and every account's page
 * read through it (while it builds and once built) equals the general way's page.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DerivedData } from '../budget-file/derived-data.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';
import { driveSteppedBuild } from '../budget-file/test-helpers/stepped-build.ts';
import { ACCOUNT_ORDER_TABLE } from '../query/account-order.ts';
import type { AccountOrderReach } from '../query/account-order.ts';
import { runQuery } from '../query/exec.ts';
import { q } from '../query/query.ts';
import { stripDerived } from '../search/notes-index.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { tagIndexIsCurrent } from '../tags/index-table.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import {
  ACCOUNT_ORDER,
  accountOrder,
  accountOrderReach,
  ORDER_BULK_ROWS,
  stepByNewest,
} from './account-order.ts';

const ACCOUNTS = ['a1', 'a2', 'a3'] as const;
const PAYEES = ['p1', 'p2'] as const;
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const i = fc.nat(40);
const date = fc.record({ m: fc.integer({ min: 1, max: 4 }), d: fc.constantFrom(1, 15, 28) }).map(({ m, d }) => 20240000 + m * 100 + d); // prettier-ignore
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('add' as const), n: i, date, s: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('split' as const), n: i, date, lines: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 6, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: i, field: fc.constantFrom('date', 'acct', 'sort_order', 'starting_balance_flag', 'tombstone', 'amount', 'description'), n: i, date }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('undo' as const, 'redo' as const) }) },
  // One event of many rows (an import): some moved to another date or account, one deleted.
  { weight: 1, arbitrary: fc.record({ k: fc.constant('many' as const), n: i, date }) },
); // prettier-ignore
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function setUp() {
  const { db } = memoryBudgetDb({ seed: 5 });
  db.batch(() => {
    for (const id of ACCOUNTS) db.insert('accounts', { id, name: id, offbudget: 0 });
    for (const id of PAYEES) db.insert('payee_mapping', { id, targetId: id });
  });
  return db;
}
type Db = ReturnType<typeof setUp>;

function apply(db: Db, o: Op, txs: string[]): void {
  const marked = (fn: () => void) => db.undo.withUndo(fn);
  switch (o.k) {
    case 'add':
      return marked(() => void txs.push(db.insert('transactions', { acct: pick(ACCOUNTS, o.n), date: o.date, amount: o.n % 4, description: pick(PAYEES, o.s), sort_order: o.s, starting_balance_flag: o.s === 0 ? 1 : 0 }))); // prettier-ignore
    case 'split':
      return marked(() =>
        db.batch(() => {
          const parent = db.insert('transactions', { acct: pick(ACCOUNTS, o.n), date: o.date, amount: o.n, isParent: 1, sort_order: o.n }); // prettier-ignore
          txs.push(parent);
          for (let l = 0; l < o.lines; l++) {
            txs.push(db.insert('transactions', { acct: pick(ACCOUNTS, o.n), date: o.date, amount: l, isChild: 1, parent_id: parent, sort_order: l })); // prettier-ignore
          }
        }),
      );
    case 'many':
      return marked(() =>
        db.batch(() => {
          txs.forEach((id, t) => {
            if (t % 3 === 0) db.update('transactions', { id, date: o.date });
            else if (t % 3 === 1) db.update('transactions', { id, acct: pick(ACCOUNTS, o.n + t) });
            else if (t === 2) db.update('transactions', { id, tombstone: 1 });
          });
          txs.push(
            db.insert('transactions', { acct: pick(ACCOUNTS, o.n), date: o.date, amount: 1 }),
          );
        }),
      );
    case 'undo':
      return void db.undo.undo();
    case 'redo':
      return void db.undo.redo();
  }
  if (txs.length === 0) return;
  const values: Record<string, unknown> = {
    // Now and then no date or account (never shown), or no order values.
    date: o.n % 9 === 0 ? null : o.date,
    acct: o.n % 7 === 0 ? null : pick(ACCOUNTS, o.n),
    sort_order: o.n % 6 === 0 ? null : o.n % 5,
    starting_balance_flag: o.n % 8 === 0 ? null : o.n % 2,
    tombstone: o.n % 3 === 0 ? 1 : 0,
    amount: o.n % 4,
    description: o.n % 5 === 0 ? null : pick(PAYEES, o.n),
  };
  marked(() => db.update('transactions', { id: pick(txs, o.tx), [o.field]: values[o.field] }));
}

// Ordered by every column: a row held twice would show.
const table = (db: Db) =>
  db.sqlite.all(`SELECT * FROM ${ACCOUNT_ORDER_TABLE} ORDER BY id, acct, date`);

/** The table as a full recompute from the stored rows gives it, for the rows in reach. */
function recomputed(db: Db, reach: AccountOrderReach): unknown[] {
  const bound = reach.from === null ? '' : 'AND date >= ?';
  return db.sqlite.all(
    `SELECT id, acct, date, starting_balance_flag, sort_order,
       CASE WHEN isParent = 1 OR isChild = 1 THEN 1 ELSE 0 END AS split, description, amount
     FROM transactions WHERE acct IS NOT NULL AND date IS NOT NULL ${bound} ORDER BY id`,
    reach.from === null ? [] : [reach.from],
  );
}

const page = (account: string, offset: number) =>
  q('transactions')
    .options({ splits: 'grouped' })
    .filter({ account })
    .select('*')
    .orderBy([{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }])
    .limit(3)
    .offset(offset)
    .serialize();

/** A search by payee, account and amount (the parts the table's indexes serve). */
const searched = (search: Record<string, unknown>) =>
  q('transactions')
    .options({ splits: 'grouped' })
    .filter({ $search: search })
    .select('*')
    .serialize();
const SEARCHES = [{ payees: ['p1'] }, { accounts: ['a2'] }, { amounts: [1, 3] }, { payees: ['p2'], amounts: [0] }]; // prettier-ignore
// No notes index: notes are scanned.
const scan = { searchScan: { indexedUpTo: null } };

/** Every account's first pages and each search through the table equal the general way's. */
function expectPagesLikeGeneral(db: Db, reach: AccountOrderReach): void {
  for (const search of SEARCHES) {
    const general = runQuery(db.sqlite, searched(search), scan).data;
    const through = runQuery(db.sqlite, searched(search), { ...scan, accountOrder: reach }).data;
    expect(through).toEqual(general);
  }
  for (const account of ACCOUNTS) {
    for (const offset of [0, 2, 5]) {
      const general = runQuery(db.sqlite, page(account, offset)).data;
      const through = runQuery(db.sqlite, page(account, offset), { accountOrder: reach }).data;
      expect(through).toEqual(general);
    }
  }
}

describe('the account-order table', () => {
  it('is exact after every step with edits between them and a reload, and its pages too', () => {
    // Steps of two rows: the edits land before, inside and after the dates already read.
    const stepped = { ...ACCOUNT_ORDER, steps: (d: Db['sqlite'], resume?: string) => stepByNewest(d, 2, resume) }; // prettier-ignore
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(op, fc.nat(3)), { minLength: 1, maxLength: 25 }),
        fc.nat(25),
        (before, during, reloadAt) => {
          const db = setUp();
          const txs: string[] = [];
          for (const o of before) apply(db, o, txs);
          const check = (data: DerivedData) => {
            const reach = accountOrderReach(data);
            if (!reach) return;
            expect(table(db)).toEqual(recomputed(db, reach));
            expectPagesLikeGeneral(db, reach);
          };
          const data = driveSteppedBuild({
            db,
            table: stepped,
            name: 'account-order',
            during,
            reloadAt,
            apply: (o) => apply(db, o, txs),
            check,
          });
          expect(ACCOUNT_ORDER.isCurrent(db.sqlite)).toBe(true);
          check(data);
          // Kept in step afterwards.
          for (const [o] of during.slice(0, 5)) apply(db, o, txs);
          expect(ACCOUNT_ORDER.isCurrent(db.sqlite)).toBe(true);
          check(data);
          const kept = table(db);
          ACCOUNT_ORDER.rebuild(db.sqlite);
          expect(table(db)).toEqual(kept);
          data.close();
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);

  it('is the first background build after an open without it, before the tag index', async () => {
    const t = manualTimers();
    const f = await openAppCore({ timers: t.timers });
    // Not made by the open itself: the open never waits for it.
    expect(accountOrder(f.budget).isCurrent()).toBe(false);
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
    // Its steps (the table made, then the rows) come first in each round of the builds' turns.
    for (let n = 0; n < 20 && !accountOrder(f.budget).isCurrent(); n++) t.turn();
    expect(accountOrder(f.budget).isCurrent()).toBe(true);
    // The tag index (which also reads every note) has not been built yet.
    expect(tagIndexIsCurrent(f.sql)).toBe(false);
  });

  it('keeps in step a row without order values, moved twice', () => {
    const db = setUp();
    const txs: string[] = [];
    apply(db, { k: 'add', n: 1, date: 20240101, s: 1 }, txs);
    ACCOUNT_ORDER.rebuild(db.sqlite);
    const data = new DerivedData(db.sqlite, (l) => db.onChange(l), ACCOUNT_ORDER);
    const id = txs[0]!;
    db.update('transactions', { id, sort_order: null, starting_balance_flag: null });
    db.update('transactions', { id, date: 20240102 });
    db.update('transactions', { id, acct: 'a3' });
    expect(table(db)).toEqual(recomputed(db, { from: null }));
    expect(table(db)).toHaveLength(1);
    data.close();
  });

  it('is stale after a write it did not see (Actual), and then reads right once rebuilt', () => {
    const db = setUp();
    const txs: string[] = [];
    for (let n = 0; n < 8; n++) apply(db, { k: 'add', n, date: 20240101 + n, s: n % 3 }, txs);
    ACCOUNT_ORDER.rebuild(db.sqlite);
    expect(ACCOUNT_ORDER.isCurrent(db.sqlite)).toBe(true);
    // Another program's write while the file was closed: moved, with a message the table never saw.
    db.sqlite.run("UPDATE transactions SET date = 20250101, acct = 'a2' WHERE id = ?", [txs[0]!]);
    db.sqlite.run(
      "INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ('2099-01-01T00:00:00.000Z-0000-0000000000000000', 'transactions', ?, 'date', 'N:20250101')",
      [txs[0]!],
    );
    expect(ACCOUNT_ORDER.isCurrent(db.sqlite)).toBe(false);
    const data = new DerivedData(db.sqlite, (l) => db.onChange(l), ACCOUNT_ORDER);
    expect(accountOrderReach(data)).toBeNull();
    data.ensure();
    expect(table(db)).toEqual(recomputed(db, { from: null }));
    expectPagesLikeGeneral(db, { from: null });
    // The pages were read through the table: emptied, it gives none.
    db.sqlite.transaction(() => {
      db.sqlite.run(`DELETE FROM ${ACCOUNT_ORDER_TABLE}`);
      expect(runQuery(db.sqlite, page('a1', 0), { accountOrder: { from: null } }).data).toEqual([]);
      ACCOUNT_ORDER.rebuild(db.sqlite);
    });
    // Never in the copy an Actual client gets.
    stripDerived(db.sqlite);
    expect(db.sqlite.all('SELECT name FROM sqlite_master WHERE name LIKE ?', [`${ACCOUNT_ORDER_TABLE}%`])).toEqual([]); // prettier-ignore
    expect(ACCOUNT_ORDER.isCurrent(db.sqlite)).toBe(false);
    data.close();
  });

  it('takes an import as large as itself with its indexes built again after, the same', () => {
    const db = setUp();
    const txs: string[] = [];
    for (let n = 0; n < 6; n++) apply(db, { k: 'add', n, date: 20240101 + n, s: n % 3 }, txs);
    ACCOUNT_ORDER.rebuild(db.sqlite);
    const data = new DerivedData(db.sqlite, (l) => db.onChange(l), ACCOUNT_ORDER);
    const schema = () => db.sqlite.all<{ type: string }>('SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? ORDER BY name', [ACCOUNT_ORDER_TABLE]); // prettier-ignore
    const before = schema();
    const dropped: string[] = [];
    const exec = db.sqlite.exec.bind(db.sqlite);
    db.sqlite.exec = (sql) => {
      if (sql.startsWith('DROP INDEX') && sql.includes(ACCOUNT_ORDER_TABLE)) dropped.push(sql);
      return exec(sql);
    };
    // One event of new rows (more than the table holds) beside edits of stored ones.
    db.batch(() => {
      db.update('transactions', { id: txs[0]!, date: 20240301 });
      db.update('transactions', { id: txs[1]!, tombstone: 1 });
      for (let n = 0; n < ORDER_BULK_ROWS; n++) {
        const payee = n % 7 === 0 ? null : pick(PAYEES, n);
        db.insert('transactions', { acct: pick(ACCOUNTS, n), date: 20240101 + (n % 28), amount: n % 5, description: payee, sort_order: n % 4, starting_balance_flag: n % 9 === 0 ? 1 : 0, isChild: n % 11 === 0 ? 1 : 0 }); // prettier-ignore
      }
    });
    db.sqlite.exec = exec;
    expect(dropped).toHaveLength(1);
    expect(schema()).toEqual(before);
    expect(table(db)).toEqual(recomputed(db, { from: null }));
    expectPagesLikeGeneral(db, { from: null });
    // Every index of the table is one it drops and makes again.
    expect(dropped[0]!.match(/DROP INDEX/g)).toHaveLength(
      before.filter((r) => r.type === 'index').length,
    );
    // A smaller event takes its rows one by one into the live indexes.
    db.sqlite.exec = (sql) => {
      if (sql.startsWith('DROP INDEX') && sql.includes(ACCOUNT_ORDER_TABLE)) dropped.push(sql);
      return exec(sql);
    };
    db.batch(() => {
      for (let n = 0; n < 10; n++) db.insert('transactions', { acct: 'a1', date: 20240201, amount: n }); // prettier-ignore
    });
    db.sqlite.exec = exec;
    expect(dropped).toHaveLength(1);
    expect(table(db)).toEqual(recomputed(db, { from: null }));
    data.close();
  });
});

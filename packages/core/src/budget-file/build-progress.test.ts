/**
 * A derived table's background build keeps its progress in the file (issue 29): a reload or a
 * close half-way resumes where it stopped on the same data, edits made through Coffer's write
 * path between its steps are kept, and an edit made by another client (rows and messages
 * written straight into the file, as an Actual client's sync leaves them) starts it over. In
 * every case the finished tables equal a rebuild from scratch.
 */
import { describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../platform/index.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { GROUP_SUMS_TABLE, MONTH_SUMS_TABLE } from '../month-sums/slot.ts';
import { stepByDate } from '../month-sums/steps.ts';
import { GROUP_SUMS_STEPS, rebuildGroupSums } from '../month-sums/group-store.ts';
import { MONTH_SUMS_STEPS, rebuildMonthSums } from '../month-sums/store.ts';
import { readProgress } from './build-progress.ts';
import { DerivedData, type DerivedTable } from './derived-data.ts';
import { manualTimers } from './test-helpers/manual-timers.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const CASES = [
  {
    name: 'month-sums',
    table: { ...MONTH_SUMS_TABLE, steps: (db: SqliteDatabase, resume?: string) => stepByDate(db, MONTH_SUMS_STEPS, 2, resume) }, // prettier-ignore
    rebuild: rebuildMonthSums,
    tables: ['coffer_month_sums'],
  },
  {
    name: 'group-sums',
    table: { ...GROUP_SUMS_TABLE, steps: (db: SqliteDatabase, resume?: string) => stepByDate(db, GROUP_SUMS_STEPS, 2, resume) }, // prettier-ignore
    rebuild: rebuildGroupSums,
    tables: ['coffer_category_sums', 'coffer_payee_sums'],
  },
] satisfies Array<{
  name: string;
  table: DerivedTable;
  rebuild: (db: SqliteDatabase) => void;
  tables: string[];
}>;

type Case = (typeof CASES)[number];

function setUp(c: Case) {
  const { db } = memoryBudgetDb({ seed: 7 });
  const acct = db.insert('accounts', { name: 'Checking' });
  const ids: string[] = [];
  for (let m = 1; m <= 12; m++) {
    for (let i = 0; i < 3; i++) {
      ids.push(db.insert('transactions', { acct, amount: -100 * m - i, date: 20250005 + m * 100 }));
    }
  }
  const open = () => new DerivedData(db.sqlite, (l) => db.onChange(l), c.table, c.name);
  /** Every row of the tables, in key order. */
  const contents = () =>
    c.tables.map((t) => db.sqlite.all(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4, 5, 6, 7`));
  /** What a rebuild from scratch makes of the data as it is, on a copy of the file. */
  const recomputed = () => {
    const copy = db.sqlite.serialize();
    const { platform } = memoryBudgetDb({ seed: 1 });
    const other = platform.sqlite.deserialize(copy);
    c.rebuild(other);
    return c.tables.map((t) => other.all(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4, 5, 6, 7`));
  };
  return { db, acct, ids, open, contents, recomputed };
}

/** Runs `n` turns of a background build started on `data`. */
function runTurns(data: DerivedData, n: number) {
  const t = manualTimers();
  data.buildLater(t.timers, log, 0);
  let turns = 0;
  while (turns < n && t.turn()) turns++;
  return { turns, rest: () => { while (t.turn()) turns++; return turns; } }; // prettier-ignore
}

describe.each(CASES)('the $name build across a reload', (c) => {
  it('resumes where a close stopped it, and keeps what Coffer wrote between its steps', () => {
    const s = setUp(c);
    const built = s.open();
    const whole = runTurns(built, Infinity).turns;
    built.close();

    // Made stale again by a write it does not see, then built half-way and closed.
    s.db.sqlite.run(`DELETE FROM coffer_derived_meta WHERE key LIKE '%sums-stamp'`);
    const first = s.open();
    expect(first.isCurrent()).toBe(false);
    runTurns(first, 4);
    expect(readProgress(s.db.sqlite, c.name)).not.toBeNull();
    // A save through Coffer between two steps: one month already counted, one still ahead.
    s.db.insert('transactions', { acct: s.acct, amount: -7, date: 20250205 });
    s.db.insert('transactions', { acct: s.acct, amount: -9, date: 20251105 });
    first.close();

    const second = s.open();
    const resumed = runTurns(second, Infinity).turns;
    expect(second.isCurrent()).toBe(true);
    expect(resumed).toBeLessThan(whole - 2);
    expect(readProgress(s.db.sqlite, c.name)).toBeNull();
    expect(s.contents()).toEqual(s.recomputed());
  });

  it('starts over when another client edited the file since', () => {
    const s = setUp(c);
    const first = s.open();
    runTurns(first, 4);
    first.close();
    // Another client's edit (its rows and its message), and a row of its own: none of it
    // went through Coffer's write path.
    s.db.sqlite.run('UPDATE transactions SET amount = ? WHERE id = ?', [-99_999, s.ids[0]!]);
    s.db.sqlite.run(
      `INSERT INTO transactions (id, acct, amount, date, isParent, isChild, tombstone)
       VALUES ('from-actual', ?, -4242, 20250105, 0, 0, 0)`,
      [s.acct],
    );
    s.db.sqlite.run(
      'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES (?, ?, ?, ?, ?)',
      ['2099-01-01T00:00:00.000Z-0000-a1b2c3d4e5f60718', 'transactions', s.ids[0]!, 'amount', 'N:-99999'], // prettier-ignore
    );

    const second = s.open();
    runTurns(second, Infinity);
    expect(second.isCurrent()).toBe(true);
    expect(s.contents()).toEqual(s.recomputed());
    // January holds the other client's row and edit: 3 rows of its own and theirs.
    expect(s.contents()[0]![0]).toMatchObject({
      month: 202501,
      count: 4,
      amount: -99_999 - 101 - 102 - 4242,
    });
  });

  it('is finished at once by a read that needs it, from where it stood', () => {
    const s = setUp(c);
    const first = s.open();
    runTurns(first, 3);
    first.close();
    const second = s.open();
    second.ensure();
    expect(second.isCurrent()).toBe(true);
    expect(readProgress(s.db.sqlite, c.name)).toBeNull();
    expect(s.contents()).toEqual(s.recomputed());
  });
});

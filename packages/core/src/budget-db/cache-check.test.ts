/**
 * When the budget's stored sums are believed, and how a cache that does not describe the file is
 * caught: a commit by any client moves the data stamp (the next open scans), and a lazy open
 * checks the sums of the months first shown against the rows once its first screen is shown,
 * correcting the cells it showed.
 */
import { describe, expect, it } from 'vitest';
import type { CellChange } from '../budget/index.ts';
import type { SqlValue } from '../platform/index.ts';
import { BackgroundHold } from '../budget-file/background-hold.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { SUMS_KEY_PREFIX } from './cache-store.ts';
import { BudgetEngine } from './engine.ts';
import { builtValues, freshValues, seedStructure, sheetValues, sorted } from './test-helpers/budget-core.ts'; // prettier-ignore

/** A budget whose clock is in 2023-08, with rows in May and in August, its cache written. */
function setup() {
  const { db, platform } = memoryBudgetDb({ seed: 9 });
  seedStructure(db);
  db.insert('transactions', { acct: 'checking', date: 20230510, amount: -120_00, category: 'food' }); // prettier-ignore
  const august = db.insert('transactions', { acct: 'checking', date: 20230802, amount: -5_00, category: 'rent' }); // prettier-ignore
  const pushes: CellChange[][] = [];
  const options = {
    db,
    budgetType: 'rollover' as const,
    now: () => platform.clock.now(),
    random: platform.random,
    push: (changes: CellChange[]) => pushes.push(changes),
  };
  // Written by a lazy open: the cache holds the kept month (June, before July and August).
  BudgetEngine.open({ ...options, lazy: true }).close();
  /** An open as the app's: lazy, with timers, behind a hold on its background work. */
  const openLazy = () => {
    const t = manualTimers();
    const hold = new BackgroundHold();
    let release: () => void = () => undefined;
    hold.hold(new Promise<void>((done) => (release = done)));
    const engine = BudgetEngine.open({ ...options, lazy: true, timers: t.timers, hold });
    pushes.length = 0;
    return { engine, t, release };
  };
  const matchesFresh = (engine: BudgetEngine) => {
    const built = engine.sheet.getBuiltBounds();
    const fresh = new Map(freshValues(db.sqlite, 'rollover', platform.clock.now(), engine.sheet.getBounds())); // prettier-ignore
    expect(sorted(builtValues(sheetValues(engine.sheet), built))).toEqual(sorted(builtValues(fresh, built))); // prettier-ignore
  };
  return { db, options, pushes, openLazy, matchesFresh, august };
}

/** Lets the hold's release reach the engine (a promise turn), then runs every due timer. */
async function quietMoment(t: ReturnType<typeof manualTimers>, release: () => void) {
  release();
  await new Promise((done) => setTimeout(done, 0));
  t.due();
}

describe('budget cache checks', () => {
  it('a change another client applied from an older message makes the next open scan', () => {
    const s = setup();
    // Actual's sync applies a message another device made offline, older than the newest one
    // stored, to a month the open does not check against the rows (May).
    s.db.sqlite.run('UPDATE transactions SET amount = -200 WHERE date = 20230510');
    s.db.sqlite.run(
      "INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ('1970-01-02T00:00:00.000Z-0000-0123456789abcdef', 'transactions', 'x', 'amount', 'N:-200')",
    );
    const engine = BudgetEngine.open(s.options);
    expect(engine.restoredFromCache).toBe(false);
    expect(engine.getCell('budget202305', 'sum-amount-food').value).toBe(-200);
  });

  const behind = {
    'a tampered cache': (s: ReturnType<typeof setup>) =>
      s.db.sqlite.run('UPDATE kvcache SET value = ? WHERE key = ?', ['{"rent":-1}', `${SUMS_KEY_PREFIX}2023-08`]), // prettier-ignore
    'a row edited with no message': (s: ReturnType<typeof setup>) =>
      s.db.sqlite.run('UPDATE transactions SET amount = -1 WHERE id = ?', [s.august]),
  };
  for (const [what, change] of Object.entries(behind)) {
    it(`${what}: a lazy open shows the cached sums, then checks them and pushes the right ones`, async () => {
      const s = setup();
      change(s);
      const { engine, t, release } = s.openLazy();
      // Shown from the cache before the check: the stamp did not move.
      expect(engine.restoredFromCache).toBe(true);
      const shown = engine.getCell('budget202308', 'sum-amount-rent').value;
      expect(shown).toBe(what === 'a tampered cache' ? -1 : -5_00);
      expect(s.pushes).toEqual([]);
      await quietMoment(t, release);
      expect(engine.restoredFromCache).toBe(false);
      const right = what === 'a tampered cache' ? -5_00 : -1;
      expect(engine.getCell('budget202308', 'sum-amount-rent').value).toBe(right);
      expect(s.pushes.flat()).toContainEqual({ name: 'budget202308!sum-amount-rent', value: right }); // prettier-ignore
      s.matchesFresh(engine);
      engine.close();
      // The recomputed sums were written: the next open believes them, and they are right.
      const again = BudgetEngine.open(s.options);
      expect(again.restoredFromCache).toBe(true);
      expect(again.getCell('budget202308', 'sum-amount-rent').value).toBe(right);
    });
  }

  it('checks a wrong cache by the deadline even while the screen keeps the work held', () => {
    const s = setup();
    behind['a tampered cache'](s);
    const { engine, t } = s.openLazy();
    // Held: only the deadline's timer waits (no build, no cache write).
    expect(t.scheduled()).toBe(1);
    t.due();
    expect(engine.getCell('budget202308', 'sum-amount-rent').value).toBe(-5_00);
    expect(s.pushes.flat()).toContainEqual({ name: 'budget202308!sum-amount-rent', value: -5_00 }); // prettier-ignore
    s.matchesFresh(engine);
  });

  it('a right cache is checked against the sheet as edits since left it, and kept', async () => {
    const s = setup();
    const { engine, t, release } = s.openLazy();
    s.db.update('transactions', { id: s.august, amount: -9_00 });
    s.pushes.length = 0;
    await quietMoment(t, release);
    expect(engine.restoredFromCache).toBe(true);
    expect(s.pushes).toEqual([]);
    while (t.scheduled() > 0) t.due();
    expect(engine.sheet.getBuiltBounds()).toEqual(engine.sheet.getBounds());
    s.matchesFresh(engine);
    // Closed before its check: no timer is left.
    const closed = s.openLazy();
    closed.engine.close();
    expect(closed.t.scheduled()).toBe(0);
  });

  it('a lazy open reads the stored sums of the months up to the kept month only when needed', () => {
    const s = setup();
    const sqlite = s.db.sqlite;
    const all = sqlite.all.bind(sqlite);
    const sumsRead: string[] = [];
    sqlite.all = ((sql: string, params?: SqlValue[]) => {
      if (sql.includes('FROM kvcache WHERE key >')) sumsRead.push(sql);
      return all(sql, params);
    }) as typeof sqlite.all;
    const { engine } = s.openLazy();
    expect(engine.sheet.restoredKept).toBe(true);
    expect(sumsRead).toEqual([expect.stringContaining('key > ?')]);
    // An edit in May reads them first, then moves May's sum.
    const may = sqlite.first<{ id: string }>('SELECT id FROM transactions WHERE date = 20230510');
    s.db.update('transactions', { id: may!.id, amount: -100_00 });
    expect(sumsRead).toHaveLength(2);
    expect(engine.getCell('budget202305', 'sum-amount-food').value).toBe(-100_00);
    engine.sheet.buildAll();
    expect(sumsRead).toHaveLength(2);
    s.matchesFresh(engine);
  });

  it("a stored row of those months that is not Coffer's is summed from the rows and rewritten", () => {
    const s = setup();
    s.db.sqlite.run('UPDATE kvcache SET value = ? WHERE key = ?', ['{"food":"x"}', `${SUMS_KEY_PREFIX}2023-05`]); // prettier-ignore
    const { engine } = s.openLazy();
    expect(engine.restoredFromCache).toBe(true);
    expect(engine.getCell('budget202305', 'sum-amount-food').value).toBe(-120_00);
    engine.sheet.buildAll();
    s.matchesFresh(engine);
    engine.close();
    const row = s.db.sqlite.first<{ value: string }>('SELECT value FROM kvcache WHERE key = ?', [`${SUMS_KEY_PREFIX}2023-05`]); // prettier-ignore
    expect(JSON.parse(row!.value)).toEqual({ food: -120_00 });
    expect(BudgetEngine.open(s.options).restoredFromCache).toBe(true);
  });
});

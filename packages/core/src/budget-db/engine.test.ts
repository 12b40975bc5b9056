import { describe, expect, it } from 'vitest';
import type { BudgetType, CellChange } from '../budget/index.ts';
import type { SqlValue } from '../platform/index.ts';
import { BackgroundHold } from '../budget-file/background-hold.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { CACHE_META_KEY, SUMS_KEY_PREFIX } from './cache-store.ts';
import { BudgetEngine } from './engine.ts';
import {
  IDS,
  builtValues,
  freshValues,
  seedStructure,
  sheetValues,
  sorted,
} from './test-helpers/budget-core.ts';

function setup(seed = 5) {
  const { db, platform } = memoryBudgetDb({ seed });
  seedStructure(db);
  const pushes: CellChange[][] = [];
  const open = (budgetType: BudgetType = 'rollover', lazy = false) =>
    BudgetEngine.open({
      db,
      budgetType,
      lazy,
      now: () => platform.clock.now(),
      random: platform.random,
      push: (changes) => pushes.push(changes),
    });
  const tx = (date: number, amount: number, category: string, acct = 'checking') =>
    db.insert('transactions', { acct, date, amount, category });
  const fresh = (engine: BudgetEngine) =>
    sorted(
      freshValues(db.sqlite, engine.budgetType, platform.clock.now(), engine.sheet.getBounds()),
    );
  return { db, platform, pushes, open, tx, fresh };
}

describe('budget engine', () => {
  it('loads the sheet from the database', () => {
    const s = setup();
    s.tx(20230705, 500_00, 'salary');
    s.tx(20230710, -120_00, 'food');
    s.db.insert('zero_budgets', { id: '202307-food', month: 202307, category: 'food', amount: 100_00 }); // prettier-ignore
    const engine = s.open();
    expect(engine.sheet.getBounds()).toEqual({ start: '2023-04', end: '2024-08' });
    expect(engine.getCell('budget202307', 'leftover-food').value).toBe(-20_00);
    expect(engine.getCell('budget202307', 'to-budget').value).toBe(400_00);
    expect(engine.getCell('budget202308', 'last-month-overspent').value).toBe(-20_00);
  });

  it('pushes the cells an edit changed, with their new values', () => {
    const s = setup();
    const id = s.tx(20230710, -120_00, 'food');
    const engine = s.open();
    s.pushes.length = 0;
    s.db.update('transactions', { id, amount: -150_00 });
    const pushed = new Map(s.pushes.flat().map((c) => [c.name, c.value]));
    expect(pushed.get('budget202307!sum-amount-food')).toBe(-150_00);
    expect(pushed.get('budget202307!leftover-food')).toBe(-150_00);
    expect(pushed.get('budget202308!last-month-overspent')).toBe(-150_00);
    // Cells the edit could not move are not pushed.
    expect(pushed.has('budget202307!sum-amount-rent')).toBe(false);
    expect(s.pushes).toHaveLength(1);
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
  });

  it('moves a transaction out of its old month and category into the new ones', () => {
    const s = setup();
    const id = s.tx(20230710, -120_00, 'food');
    const engine = s.open();
    s.db.update('transactions', { id, date: 20230602, category: 'rent' });
    expect(engine.getCell('budget202307', 'sum-amount-food').value).toBe(0);
    expect(engine.getCell('budget202306', 'sum-amount-rent').value).toBe(-120_00);
    engine.ensureBounds();
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
  });

  it('reopens from its kvcache with the same values as a fresh load', () => {
    const s = setup();
    s.tx(20230705, 500_00, 'salary');
    s.tx(20230710, -120_00, 'food');
    const first = s.open();
    expect(first.restoredFromCache).toBe(false);
    s.db.insert('zero_budgets', { id: '202307-rent', month: 202307, category: 'rent', amount: 80_00 }); // prettier-ignore
    first.close();

    const second = s.open();
    expect(second.restoredFromCache).toBe(true);
    expect(sorted(sheetValues(second.sheet))).toEqual(s.fresh(second));
    second.close();
  });

  it('keeps one row of sums per month, not every cell, and really uses it', () => {
    const s = setup();
    s.tx(20230710, -120_00, 'food');
    s.tx(20230612, -30_00, 'rent');
    s.open().close();
    const rows = s.db.sqlite.all<{ key: string; value: string }>(
      'SELECT key, value FROM kvcache WHERE key LIKE ? ORDER BY key',
      [`${SUMS_KEY_PREFIX}%`],
    );
    expect(rows.find((r) => r.key === `${SUMS_KEY_PREFIX}2023-07`)?.value).toBe('{"food":-12000}');
    expect(s.db.sqlite.first('SELECT key FROM kvcache WHERE key LIKE ?', ['budget%'])).toBeUndefined(); // prettier-ignore
    // A month the first screen does not show, changed in the cache: the open believes it.
    s.db.sqlite.run('UPDATE kvcache SET value = ? WHERE key = ?', ['{"rent":-1}', `${SUMS_KEY_PREFIX}2023-06`]); // prettier-ignore
    const engine = s.open();
    expect(engine.restoredFromCache).toBe(true);
    expect(engine.getCell('budget202306', 'sum-amount-rent').value).toBe(-1);
  });

  it('scans afresh when a month of sums is not what Coffer wrote', () => {
    for (const bad of ['{"rent":"-1"}', '{"rent":1.5}', '[-1]', 'null', '{"rent":']) {
      const s = setup();
      s.tx(20230710, -120_00, 'food');
      s.tx(20230612, -30_00, 'rent');
      s.open().close();
      s.db.sqlite.run('UPDATE kvcache SET value = ? WHERE key = ?', [bad, `${SUMS_KEY_PREFIX}2023-06`]); // prettier-ignore
      const engine = s.open();
      expect(engine.restoredFromCache).toBe(false);
      expect(engine.getCell('budget202306', 'sum-amount-rent').value).toBe(-30_00);
      engine.close();
    }
  });

  it('checks the sums of the months first shown against the rows, and scans when they differ', () => {
    // The current month (2023-08), then the newest row's month when that is another.
    for (const [newest, tampered] of [
      [20230802, '2023-08'],
      [20231105, '2023-11'],
    ] as const) {
      const s = setup();
      s.tx(20230710, -120_00, 'food');
      s.tx(newest, -5_00, 'rent');
      s.open().close();
      const key = `${SUMS_KEY_PREFIX}${tampered}`;
      s.db.sqlite.run('UPDATE kvcache SET value = ? WHERE key = ?', ['{"rent":-1}', key]);
      const engine = s.open();
      expect(engine.restoredFromCache).toBe(false);
      expect(engine.getCell(`budget${tampered.replace('-', '')}`, 'sum-amount-rent').value).toBe(-5_00); // prettier-ignore
      expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
      engine.close();
      // The scan's sums are written back: the next open believes them again.
      expect(s.open().restoredFromCache).toBe(true);
    }
  });

  it('ignores a cache older than the data, and one Actual has marked dirty', () => {
    const s = setup();
    const id = s.tx(20230710, -120_00, 'food');
    const engine = s.open();
    engine.close();
    // A change committed after the last cache write: the stamp no longer matches.
    s.db.update('transactions', { id, amount: -1 });
    const stale = s.open();
    expect(stale.restoredFromCache).toBe(false);
    expect(stale.getCell('budget202307', 'sum-amount-food').value).toBe(-1);
    stale.close();
    expect(s.open().restoredFromCache).toBe(true);
    // Actual clears kvcache_key when its own cache goes dirty.
    s.db.sqlite.run('DELETE FROM kvcache_key');
    expect(s.open().restoredFromCache).toBe(false);
  });

  it('does not leave a key Actual would trust, and keeps its meta entry out of the cells', () => {
    const s = setup();
    s.db.sqlite.run('INSERT INTO kvcache_key (id, key) VALUES (1, 42)');
    s.tx(20230710, -120_00, 'food');
    const engine = s.open();
    engine.flush();
    expect(s.db.sqlite.all('SELECT id FROM kvcache_key')).toEqual([{ id: 2 }]);
    const meta = s.db.sqlite.first<{ value: string }>('SELECT value FROM kvcache WHERE key = ?', [
      CACHE_META_KEY,
    ]);
    expect(JSON.parse(meta!.value)).toMatchObject({ storage: 2 });
    expect(engine.getCellNamesInSheet('__coffer')).toEqual([]);
  });

  it('keeps the cache current through later edits', () => {
    const s = setup();
    const id = s.tx(20230710, -120_00, 'food');
    const engine = s.open();
    engine.flush();
    s.db.update('transactions', { id, amount: -99_00 });
    s.db.update('accounts', { id: 'checking', offbudget: 1 });
    engine.close();
    const again = s.open();
    expect(again.restoredFromCache).toBe(true);
    expect(again.getCell('budget202307', 'sum-amount-food').value).toBe(0);
    expect(sorted(sheetValues(again.sheet))).toEqual(s.fresh(again));
  });

  it("opens lazily with a full open's figures, and caches the sums of months not built yet", () => {
    const s = setup();
    s.tx(20230510, -120_00, 'food');
    const id = s.tx(20230512, -30_00, 'food');
    s.db.insert('zero_budgets', { id: '202305-food', month: 202305, category: 'food', amount: 100_00 }); // prettier-ignore
    const engine = s.open('rollover', true);
    // The current month (2023-08) and the one before only.
    expect(engine.sheet.getBuiltBounds()).toEqual({ start: '2023-07', end: '2023-08' });
    const built = () => engine.sheet.getBuiltBounds();
    const same = () =>
      expect(sorted(builtValues(sheetValues(engine.sheet), built()))).toEqual(
        sorted(builtValues(new Map(s.fresh(engine)), built())),
      );
    same();
    // May's budget (−100) and its overspending (−50) carried in.
    expect(engine.getCell('budget202307', 'to-budget').value).toBe(-150_00);
    engine.flush();
    s.db.update('transactions', { id, amount: -40_00 });
    expect(built()).toEqual({ start: '2023-07', end: '2023-08' });
    same();
    expect(engine.getCell('budget202307', 'to-budget').value).toBe(-160_00);
    engine.close();
    const again = s.open();
    expect(again.restoredFromCache).toBe(true);
    expect(again.getCell('budget202305', 'sum-amount-food').value).toBe(-160_00);
  });

  it('builds the months a lazy open left only once a hold on background work ends', async () => {
    const s = setup();
    s.tx(20230510, -120_00, 'food');
    s.tx(20231105, -20_00, 'food');
    const t = manualTimers();
    const hold = new BackgroundHold();
    let release: () => void = () => undefined;
    hold.hold(new Promise<void>((done) => (release = done)));
    const engine = BudgetEngine.open({
      db: s.db,
      budgetType: 'rollover',
      lazy: true,
      hold,
      timers: t.timers,
      now: () => s.platform.clock.now(),
      random: s.platform.random,
      // No cache write on the timers: only the build is counted there.
      cache: false,
    });
    const built = () => engine.sheet.getBuiltBounds();
    // A new device's download: the open and its sync on load go first.
    expect(t.scheduled()).toBe(0);
    expect(built()).toEqual({ start: '2023-07', end: '2023-08' });
    // A read still builds its month at once.
    expect(engine.getCell('budget202305', 'sum-amount-food').value).toBe(-120_00);
    release();
    await new Promise((done) => setTimeout(done, 0));
    expect(t.scheduled()).toBe(1);
    while (t.scheduled() > 0) t.due();
    expect(built()).toEqual(engine.sheet.getBounds());
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
    engine.close();

    // Closed while held: nothing is scheduled after the release.
    const later = new BackgroundHold();
    let free: () => void = () => undefined;
    later.hold(new Promise<void>((done) => (free = done)));
    const u = manualTimers();
    const closed = BudgetEngine.open({
      db: s.db,
      budgetType: 'rollover',
      lazy: true,
      hold: later,
      timers: u.timers,
      now: () => s.platform.clock.now(),
      random: s.platform.random,
      cache: false,
    });
    closed.close();
    free();
    await new Promise((done) => setTimeout(done, 0));
    expect(u.scheduled()).toBe(0);
  });

  it('loads the sums a cache does not hold when a deleted category comes back', () => {
    const s = setup();
    s.tx(20230710, -120_00, 'food');
    s.db.delete('categories', 'food');
    s.open().close();
    const engine = s.open();
    expect(engine.restoredFromCache).toBe(true);
    s.db.update('categories', { id: 'food', tombstone: 0 });
    expect(engine.getCell('budget202307', 'sum-amount-food').value).toBe(-120_00);
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
  });

  it('loads the sums a cache does not hold when time adds months', () => {
    const s = setup();
    s.tx(20230710, -120_00, 'food');
    s.tx(20250115, -7_00, 'rent');
    s.open().close();
    const engine = s.open();
    expect(engine.restoredFromCache).toBe(true);
    s.platform.clock.advance(200 * 86_400_000);
    expect(engine.ensureBounds().end).toBe('2025-02');
    expect(engine.getCell('budget202501', 'sum-amount-rent').value).toBe(-7_00);
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
  });

  it('switches budget type from the synced pref and back without losing either budget', () => {
    const s = setup();
    s.tx(20230710, -120_00, 'food');
    s.db.insert('zero_budgets', { id: '202307-food', month: 202307, category: 'food', amount: 100_00 }); // prettier-ignore
    s.db.insert('reflect_budgets', { id: '202307-food', month: 202307, category: 'food', amount: 300_00 }); // prettier-ignore
    const engine = s.open();
    const envelope = sorted(sheetValues(engine.sheet));
    s.db.setSyncedPrefs({ budgetType: 'report' });
    expect(engine.budgetType).toBe('report');
    expect(engine.getCell('budget202307', 'leftover-food').value).toBe(180_00);
    expect(engine.getCell('budget202307', 'to-budget').value).toBeNull();
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
    s.db.setSyncedPrefs({ budgetType: 'rollover' });
    expect(sorted(sheetValues(engine.sheet))).toEqual(envelope);
  });

  it('reset recomputes from the database and pushes what moved', () => {
    const s = setup();
    s.tx(20230710, -120_00, 'food');
    const engine = s.open();
    // Rows written behind the write path's back (an import tool, a repair): only a reset sees them.
    s.db.sqlite.run("UPDATE transactions SET amount = -1 WHERE category = 'food'");
    s.pushes.length = 0;
    engine.reset();
    expect(engine.getCell('budget202307', 'sum-amount-food').value).toBe(-1);
    expect(s.pushes.flat()).toContainEqual({ name: 'budget202307!sum-amount-food', value: -1 });
    expect(sorted(sheetValues(engine.sheet))).toEqual(s.fresh(engine));
  });

  it('starts a lazy open from the month the last session kept, unless its inputs moved since', () => {
    const s = setup();
    s.tx(20230510, -40_00, 'food');
    s.tx(20230710, -120_00, 'food');
    s.db.insert('zero_budgets', { id: '202305-food', month: 202305, category: 'food', amount: 100_00 }); // prettier-ignore
    s.open('rollover', true).close();
    const again = s.open('rollover', true);
    expect(again.restoredFromCache).toBe(true);
    expect(again.sheet.restoredKept).toBe(true);
    again.sheet.buildAll();
    expect(sorted(sheetValues(again.sheet))).toEqual(s.fresh(again));
    again.close();
    // Actual edits a budget row of a kept month: its row and its message (the stamp moves).
    s.db.sqlite.run("UPDATE zero_budgets SET amount = 7000 WHERE id = '202305-food'");
    s.db.sqlite.run(
      "INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES ('2999-01-01T00:00:00.000Z-0000-0123456789abcdef', 'zero_budgets', '202305-food', 'amount', 'N:7000')",
    );
    const changed = s.open('rollover', true);
    expect(changed.restoredFromCache).toBe(false);
    expect(changed.sheet.restoredKept).toBe(false);
    // No income: the 70.00 budgeted in May is carried into July's To Budget.
    expect(changed.getCell('budget202307', 'to-budget').value).toBe(-70_00);
    changed.sheet.buildAll();
    expect(sorted(sheetValues(changed.sheet))).toEqual(s.fresh(changed));
  });

  it('a returning open whose data stamp matches reads no budget rows of the kept months until needed', () => {
    const s = setup();
    s.tx(20230510, -40_00, 'food');
    s.tx(20230710, -120_00, 'food');
    s.db.insert('zero_budgets', { id: '202305-food', month: 202305, category: 'food', amount: 100_00 }); // prettier-ignore
    s.db.insert('zero_budgets', { id: '202308-food', month: 202308, category: 'food', amount: 30_00 }); // prettier-ignore
    s.open('rollover', true).close();
    const seen: string[] = [];
    const sqlite = s.db.sqlite;
    const all = sqlite.all.bind(sqlite);
    sqlite.all = ((sql: string, params?: SqlValue[]) => {
      seen.push(sql);
      return all(sql, params);
    }) as typeof sqlite.all;
    const rowReads = () =>
      seen.filter((q) => q.includes('zero_budgets ') || q.endsWith('zero_budgets'));
    const again = s.open('rollover', true);
    expect(again.sheet.restoredKept).toBe(true);
    // The months on screen (July to September 2023) are read; the kept months' rows are not.
    expect(rowReads()).toEqual([expect.stringContaining('WHERE month > ?')]);
    expect(again.getCell('budget202308', 'budget-food').value).toBe(30_00);
    expect(again.getCell('budget202307', 'to-budget').value).toBe(-100_00);
    expect(rowReads()).toHaveLength(1);
    // Building an earlier month reads them, once.
    expect(again.getCell('budget202305', 'budget-food').value).toBe(100_00);
    expect(rowReads()).toHaveLength(2);
    again.sheet.buildAll();
    expect(rowReads()).toHaveLength(2);
    expect(sorted(sheetValues(again.sheet))).toEqual(s.fresh(again));
    again.close();
  });

  it('an edit to a kept month before its rows are read keeps every row right', () => {
    const s = setup();
    s.tx(20230510, -40_00, 'food');
    s.db.insert('zero_budgets', { id: '202305-food', month: 202305, category: 'food', amount: 100_00 }); // prettier-ignore
    s.db.insert('zero_budgets', { id: '202306-food', month: 202306, category: 'food', amount: 5_00 }); // prettier-ignore
    s.open('rollover', true).close();
    const again = s.open('rollover', true);
    expect(again.sheet.restoredKept).toBe(true);
    s.db.update('zero_budgets', { id: '202306-food', amount: 8_00 });
    expect(again.sheet.getBudgetRow('2023-05', 'food')?.amount).toBe(100_00);
    expect(again.getCell('budget202307', 'to-budget').value).toBe(-108_00);
    again.sheet.buildAll();
    expect(sorted(sheetValues(again.sheet))).toEqual(s.fresh(again));
    again.close();
    const third = s.open('rollover', true);
    expect(third.sheet.restoredKept).toBe(true);
    third.sheet.buildAll();
    expect(sorted(sheetValues(third.sheet))).toEqual(s.fresh(third));
  });

  it('extends the months when data needs more, and never drops any', () => {
    const s = setup();
    const engine = s.open();
    expect(engine.sheet.getBounds()).toEqual({ start: '2023-05', end: '2024-08' });
    const id = s.tx(20220115, -5_00, IDS.expenses[0]);
    expect(engine.ensureBounds()).toEqual({ start: '2021-10', end: '2024-08' });
    s.db.update('transactions', { id, date: 20230801 });
    expect(engine.ensureBounds()).toEqual({ start: '2021-10', end: '2024-08' });
  });
});

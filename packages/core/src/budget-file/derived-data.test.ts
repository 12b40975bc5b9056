/**
 * A stale derived table is rebuilt in the background once the open has settled, so neither the
 * open nor (usually) the first search pays for it; the close cancels a build not yet run.
 */
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { notesIndexIsCurrent } from '../search/notes-index.ts';
import { SEARCH_INDEX_TABLE } from '../search/slot.ts';
import { MONTH_SUMS_TABLE } from '../month-sums/slot.ts';
import { stepByDate } from '../month-sums/steps.ts';
import { MONTH_SUMS_STEPS, monthSumsAreCurrent } from '../month-sums/store.ts';
import { BackgroundHold } from './background-hold.ts';
import {
  DerivedData,
  type DerivedTable,
  FIRST_STEP_SCALE,
  nextStepScale,
  STEP_TARGET_MS,
  scaledRows,
} from './derived-data.ts';
import { manualTimers } from './test-helpers/manual-timers.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

function staleIndex() {
  const { db } = memoryBudgetDb({ seed: 5 });
  const acct = db.insert('accounts', { name: 'Checking' });
  db.insert('transactions', { acct, amount: -500, date: 20260105, notes: 'weekly groceries' });
  const index = new DerivedData(db.sqlite, (l) => db.onChange(l), SEARCH_INDEX_TABLE);
  return { db, index };
}

/** Month sums not built yet over nine months, built in steps of two rows. */
function staleSums() {
  const { db } = memoryBudgetDb({ seed: 5 });
  const acct = db.insert('accounts', { name: 'Checking' });
  for (let m = 1; m <= 9; m++) {
    db.insert('transactions', { acct, amount: -100 * m, date: 20250005 + m * 100 });
  }
  const stepped = { ...MONTH_SUMS_TABLE, steps: (s: typeof db.sqlite) => stepByDate(s, MONTH_SUMS_STEPS, 2) }; // prettier-ignore
  const sums = new DerivedData(db.sqlite, (l) => db.onChange(l), stepped);
  return { db, stepped, sums };
}

describe('DerivedData.buildLater', () => {
  it('rebuilds a stale table when the timer fires, with no read asking for it', () => {
    const { db, index } = staleIndex();
    const t = manualTimers();
    expect(notesIndexIsCurrent(db.sqlite)).toBe(false);
    index.buildLater(t.timers, log);
    expect(notesIndexIsCurrent(db.sqlite)).toBe(false);
    // Its steps, one per timer turn (the search index builds in steps too).
    while (t.scheduled() > 0) t.due();
    expect(notesIndexIsCurrent(db.sqlite)).toBe(true);
    // Kept in step from then on.
    db.insert('transactions', { amount: -1, date: 20260106, notes: 'rent' });
    expect(notesIndexIsCurrent(db.sqlite)).toBe(true);
  });

  it('schedules nothing for a current table, and the close cancels a pending build', () => {
    const { db, index } = staleIndex();
    const t = manualTimers();
    index.ensure();
    index.buildLater(t.timers, log);
    expect(t.scheduled()).toBe(0);

    const stale = staleIndex();
    const u = manualTimers();
    stale.index.buildLater(u.timers, log);
    expect(u.scheduled()).toBe(1);
    stale.index.close();
    expect(u.scheduled()).toBe(0);
    expect(notesIndexIsCurrent(stale.db.sqlite)).toBe(false);
    expect(notesIndexIsCurrent(db.sqlite)).toBe(true);
  });
});

describe('DerivedData.buildLater in steps', () => {
  it('yields between bounded steps, and the close stops it half-way without using it', () => {
    const { db, stepped, sums } = staleSums();
    const t = manualTimers();
    sums.buildLater(t.timers, log);
    let turns = 0;
    for (; turns < 3; turns++) t.due();
    // Started, not finished: each turn leaves the next one scheduled.
    expect(t.scheduled()).toBe(1);
    expect(sums.isCurrent()).toBe(false);
    sums.close();
    expect(t.scheduled()).toBe(0);
    expect(monthSumsAreCurrent(db.sqlite)).toBe(false);

    // Run to the end, the same build takes several turns and leaves the sums current.
    const again = new DerivedData(db.sqlite, (l) => db.onChange(l), stepped);
    again.buildLater(t.timers, log);
    for (turns = 0; t.scheduled() > 0; turns++) t.due();
    expect(turns).toBeGreaterThan(3);
    expect(again.isCurrent()).toBe(true);
    expect(monthSumsAreCurrent(db.sqlite)).toBe(true);
  });
});

describe('DerivedData.buildLater: when the build starts', () => {
  it('waits while its start timer fires late (a busy worker), and starts at once when hurried', () => {
    const { db, index } = staleIndex();
    const t = manualTimers();
    let now = 0;
    const clock = { now: () => now };
    index.buildLater(t.timers, log, 1000, clock);
    // The open and the first reads held the worker past the start: it waits again.
    now = 2000;
    t.due();
    expect(t.scheduled()).toBe(1);
    expect(index.building()).toBe(true);
    expect(notesIndexIsCurrent(db.sqlite)).toBe(false);
    // Fired on time: the worker is quiet, the build runs.
    now = 3000;
    while (t.scheduled() > 0) t.due();
    expect(notesIndexIsCurrent(db.sqlite)).toBe(true);
    expect(index.building()).toBe(false);

    const other = staleIndex();
    const u = manualTimers();
    let ended = 0;
    other.index.buildLater(u.timers, log, 1000, clock);
    other.index.whenCurrent(() => ended++);
    other.index.hurry();
    // Hurried: the delay is gone; the start runs on the next turn, however late it fires.
    now = 1_000_000;
    while (u.scheduled() > 0) u.due();
    expect(notesIndexIsCurrent(other.db.sqlite)).toBe(true);
    expect(ended).toBe(1);
  });
});

describe('DerivedData.buildLater: a hold that begins after the timer was set', () => {
  it('the timer firing while held runs no step: the build waits for the release', async () => {
    // The phone's start: the build's timer was set at the open, and the first screen's reads
    // (each holding background work) came before it fired.
    const { db } = staleIndex();
    // Built in one piece (no steps): a turn that ran would leave it current.
    const whole = { ...SEARCH_INDEX_TABLE, steps: undefined };
    const index = new DerivedData(db.sqlite, (l) => db.onChange(l), whole);
    const t = manualTimers();
    const hold = new BackgroundHold();
    index.buildLater(t.timers, log, 1000, null, hold);
    expect(t.scheduled()).toBe(1);
    let release: () => void = () => undefined;
    hold.hold(new Promise<void>((done) => (release = done)));
    t.due();
    expect(t.scheduled()).toBe(0);
    expect(index.building()).toBe(true);
    expect(notesIndexIsCurrent(db.sqlite)).toBe(false);
    release();
    await new Promise((done) => setTimeout(done, 0));
    expect(t.scheduled()).toBe(1);
    while (t.scheduled() > 0) t.due();
    expect(notesIndexIsCurrent(db.sqlite)).toBe(true);
  });
});

describe("DerivedData.buildLater: a hold on background work (a new device's download)", () => {
  it('schedules nothing while held, starts after the delay once released, and a hurried read does not wait', async () => {
    const { db, index } = staleIndex();
    const t = manualTimers();
    const hold = new BackgroundHold();
    let release: () => void = () => undefined;
    hold.hold(new Promise<void>((done) => (release = done)));
    index.buildLater(t.timers, log, 1000, null, hold);
    expect(t.scheduled()).toBe(0);
    expect(index.building()).toBe(true);
    release();
    await new Promise((done) => setTimeout(done, 0));
    expect(t.scheduled()).toBe(1);
    // The index is built in steps, a turn each.
    while (t.scheduled() > 0) t.due();
    expect(notesIndexIsCurrent(db.sqlite)).toBe(true);

    // A read waiting for the build hurries it: it runs on the next turn, hold or not.
    const other = staleIndex();
    const u = manualTimers();
    const held = new BackgroundHold();
    held.hold(new Promise<void>(() => undefined));
    other.index.buildLater(u.timers, log, 1000, null, held);
    let ended = 0;
    other.index.whenCurrent(() => ended++);
    other.index.hurry();
    expect(u.scheduled()).toBe(1);
    while (u.scheduled() > 0) u.due();
    expect(notesIndexIsCurrent(other.db.sqlite)).toBe(true);
    expect(ended).toBe(1);

    // Held between its steps (the screen in use), a read waiting for it hurries it on at once.
    // (Sums in steps of two rows: a build of many steps, whatever a table's own step size.)
    const stepping = staleSums();
    const x = manualTimers();
    const screen = new BackgroundHold();
    stepping.sums.buildLater(x.timers, log, 1000, null, screen);
    x.due();
    screen.hold(new Promise<void>(() => undefined));
    x.due();
    expect(x.scheduled()).toBe(0);
    expect(monthSumsAreCurrent(stepping.db.sqlite)).toBe(false);
    stepping.sums.hurry();
    expect(x.scheduled()).toBe(1);
    while (x.scheduled() > 0) x.due();
    expect(monthSumsAreCurrent(stepping.db.sqlite)).toBe(true);

    // Closed while held: nothing runs after the release.
    const closed = staleIndex();
    const w = manualTimers();
    const later = new BackgroundHold();
    let free: () => void = () => undefined;
    later.hold(new Promise<void>((done) => (free = done)));
    closed.index.buildLater(w.timers, log, 1000, null, later);
    closed.index.close();
    free();
    await new Promise((done) => setTimeout(done, 0));
    expect(w.scheduled()).toBe(0);
    expect(notesIndexIsCurrent(closed.db.sqlite)).toBe(false);
  });
});

describe('DerivedData.buildLater: steps sized by time', () => {
  /**
   * A table of `total` rows built `nominal` rows a step, each row taking `msPerRow` on the
   * clock: what each step read is recorded.
   */
  function timedTable(total: number, nominal: number, msPerRow: number) {
    const clock = { now: () => now };
    let now = 0;
    let built = 0;
    const reads: number[] = [];
    const table: DerivedTable = {
      isCurrent: () => false,
      apply: () => undefined,
      rebuild: () => undefined,
      steps: () => ({
        step(scale) {
          const rows = Math.min(scaledRows(nominal, scale), total - built);
          reads.push(rows);
          built += rows;
          now += rows * msPerRow;
          return built === total;
        },
        apply: () => undefined,
      }),
    };
    const { db } = memoryBudgetDb({ seed: 5 });
    const data = new DerivedData(db.sqlite, (l) => db.onChange(l), table);
    return { data, clock, reads, built: () => built };
  }

  it('shrinks slow steps to about STEP_TARGET_MS each, and grows fast ones to the table size', () => {
    // 500 rows of the register's order took 100 ms in the browser: 0.2 ms a row.
    const slow = timedTable(5000, 500, 0.2);
    const t = manualTimers();
    slow.data.buildLater(t.timers, log, 0, slow.clock);
    while (t.scheduled() > 0) t.due();
    expect(slow.built()).toBe(5000);
    expect(slow.data.isCurrent()).toBe(true);
    // The first step, untimed, reads an eighth; each one after it about STEP_TARGET_MS' worth.
    expect(slow.reads[0]).toBe(scaledRows(500, FIRST_STEP_SCALE));
    const later = slow.reads.slice(1, -1);
    expect(later.length).toBeGreaterThan(50);
    for (const rows of later) expect(rows * 0.2).toBeLessThanOrEqual(STEP_TARGET_MS + 0.2);
    for (const rows of later) expect(rows * 0.2).toBeGreaterThanOrEqual(STEP_TARGET_MS / 2);

    // Native speed: the steps grow back to the table's own size, and no further.
    const fast = timedTable(5000, 500, 0.001);
    const u = manualTimers();
    fast.data.buildLater(u.timers, log, 0, fast.clock);
    while (u.scheduled() > 0) u.due();
    expect(fast.reads.slice(0, 4)).toEqual([63, 125, 250, 500]);
    expect(Math.max(...fast.reads)).toBe(500);

    // Without a clock, every step reads the table's own size.
    const untimed = timedTable(2000, 500, 1);
    const w = manualTimers();
    untimed.data.buildLater(w.timers, log, 0, null);
    while (w.scheduled() > 0) w.due();
    expect(untimed.reads).toEqual([500, 500, 500, 500]);
  });

  it('a slow table still ends with the rows a step at its least share reads', () => {
    expect(nextStepScale(1, 10_000)).toBeGreaterThan(0);
    expect(scaledRows(500, nextStepScale(1 / 64, 10_000))).toBeGreaterThanOrEqual(1);
    expect(nextStepScale(FIRST_STEP_SCALE, STEP_TARGET_MS * 0.75)).toBe(FIRST_STEP_SCALE);
  });
});

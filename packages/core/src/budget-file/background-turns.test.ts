/**
 * The budget's background builds take turns on one timer: the lowest rank first (a hurried
 * build before all), one step a turn, so a request waits behind one step at most.
 */
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { SEARCH_INDEX_TABLE } from '../search/slot.ts';
import { TAG_INDEX } from '../tags/slot.ts';
import { BackgroundTurns } from './background-turns.ts';
import { DerivedData } from './derived-data.ts';
import { manualTimers } from './test-helpers/manual-timers.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('BackgroundTurns', () => {
  it('runs one turn per timer, the lowest rank first, and of one rank the first asked', () => {
    const t = manualTimers();
    const turns = new BackgroundTurns(t.timers);
    const ran: string[] = [];
    let hurried = false;
    turns.take(
      () => 1,
      () => ran.push('b1'),
    );
    turns.take(
      () => 0,
      () => ran.push('a'),
    );
    turns.take(
      () => (hurried ? -1 : 2),
      () => ran.push('c'),
    );
    turns.take(
      () => 1,
      () => ran.push('b2'),
    );
    // One timer for them all.
    expect(t.scheduled()).toBe(1);
    t.turn();
    expect(ran).toEqual(['a']);
    // A rank is read when the turn is chosen: hurried while waiting, it goes next.
    hurried = true;
    t.turn();
    expect(ran).toEqual(['a', 'c']);
    const cancel = turns.take(
      () => 0,
      () => ran.push('never'),
    );
    cancel();
    while (t.turn()) {
      // The rest.
    }
    expect(ran).toEqual(['a', 'c', 'b1', 'b2']);
    expect(t.scheduled()).toBe(0);
  });

  it("keeps two builds' steps on one timer: the second waits until the first is done", () => {
    const { db } = memoryBudgetDb({ seed: 6 });
    const acct = db.insert('accounts', { name: 'Checking' });
    for (let i = 0; i < 9; i++) {
      db.insert('transactions', { acct, amount: -i, date: 20260101 + i, notes: `#trip ${i}` });
    }
    const t = manualTimers();
    const turns = new BackgroundTurns(t.timers);
    const made = (table: typeof TAG_INDEX | typeof SEARCH_INDEX_TABLE) =>
      new DerivedData(db.sqlite, (l) => db.onChange(l), table, null);
    // Each built in steps: the index emptied, then filled (several turns each).
    const tags = made(TAG_INDEX);
    const search = made(SEARCH_INDEX_TABLE);
    tags.buildLater(t.timers, log, 10, null, null, turns);
    search.buildLater(t.timers, log, 10, null, null, turns);
    // Both start timers, then the turns.
    t.turn();
    t.turn();
    let steps = 0;
    while (!tags.isCurrent()) {
      // Never more than one step waiting: a request queued now is next after it.
      expect(t.scheduled()).toBe(1);
      expect(search.position()).toBeNull();
      t.turn();
      steps++;
    }
    expect(steps).toBeGreaterThan(1);
    expect(search.isCurrent()).toBe(false);
    while (t.turn()) {
      // The search index's steps.
    }
    expect(search.isCurrent()).toBe(true);
  });

  it('gives a hurried build the next turns, ahead of one opened before it', () => {
    const { db } = memoryBudgetDb({ seed: 7 });
    const acct = db.insert('accounts', { name: 'Checking' });
    for (let i = 0; i < 9; i++) {
      db.insert('transactions', { acct, amount: -i, date: 20260101 + i, notes: `#trip ${i}` });
    }
    const t = manualTimers();
    const turns = new BackgroundTurns(t.timers);
    const search = new DerivedData(db.sqlite, (l) => db.onChange(l), SEARCH_INDEX_TABLE, null);
    const tags = new DerivedData(db.sqlite, (l) => db.onChange(l), TAG_INDEX, null);
    search.buildLater(t.timers, log, 10, null, null, turns);
    tags.buildLater(t.timers, log, 10, null, null, turns);
    t.turn();
    t.turn();
    // The search index's first steps (it was opened first), then a tag filter hurries the tags.
    while (search.position() === null) expect(t.turn()).toBe(true);
    expect(tags.position()).toBeNull();
    tags.hurry();
    while (!tags.isCurrent()) t.turn();
    expect(search.isCurrent()).toBe(false);
  });
});

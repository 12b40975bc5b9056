/**
 * The set of lines dated apart (`apart-lines.ts`) holds what a read from scratch finds, after any
 * writes: saves and another client's messages (dates, parents, deletions, a parent arriving
 * after its lines), rows deleted outright, and a build in steps with writes between them. And
 * the copy an Actual client gets keeps none of it.
 */
import { deserializeValue } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_ROWS, TRIGGER_INDEXES } from '../sync/bulk-indexes.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import type { BudgetDb } from '../sync/budget-db.ts';
import type { Message } from '../sync/types.ts';
import {
  APART_LINES_STEPS,
  APART_LINES_TABLE,
  APART_LINES_TRIGGERS,
  apartLinesAreCurrent,
  rebuildApartLines,
} from './apart-lines.ts';
import { stepById } from './id-steps.ts';
import { stripDerived } from './notes-index.ts';

const IDS = ['t0', 't1', 't2', 't3', 't4', 't5'] as const;

/**
 * The set holds every line it must, and nothing but rows that name a parent or did (a line
 * that came before its parent may stay: `apart-lines.ts`).
 */
function expectHolds(db: BudgetDb) {
  const set = new Set(held(db).map((r) => (r as { id: string }).id));
  for (const r of expected(db) as { id: string }[]) expect(set).toContain(r.id);
  expect(set.size).toBeLessThanOrEqual(IDS.length);
}

/** What the set must hold: every row with a parent missing or dated otherwise. */
const expected = (db: BudgetDb) =>
  db.sqlite.all(`SELECT c.id, c.parent_id FROM transactions c WHERE c.parent_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM transactions p WHERE p.id = c.parent_id AND p.date IS c.date) ORDER BY c.id`); // prettier-ignore
const held = (db: BudgetDb) => db.sqlite.all(`SELECT id, parent_id FROM ${APART_LINES_TABLE} ORDER BY id`); // prettier-ignore

const write = fc.record({
  on: fc.constantFrom('here', 'there', 'raw'),
  row: fc.constantFrom(...IDS),
  parent: fc.option(fc.constantFrom(...IDS, 'gone'), { nil: null }),
  day: fc.integer({ min: 1, max: 3 }),
  what: fc.constantFrom('date', 'parent', 'both', 'delete'),
});

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

function apply(here: BudgetDb, there: BudgetDb, w: Write) {
  const date = 20240100 + w.day;
  if (w.on === 'raw') {
    // Written outright, as no Coffer path does (an upsert, as Actual's and Coffer's writes are:
    // an INSERT OR REPLACE runs no delete trigger): the triggers still see it.
    if (w.what === 'delete') here.sqlite.run('DELETE FROM transactions WHERE id = ?', [w.row]);
    else here.sqlite.run('INSERT INTO transactions (id, acct, date, parent_id, isChild) VALUES (?, ?, ?, ?, 1) ON CONFLICT (id) DO UPDATE SET date = excluded.date, parent_id = excluded.parent_id', [w.row, 'a', date, w.parent]); // prettier-ignore
    return;
  }
  const db = w.on === 'here' ? here : there;
  if (w.what === 'delete') db.update('transactions', { id: w.row, tombstone: 1 });
  else {
    const cells = { id: w.row, acct: 'a', isChild: w.parent ? 1 : 0, ...(w.what !== 'parent' ? { date } : {}), ...(w.what !== 'date' ? { parent_id: w.parent } : {}) }; // prettier-ignore
    db.update('transactions', cells);
  }
  if (w.on === 'there') {
    const messages = there.getMessagesSince('').map((m) => ({ ...m, value: deserializeValue(m.value) })); // prettier-ignore
    here.applyMessages(messages, { source: 'remote' });
  }
}

/**
 * Another client's splits (rows 3k the parents, 3k+1 and 3k+2 their lines), then a batch moving
 * every row's date as large as the file: applied in one piece, it takes the bulk path
 * (`../sync/bulk-indexes.ts`). Parents move a day, lines 3k+2 two (dated apart), and the lines
 * 3k+1 of every fifth split a day back (dated apart too).
 */
function bulkDateEdits(): { rows: Message[]; dates: Message[]; apart: number } {
  const { db: there, platform } = memoryBudgetDb({ seed: 6 });
  let sent: Message[] = [];
  there.onChange((event) => void sent.push(...event.messages));
  const ids = Array.from({ length: BULK_ROWS }, (_, i) => `r${String(i).padStart(6, '0')}`);
  const parentOf = (i: number) => ids[i - (i % 3)]!;
  /** In batches a millisecond apart: a clock's counter holds 65,536 messages a millisecond. */
  const inBatches = (write: (id: string, i: number) => void) => {
    for (let from = 0; from < ids.length; from += 5000) {
      platform.clock.advance(1);
      there.batch(() => ids.slice(from, from + 5000).forEach((id, j) => write(id, from + j)));
    }
  };
  inBatches(
    (id, i) =>
    there.insert('transactions', { id, acct: 'a', date: 20240110, parent_id: i % 3 ? parentOf(i) : null, isChild: i % 3 ? 1 : 0 }), // prettier-ignore
  );
  const rows = sent;
  sent = [];
  const moved = (i: number) => (i % 3 === 2 ? 20240112 : i % 3 === 1 && i % 15 === 1 ? 20240109 : 20240111); // prettier-ignore
  inBatches((id, i) => there.update('transactions', { id, date: moved(i) }));
  const apart = ids.filter((_, i) => moved(i) !== moved(i - (i % 3))).length;
  return { rows, dates: sent, apart };
}

describe('the set of lines dated apart', () => {
  it('holds every line a read from scratch finds after any writes', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 30 }), fc.nat(30), (writes, built) => {
        const here = memoryBudgetDb({ seed: 1 }).db;
        const there = memoryBudgetDb({ seed: 2 }).db;
        writes.forEach((w, i) => {
          if (i === built) rebuildApartLines(here.sqlite);
          apply(here, there, w);
        });
        if (built >= writes.length) rebuildApartLines(here.sqlite);
        expect(apartLinesAreCurrent(here.sqlite)).toBe(true);
        expectHolds(here);
      }),
      { numRuns: 200 },
    );
  });

  it('is whole after a build in steps with writes between them', () => {
    fc.assert(
      fc.property(
        fc.array(write, { maxLength: 20 }),
        fc.array(write, { maxLength: 20 }),
        (before, during) => {
          const here = memoryBudgetDb({ seed: 3 }).db;
          const there = memoryBudgetDb({ seed: 4 }).db;
          for (const w of before) apply(here, there, w);
          const build = stepById(here.sqlite, APART_LINES_STEPS, 1);
          let done = false;
          for (const w of during) {
            if (!done) done = build.step();
            apply(here, there, w);
          }
          while (!done) done = build.step();
          expect(apartLinesAreCurrent(here.sqlite)).toBe(true);
          expectHolds(here);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is whole after a bulk batch of date edits, built before it or in steps around it', () => {
    const { rows, dates, apart } = bulkDateEdits();
    expect(new Set(dates.map((m) => m.row)).size).toBe(BULK_ROWS);
    const built = memoryBudgetDb({ seed: 7 }).db;
    const stepped = memoryBudgetDb({ seed: 8 }).db;
    for (const db of [built, stepped]) db.applyMessages(rows, { source: 'remote' });
    rebuildApartLines(built.sqlite);
    const build = stepById(stepped.sqlite, APART_LINES_STEPS, BULK_ROWS / 4);
    build.step();
    build.step();
    for (const db of [built, stepped]) {
      expect(db.applyMessages(dates, { source: 'remote' }).applied).toBe(BULK_ROWS);
    }
    while (!build.step()) {
      // The steps left read the rows as the batch left them.
    }
    for (const db of [built, stepped]) {
      expect(apartLinesAreCurrent(db.sqlite)).toBe(true);
      // Exactly the lines dated apart: each was a line dated with its parent before the batch.
      expect(held(db)).toEqual(expected(db));
      expect(held(db).length).toBe(apart);
    }
  });

  it('has its triggers look rows up only through indexes a bulk batch keeps', () => {
    const { db } = memoryBudgetDb({ seed: 9 });
    rebuildApartLines(db.sqlite);
    const keep = new Set(TRIGGER_INDEXES.get('transactions'));
    const all = db.sqlite.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL"); // prettier-ignore
    for (const { name } of all) if (!keep.has(name)) db.sqlite.exec(`DROP INDEX ${name}`);
    const triggers = db.sqlite.all<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'transactions'"); // prettier-ignore
    expect(triggers).toHaveLength(APART_LINES_TRIGGERS.length);
    // Each trigger's WHEN and statements, with NEW's and OLD's columns as values.
    const statements = triggers.flatMap(({ sql }) => {
      const [head, body] = sql.split(/\bBEGIN\b/) as [string, string];
      const when = head.split(/\bWHEN\b/)[1];
      const steps = body.replace(/\bEND\s*$/, '').split(';').map((x) => x.trim()).filter(Boolean); // prettier-ignore
      return [...(when ? [`SELECT ${when}`] : []), ...steps];
    });
    expect(statements.length).toBeGreaterThan(APART_LINES_TRIGGERS.length);
    for (const statement of statements) {
      const plan = db.sqlite.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement.replace(/\b(NEW|OLD)\.\w+/g, "'x'")}`); // prettier-ignore
      expect(plan.map((r) => r.detail).filter((d) => /^SCAN (?!CONSTANT ROW)/.test(d))).toEqual([]);
    }
  });

  it('is not in the copy an Actual client gets, nor are its triggers', () => {
    const { db } = memoryBudgetDb({ seed: 5 });
    rebuildApartLines(db.sqlite);
    stripDerived(db.sqlite);
    const names = [APART_LINES_TABLE, ...APART_LINES_TRIGGERS];
    const left = db.sqlite.all(`SELECT name FROM sqlite_master WHERE name IN (${names.map(() => '?').join(', ')})`, names); // prettier-ignore
    expect(left).toEqual([]);
    // A write after still works (no trigger names a table that is gone).
    db.insert('transactions', { id: 'x', acct: 'a', date: 20240101, parent_id: 'y', isChild: 1 });
    expect(apartLinesAreCurrent(db.sqlite)).toBe(false);
  });
});

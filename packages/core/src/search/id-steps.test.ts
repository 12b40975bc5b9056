/**
 * The search index and the tag index are built in steps (issue 29): a build after a download or
 * another client's write no longer takes one whole turn, saves made through Coffer between its
 * steps are kept (before and after the position it reached), and a reload resumes it where it
 * stopped on the same data. Another client's edit starts it over. In every case the finished
 * index equals a full build of the data as it is.
 */
import { describe, expect, it } from 'vitest';
import { readProgress } from '../budget-file/build-progress.ts';
import { DerivedData, type DerivedTable } from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { TAG_INDEX_STEPS } from '../tags/index-table.ts';
import { TAG_INDEX } from '../tags/slot.ts';
import { stepById } from './id-steps.ts';
import { NOTES_INDEX_STEPS } from './notes-index.ts';
import { SEARCH_INDEX_TABLE } from './slot.ts';
import { manualTimers } from '../budget-file/test-helpers/manual-timers.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const CASES = [
  {
    name: 'search-index',
    // The slot's own table: its steps as the app runs them, at 3 rows a step.
    table: { ...SEARCH_INDEX_TABLE, steps: (db: SqliteDatabase, resume?: string) => stepById(db, NOTES_INDEX_STEPS, 3, resume) }, // prettier-ignore
    full: SEARCH_INDEX_TABLE.rebuild,
    stampKey: 'stamp',
    contents: `SELECT r.id, f.notes FROM coffer_search_rows r JOIN coffer_search_notes f ON f.rowid = r.rid ORDER BY 1`, // prettier-ignore
  },
  {
    name: 'tag-index',
    table: { ...TAG_INDEX, steps: (db: SqliteDatabase, resume?: string) => stepById(db, TAG_INDEX_STEPS, 3, resume) }, // prettier-ignore
    full: TAG_INDEX.rebuild,
    stampKey: 'tag-index-stamp',
    contents: 'SELECT tag, id, grp FROM coffer_note_tags ORDER BY 1, 2',
  },
] satisfies Array<{
  name: string;
  table: Required<Pick<DerivedTable, 'steps' | 'stamp'>> & DerivedTable;
  full: (db: SqliteDatabase) => void;
  stampKey: string;
  contents: string;
}>;

type Case = (typeof CASES)[number];

function setUp(c: Case) {
  const { db } = memoryBudgetDb({ seed: 11 });
  const acct = db.insert('accounts', { name: 'Checking' });
  const notes = ['#food', 'lunch #food #work', 'no tag', '', null, '#trip day 2'];
  const ids: string[] = [];
  for (let i = 0; i < 24; i++) {
    ids.push(db.insert('transactions', { acct, amount: -100 - i, date: 20250105, notes: notes[i % notes.length] })); // prettier-ignore
  }
  // A split whose lines hold tags: the lines' group is the parent.
  const parent = db.insert('transactions', { acct, amount: -300, date: 20250106, isParent: 1 });
  for (const n of ['#home line', '#trip line']) {
    ids.push(db.insert('transactions', { acct, amount: -150, date: 20250106, isChild: 1, parent_id: parent, notes: n })); // prettier-ignore
  }
  const open = () => new DerivedData(db.sqlite, (l) => db.onChange(l), c.table, c.name);
  const contents = () => db.sqlite.all(c.contents);
  /** What a full build makes of the data as it is, on a copy of the file. */
  const recomputed = () => {
    const { platform } = memoryBudgetDb({ seed: 1 });
    const other = platform.sqlite.deserialize(db.sqlite.serialize());
    c.full(other);
    return other.all(c.contents);
  };
  /** The ids in the order the steps read them. */
  const sorted = () =>
    db.sqlite.all<{ id: string }>('SELECT id FROM transactions ORDER BY id').map((r) => r.id);
  return { db, acct, ids, open, contents, recomputed, sorted };
}

/** Runs `n` turns of a background build started on `data`. */
function runTurns(data: DerivedData, n: number) {
  const t = manualTimers();
  data.buildLater(t.timers, log, 0);
  let turns = 0;
  while (turns < n && t.turn()) turns++;
  return turns;
}

describe.each(CASES)('the $name build in steps', (c) => {
  it('stopped midway with saves between its steps, reloaded and resumed, equals a full build', () => {
    const s = setUp(c);
    const built = s.open();
    const whole = runTurns(built, Infinity);
    // In steps: the start's turn, the reset, then 3 rows a step.
    expect(whole).toBeGreaterThan(5);
    expect(s.contents()).toEqual(s.recomputed());
    built.close();

    // Stale again (a write it did not see), built part of the way, and the page reloaded.
    s.db.sqlite.run('DELETE FROM coffer_derived_meta WHERE key = ?', [c.stampKey]);
    const first = s.open();
    expect(first.isCurrent()).toBe(false);
    runTurns(first, 4);
    expect(first.isCurrent()).toBe(false);
    const position = readProgress(s.db.sqlite, c.name)?.position ?? '';
    expect(position).toMatch(/^after:/);
    const reached = position.slice('after:'.length);
    // Saves through Coffer between two steps: rows the build has read and rows still ahead.
    const ids = s.sorted();
    const read = ids.filter((id) => id <= reached);
    const ahead = ids.filter((id) => id > reached);
    s.db.update('transactions', { id: read[0]!, notes: 'moved #after' });
    s.db.update('transactions', { id: read[1]!, notes: '' });
    s.db.update('transactions', { id: ahead[0]!, notes: 'ahead #late' });
    s.db.update('transactions', { id: ahead.at(-1)!, tombstone: 1 });
    s.db.insert('transactions', { acct: s.acct, amount: -5, date: 20250107, notes: 'new #fresh' });
    first.close();

    const second = s.open();
    const resumed = runTurns(second, Infinity);
    expect(second.isCurrent()).toBe(true);
    expect(resumed).toBeLessThan(whole - 1);
    expect(readProgress(s.db.sqlite, c.name)).toBeNull();
    expect(s.contents()).toEqual(s.recomputed());
    // And it stays in step afterwards, through the write path.
    s.db.update('transactions', { id: ahead[1]!, notes: 'later #again' });
    expect(s.contents()).toEqual(s.recomputed());
    expect(c.table.isCurrent(s.db.sqlite)).toBe(true);
  });

  it('starts over when another client edited the file since', () => {
    const s = setUp(c);
    const first = s.open();
    runTurns(first, 4);
    first.close();
    // Another client's edit (its row and its message), not through Coffer's write path.
    const id = s.sorted()[0]!;
    s.db.sqlite.run('UPDATE transactions SET notes = ? WHERE id = ?', ['theirs #actual', id]);
    s.db.sqlite.run(
      'INSERT INTO messages_crdt (timestamp, dataset, row, column, value) VALUES (?, ?, ?, ?, ?)',
      ['2099-01-01T00:00:00.000Z-0000-a1b2c3d4e5f60718', 'transactions', id, 'notes', 'S:theirs #actual'], // prettier-ignore
    );
    const second = s.open();
    runTurns(second, Infinity);
    expect(second.isCurrent()).toBe(true);
    expect(s.contents()).toEqual(s.recomputed());
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

describe('the pieces before the reset', () => {
  it('run one per step, a piece with nothing to do taking no step of its own', () => {
    const { db } = memoryBudgetDb({ seed: 3 });
    const acct = db.insert('accounts', { name: 'Checking' });
    db.insert('transactions', { acct, amount: -1, date: 20250105, notes: 'one' });
    const ran: string[] = [];
    const piece = (name: string, work: boolean) => () => {
      ran.push(name);
      return work;
    };
    const build = stepById(db.sqlite, {
      ...NOTES_INDEX_STEPS,
      prepare: [piece('a', true), piece('done already', false), piece('b', true)],
      reset: (d) => {
        ran.push('reset');
        NOTES_INDEX_STEPS.reset(d);
      },
    });
    expect(build.step()).toBe(false);
    expect(ran).toEqual(['a']);
    expect(build.step()).toBe(false);
    expect(ran).toEqual(['a', 'done already', 'b']);
    expect(build.step()).toBe(false);
    expect(ran).toEqual(['a', 'done already', 'b', 'reset']);
    while (!build.step()) {
      // the rows, then done
    }
    expect(SEARCH_INDEX_TABLE.isCurrent(db.sqlite)).toBe(true);
  });
});

/**
 * A search page's notes are asked of the trigram index once (`notes-found.ts`), and the page is
 * the one the match compiled into each statement gives: for a phrase in a few rows (bound as
 * their ids) and for one past the bound (still the match).
 */
import { describe, expect, it } from 'vitest';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { rebuildNotesIndex } from '../search/notes-index.ts';
import { runQuery } from './exec.ts';
import { q } from './query.ts';
import { OTHER_PART_MOST } from './search-cutoff.ts';

/** `common` rows noted "Receipt kept", every tenth of them in a split of two lines. */
function setUp(common: number) {
  const { db } = memoryBudgetDb({ seed: 5 });
  db.batch(() => {
    db.insert('accounts', { id: 'a', name: 'a', offbudget: 0 });
    for (let k = 0; k < common + 300; k++) {
      const notes = k < common ? `Receipt ${k % 7} kept` : `Other ${k}`;
      const base = { acct: 'a', date: 20240101 + (k % 28), sort_order: k, amount: k };
      const id = db.insert('transactions', { ...base, notes, isParent: k % 10 === 0 ? 1 : 0 });
      if (k % 10 !== 0) continue;
      for (const line of [1, 2]) {
        const lineNotes = line === 1 ? notes : `line ${k}`;
        db.insert('transactions', { ...base, notes: lineNotes, isChild: 1, parent_id: id });
      }
    }
  });
  rebuildNotesIndex(db.sqlite);
  return db;
}

/** A first page searching notes for `text`, or (`either`) for it or for "zzz". */
const page = (text: string, either: boolean) =>
  q('transactions')
    .options({ splits: 'grouped' })
    .filter(
      either
        ? { $or: [{ $search: { text } }, { $search: { text: '  zzz ' } }] }
        : { $search: { text } },
    ) // prettier-ignore
    .select('*')
    .orderBy([{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }])
    .limit(20)
    .serialize();

/** The page with the notes read first, the page as compiled before, and the first's matches. */
function both(common: number, text: string, either = false) {
  const db = setUp(common);
  const all = db.sqlite.all.bind(db.sqlite);
  let matches = 0;
  db.sqlite.all = ((sqlText: string, params?: never) => {
    matches += sqlText.split(' MATCH ').length - 1;
    return all(sqlText, params);
  }) as typeof db.sqlite.all;
  const once = runQuery(db.sqlite, page(text, either), { notesIndexed: true }).data;
  const asked = matches;
  const before = runQuery(db.sqlite, page(text, either), {}).data;
  return { once, before, asked, askedBefore: matches - asked };
}

describe("a search page's notes", () => {
  it('are asked of the index once for a phrase in a few rows, the page unchanged', () => {
    const { once, before, asked, askedBefore } = both(60, 'receipt 3 kept');
    expect(once).toEqual(before);
    expect((once as unknown[]).length).toBeGreaterThan(5);
    // Found from a date on: the rows it starts from, each row's and each line's test, the
    // matched rows.
    expect(askedBefore).toBe(4);
    expect(asked).toBe(1);
  });

  it('are read for each search inside an $or, the page unchanged', () => {
    const { once, before, asked } = both(60, 'receipt 3 kept', true);
    expect(once).toEqual(before);
    expect((once as unknown[]).length).toBeGreaterThan(5);
    // Each of the two texts once ("zzz" trimmed finds nothing), then bound as lists.
    expect(asked).toBe(2);
  });

  it('are still matched in each statement past the bound, the page unchanged', () => {
    const { once, before, asked } = both(OTHER_PART_MOST + 10, 'receipt');
    expect(once).toEqual(before);
    expect((once as unknown[]).length).toBe(20);
    expect(asked).toBeGreaterThan(2);
  });
});

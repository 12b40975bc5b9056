/**
 * A search's page found from a date on (`search-cutoff.ts`) is the general way's: with a line
 * dated apart from its parent, and after edits on two clients (dates moved on parents and lines
 * alone, rows deleted and put back as an undo does) synced both ways.
 */
import { deserializeValue } from '@coffer/crdt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebuildApartLines } from '../search/apart-lines.ts';
import { rebuildNotesIndex } from '../search/notes-index.ts';
import type { BudgetDb } from '../sync/budget-db.ts';
import { memoryBudgetDb } from '../sync/test-helpers/memory-budget.ts';
import { compileQuery } from './compiler.ts';
import { runQuery } from './exec.ts';
import { q } from './query.ts';
import { APART_LINES_TABLE } from './search.ts';
import { byCutoff, requiredSearch } from './search-cutoff.ts';

const ORDER = [{ date: 'desc' }, 'starting_balance_flag', { sort_order: 'desc' }];
const query = (find: Record<string, unknown>) =>
  q('transactions').options({ splits: 'grouped' }).filter({ $search: find }).select('*').orderBy(ORDER); // prettier-ignore

type Grouped = { id: string; subtransactions: { id: string }[] };
const ids = (rows: unknown) =>
  (rows as Grouped[]).map((r) => [r.id, r.subtransactions.map((c) => c.id)]);

/** The page from a date on (asserted taken) beside the same rows of the whole answer. */
function pages(
  db: BudgetDb,
  find: Record<string, unknown>,
  limit: number,
  offset: number,
  apartLines = false,
) {
  rebuildNotesIndex(db.sqlite);
  const whole = ids(runQuery(db.sqlite, query(find).serialize(), {}).data);
  const paged = query(find).limit(limit).offset(offset).serialize();
  const compiled = compileQuery(paged, { apartLines });
  const found = byCutoff(db.sqlite, compiled.groupFinder!, compiled.searchRows!, compiled, {});
  expect(found).not.toBeNull();
  return { page: found!.groupIds, expected: whole.slice(offset, offset + limit).map((g) => g[0]) };
}

function accounts(db: BudgetDb) {
  db.insert('accounts', { id: 'a1', name: 'a1', offbudget: 0 });
  for (const id of ['c1', 'c2']) {
    db.insert('categories', { id, name: id, cat_group: 'g' });
    db.insert('category_mapping', { id, transferId: id });
  }
}

describe('a search page found from a date on', () => {
  it('finds the one $search the filters require', () => {
    expect(requiredSearch([{ account: 'a' }, { $search: { text: 'x' } }])).toEqual({ text: 'x' });
    expect(requiredSearch([{ $and: [{ $search: { text: 'y' } }] }])).toEqual({ text: 'y' });
    expect(requiredSearch([{ $or: [{ $search: { text: 'z' } }, { account: 'a' }] }])).toBeUndefined(); // prettier-ignore
  });

  it("puts a split first by its parent's date when only a line dated long before matches", () => {
    const { db } = memoryBudgetDb({ seed: 7 });
    db.batch(() => {
      accounts(db);
      for (let d = 4; d <= 8; d++) {
        db.insert('transactions', { id: `r${d}`, acct: 'a1', date: 20240100 + d, notes: 'bread', sort_order: d }); // prettier-ignore
      }
      db.insert('transactions', { id: 'split', acct: 'a1', date: 20240109, notes: 'soap', isParent: 1, sort_order: 9 }); // prettier-ignore
      db.insert('transactions', { id: 'line', acct: 'a1', date: 20240101, notes: 'bread', isChild: 1, parent_id: 'split', sort_order: 1 }); // prettier-ignore
    });
    const { page, expected } = pages(db, { text: 'bread' }, 2, 0);
    expect(expected).toEqual(['split', 'r8']);
    expect(page).toEqual(expected);
    // The same through the set of lines dated apart, its triggers there before the rows.
    const other = memoryBudgetDb({ seed: 8 }).db;
    rebuildApartLines(other.sqlite);
    other.applyMessages(db.getMessagesSince('').map((m) => ({ ...m, value: deserializeValue(m.value) })), { source: 'remote' }); // prettier-ignore
    expect(other.sqlite.all(`SELECT id FROM ${APART_LINES_TABLE}`)).toEqual([{ id: 'line' }]);
    expect(pages(other, { text: 'bread' }, 2, 0, true).page).toEqual(expected);
  });

  const edit = fc.record({
    client: fc.nat(1),
    row: fc.nat(11),
    kind: fc.constantFrom('date', 'category', 'notes', 'delete', 'undo'),
    day: fc.integer({ min: 1, max: 9 }),
  });

  it("is the general way's page after edits on two clients, synced both ways", () => {
    fc.assert(
      fc.property(
        fc.array(edit, { maxLength: 25 }),
        fc.nat(2),
        fc.integer({ min: 1, max: 3 }),
        (edits, offset, limit) => {
          const clients = [memoryBudgetDb({ seed: 11 }), memoryBudgetDb({ seed: 12 })];
          const [a, b] = clients.map((c) => c.db) as [BudgetDb, BudgetDb];
          // Twelve rows on the first client: four splits of two lines each, and four plain.
          const rows: string[] = [];
          a.batch(() => {
            accounts(a);
            for (let s = 0; s < 4; s++) {
              const parent = a.insert('transactions', { acct: 'a1', date: 20240101 + s, isParent: 1, sort_order: s, notes: 'x' }); // prettier-ignore
              rows.push(parent);
              for (let l = 0; l < 2; l++) {
                rows.push(a.insert('transactions', { acct: 'a1', date: 20240101 + s, isChild: 1, parent_id: parent, category: l ? 'c1' : 'c2', notes: l ? 'bread' : 'x', sort_order: s })); // prettier-ignore
              }
            }
            for (let k = 0; k < 4; k++) rows.push(a.insert('transactions', { acct: 'a1', date: 20240105 + k, category: 'c1', notes: 'bread', sort_order: 10 + k })); // prettier-ignore
          });
          const sync = (from: BudgetDb, to: BudgetDb) =>
          to.applyMessages(from.getMessagesSince('').map((m) => ({ ...m, value: deserializeValue(m.value) })), { source: 'remote' }); // prettier-ignore
          sync(a, b);
          // The set of lines dated apart on both, before the edits: its triggers keep it.
          for (const db of [a, b]) rebuildApartLines(db.sqlite);
          for (const e of edits) {
            const { db, platform } = clients[e.client]!;
            platform.clock.advance(1000);
            const id = rows[e.row]!;
            const before = db.sqlite.first<{ date: number; category: string | null; notes: string | null }>('SELECT date, category, notes FROM transactions WHERE id = ?', [id])!; // prettier-ignore
            if (e.kind === 'date') db.update('transactions', { id, date: 20240100 + e.day });
            if (e.kind === 'category') db.update('transactions', { id, category: e.day % 2 ? 'c1' : null }); // prettier-ignore
            if (e.kind === 'notes') db.update('transactions', { id, notes: e.day % 2 ? 'bread' : 'soap' }); // prettier-ignore
            if (e.kind === 'delete') db.delete('transactions', id);
            // An undo: the row's values before, written back (a deleted row put back).
            if (e.kind === 'undo') db.update('transactions', { id, ...before, tombstone: 0 });
          }
          sync(a, b);
          sync(b, a);
          for (const db of [a, b]) {
            for (const find of [
              { categories: ['c1'] },
              { text: 'bread' },
              { text: 'bread', categories: ['c2'] },
            ]) {
              for (const apart of [false, true]) {
                const { page, expected } = pages(db, find, limit, offset, apart);
                expect(page).toEqual(expected);
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

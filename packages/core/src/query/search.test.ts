import { beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { rebuildNotesIndex } from '../search/notes-index.ts';
import { CompileError } from './errors.ts';
import { runQuery } from './exec.ts';
import { q } from './query.ts';
import { usesSearch } from './search.ts';
import { openTestBudget } from './test-helpers/budget-db.ts';
import { seeder } from './test-helpers/seed.ts';

let db: SqliteDatabase;

beforeEach(() => {
  db = openTestBudget();
  const s = seeder(db);
  s.account('a', 'Checking');
  s.account('b', 'Card');
  s.payee('shop', 'Shop');
  s.payee('old-shop', 'Old shop');
  // A merged payee: rows stored with the old id show (and are found) as the new one.
  s.raw('payee_mapping', { id: 'merged', targetId: 'shop' });
  s.group('g', 'Everyday');
  s.category('food', 'Food', 'g');
  s.category('home', 'Home', 'g');
  s.tx({ id: 'p1', account: 'a', date: '2023-03-01', amount: -1250, payee: 'merged', sort_order: 1 });
  s.split({ id: 'sp', account: 'a', date: '2023-03-02', sort_order: 5, payee: 'old-shop' }, [
    { id: 'sp-1', amount: -300, category: 'food', notes: 'bread rolls' },
    { id: 'sp-2', amount: -200, category: 'home', notes: 'soap' },
  ]);
  s.tx({ id: 'p2', account: 'b', date: '2023-03-03', amount: 1250, category: 'food', notes: 'Bread' });
  s.tx({ id: 'dead', account: 'b', date: '2023-03-03', amount: -1250, notes: 'bread', tombstone: true });
  rebuildNotesIndex(db);
}); // prettier-ignore

type Grouped = { id: string; _unmatched?: boolean; subtransactions: Grouped[] };
const shape = (filter: Record<string, unknown>) =>
  (
    runQuery(db, q('transactions').options({ splits: 'grouped' }).filter(filter).select('*'))
      .data as Grouped[]
  ).map((r) => [
    `${r._unmatched ? '~' : ''}${r.id}`,
    r.subtransactions.map((c) => `${c._unmatched ? '~' : ''}${c.id}`),
  ]);

describe('$search', () => {
  it('finds what the same conditions written out find, splits grouped', () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ text: 'bread' }, { notes: { $like: '%bread%' } }],
      [{ text: 'xx', payees: ['shop'] }, { $or: [{ payee: 'shop' }, { notes: { $like: '%xx%' } }] }],
      [{ categories: ['home'] }, { category: 'home' }],
      [{ accounts: ['b'] }, { account: 'b' }],
      [{ amounts: [1250, -1250] }, { amount: { $oneof: [1250, -1250] } }],
      [{ date: '2023-03-02' }, { date: '2023-03-02' }],
      [{ text: 'soa', categories: ['food'] }, { $or: [{ category: 'food' }, { notes: { $like: '%soa%' } }] }],
    ]; // prettier-ignore
    for (const [search, written] of cases) {
      expect(shape({ $search: search }), JSON.stringify(search)).toEqual(shape(written));
    }
    expect(shape({ $search: { text: 'bread' } })).toEqual([
      ['p2', []],
      ['~sp', ['sp-1', '~sp-2']],
    ]);
  });

  it('with searchScan, reads the index up to the id its build reached and scans the rest', () => {
    // Notes the index has not read (its build is under way), one on each side of 'sp-2'.
    const s = seeder(db);
    s.tx({ id: 'a-new', account: 'a', date: '2023-03-04', amount: -90, notes: 'Brioche' });
    s.tx({ id: 'z-new', account: 'a', date: '2023-03-04', amount: -90, notes: 'brioche bun' });
    const ids = (text: string, searchScan?: { indexedUpTo: string | null }) => {
      const query = q('transactions').filter({ $search: { text } }).select('id').orderBy('id');
      const rows = runQuery(db, query, searchScan ? { searchScan } : {}).data as { id: string }[];
      return rows.map((r) => r.id);
    };
    expect(ids('brioche')).toEqual([]);
    // Nothing indexed yet: every row's notes scanned.
    expect(ids('brioche', { indexedUpTo: null })).toEqual(['a-new', 'z-new']);
    // Up to 'sp-2' through the index (which lacks 'a-new': the build would have read it), after
    // it by a scan.
    expect(ids('brioche', { indexedUpTo: 'sp-2' })).toEqual(['z-new']);
    expect(ids('bread', { indexedUpTo: 'sp-2' })).toEqual(['p2', 'sp-1']);
  });

  it('finds nothing when given nothing to look for', () => {
    expect(shape({ $search: {} })).toEqual([]);
  });

  it('rejects a malformed search and any table but transactions', () => {
    const run = (table: string, search: unknown) =>
      runQuery(db, q(table).filter({ $search: search }).select('id'));
    expect(() => run('transactions', { payees: 'shop' })).toThrow(CompileError);
    expect(() => run('transactions', { amounts: [1.5] })).toThrow(CompileError);
    expect(() => run('transactions', { date: '03/02/2023' })).toThrow(CompileError);
    expect(() => run('payees', { text: 'x' })).toThrow(CompileError);
  });

  it('is spotted inside $and and $or', () => {
    expect(usesSearch([{ $or: [{ amount: 1 }, { $and: [{ $search: {} }] }] }])).toBe(true);
    expect(usesSearch([{ $or: [{ amount: 1 }] }, { notes: '$search' }])).toBe(false);
  });
});

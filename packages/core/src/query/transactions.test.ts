import { beforeEach, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { runQuery } from './exec.ts';
import type { Query, SplitsOption } from './query.ts';
import { q } from './query.ts';
import { openTestBudget } from './test-helpers/budget-db.ts';
import { seeder } from './test-helpers/seed.ts';

let db: SqliteDatabase;
type Tx = Record<string, unknown> & { subtransactions?: Tx[] };
const run = (query: Query) => runQuery(db, query).data as Tx[];
const tx = (splits: SplitsOption) => q('transactions').options({ splits });
const ids = (rows: Tx[]) => rows.map((r) => r.id);
/** Grouped rows as [id, [child ids]] with unmatched rows marked by a '~'. */
const shape = (rows: Tx[]) =>
  rows.map((r) => [
    `${r._unmatched ? '~' : ''}${String(r.id)}`,
    (r.subtransactions ?? []).map((c) => `${c._unmatched ? '~' : ''}${String(c.id)}`),
  ]);

beforeEach(() => {
  db = openTestBudget();
  const s = seeder(db);
  s.account('a', 'Checking');
  s.account('b', 'Card');
  s.payee('shop', 'Shop');
  s.group('g', 'Everyday');
  s.category('food', 'Food', 'g');
  s.category('home', 'Home', 'g');
  s.tx({ id: 'p1', account: 'a', date: '2023-03-01', amount: 0, sort_order: 1 });
  s.split({ id: 'sp', account: 'a', date: '2023-03-02', sort_order: 5, payee: 'shop' }, [
    { id: 'sp-1', amount: -300, category: 'food', notes: 'bread' },
    { id: 'sp-2', amount: -200, category: 'home', notes: 'soap' },
  ]);
  s.tx({ id: 'p2', account: 'b', date: '2023-03-03', amount: -50, category: 'food', notes: 'bread' });
  // A dead split: neither it nor its children should ever appear.
  s.split({ id: 'dead', account: 'a', date: '2023-03-04', tombstone: true }, [
    { id: 'dead-1', amount: -1, category: 'food' },
  ]);
  // A deleted child of a live split.
  s.split({ id: 'sp2', account: 'b', date: '2023-02-01' }, [
    { id: 'sp2-1', amount: -10, category: 'food' },
    { id: 'sp2-2', amount: -20, category: 'home', tombstone: true },
  ]);
}); // prettier-ignore

describe('splits modes', () => {
  it('inline: plain rows and children, never parents', () => {
    expect(ids(run(tx('inline')))).toEqual(['p2', 'sp-1', 'sp-2', 'p1', 'sp2-1']);
    expect(ids(run(q('transactions')))).toEqual(ids(run(tx('inline'))));
  });

  it('none: plain rows and parents, never children', () => {
    expect(ids(run(tx('none')))).toEqual(['p2', 'sp', 'p1', 'sp2']);
  });

  it('all: every live row', () => {
    expect(ids(run(tx('all')))).toEqual(['p2', 'sp', 'sp-1', 'sp-2', 'p1', 'sp2', 'sp2-1']);
  });

  it('all with dead rows: includes tombstoned rows', () => {
    expect(ids(run(tx('all').withDead()))).toContain('sp2-2');
    expect(ids(run(tx('all').withDead()))).toContain('dead');
  });

  it('grouped: parents and plain rows with their children nested', () => {
    const rows = run(tx('grouped').select(['id', 'amount', 'category', 'is_parent']));
    expect(shape(rows)).toEqual([
      ['p2', []],
      ['sp', ['sp-1', 'sp-2']],
      ['p1', []],
      ['sp2', ['sp2-1']],
    ]);
    const split = rows[1]!;
    expect(split).toMatchObject({ amount: -500, category: null, is_parent: true });
    expect(split.subtransactions![0]).toEqual({
      id: 'sp-1',
      amount: -300,
      category: 'food',
      is_parent: false,
    });
  });

  it('grouped with account and date filters pages over whole splits', () => {
    const query = tx('grouped').filter({ account: 'a', date: { $gte: '2023-03-01' } });
    expect(shape(run(query))).toEqual([
      ['sp', ['sp-1', 'sp-2']],
      ['p1', []],
    ]);
    expect(shape(run(query.limit(1).offset(1)))).toEqual([['p1', []]]);
    expect(shape(run(tx('grouped').filter({ 'account.name': 'Card' })))).toEqual([
      ['p2', []],
      ['sp2', ['sp2-1']],
    ]);
  });

  it('grouped with a filter on a child returns the whole split, marking rows that did not match', () => {
    const rows = run(tx('grouped').filter({ notes: 'bread' }));
    expect(shape(rows)).toEqual([
      ['p2', []],
      ['~sp', ['sp-1', '~sp-2']],
    ]);
    const byCategory = run(tx('grouped').filter({ category: 'home' }));
    expect(shape(byCategory)).toEqual([['~sp', ['~sp-1', 'sp-2']]]);
  });

  it('grouped with a parent-level filter keeps the split, children unmatched', () => {
    expect(shape(run(tx('grouped').filter({ payee: 'shop' })))).toEqual([
      ['sp', ['~sp-1', '~sp-2']],
    ]);
  });

  it('grouped pages over matching groups in order', () => {
    const query = tx('grouped').filter({ $or: [{ notes: 'bread' }, { category: 'food' }] });
    expect(shape(run(query))).toEqual([
      ['p2', []],
      ['~sp', ['sp-1', '~sp-2']],
      ['~sp2', ['sp2-1']],
    ]);
    expect(shape(run(query.limit(1).offset(2)))).toEqual([['~sp2', ['sp2-1']]]);
  });

  it('grouped aggregates run over the child level, like inline', () => {
    const sum = (splits: SplitsOption) =>
      runQuery(db, tx(splits).calculate({ $sum: '$amount' })).data;
    expect(sum('grouped')).toBe(-560);
    expect(sum('inline')).toBe(-560);
    // sp2's parent still carries the deleted child's amount.
    expect(sum('none')).toBe(-580);
    expect(sum('all')).toBe(-1090);
  });

  it('grouped never nests a row that is not a child, whatever its stored parent_id', () => {
    seeder(db).tx({ id: 'stray', account: 'a', date: '2023-03-02', parent_id: 'sp', amount: 7 });
    const rows = run(tx('grouped').filter({ account: 'a', date: '2023-03-02' }));
    expect(shape(rows)).toEqual([
      ['sp', ['sp-1', 'sp-2']],
      ['stray', []],
    ]);
  });

  it('grouped returns nothing when no group matches', () => {
    expect(run(tx('grouped').filter({ notes: 'nothing' }))).toEqual([]);
    expect(run(tx('grouped').filter({ account: 'nope' }))).toEqual([]);
  });
});

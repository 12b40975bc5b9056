import { beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { runQuery } from './exec.ts';
import { PAGE_SIZE, PagedQuery, countQuery } from './paged.ts';
import type { QueryState } from './query.ts';
import { q } from './query.ts';
import { openTestBudget } from './test-helpers/budget-db.ts';
import { seeder } from './test-helpers/seed.ts';

let db: SqliteDatabase;
let calls: QueryState[];
const runner = (state: QueryState) => {
  calls.push(state);
  return runQuery(db, state);
};

beforeAll(() => {
  db = openTestBudget();
  const s = seeder(db);
  s.account('a', 'Checking');
  db.transaction(() => {
    for (let i = 0; i < 1200; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      s.tx({ id: `t${String(i).padStart(4, '0')}`, account: 'a', date: `2023-01-${day}`, amount: i, sort_order: i, notes: i % 100 === 0 ? 'round' : undefined });
    }
    // 10 splits of 3 children each.
    for (let i = 0; i < 10; i++) {
      s.split({ id: `s${i}`, account: 'a', date: '2023-02-01', sort_order: i }, [
        { id: `s${i}-a`, amount: -1, notes: i === 0 ? 'round' : undefined },
        { id: `s${i}-b`, amount: -2 },
        { id: `s${i}-c`, amount: -3 },
      ]);
    }
  });
}); // prettier-ignore

describe('PagedQuery', () => {
  it('loads 500 rows a page and counts the total', async () => {
    calls = [];
    const paged = new PagedQuery(q('transactions').select(['id', 'amount']), runner);
    expect(paged.pageSize).toBe(PAGE_SIZE);
    await paged.fetch();
    expect(paged.data).toHaveLength(500);
    expect(paged.totalCount).toBe(1230);
    expect(paged.dependencies).toEqual(['transactions']);
    expect(calls.map((c) => [c.limit, c.offset])).toContainEqual([500, 0]);

    expect(await paged.fetchNext()).toHaveLength(500);
    expect(await paged.fetchNext()).toHaveLength(230);
    expect(paged.hasNext).toBe(false);
    expect(await paged.fetchNext()).toEqual([]);

    const all = runQuery(db, q('transactions').select(['id', 'amount'])).data;
    expect(paged.data).toEqual(all);
  });

  it('does not load the same page twice when asked twice at once', async () => {
    calls = [];
    const paged = new PagedQuery(q('transactions'), runner, 100);
    await paged.fetch();
    const [a, b] = await Promise.all([paged.fetchNext(), paged.fetchNext()]);
    expect(a).toBe(b);
    expect(paged.data).toHaveLength(200);
    expect(new Set(paged.data.map((r) => r.id)).size).toBe(200);
  });

  it('pages grouped transactions by split group and counts groups', async () => {
    const paged = new PagedQuery(q('transactions').options({ splits: 'grouped' }), runner);
    await paged.fetch();
    expect(paged.totalCount).toBe(1210);
    expect(paged.data).toHaveLength(500);
    const first = paged.data[0] as { id: string; subtransactions: unknown[] };
    expect(first.id).toBe('s9');
    expect(first.subtransactions).toHaveLength(3);
    while (paged.hasNext) await paged.fetchNext();
    expect(paged.data).toHaveLength(1210);
  });

  it('counts matching rows when a filter can match split children alone', () => {
    const query = q('transactions').options({ splits: 'grouped' }).filter({ notes: 'round' });
    expect(countQuery(query).state.tableOptions).toEqual({ splits: 'all' });
    expect(runQuery(db, countQuery(query)).data).toBe(13);
    expect((runQuery(db, query).data as unknown[]).length).toBe(13);
  });

  it('loads pages until a given row is there', async () => {
    const paged = new PagedQuery(q('transactions').orderBy('amount'), runner, 100);
    await paged.fetch();
    expect(await paged.fetchUntil('t0450')).toBe(true);
    expect(paged.data.length).toBeGreaterThanOrEqual(450);
    expect(await paged.fetchUntil('missing')).toBe(false);
    expect(paged.hasNext).toBe(false);
  });
});

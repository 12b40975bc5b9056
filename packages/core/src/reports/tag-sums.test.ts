import { beforeEach, describe, expect, it } from 'vitest';
import { keptTagSums } from '../month-sums/slot.ts';
import { runQuery } from '../query/exec.ts';
import { q } from '../query/query.ts';
import { tagsInNotes } from '../tags/parse.ts';
import { addTransactions } from '../transactions/add.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';

let f: AppFixture;
beforeEach(async () => {
  f = await openAppCore();
  const acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
  addTransactions(f.budget, acct, [
    { date: '2023-08-01', amount: -6000, notes: 'Dinner #trip #food' },
    { date: '2023-08-05', amount: -10000, notes: '#trip' },
    { date: '2023-08-10', amount: -4000, notes: 'plain' },
    { date: '2023-09-01', amount: 50000 },
    { date: '2023-09-03', amount: -2500, notes: '#food lunch' },
    { date: '2023-09-04', amount: -700, notes: '##trip is no tag' },
    // Split lines count one by one with their own notes (the parent is not a line).
    {
      date: '2023-09-10',
      amount: -30000,
      notes: '#trip',
      subtransactions: [{ amount: -10000, notes: 'Present #gift' }, { amount: -20000 }],
    },
    { date: '2023-10-01', amount: -99900, notes: '#trip' },
  ]);
});

const inRange = () =>
  q('transactions').filter({ date: [{ $gte: '2023-08-01' }, { $lte: '2023-09-30' }] });

/** The sums worked out over the transactions one by one, with the notes parser. */
function directSums(byMonth: boolean) {
  const rows = runQuery<Array<{ notes: string | null; amount: number; date: string }>>(
    f.budget.sqlite,
    inRange().select(['notes', 'amount', 'date']),
  ).data;
  const sums = new Map<string, number>();
  for (const r of rows) {
    const tags = tagsInNotes(r.notes);
    for (const tag of tags.length > 0 ? tags : [null]) {
      const k = JSON.stringify([tag, byMonth ? r.date.slice(0, 7) : null]);
      sums.set(k, (sums.get(k) ?? 0) + r.amount);
    }
  }
  return { sums, total: rows.reduce((t, r) => t + r.amount, 0) };
}

const asMap = (sums: Array<{ key: string | null; month?: string | number; amount: number }>) =>
  new Map(sums.map((s) => [JSON.stringify([s.key, s.month ?? null]), s.amount]));

describe('report/tag-sums', () => {
  it('reads the sums by tag for whole months once they are current, with the same answer', async () => {
    const query = q('transactions')
      .filter({
        date: [
          { $transform: '$month', $gte: '2023-08' },
          { $transform: '$month', $lte: '2023-09' },
        ],
      }) // prettier-ignore
      .withoutValidatedRefs()
      .serialize();
    const ask = async () => {
      const answer = await f.core.send('report/tag-sums', { query, byMonth: false });
      if ('error' in answer) throw new Error(answer.error.message);
      return Object.fromEntries(answer.sums.map((s) => [s.key ?? '(no tag)', s.amount]));
    };
    const want = Object.fromEntries([...directSums(false).sums].map(([k, v]) => [JSON.parse(k)[0] ?? '(no tag)', v])); // prettier-ignore
    // Current or still being built in the background: the same answer.
    expect(await ask()).toEqual(want);
    keptTagSums(f.budget).ensure();
    expect(await ask()).toEqual(want);
    // Read from the sums: a bucket changed behind their back shows in the answer.
    f.budget.sqlite.run("UPDATE coffer_tag_sums SET amount = amount + 1 WHERE tag = 'gift'");
    expect(await ask()).toEqual({ ...want, gift: want.gift! + 1 });
  });

  it('sums by tag as a direct sum over the transactions does, two tags counting in both', async () => {
    const answer = await f.core.send('report/tag-sums', {
      query: inRange().serialize(),
      byMonth: false,
    });
    if ('error' in answer) throw new Error(answer.error.message);
    const direct = directSums(false);
    expect(asMap(answer.sums)).toEqual(direct.sums);
    // Worked out by hand: the transaction with two tags is in #trip and in #food.
    expect(Object.fromEntries(answer.sums.map((s) => [s.key ?? '(no tag)', s.amount]))).toEqual({
      '(no tag)': 50000 - 4000 - 700 - 20000,
      trip: -6000 - 10000,
      food: -6000 - 2500,
      gift: -10000,
    });
    // The total counts each transaction once; the rows add up to more (in size).
    expect(answer.totals).toEqual([{ amount: direct.total }]);
    expect(direct.total).toBe(50000 - 6000 - 10000 - 4000 - 2500 - 700 - 30000);
    expect(answer.multiTagged).toBe(1);
  });

  it('sums by tag and month, and keeps the query’s own filters (a measure)', async () => {
    const answer = await f.core.send('report/tag-sums', {
      query: inRange().serialize(),
      byMonth: true,
    });
    if ('error' in answer) throw new Error(answer.error.message);
    const direct = directSums(true);
    const byMonth = answer.sums.map((s) => ({ ...s, month: String(s.month).slice(0, 7) }));
    expect(byMonth.every((s) => /^2023-0[89]$/.test(s.month))).toBe(true);
    expect(asMap(byMonth)).toEqual(direct.sums);
    expect(answer.totals.reduce((t, m) => t + m.amount, 0)).toBe(direct.total);

    const income = await f.core.send('report/tag-sums', {
      query: inRange()
        .filter({ amount: { $gt: 0 } })
        .serialize(),
      byMonth: false,
    });
    if ('error' in income) throw new Error(income.error.message);
    expect(income.sums).toEqual([{ key: null, amount: 50000 }]);
    expect(income.multiTagged).toBe(0);
  });

  it('answers a query the compiler refuses with query-error', async () => {
    const answer = await f.core.send('report/tag-sums', {
      query: q('transactions').filter({ nope: 1 }).serialize(),
      byMonth: false,
    });
    expect(answer).toMatchObject({ error: { type: 'query-error' } });
  });
});

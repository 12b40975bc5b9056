import { describe, expect, it } from 'vitest';
import { stripDerived } from '../search/notes-index.ts';
import { LATEST_LINKED_SQL, SCHEDULE_LINKS_INDEX } from './links-index.ts';
import { latestLinkedDates } from './read.ts';
import { type ScheduleFixture, scheduleFixture } from './test-helpers/fixture.ts';

const hasIndex = (s: ScheduleFixture) =>
  s.sql.first('SELECT name FROM sqlite_master WHERE name = ?', [SCHEDULE_LINKS_INDEX]) !==
  undefined;

/** Each schedule's latest live linked date, worked out here from every row (no index). */
function scanned(s: ScheduleFixture, ids: string[]): Map<string, string> {
  const latest = new Map<string, number>();
  for (const r of s.sql.all<{ schedule: string | null; date: number }>(
    'SELECT schedule, date FROM v_transactions_internal_alive',
  )) {
    if (r.schedule === null || !ids.includes(r.schedule)) continue;
    latest.set(r.schedule, Math.max(latest.get(r.schedule) ?? 0, r.date));
  }
  const day = (d: number) => String(d).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3');
  return new Map([...latest].map(([id, d]) => [id, day(d)]));
}

describe("a schedule's latest linked transaction", () => {
  it('is found through the index, and stays right through edits, splits and deletes', async () => {
    const s = await scheduleFixture();
    const rent = (await s.create('2024-01-01', { name: 'Rent' })) as string;
    const gym = (await s.create('2024-01-05', { name: 'Gym' })) as string;
    const ids = [rent, gym];
    const row = (date: string, schedule: string | null, amount = -1000) => ({
      account: s.account,
      payee: s.payee,
      amount,
      date,
      schedule,
    });
    await s.send('transactions-batch-update', {
      added: [
        row('2024-01-01', rent),
        row('2024-02-01', rent),
        row('2024-01-05', gym),
        row('2024-03-09', null),
      ],
    });
    const check = () => {
      const found = latestLinkedDates(s.budget, ids);
      expect(found).toEqual(scanned(s, ids));
      return found;
    };
    expect(check()).toEqual(
      new Map([
        [rent, '2024-02-01'],
        [gym, '2024-01-05'],
      ]),
    );
    // Read through the index, not a scan of every transaction.
    expect(hasIndex(s)).toBe(true);
    const plan = s.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${LATEST_LINKED_SQL}`, ['[]']);
    expect(plan.map((p) => p.detail).join('\n')).toContain(`USING INDEX ${SCHEDULE_LINKS_INDEX}`);
    expect(plan.some((p) => /^SCAN (_|transactions)\b/.test(p.detail))).toBe(false);

    const latestRent = () =>
      s.sql.first<{ id: string }>(
        'SELECT id FROM transactions WHERE schedule = ? AND tombstone = 0 ORDER BY date DESC',
        [rent],
      )!.id;
    // The latest one moved, then deleted: the one before it counts again.
    await s.send('transactions-batch-update', { updated: [{ id: latestRent(), date: '2024-04-01' }] }); // prettier-ignore
    expect(check().get(rent)).toBe('2024-04-01');
    await s.send('transactions-batch-update', { deleted: [{ id: latestRent() }] });
    expect(check().get(rent)).toBe('2024-01-01');
    // Unlinked, then an unlinked row linked.
    await s.send('transactions-batch-update', { updated: [{ id: latestRent(), schedule: null }] });
    expect(check().has(rent)).toBe(false);
    const other = s.sql.first<{ id: string }>('SELECT id FROM transactions WHERE date = 20240309')!;
    await s.send('transactions-batch-update', { updated: [{ id: other.id, schedule: gym }] });
    expect(check().get(gym)).toBe('2024-03-09');
    // A linked line of a split whose parent is deleted is not live.
    await s.send('transactions-batch-update', { added: [row('2024-05-01', null, -3000)] });
    const pid = s.sql.first<{ id: string }>('SELECT id FROM transactions WHERE date = 20240501')!.id; // prettier-ignore
    await s.send('transactions-batch-update', {
      added: [{ ...row('2024-05-01', gym, -3000), parent_id: pid, is_child: true }],
      updated: [{ id: pid, is_parent: true }],
    });
    expect(check().get(gym)).toBe('2024-05-01');
    await s.send('transactions-batch-update', { deleted: [{ id: pid }] });
    expect(check().get(gym)).toBe('2024-03-09');
  });

  it('asks nothing of a budget without schedules, and makes no index there', async () => {
    const s = await scheduleFixture();
    expect(latestLinkedDates(s.budget, [])).toEqual(new Map());
    expect(hasIndex(s)).toBe(false);
  });

  it('is dropped from the copy an Actual client gets', async () => {
    const s = await scheduleFixture();
    const rent = (await s.create('2024-01-01')) as string;
    latestLinkedDates(s.budget, [rent]);
    expect(hasIndex(s)).toBe(true);
    stripDerived(s.sql);
    expect(hasIndex(s)).toBe(false);
  });
});

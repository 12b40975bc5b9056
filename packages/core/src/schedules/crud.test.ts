import { describe, expect, it } from 'vitest';

import { scheduleFixture } from './test-helpers/fixture.ts';

const monthly = { start: '2023-07-15', frequency: 'monthly', interval: 1, endMode: 'never' };

describe('schedule/create', () => {
  it('writes the rule, both next-date copies, the row and the json paths', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly, { name: 'Rent', post: true })) as string;
    expect(typeof id).toBe('string');

    const schedule = s.sql.first<{ rule: string; name: string; posts_transaction: number }>(
      'SELECT rule, name, posts_transaction FROM schedules WHERE id = ?',
      [id],
    )!;
    expect(schedule).toMatchObject({ name: 'Rent', posts_transaction: 1 });
    const rule = (await s.send('rule-get', { id: schedule.rule })) as {
      actions: unknown[];
      conditions: { field: string }[];
    };
    expect(rule.actions).toEqual([{ op: 'link-schedule', field: null, value: id, type: 'id' }]);
    expect(rule.conditions.map((c) => c.field)).toEqual(['payee', 'account', 'amount', 'date']);

    // The clock says 2023-08-06: the next occurrence is the 15th.
    const nd = s.nextDateRow(id);
    expect(nd).toMatchObject({ local_next_date: 20230815, base_next_date: 20230815 });
    expect(nd.local_next_date_ts).toBe(nd.base_next_date_ts);
    expect(s.sql.first('SELECT * FROM schedules_json_paths WHERE schedule_id = ?', [id])).toEqual({
      schedule_id: id,
      payee: '$[0]',
      account: '$[1]',
      amount: '$[2]',
      date: '$[3]',
    });
    const view = s.view(id);
    expect(view).toMatchObject({
      next_date: 20230815,
      _payee: s.payee,
      _account: s.account,
      _amount: -1000,
      _amountOp: 'is',
    });
    expect(JSON.parse(view._date as string)).toMatchObject({ start: '2023-07-15' });
  });

  it('refuses a missing date, an empty date and a taken name, writing nothing', async () => {
    const s = await scheduleFixture();
    await s.create('2023-09-01', { name: 'Taken' });
    const before = s.snapshot();
    expect(
      await s.send('schedule/create', {
        conditions: [{ op: 'is', field: 'amount', value: 5 }],
      }),
    ).toMatchObject({ error: { message: 'A date condition is required to create a schedule' } });
    expect(await s.create(null as unknown as string)).toMatchObject({
      error: { message: 'Date is required' },
    });
    expect(await s.create('2023-09-02', { name: 'Taken' })).toMatchObject({
      error: { message: 'Cannot create schedules with the same name' },
    });
    expect(await s.create('2023-09-02', { amount: 'lots' })).toMatchObject({
      error: { type: 'invalid-conditions', conditionErrors: [null, null, 'not-number', null] },
    });
    expect(s.snapshot()).toBe(before);
  });
});

describe('schedule/update and delete', () => {
  it('merges conditions and rebases the next date when the date changes', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly)) as string;
    const first = s.nextDateRow(id);
    s.platform.clock.advance(1000);
    expect(
      await s.send('schedule/update', {
        schedule: { id, name: 'Rent' },
        conditions: [{ op: 'isapprox', field: 'amount', value: -1200 }],
      }),
    ).toBe(id);
    expect(s.nextDateRow(id)).toEqual(first);
    expect(s.view(id)).toMatchObject({ name: 'Rent', _amount: -1200, _amountOp: 'isapprox' });

    await s.send('schedule/update', {
      schedule: { id },
      conditions: [{ op: 'is', field: 'date', value: { ...monthly, start: '2023-07-20' } }],
    });
    const rebased = s.nextDateRow(id);
    expect(rebased.base_next_date).toBe(20230820);
    expect(rebased.base_next_date_ts).toBe(first.base_next_date_ts! + 1000);
    expect(s.view(id).next_date).toBe(20230820);
  });

  it('a payee or account update of null removes that condition; the rest stay', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly)) as string;
    expect(s.view(id)).toMatchObject({ _payee: s.payee, _account: s.account });
    await s.send('schedule/update', {
      schedule: { id },
      conditions: [
        { op: 'is', field: 'payee', value: null, type: 'id' },
        { op: 'is', field: 'amount', value: -900, type: 'number' },
      ],
    });
    const rule = (await s.send('rule-get', { id: s.view(id).rule })) as {
      conditions: { field: string }[];
    };
    expect(rule.conditions.map((c) => c.field)).toEqual(['account', 'amount', 'date']);
    expect(s.view(id)).toMatchObject({ _payee: null, _account: s.account, _amount: -900 });
    // A clearing update on a rule without the condition adds nothing.
    await s.send('schedule/update', {
      schedule: { id },
      conditions: [{ op: 'is', field: 'payee', value: null, type: 'id' }],
    });
    const again = (await s.send('rule-get', { id: s.view(id).rule })) as typeof rule;
    expect(again.conditions.map((c) => c.field)).toEqual(['account', 'amount', 'date']);
  });

  it('refuses to swap the rule and unknown schedules', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly)) as string;
    expect(await s.send('schedule/update', { schedule: { id, rule: 'other' } })).toMatchObject({
      error: { message: 'You cannot change the rule of a schedule' },
    });
    expect(await s.send('schedule/update', { schedule: { id: 'nope' } })).toMatchObject({
      error: { type: 'schedule-not-found' },
    });
  });

  it('deletes the schedule with its rule; the rule alone cannot be deleted first', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly)) as string;
    const rule = s.view(id).rule as string;
    expect(await s.send('rule-delete', rule)).toBe(false);
    await s.send('schedule/delete', { id });
    expect(
      s.sql.all(
        'SELECT tombstone FROM rules WHERE id = ? UNION ALL SELECT tombstone FROM schedules WHERE id = ?',
        [rule, id],
      ),
    ).toEqual([{ tombstone: 1 }, { tombstone: 1 }]);
    expect(await s.send('rules-get')).toEqual([]);
    await s.send('undo');
    expect(s.view(id).tombstone).toBe(0);
    expect(((await s.send('rules-get')) as unknown[]).length).toBe(1);
  });
});

describe('next date copies', () => {
  it('a skip writes the local copy; any rebase discards it', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly)) as string;
    await s.send('schedule/skip-next-date', { id });
    const skipped = s.nextDateRow(id);
    expect(skipped).toMatchObject({ local_next_date: 20230915, base_next_date: 20230815 });
    expect(skipped.local_next_date_ts).toBe(skipped.base_next_date_ts);
    expect(s.view(id).next_date).toBe(20230915);

    s.platform.clock.advance(1000);
    await s.send('schedule/update', { schedule: { id }, resetNextDate: true });
    // Rebasing from today gives the 15th again, and the skip no longer counts.
    expect(s.view(id).next_date).toBe(20230815);
  });

  it('a skip from another device made before a local rebase is ignored, in any order', async () => {
    const s = await scheduleFixture();
    const id = (await s.create(monthly)) as string;
    const row = s.nextDateRow(id);
    // The other device skipped, seeing the original base stamp (its messages arrive later).
    const remoteSkip = (ts: string) => [
      {
        timestamp: ts,
        dataset: 'schedules_next_date',
        row: row.id,
        column: 'local_next_date',
        value: 20230915,
      },
      {
        timestamp: ts.replace('-0000-', '-0001-'),
        dataset: 'schedules_next_date',
        row: row.id,
        column: 'local_next_date_ts',
        value: row.base_next_date_ts,
      },
    ];
    s.platform.clock.advance(60_000);
    await s.send('schedule/update', {
      schedule: { id },
      conditions: [{ op: 'is', field: 'date', value: { ...monthly, start: '2023-07-25' } }],
    });
    expect(s.view(id).next_date).toBe(20230825);
    s.budget.db.applyMessages(remoteSkip('2023-08-06T10:00:30.000Z-0000-00000000000000ab'), {
      source: 'remote',
    });
    expect(s.nextDateRow(id).local_next_date).toBe(20230915);
    expect(s.view(id).next_date).toBe(20230825);
  });
});

describe('upcoming dates and statuses', () => {
  it('previews four dates, or Invalid rule', async () => {
    const s = await scheduleFixture();
    expect(await s.send('schedule/get-upcoming-dates', { config: monthly, count: 4 })).toEqual([
      '2023-08-15',
      '2023-09-15',
      '2023-10-15',
      '2023-11-15',
    ]);
    expect(
      await s.send('schedule/get-upcoming-dates', {
        config: {
          start: '2023-08-31',
          frequency: 'monthly',
          patterns: [{ type: 'day', value: -1 }],
        },
      }),
    ).toEqual(['2023-08-31', '2023-09-30', '2023-10-31', '2023-11-30']);
    expect(
      await s.send('schedule/get-upcoming-dates', { config: { start: 'x', frequency: 'monthly' } }),
    ).toEqual({ error: { type: 'invalid-rule', message: 'Invalid rule' } });
  });

  it('derives paid, due, upcoming, missed and scheduled', async () => {
    const s = await scheduleFixture();
    const due = (await s.create('2023-08-06')) as string;
    const upcoming = (await s.create('2023-08-10')) as string;
    const missed = (await s.create('2023-08-01')) as string;
    const later = (await s.create('2023-12-01')) as string;
    const paid = (await s.create('2023-08-04', {
      dateOp: 'isapprox',
      amount: { num1: -900, num2: -1100 },
      amountOp: 'isbetween',
    })) as string;
    const posted = (await s.send('schedule/post-transaction', { id: paid })) as string[];
    expect(s.tx(posted[0]!)).toMatchObject({
      amount: -1000,
      date: 20230804,
      schedule: paid,
      cleared: 0,
    });
    expect(await s.send('schedule/get-statuses')).toEqual({
      [due]: 'due',
      [upcoming]: 'upcoming',
      [missed]: 'missed',
      [later]: 'scheduled',
      [paid]: 'paid',
    });
  });

  it('posts today instead of on the next date when asked, leaving the next date alone', async () => {
    const s = await scheduleFixture();
    const id = (await s.create('2023-08-20')) as string;
    const posted = (await s.send('schedule/post-transaction', { id, today: true })) as string[];
    // The fixture's clock says 2023-08-06.
    expect(s.tx(posted[0]!)).toMatchObject({ date: 20230806, schedule: id, amount: -1000 });
    expect(s.view(id)).toMatchObject({ next_date: 20230820 });
    // Paid only by a transaction on or after the next date: this one was early.
    expect(await s.send('schedule/get-statuses')).toEqual({ [id]: 'scheduled' });
  });
});

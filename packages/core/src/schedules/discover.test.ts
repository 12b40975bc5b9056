import { describe, expect, it } from 'vitest';

import { addDaysTo } from '../recurrence/index.ts';
import { scheduleFixture } from './test-helpers/fixture.ts';

interface Proposal {
  payee: string;
  account: string;
  amount: number;
  date: { start: string; frequency: string; interval?: number };
  _conditions: { op: string; field: string; value: unknown }[];
}

describe('schedule/discover', () => {
  it('proposes a monthly and a weekly schedule from the history, from their first payment', async () => {
    const s = await scheduleFixture();
    const gym = (await s.send('payee-create', { name: 'Gym' })) as string;
    const shop = (await s.send('payee-create', { name: 'Shop' })) as string;
    const rent = ['03', '04', '05', '06', '07', '08'].map((m) => ({
      account: s.account,
      payee: s.payee,
      amount: -150000,
      date: `2023-${m}-01`,
    }));
    const weekly = Array.from({ length: 9 }, (_, i) => ({
      account: s.account,
      payee: gym,
      amount: [-2000, -2050, -1990][i % 3]!,
      date: addDaysTo('2023-06-05', 7 * i),
    }));
    // Irregular spending: nothing to propose.
    const noise = ['2023-06-03', '2023-06-19', '2023-07-08', '2023-07-30'].map((date, i) => ({
      account: s.account,
      payee: shop,
      amount: -500 * (i + 1),
      date,
    }));
    await s.send('transactions-batch-update', { added: [...rent, ...weekly, ...noise] });

    const found = (await s.send('schedule/discover')) as Proposal[];
    const byPayee = new Map(found.map((p) => [p.payee, p]));
    expect([...byPayee.keys()].sort()).toEqual([s.payee, gym].sort());

    expect(byPayee.get(s.payee)).toMatchObject({
      account: s.account,
      amount: -150000,
      date: { start: '2023-03-01', frequency: 'monthly' },
      _conditions: [
        { op: 'is', field: 'account', value: s.account },
        { op: 'is', field: 'payee', value: s.payee },
        { op: 'is', field: 'date' },
        { op: 'is', field: 'amount', value: -150000 },
      ],
    });
    const gymProposal = byPayee.get(gym)!;
    expect(gymProposal.date).toMatchObject({ start: '2023-06-05', frequency: 'weekly' });
    expect(gymProposal._conditions.map((c) => c.op)).toEqual(['is', 'is', 'is', 'isapprox']);

    // A proposal becomes a real schedule as it is.
    const id = await s.send('schedule/create', {
      schedule: { name: 'Gym' },
      conditions: gymProposal._conditions,
    });
    expect(typeof id).toBe('string');
    // Transactions linked to a schedule are not proposed again.
    const rentIds = s.sql.all<{ id: string }>('SELECT id FROM transactions WHERE amount = -150000');
    expect(rentIds).toHaveLength(6);
    await s.send('transactions-batch-update', {
      updated: rentIds.map(({ id: txId }) => ({ id: txId, schedule: id })),
    });
    const again = (await s.send('schedule/discover')) as Proposal[];
    expect(again.map((p) => p.payee)).toEqual([gym]);
  });
});

import { describe, expect, it } from 'vitest';
import { q } from '../query/query.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { QueryCellsSlot } from './query-cells.ts';

describe('query and create-query', () => {
  it('runs a serialized query and reports its dependencies', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', {
      name: 'Checking',
      balance: 500,
    })) as string;
    const result = await f.core.send(
      'query',
      q('transactions').filter({ account: acct }).select(['amount', 'date']).serialize(),
    );
    expect(result).toMatchObject({ data: [{ amount: 500, date: '2023-08-06' }] });
    expect((result as { dependencies: string[] }).dependencies).toContain('transactions');
  });

  it('turns bad queries into typed errors', async () => {
    const f = await openAppCore();
    expect(await f.core.sendUnknown('query', { filterExpressions: [] })).toMatchObject({
      error: { type: 'APIError', message: expect.stringContaining('query has no table') },
    });
    expect(
      await f.core.send('query', q('transactions').filter({ nope: 1 }).serialize()),
    ).toMatchObject({
      error: { type: 'query-error' },
    });
  });

  it('keeps a query cell up to date and pushes its changes', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', {
      name: 'Checking',
      balance: 500,
    })) as string;
    const balance = q('transactions')
      .filter({ account: acct })
      .options({ splits: 'none' })
      .calculate({ $sum: '$amount' });
    expect(
      await f.core.send('create-query', {
        sheetName: 'account',
        name: `balance-${acct}`,
        query: balance.serialize(),
      }),
    ).toBe('ok');
    const cell = `account!balance-${acct}`;
    expect(f.budget.get(QueryCellsSlot).get(cell)).toBe(500);
    f.pushed.length = 0;
    await f.core.send('transaction-add', { account: acct, date: '2023-08-02', amount: -120 });
    expect(f.budget.get(QueryCellsSlot).get(cell)).toBe(380);
    expect(f.pushed).toContainEqual({
      name: 'cells-changed',
      payload: [{ name: cell, value: 380 }],
    });
    // A write to an unrelated table recomputes nothing.
    f.pushed.length = 0;
    await f.core.send('notes-save', { id: acct, note: 'x' });
    expect(f.pushed.filter((p) => p.name === 'cells-changed')).toEqual([]);
  });
});

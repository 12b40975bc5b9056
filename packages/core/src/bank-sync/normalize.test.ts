import { describe, expect, it } from 'vitest';
import type { ImportTransaction } from '../import/normalize.ts';
import { bankTransactions, onePerBankId } from './normalize.ts';

const tx = (id: string | null, amount: number, cleared = true): ImportTransaction => ({
  date: '2026-11-20',
  amount,
  payee_name: 'Coffee',
  imported_id: id,
  cleared,
});

describe('onePerBankId', () => {
  it('keeps one row per bank id, the booked copy over a pending one', () => {
    const rows = onePerBankId([
      tx('a', -450, false),
      tx('b', -1000),
      tx('a', -450),
      tx('b', -1000),
      tx('c', -200),
    ]);
    expect(rows.map((r) => [r.imported_id, r.cleared])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
  });

  it('keeps rows without an id: two identical coffees on one day stay two', () => {
    expect(onePerBankId([tx(null, -450), tx(null, -450)])).toHaveLength(2);
  });

  it('applies to a bank answer listing a transaction both booked and pending', () => {
    const data = {
      transactions: {
        booked: [
          {
            transactionId: 'x1',
            bookingDate: '2026-11-20',
            transactionAmount: { amount: '-4.50', currency: 'USD' },
          },
        ],
        pending: [
          {
            transactionId: 'x1',
            bookingDate: '2026-11-19',
            transactionAmount: { amount: '-4.50', currency: 'USD' },
          },
        ],
      },
    };
    const rows = onePerBankId(bankTransactions(data));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ imported_id: 'x1', cleared: true, date: '2026-11-20' });
  });
});

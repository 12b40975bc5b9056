import { describe, expect, it } from 'vitest';
import {
  normalizeAccount,
  normalizeTransaction,
  payeeName,
  sortTransactions,
  startingBalance,
  titleCase,
  toCents,
} from './normalize.ts';

describe('bank data normalisation', () => {
  it('rounds amounts to cents', () => {
    expect(toCents('10.005')).toBe(1001);
    expect(toCents('-0.1')).toBe(-10);
    expect(toCents(3)).toBe(300);
  });

  it('title-cases shouting or quiet names but leaves mixed case alone', () => {
    expect(titleCase('ACME  STORES LTD')).toBe('Acme Stores Ltd');
    expect(titleCase('bäckerei müller')).toBe('Bäckerei Müller');
    expect(titleCase('McDonald’s')).toBe('McDonald’s');
  });

  it('names the payee from the side the money moves to or from', () => {
    const base = { transactionAmount: { amount: '-5' } };
    expect(payeeName({ ...base, creditorName: 'SHOP', debtorName: 'ME' })).toBe('Shop');
    expect(
      payeeName({ transactionAmount: { amount: '5' }, creditorName: 'ME', debtorName: 'PAYER' }),
    ).toBe('Payer');
    expect(payeeName({ ...base, remittanceInformationUnstructuredArray: ['RENT', 'MARCH'] })).toBe(
      'Rent, March',
    );
    expect(
      payeeName({
        ...base,
        creditorName: 'Shop',
        creditorAccount: { iban: 'DE89370400440532013000' },
      }),
    ).toBe('Shop (DE89 XXX 3000)');
    expect(payeeName(base)).toBe('');
  });

  it('dates a transaction from the first date field present, or drops it', () => {
    const amount = { transactionAmount: { amount: '1' } };
    expect(normalizeTransaction({ ...amount, bookingDate: '2024-02-03' })?.date).toBe('2024-02-03');
    expect(normalizeTransaction({ ...amount, valueDateTime: '2024-02-04T22:10:00Z' })?.date).toBe(
      '2024-02-04',
    );
    expect(normalizeTransaction(amount)).toBeNull();
    expect(
      normalizeTransaction({ ...amount, bookingDate: '2024-02-03', payeeName: 'Given' })?.payeeName,
    ).toBe('Given');
  });

  it('sorts newest first with undated transactions last', () => {
    const t = (id: string, bookingDate?: string, valueDate?: string) => ({
      transactionId: id,
      bookingDate,
      valueDate,
      transactionAmount: { amount: '1' },
    });
    const sorted = sortTransactions([
      t('a', '2024-01-01'),
      t('b'),
      t('c', '2024-01-03'),
      t('d', '2024-01-01', '2024-01-02'),
    ]);
    expect(sorted.map((x) => x.transactionId)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('computes the starting balance from the preferred balance type', () => {
    const booked = [
      { transactionAmount: { amount: '-10.10' } },
      { transactionAmount: { amount: '2.00' } },
    ];
    const balances = [
      { balanceType: 'openingBooked', balanceAmount: { amount: '1.00' } },
      { balanceType: 'expected', balanceAmount: { amount: '100.00' } },
    ];
    expect(startingBalance(booked, balances)).toBe(10000 + 1010 - 200);
    expect(startingBalance(booked, [])).toBe(810);
  });

  it('labels an account with its name, masked IBAN and currency', () => {
    const acct = normalizeAccount(
      { id: 'a', institution_id: 'BANK', iban: 'GB00X1234', displayName: 'Joint', currency: 'EUR' },
      null,
    );
    expect(acct).toEqual({
      account_id: 'a',
      institution: null,
      mask: '1234',
      iban: 'GB00X1234',
      name: 'Joint (XXX 1234) EUR',
      official_name: 'integration-BANK',
      type: 'checking',
    });
    expect(normalizeAccount({ id: 'b', institution_id: 'BANK' }, null).mask).toBe('0000');
  });
});

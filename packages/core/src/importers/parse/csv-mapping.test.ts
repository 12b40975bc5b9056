import { describe, expect, test } from 'vitest';
import { applyCsvMapping } from './csv-mapping.ts';

const rows = [
  { d: '2020-01-02', a: '-12.50', p: ' Shop ', n: 'note', c: 'Food', k: '101', i: '', o: '3.00' },
  { d: '2020-01-03', a: '40', p: '', n: '', c: '', k: '', i: '40', o: '' },
];

describe('applyCsvMapping', () => {
  test('one amount column, payee, notes, category and cheque number', () => {
    const r = applyCsvMapping(
      rows,
      { date: 'd', amount: 'a', payee: 'p', notes: 'n', category: 'c', checkNumber: 'k' },
      { dateFormat: 'yyyy mm dd' },
      [7, 9],
    );
    expect(r.errors).toEqual([]);
    expect(r.transactions).toEqual([
      {
        amount: -1250,
        amountText: '-12.50',
        date: '2020-01-02',
        payee_name: 'Shop',
        imported_payee: 'Shop',
        notes: 'note',
        category: 'Food',
        check_number: '101',
        line: 7,
      },
      {
        amount: 4000,
        amountText: '40',
        date: '2020-01-03',
        payee_name: null,
        imported_payee: null,
        notes: null,
        line: 9,
      },
    ]);
  });

  test('flip negates a single amount column, and the multiplier scales', () => {
    const flipped = applyCsvMapping(
      rows,
      { date: 'd', amount: 'a' },
      { dateFormat: 'yyyy mm dd', flipAmount: true },
    );
    expect(flipped.transactions.map((t) => t.amount)).toEqual([1250, -4000]);
    const scaled = applyCsvMapping(
      rows,
      { date: 'd', amount: 'a' },
      { dateFormat: 'yyyy mm dd', multiplier: '0.5' },
    );
    expect(scaled.transactions.map((t) => t.amount)).toEqual([-625, 2000]);
  });

  test('split mode: inflow minus outflow, multiplier applies, flip does not', () => {
    const r = applyCsvMapping(
      rows,
      { date: 'd', inflow: 'i', outflow: 'o' },
      { dateFormat: 'yyyy mm dd', flipAmount: true, multiplier: '2' },
    );
    expect(r.transactions.map((t) => [t.amount, t.amountText])).toEqual([
      [-600, '3.00'],
      [8000, '40'],
    ]);
  });

  test('an invalid multiplier fails the whole set', () => {
    const r = applyCsvMapping(
      rows,
      { date: 'd', amount: 'a' },
      { dateFormat: 'yyyy mm dd', multiplier: '1.23456' },
    );
    expect(r.transactions).toEqual([]);
    expect(r.errors).toEqual([{ message: 'Multiplier must be a number with up to 4 decimals' }]);
  });

  test('bad dates and missing amounts use the spec texts and name the line', () => {
    const bad = [
      { d: '2020-02-30', a: '1' },
      { d: '2020-02-01', a: '' },
      { d: '2020-02-02', a: 'n/a' },
      { d: '2020-02-03', a: '1' },
    ];
    const r = applyCsvMapping(
      bad,
      { date: 'd', amount: 'a' },
      { dateFormat: 'yyyy mm dd' },
      [2, 3, 4, 5],
    );
    // The good row is kept; the three bad ones are named.
    expect(r.transactions.map((t) => [t.date, t.amount, t.line])).toEqual([['2020-02-03', 100, 5]]);
    expect(r.errors).toEqual([
      { message: 'Unable to parse date 2020-02-30 with given date format (line 2)', line: 2 },
      { message: 'Transaction on 2020-02-01 has no amount (line 3)', line: 3 },
      { message: 'Transaction on 2020-02-02 has no amount (line 4)', line: 4 },
    ]);
    const noLines = applyCsvMapping(
      bad.slice(1, 2),
      { date: 'd', amount: 'a' },
      { dateFormat: 'yyyy mm dd' },
    );
    expect(noLines.errors).toEqual([{ message: 'Transaction on 2020-02-01 has no amount' }]);
  });

  test('a mapped column missing from the row reads as empty', () => {
    const r = applyCsvMapping(
      [{ d: '2020-01-01' }],
      { date: 'd', amount: 'nope' },
      { dateFormat: 'yyyy mm dd' },
    );
    expect(r.errors[0]?.message).toBe('Transaction on 2020-01-01 has no amount');
  });

  test('an indicator column signs size-only amounts', () => {
    const r = applyCsvMapping(
      [
        { d: '1/2/20', a: '5.00', t: 'debit' },
        { d: '1/3/20', a: '7.00', t: 'credit' },
      ],
      { date: 'd', amount: 'a', inOut: 't', outValue: 'debit' },
      { dateFormat: 'mm dd yy' },
    );
    expect(r.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2020-01-02', -500],
      ['2020-01-03', 700],
    ]);
  });
});

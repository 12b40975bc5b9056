import { describe, expect, test } from 'vitest';
import { parseFile } from './index.ts';
import type { Summary } from './test-helpers/fixtures.ts';
import { fixtureBytes, reencoded, summarise } from './test-helpers/fixtures.ts';
import type { ParsedTransaction } from './types.ts';

function parsed(file: string, bytes = fixtureBytes(file)): ParsedTransaction[] {
  const result = parseFile(bytes, file);
  expect(result.errors).toEqual([]);
  expect(result.format).toBe('qif');
  return result.transactions as ParsedTransaction[];
}

// Read from each file: records between '^', their D, T and P lines, and the sum of T.
const CASES: [string, Summary][] = [
  [
    'qif/actual-data-payee-memo.qif',
    {
      count: 4,
      total: -10000,
      first: { date: '2019-01-23', amount: -1000, payee: 'Payee Name' },
      last: { date: '2019-01-23', amount: -4000, payee: null },
    },
  ],
  [
    'qif/actual-data-with-categories.qif',
    {
      count: 3,
      total: -16133,
      first: { date: '2018-12-19', amount: -10058, payee: 'Outlet' },
      last: { date: '2018-12-19', amount: -4060, payee: 'RestaurantExample' },
    },
  ],
  [
    'qif/actual-qif-account.qif',
    {
      count: 1,
      total: -2500,
      first: { date: '2018-12-19', amount: -2500, payee: 'COUNTY WASTE' },
      last: { date: '2018-12-19', amount: -2500, payee: 'COUNTY WASTE' },
    },
  ],
  [
    'qif/actual-qif-category.qif',
    {
      count: 2,
      total: -12073,
      first: { date: '2024-06-24', amount: -10058, payee: 'Outlet' },
      last: { date: '2024-06-23', amount: -2015, payee: 'GroceriesYou' },
    },
  ],
  [
    'qif/actual-tracking-number.qif',
    {
      count: 2,
      total: -12073,
      first: { date: '2024-06-24', amount: -10058, payee: 'City Water' },
      last: { date: '2024-06-23', amount: -2015, payee: 'GroceriesYou' },
    },
  ],
  [
    'qif/csv2ofx-investment_example.qif',
    {
      count: 2,
      total: 110000,
      first: { date: '1993-08-25', amount: 100000, payee: null },
      last: { date: '1993-08-25', amount: 10000, payee: null },
    },
  ],
  [
    'qif/qif2json-accounts.qif',
    {
      count: 3,
      total: -82063,
      first: { date: '2010-03-03', amount: -37900, payee: 'CITY OF SPRINGFIELD' },
      last: { date: '2010-03-03', amount: -42135, payee: 'SPRINGFIELD WATER UTILITY' },
    },
  ],
  [
    'qif/qif2json-normalTransactions.qif',
    {
      count: 3,
      total: -93500,
      first: { date: '1994-06-01', amount: -100000, payee: 'Bank Of Mortgage' },
      last: { date: '1994-06-03', amount: -1000, payee: 'JoBob Biggs' },
    },
  ],
  [
    'qif/qif2json-windows-1252.qif',
    {
      count: 1,
      total: -37900,
      first: { date: '2010-03-03', amount: -37900, payee: 'SOME £$™€ CHARACTERS' },
      last: { date: '2010-03-03', amount: -37900, payee: 'SOME £$™€ CHARACTERS' },
    },
  ],
];

describe('QIF fixtures', () => {
  test.each(CASES)('%s', (file, expected) => {
    expect(summarise(parsed(file))).toEqual(expected);
  });

  test('memo, category, cheque number and splits', () => {
    const memo = parsed('qif/actual-data-payee-memo.qif');
    expect(memo.map((t) => [t.payee_name, t.notes])).toEqual([
      ['Payee Name', 'Note Text'],
      ['Payee Name Only', null],
      [null, 'Note Only Text'],
      [null, null],
    ]);
    const categories = parsed('qif/actual-qif-category.qif');
    expect(categories[0]).toMatchObject({
      category: 'Usual Expenses:Shopping',
      notes: 'Pay Designer Outlet',
    });
    expect(parsed('qif/actual-tracking-number.qif').map((t) => t.check_number)).toEqual([
      '1001',
      undefined,
    ]);
    const [mortgage, deposit, jobob] = parsed('qif/qif2json-normalTransactions.qif');
    expect(mortgage).toMatchObject({ check_number: '1005', category: '[linda]' });
    expect(mortgage?.subtransactions).toEqual([
      { amount: -25364, amountText: '-253.64', category: '[linda]', notes: null },
      { amount: -74636, amountText: '-746.36', category: 'Mort Int', notes: null },
    ]);
    expect(deposit?.subtransactions).toBeUndefined();
    expect(jobob).toMatchObject({ notes: 'J.B. gets bucks', category: 'Entertain' });
  });

  test('investment records: N is the action, not a cheque number', () => {
    const [shares, buy] = parsed('qif/csv2ofx-investment_example.qif');
    expect(shares).toMatchObject({ notes: 'Opening', amountText: '1,000.00' });
    expect(shares?.check_number).toBeUndefined();
    expect(buy).toMatchObject({ category: '[CHECKING]', notes: 'Est. price as of 8/25/93' });
  });

  test('reads the original Windows-1252 bytes', () => {
    const bytes = reencoded('qif/qif2json-windows-1252.qif', 'CP1252');
    expect(bytes.length).toBeLessThan(fixtureBytes('qif/qif2json-windows-1252.qif').length);
    expect(parsed('qif/qif2json-windows-1252.qif', bytes)[0]?.payee_name).toBe(
      'SOME £$™€ CHARACTERS',
    );
  });
});

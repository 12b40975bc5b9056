import { describe, expect, test } from 'vitest';
import { parseQif } from './qif.ts';

const qif = (text: string, options = {}) => parseQif(new TextEncoder().encode(text), options);

describe('parseQif', () => {
  test('Quicken date forms: padded, short years, apostrophes, four-digit years', () => {
    const r = qif(
      [
        '!Type:Bank',
        'D6/ 1/94',
        'T1',
        '^',
        "D1/ 5'98",
        'T2',
        '^',
        "D12/25' 3",
        'T3',
        '^',
        'D6/24/2024',
        'T4',
        '^',
        'D01/23/2019',
        'T5',
        '^',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.transactions.map((t) => t.date)).toEqual([
      '1994-06-01',
      '1998-01-05',
      '2003-12-25',
      '2024-06-24',
      '2019-01-23',
    ]);
  });

  test('day-first files are recognised from their dates, or by the given format', () => {
    const text = '!Type:Bank\nD23.01.2019\nT-1,50\n^\nD02.03.2019\nT2\n^\n';
    const r = qif(text, { decimalSeparator: ',' });
    expect(r.transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2019-01-23', -150],
      ['2019-03-02', 200],
    ]);
    const given = qif('!Type:Bank\nD02.03.2019\nT2\n^\n', { dateFormat: 'dd mm yyyy' });
    expect(given.transactions[0]?.date).toBe('2019-03-02');
  });

  test('T and U amounts, thousands separators, CRLF, missing final caret', () => {
    const r = qif(
      '!Type:CCard\r\nD1/2/2020\r\nU-1,234.56\r\nPShop\r\n^\r\nD1/3/2020\r\nT1,000\r\nPLast',
    );
    expect(r.transactions.map((t) => [t.amount, t.payee_name])).toEqual([
      [-123456, 'Shop'],
      [100000, 'Last'],
    ]);
  });

  test('splits: S category, E memo, $ amount, including a memo-only split', () => {
    const r = qif(
      '!Type:Bank\nD1/1/20\nT-30\nSFood\nEGroceries\n$-10\nSHome\n$-15\nEMisc\n$-5\n^\n',
    );
    expect(r.transactions[0]?.subtransactions).toEqual([
      { amount: -1000, amountText: '-10', category: 'Food', notes: 'Groceries' },
      { amount: -1500, amountText: '-15', category: 'Home', notes: null },
      { amount: -500, amountText: '-5', category: null, notes: 'Misc' },
    ]);
  });

  test("a split's memo and amount in either order after its category", () => {
    const r = qif(
      [
        '!Type:Bank',
        'D1/1/20',
        'T-30',
        'SFood',
        '$-10',
        'EGroceries',
        'SHome',
        'EHardware',
        '$-15',
        'SFun',
        '$-5',
        'EFilm',
        '^',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.transactions[0]?.subtransactions).toEqual([
      { amount: -1000, amountText: '-10', category: 'Food', notes: 'Groceries' },
      { amount: -1500, amountText: '-15', category: 'Home', notes: 'Hardware' },
      { amount: -500, amountText: '-5', category: 'Fun', notes: 'Film' },
    ]);
    // A split line without its amount still refuses the transaction, naming it.
    const missing = qif('!Type:Bank\nD1/1/20\nT-30\nSFood\nEGroceries\nSHome\n$-30\n^\n');
    expect(missing.transactions).toEqual([]);
    expect(missing.errors).toHaveLength(1);
  });

  test('non-transaction sections are skipped; sections switch back', () => {
    const r = qif(
      [
        '!Option:AutoSwitch',
        '!Account',
        'NChecking',
        'TBank',
        '^',
        '!Clear:AutoSwitch',
        '!Type:Cat',
        'NFood',
        'E',
        '^',
        '!Type:Memorized',
        'KC',
        'T-5',
        'PMemorized payee',
        '^',
        '!Type:Cash',
        'D1/1/20',
        'T-5',
        'PCash payee',
        '^',
      ].join('\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.transactions.map((t) => t.payee_name)).toEqual(['Cash payee']);
  });

  test('a file without a type header is read as bank transactions', () => {
    expect(qif('D1/1/20\nT5\n^\n').transactions).toHaveLength(1);
  });

  test('bad records are named by their first line; the good ones are kept', () => {
    const r = qif(
      '!Type:Bank\nD1/1/20\nT5\n^\nPno date\nT5\n^\nD2/30/20\nT1\n^\nD3/1/20\nPno amount\n^\nD3/2/20\nT1\nSX\n$oops\n^',
    );
    expect(r.transactions.map((t) => [t.date, t.amount, t.line])).toEqual([['2020-01-01', 500, 2]]);
    expect(r.errors).toEqual([
      { message: 'Transaction has no date (line 5)', line: 5 },
      { message: 'Unable to parse date 2/30/20 with given date format (line 8)', line: 8 },
      { message: 'Transaction on 2020-03-01 has no amount (line 11)', line: 11 },
      { message: 'Transaction on 2020-03-02 has no amount (line 16)', line: 16 },
    ]);
  });

  test('empty input gives nothing and no error', () => {
    expect(qif('')).toMatchObject({ errors: [], transactions: [] });
    expect(qif('!Type:Bank\n^\n^\n')).toMatchObject({ errors: [], transactions: [] });
  });
});

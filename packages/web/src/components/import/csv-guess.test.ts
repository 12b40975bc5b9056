import { fixtureBytes, parseFile } from '@coffer/core/testing';
import { describe, expect, it } from 'vitest';
import {
  columnDecimalSeparator,
  guessDateFormat,
  guessMapping,
  looksHeaderless,
} from './csv-guess.ts';
import { buildRows, type ImportChoices, initialChoices, type ParseAnswer } from './import-state.ts';

const none = {
  mappings: null,
  delimiter: null,
  hasHeaderRow: null,
  dateFormat: null,
  flipAmount: null,
};

describe('a first CSV mapping', () => {
  it('follows the column names, in English and the common bank languages', () => {
    const rows = [{ Date: '2024-01-01', Description: 'Shop', Memo: 'm', Amount: '-1.00' }];
    expect(guessMapping(['Date', 'Description', 'Memo', 'Amount'], rows, true)).toEqual({
      mapping: { date: 'Date', payee: 'Description', notes: 'Memo', amount: 'Amount' },
      splitMode: false,
    });
    const german = [
      {
        Buchungstag: '22.02.18',
        Verwendungszweck: 'Rechnung',
        'Beguenstigter/Zahlungspflichtiger': 'Vodafone',
        Betrag: '-36,99',
      },
    ];
    expect(guessMapping(Object.keys(german[0]!), german, true).mapping).toEqual({
      date: 'Buchungstag',
      payee: 'Beguenstigter/Zahlungspflichtiger',
      notes: 'Verwendungszweck',
      amount: 'Betrag',
    });
  });

  it('takes the payee from the only text column, never from a running balance', () => {
    const rows = [
      { Date: '01/09/2017', Details: 'CTO', Debit: '', Credit: '845.92', Balance: '100' },
    ];
    expect(guessMapping(['Date', 'Details', 'Debit', 'Credit', 'Balance'], rows, true)).toEqual({
      mapping: { date: 'Date', payee: 'Details', inflow: 'Credit', outflow: 'Debit' },
      splitMode: true,
    });
    const single = [{ Date: '2024-01-01', Text: 'Shop', Value: '-5', Saldo: '95' }];
    expect(guessMapping(['Date', 'Text', 'Value', 'Saldo'], single, true).mapping).toEqual({
      date: 'Date',
      payee: 'Text',
      amount: 'Value',
    });
  });

  it('skips an IBAN column for the payee, and a date column for the amount', () => {
    const rows = [
      {
        'Booking Date': '2020-03-07',
        'Value Date': '',
        Counterparty: 'NL69INGB0123456789',
        Name: 'Netflix',
        'Amount (EUR)': '-7.99',
      },
    ];
    expect(guessMapping(Object.keys(rows[0]!), rows, true).mapping).toEqual({
      date: 'Booking Date',
      payee: 'Name',
      amount: 'Amount (EUR)',
    });
  });

  it('finds a debit/credit column that signs size-only amounts (Mint)', () => {
    const rows = [
      { Date: '6/12/15', Description: 'Transfer', Amount: '1,000.00', 'Transaction Type': 'debit' },
      { Date: '6/13/15', Description: 'Pay', Amount: '500.00', 'Transaction Type': 'credit' },
    ];
    expect(guessMapping(Object.keys(rows[0]!), rows, true).mapping).toMatchObject({
      amount: 'Amount',
      inOut: 'Transaction Type',
      outValue: 'debit',
    });
  });

  it('finds the dates and amounts by their cells when there is no header', () => {
    const rows = [
      { '0': 'Coffee', '1': '27 Feb 2018', '2': ' 7.80' },
      { '0': 'Rent', '1': '01 Mar 2018', '2': '-900.00' },
    ];
    expect(guessMapping(['0', '1', '2'], rows, false).mapping).toEqual({
      date: '1',
      payee: '0',
      amount: '2',
    });
    expect(looksHeaderless(['27 Feb 2018', 'Coffee', ' 7.80'])).toBe(true);
    expect(looksHeaderless(['Date', 'Payee', 'Amount'])).toBe(false);
  });

  it('reads day first for dotted dates or a day-first user, when both orders fit', () => {
    expect(guessDateFormat(['05.12.2025', '05.01.2026'])).toBe('dd mm yyyy');
    expect(guessDateFormat(['05/12/2025'])).toBe('mm dd yyyy');
    expect(guessDateFormat(['05/12/2025'], true)).toBe('dd mm yyyy');
    expect(guessDateFormat(['25/12/2025'])).toBe('dd mm yyyy');
    expect(guessDateFormat(['2025-12-05'], true)).toBe('yyyy mm dd');
  });

  it('reads an amount column’s decimal separator from the cells that show it', () => {
    expect(columnDecimalSeparator(['1,000', '12,50', '-3,1'])).toBe(',');
    expect(columnDecimalSeparator(['1,000', '12.50'])).toBe('.');
    expect(columnDecimalSeparator(['1.234,56 €', '7'])).toBe(',');
    expect(columnDecimalSeparator(['1,000', '2,000', '10'])).toBeUndefined();
  });
});

/**
 * The real bank files: what the modal starts with when nothing was remembered, and the one or
 * two changes a person makes where a file does not say (a single ambiguous date, charges
 * written as positive numbers). Counts and totals are the files' own (as the parser tests read
 * them).
 */
const FILES: [file: string, change: Partial<ImportChoices> | null, count: number, total: number][] =
  [
    ['csv/actual-data-payee-memo.csv', null, 4, -10000],
    ['csv/actual-data_euc-jp.csv', null, 3, 13575],
    ['csv/actual-data_gb18030.csv', null, 3, 11625],
    ['csv/actual-e2e-test-number.csv', null, 2, -6710],
    ['csv/actual-e2e-test.csv', null, 8, 7 * 178776 - 33000000],
    ['csv/actual-utf-8-bom.csv', null, 2, 20000],
    ['csv/actual-windows-1252-euro.csv', null, 1, 10025],
    ['csv/actual-windows-1252.csv', null, 2, 5815],
    ['csv/bank2ynab-20180226_12345678.csv', { dateFormat: 'dd mm yyyy' }, 1, -500],
    ['csv/bank2ynab-BOI-TransactionExport.csv', null, 27, -41961],
    ['csv/bank2ynab-KBC-Mastercard.csv', null, 3, 273],
    ['csv/bank2ynab-bunq-statement.csv', null, 7, -2382],
    ['csv/bank2ynab-czech-Movements.csv', null, 1, -100],
    ['csv/bank2ynab-monzo.csv', null, 1, -1000],
    ['csv/bank2ynab-noheader-ddMonYYYY.csv', null, 1, 780],
    ['csv/bank2ynab-rabobank-CSV_A.csv', null, 3, -103749],
    ['csv/bank2ynab-sparkasse-umsatz.CSV', null, 1, -3699],
    [
      'csv/bank2ynab-test_delimiter_tab.csv',
      // No header: which unnamed column is money in and which money out.
      { splitMode: true, mapping: { date: '0', payee: '1', inflow: '3', outflow: '4' } },
      73,
      -458070,
    ],
    ['csv/csv2ofx-amazon.csv', { flipAmount: true }, 3, -4576],
    ['csv/csv2ofx-c24.csv', null, 3, -5000],
    ['csv/csv2ofx-capitalone.csv', null, 2, 0],
    ['csv/csv2ofx-ingesp.csv', null, 10, 35021],
    ['csv/csv2ofx-mint-CR-line-endings.csv', null, 4, -300000],
    ['csv/csv2ofx-n26-fr.csv', null, 2, 0],
    ['csv/csv2ofx-pcmastercard.csv', { flipAmount: true }, 2, -5031],
    ['csv/csv2ofx-schwab-checking.csv', null, 4, -21527],
    ['csv/csv2ofx-ubs-ch-fr_trimmed.csv', null, 3, 3000],
  ];

/** The modal's own steps: parse, and parse again without a header when the first row is data. */
function firstLook(file: string) {
  const bytes = fixtureBytes(file);
  let answer = parseFile(bytes, file) as unknown as ParseAnswer;
  const hasHeaderRow = !looksHeaderless(answer.fields ?? []);
  if (!hasHeaderRow) {
    answer = parseFile(bytes, file, { hasHeaderRow }) as unknown as ParseAnswer;
  }
  return { answer, choices: initialChoices(none, answer, undefined, { hasHeaderRow }) };
}

describe('the bank CSV fixtures, as the modal first shows them', () => {
  it.each(FILES)('%s', (file, change, count, total) => {
    const { answer, choices } = firstLook(file);
    const built = buildRows(answer, { ...choices, ...change });
    expect(built.rows.length).toBe(count);
    expect(built.rows.reduce((sum, r) => sum + r.transaction.amount, 0)).toBe(total);
    // The payee comes from a column that holds one.
    expect(built.rows.some((r) => r.transaction.payee_name)).toBe(true);
  });
});

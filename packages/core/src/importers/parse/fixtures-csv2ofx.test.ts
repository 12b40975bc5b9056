import { describe, expect, test } from 'vitest';
import type { ParseFileOptions } from './index.ts';
import { detectDateFormat } from './index.ts';
import type { CsvCase } from './test-helpers/csv-cases.ts';
import { checkCase, rows } from './test-helpers/csv-cases.ts';

// Rows, dates, amounts and payees read from each file; totals are the signed sums in cents.
const CASES: CsvCase[] = [
  {
    file: 'csv/csv2ofx-amazon.csv',
    rows: 3,
    mapping: { date: 'date', amount: 'total', payee: 'to', notes: 'items' },
    options: { dateFormat: 'yyyy mm dd', flipAmount: true },
    expected: {
      count: 3,
      total: -4576,
      first: { date: '2022-12-20', amount: -422, payee: 'John Doe' },
      last: { date: '2022-10-11', amount: -3412, payee: 'John Doe' },
    },
  },
  {
    file: 'csv/csv2ofx-c24.csv',
    rows: 3,
    mapping: { date: 'Buchungsdatum', amount: 'Betrag', payee: 'Zahlungsempfänger' },
    options: { dateFormat: 'dd mm yyyy', decimalSeparator: ',' },
    expected: {
      count: 3,
      total: -5000,
      first: { date: '2025-12-05', amount: -12345, payee: 'My savings account' },
      last: { date: '2026-01-05', amount: -5000, payee: 'Ärzte ohne Grenzen' },
    },
  },
  {
    file: 'csv/csv2ofx-capitalone.csv',
    rows: 2,
    mapping: { date: 'Transaction Date', inflow: 'Credit', outflow: 'Debit', payee: 'Description' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 2,
      total: 0,
      first: { date: '2015-12-31', amount: -100000, payee: 'Airplanes R Us' },
      last: { date: '2015-12-31', amount: 100000, payee: 'CAPITAL ONE AUTOPAY PYMT' },
    },
  },
  {
    file: 'csv/csv2ofx-ingesp.csv',
    rows: 10,
    mapping: { date: 'date', amount: 'amount', payee: 'desc', category: 'subcategory' },
    options: { dateFormat: 'dd mm yyyy' },
    expected: {
      count: 10,
      total: 35021,
      first: {
        date: '2022-03-24',
        amount: 283,
        payee: 'Abono por campaña Abono Shopping NARANJA:GALP',
      },
      last: { date: '2022-11-13', amount: 50000, payee: 'Traspaso recibido Cuenta Nómina' },
    },
  },
  {
    file: 'csv/csv2ofx-mint-CR-line-endings.csv',
    rows: 4,
    mapping: {
      date: 'Date',
      amount: 'Amount',
      inOut: 'Transaction Type',
      outValue: 'debit',
      payee: 'Description',
    },
    options: { dateFormat: 'mm dd yy' },
    expected: {
      count: 4,
      total: -300000,
      first: { date: '2015-06-12', amount: -100000, payee: 'Transfer from Checking' },
      last: { date: '2015-06-14', amount: -250000, payee: 'Transfer from Savings' },
    },
  },
  {
    file: 'csv/csv2ofx-n26-fr.csv',
    rows: 2,
    mapping: { date: 'Booking Date', amount: 'Amount (EUR)', payee: 'Partner Name' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 2,
      total: 0,
      first: { date: '2020-03-07', amount: 32800, payee: 'Compte courant' },
      last: { date: '2020-03-07', amount: -32800, payee: 'Compte courant' },
    },
  },
  {
    file: 'csv/csv2ofx-pcmastercard.csv',
    rows: 2,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Merchant Name' },
    options: { dateFormat: 'mm dd yyyy', flipAmount: true },
    expected: {
      count: 2,
      total: -5031,
      first: { date: '2019-01-10', amount: -3633, payee: 'Mobil' },
      last: { date: '2018-12-15', amount: -1398, payee: 'APL*ITUNES.COM/BILL' },
    },
  },
  {
    file: 'csv/csv2ofx-schwab-checking.csv',
    rows: 4,
    mapping: {
      date: 'Date',
      inflow: 'Deposit',
      outflow: 'Withdrawal',
      payee: 'Description',
      checkNumber: 'CheckNumber',
    },
    options: { dateFormat: 'mm dd yyyy' },
    expected: {
      count: 4,
      total: -21527,
      first: { date: '2022-08-17', amount: 2000, payee: 'Deposit Mobile Banking' },
      last: { date: '2022-08-04', amount: -5727, payee: 'PAYPAL INST XFER 220803~ Tran: ACHDW' },
    },
  },
  {
    file: 'csv/csv2ofx-ubs-ch-fr_trimmed.csv',
    parse: { delimiter: ';' },
    rows: 3,
    mapping: {
      date: 'Date de comptabilisation',
      inflow: 'Crédit',
      outflow: 'Débit',
      payee: 'Description 1',
    },
    options: { dateFormat: 'dd mm yyyy' },
    expected: {
      count: 3,
      total: 3000,
      first: { date: '2019-03-31', amount: -1000, payee: 'Solde prix prestations' },
      last: { date: '2019-04-27', amount: -20000, payee: 'Ordre e-banking' },
    },
  },
];

describe('CSV fixtures from csv2ofx', () => {
  test.each(CASES.map((c) => [c.file, c] as const))('%s', (_file, c) => checkCase(c));

  test('quirks: repeated header dropped, duplicate header names, CR CR LF lines', () => {
    const amazon = rows('csv/csv2ofx-amazon.csv');
    expect(amazon.lines).toEqual([2, 3, 4]);
    const czech = rows('csv/bank2ynab-czech-Movements.csv', { delimiter: ';' });
    expect(czech.fields.slice(-4)).toEqual([
      'Pùvodní èástka a mìna',
      'Pùvodní èástka a mìna (2)',
      'Poplatek',
      'Id transakce,',
    ]);
    const rabo = rows('csv/bank2ynab-rabobank-CSV_A.csv');
    expect(rabo.lines).toEqual([2, 3, 4]);
    expect(rabo.transactions[1]?.['Naam tegenpartij']).toBe('Nederlandse Loterij Organisatie B.V.');
    const mint = rows('csv/csv2ofx-mint-CR-line-endings.csv');
    expect(mint.lines).toEqual([2, 3, 4, 5]);
  });

  test('the date format of a column can be guessed for the UI', () => {
    const column = (file: string, key: string, parse?: ParseFileOptions): string[] =>
      rows(file, parse).transactions.map((r) => r[key] ?? '');
    expect(detectDateFormat(column('csv/bank2ynab-BOI-TransactionExport.csv', 'Date'))).toBe(
      'dd mm yyyy',
    );
    expect(detectDateFormat(column('csv/csv2ofx-mint-CR-line-endings.csv', 'Date'))).toBe(
      'mm dd yy',
    );
    expect(detectDateFormat(column('csv/csv2ofx-schwab-checking.csv', 'Date'))).toBe('mm dd yyyy');
    expect(
      detectDateFormat(
        column('csv/bank2ynab-sparkasse-umsatz.CSV', 'Buchungstag', { delimiter: ';' }),
      ),
    ).toBe('dd mm yy');
  });
});

import { describe, expect, test } from 'vitest';
import { applyCsvMapping } from './index.ts';
import type { CsvCase } from './test-helpers/csv-cases.ts';
import { checkCase, rows } from './test-helpers/csv-cases.ts';
import { fixtureBytes, reencoded, summarise, withBom } from './test-helpers/fixtures.ts';

// Rows, dates, amounts and payees read from each file; totals are the signed sums in cents.
const CASES: CsvCase[] = [
  {
    file: 'csv/actual-data-payee-memo.csv',
    rows: 4,
    mapping: { date: 'date', amount: 'amount', payee: 'payee', notes: 'notes' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 4,
      total: -10000,
      first: { date: '2019-01-23', amount: -1000, payee: 'Payee Name' },
      last: { date: '2019-01-23', amount: -4000, payee: null },
    },
  },
  {
    file: 'csv/actual-data_euc-jp.csv',
    rows: 3,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Payee' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 3,
      total: 13575,
      first: { date: '2024-03-01', amount: -3000, payee: '山田下社' },
      last: { date: '2024-03-03', amount: 12000, payee: '山中純一' },
    },
  },
  {
    file: 'csv/actual-data_gb18030.csv',
    rows: 3,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Payee' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 3,
      total: 11625,
      first: { date: '2024-05-01', amount: -3500, payee: '北京餐厅' },
      last: { date: '2024-05-03', amount: 9575, payee: '张伟' },
    },
  },
  {
    file: 'csv/actual-e2e-test-number.csv',
    rows: 2,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Payee', checkNumber: 'Check' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 2,
      total: -6710,
      first: { date: '2024-08-02', amount: -2500, payee: 'Hardware Store' },
      last: { date: '2024-08-03', amount: -4210, payee: 'Grocery Store' },
    },
  },
  {
    file: 'csv/actual-e2e-test.csv',
    rows: 8,
    mapping: {
      date: 'Date',
      amount: 'Amount',
      payee: 'Payee',
      notes: 'Notes',
      category: 'Category',
    },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 8,
      total: 7 * 178776 - 33000000,
      first: { date: '2024-08-02', amount: 178776, payee: 'Deposit' },
      last: { date: '2024-01-02', amount: -33000000, payee: 'Starting Balance' },
    },
  },
  {
    file: 'csv/actual-utf-8-bom.csv',
    rows: 2,
    mapping: { date: 'Könyvelés dátuma', amount: 'Összeg', payee: 'Felhasználónév' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 2,
      total: 20000,
      first: { date: '2025-12-04', amount: 10000, payee: 'tariff package name' },
      last: { date: '2025-12-01', amount: 10000, payee: 'tariff package name' },
    },
  },
  {
    file: 'csv/actual-windows-1252-euro.csv',
    rows: 1,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Payee' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 1,
      total: 10025,
      first: { date: '2025-12-04', amount: 10025, payee: 'Café €Rémy' },
      last: { date: '2025-12-04', amount: 10025, payee: 'Café €Rémy' },
    },
  },
  {
    file: 'csv/actual-windows-1252.csv',
    rows: 2,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Payee' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 2,
      total: 5815,
      first: { date: '2025-12-04', amount: 10025, payee: 'Café Rémy' },
      last: { date: '2025-12-05', amount: -4210, payee: 'Boulangerie Müller' },
    },
  },
  {
    file: 'csv/bank2ynab-20180226_12345678.csv',
    rows: 1,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Description' },
    options: { dateFormat: 'dd mm yyyy' },
    expected: {
      count: 1,
      total: -500,
      first: { date: '2018-02-10', amount: -500, payee: 'MERCHANT NAME@12:34' },
      last: { date: '2018-02-10', amount: -500, payee: 'MERCHANT NAME@12:34' },
    },
  },
  {
    file: 'csv/bank2ynab-BOI-TransactionExport.csv',
    rows: 27,
    mapping: { date: 'Date', inflow: 'Credit', outflow: 'Debit', payee: 'Details' },
    options: { dateFormat: 'dd mm yyyy' },
    expected: {
      count: 27,
      total: -41961,
      first: { date: '2017-09-01', amount: 42803, payee: 'Random Name      GP' },
      last: { date: '2017-09-28', amount: -81800, payee: 'CU Lin SO' },
    },
  },
  {
    file: 'csv/bank2ynab-KBC-Mastercard.csv',
    parse: { delimiter: ';' },
    rows: 3,
    mapping: { date: 'datum verrichting', amount: 'bedrag', payee: 'Handelaar' },
    options: { dateFormat: 'dd mm yyyy', decimalSeparator: ',' },
    expected: {
      count: 3,
      total: 273,
      first: { date: '2020-02-01', amount: -1652, payee: 'More info' },
      last: { date: '2020-01-01', amount: -1652, payee: 'More info' },
    },
  },
  {
    file: 'csv/bank2ynab-bunq-statement.csv',
    rows: 7,
    mapping: { date: 'Date', amount: 'Amount', payee: 'Name', notes: 'Description' },
    options: { dateFormat: 'yyyy mm dd', decimalSeparator: ',' },
    expected: {
      count: 7,
      total: -2382,
      first: { date: '2018-12-06', amount: -878, payee: 'CLOUDFLARE' },
      last: { date: '2018-12-17', amount: -799, payee: 'NETFLIX.COM' },
    },
  },
  {
    file: 'csv/bank2ynab-czech-Movements.csv',
    parse: { delimiter: ';' },
    rows: 1,
    mapping: { date: 'Datum provedení', amount: 'Zaúètovaná èástka', payee: 'Název protiúètu' },
    options: { dateFormat: 'dd mm yyyy', decimalSeparator: ',' },
    expected: {
      count: 1,
      total: -100,
      first: { date: '2018-05-27', amount: -100, payee: 'Name Surname' },
      last: { date: '2018-05-27', amount: -100, payee: 'Name Surname' },
    },
  },
  {
    file: 'csv/bank2ynab-monzo.csv',
    rows: 1,
    mapping: { date: 'created', amount: 'amount', payee: 'description' },
    options: { dateFormat: 'yyyy mm dd' },
    expected: {
      count: 1,
      total: -1000,
      first: { date: '2018-02-25', amount: -1000, payee: 'Tesco' },
      last: { date: '2018-02-25', amount: -1000, payee: 'Tesco' },
    },
  },
  {
    file: 'csv/bank2ynab-noheader-ddMonYYYY.csv',
    parse: { hasHeaderRow: false },
    rows: 1,
    mapping: { date: '0', amount: '2', payee: '4' },
    options: { dateFormat: 'dd mm yyyy' },
    expected: {
      count: 1,
      total: 780,
      first: { date: '2018-02-27', amount: 780, payee: "MCDONALD'S (TAM KIOSK) SI NG 22FEB" },
      last: { date: '2018-02-27', amount: 780, payee: "MCDONALD'S (TAM KIOSK) SI NG 22FEB" },
    },
  },
  {
    file: 'csv/bank2ynab-rabobank-CSV_A.csv',
    rows: 3,
    mapping: {
      date: 'Datum',
      amount: 'Bedrag',
      payee: 'Naam tegenpartij',
      notes: 'Omschrijving-1',
    },
    options: { dateFormat: 'yyyy mm dd', decimalSeparator: ',' },
    expected: {
      count: 3,
      total: -103749,
      first: { date: '2018-03-01', amount: -33749, payee: null },
      last: { date: '2018-03-16', amount: -75000, payee: 'W. Koelewijn' },
    },
  },
  {
    file: 'csv/bank2ynab-sparkasse-umsatz.CSV',
    parse: { delimiter: ';' },
    rows: 1,
    mapping: { date: 'Buchungstag', amount: 'Betrag', payee: 'Beguenstigter/Zahlungspflichtiger' },
    options: { dateFormat: 'dd mm yy', decimalSeparator: ',' },
    expected: {
      count: 1,
      total: -3699,
      first: { date: '2018-02-22', amount: -3699, payee: 'Vodafone Kabel DeutschlandGmbH' },
      last: { date: '2018-02-22', amount: -3699, payee: 'Vodafone Kabel DeutschlandGmbH' },
    },
  },
];

describe('CSV fixtures from Actual and bank2ynab', () => {
  test.each(CASES.map((c) => [c.file, c] as const))('%s', (_file, c) => checkCase(c));

  test('tab-delimited file with no header and a junk row', () => {
    const file = 'csv/bank2ynab-test_delimiter_tab.csv';
    const parsed = rows(file, { delimiter: '\t', hasHeaderRow: false });
    expect(parsed.fields).toEqual(['0', '1', '2', '3', '4']);
    expect(parsed.transactions).toHaveLength(74);
    const mapping = { date: '0', payee: '1', inflow: '3', outflow: '4' };
    const options = { dateFormat: 'dd mm yyyy', decimalSeparator: ',' } as const;
    const all = applyCsvMapping(parsed.transactions, mapping, options, parsed.lines);
    expect(all.errors).toEqual([
      {
        message:
          'Unable to parse date A null transaction, just to confuse things with given date format (line 71)',
        line: 71,
      },
    ]);
    // The junk line is left out and the rest imports: 73 rows, inflow minus outflow.
    expect(summarise(all.transactions)).toEqual({
      count: 73,
      total: -458070,
      first: { date: '2017-09-18', amount: -3387, payee: 'HOFER DANKT  0527  K2   18.09. 17:20' },
      last: { date: '2017-10-19', amount: -8199, payee: 'HOFER DANKT  0527  K2   19.10. 17:36' },
    });
  });

  test('DBS: preamble skipped, but masked amounts and continuation rows cannot be imported', () => {
    const file = 'csv/bank2ynab-DBS-TransactionHistory.csv';
    const parsed = rows(file, { skipLines: 5 });
    expect(parsed.fields).toEqual([
      'Transaction date',
      'Value date',
      'Description',
      'Withdrawals (SGD)',
      'Deposits (SGD)',
    ]);
    expect(parsed.lines).toEqual([7, 8, 9, 10]);
    const mapped = applyCsvMapping(
      parsed.transactions,
      {
        date: 'Transaction date',
        payee: 'Description',
        inflow: 'Deposits (SGD)',
        outflow: 'Withdrawals (SGD)',
      },
      { dateFormat: 'dd mm yyyy' },
      parsed.lines,
    );
    expect(mapped.transactions).toEqual([]);
    expect(mapped.errors).toHaveLength(4);
    expect(mapped.errors[0]).toEqual({
      message: 'Transaction on 2018-04-18 has no amount (line 7)',
      line: 7,
    });
    expect(mapped.errors[1]?.message).toBe('Unable to parse date  with given date format (line 8)');
  });

  test('original encodings: Windows-1252, EUC-JP, GB18030 and a UTF-8 BOM', () => {
    const cases: [string, string, string, string][] = [
      ['csv/actual-windows-1252.csv', 'CP1252', 'Payee', 'Café Rémy'],
      ['csv/actual-windows-1252-euro.csv', 'CP1252', 'Payee', 'Café €Rémy'],
      ['csv/actual-data_euc-jp.csv', 'EUC-JP', 'Payee', '山田下社'],
      ['csv/actual-data_gb18030.csv', 'GB18030', 'Payee', '北京餐厅'],
    ];
    for (const [file, charset, key, first] of cases) {
      const original = reencoded(file, charset);
      const fromBytes = rows(file, {}, original);
      expect(fromBytes.transactions).toEqual(rows(file).transactions);
      expect(fromBytes.transactions[0]?.[key]).toBe(first);
    }
    expect(
      rows('csv/actual-data_euc-jp.csv', {}, reencoded('csv/actual-data_euc-jp.csv', 'EUC-JP'))
        .encoding,
    ).toBe('euc-jp');
    expect(
      rows('csv/actual-data_gb18030.csv', {}, reencoded('csv/actual-data_gb18030.csv', 'GB18030'))
        .encoding,
    ).toBe('gb18030');
    const bom = rows(
      'csv/actual-utf-8-bom.csv',
      {},
      withBom(fixtureBytes('csv/actual-utf-8-bom.csv')),
    );
    expect(bom.fields[0]).toBe('Felhasználónév');
    expect(bom.transactions).toEqual(rows('csv/actual-utf-8-bom.csv').transactions);
  });
});

import type { Locator } from 'playwright-core';

/**
 * The bank files the import tests bring in through the modal: every file of
 * ../shared/fixtures a bank customer could meet, and the files written the way the finance
 * programs write them (packages/core/src/importers/parse/test-files).
 */
export interface Case {
  /** Under ../shared/fixtures, or `written/` for the files in the parser's test-files. */
  file: string;
  /** Transactions added, and their sum in cents: the file's own (read by the parser tests). */
  count: number;
  total: number;
  /** One transaction to find in the register: its date, amount and (if it has one) payee. */
  sample: [date: string, cents: number, payee?: string];
  /** Records the modal names and leaves out. */
  leftOut?: number;
  /** What a person changes in the modal where the file does not tell. */
  change?: (dialog: Locator) => Promise<unknown>;
}

const select = (dialog: Locator, label: string, value: string) =>
  dialog.getByLabel(label, { exact: true }).selectOption(value);

/** Every file a bank customer could meet; the investment-only ones import nothing. */
export const CASES: Case[] = [
  {
    file: 'csv/actual-data-payee-memo.csv',
    count: 4,
    total: -10000,
    sample: ['2019-01-23', -1000, 'Payee Name'],
  },
  {
    file: 'csv/actual-data_euc-jp.csv',
    count: 3,
    total: 13575,
    sample: ['2024-03-01', -3000, '山田下社'],
  },
  {
    file: 'csv/actual-data_gb18030.csv',
    count: 3,
    total: 11625,
    sample: ['2024-05-01', -3500, '北京餐厅'],
  },
  {
    file: 'csv/actual-e2e-test-number.csv',
    count: 2,
    total: -6710,
    sample: ['2024-08-02', -2500, 'Hardware Store'],
  },
  {
    file: 'csv/actual-e2e-test.csv',
    count: 8,
    total: 7 * 178776 - 33000000,
    sample: ['2024-08-02', 178776, 'Deposit'],
  },
  {
    file: 'csv/actual-utf-8-bom.csv',
    count: 2,
    total: 20000,
    sample: ['2025-12-04', 10000, 'tariff package name'],
  },
  {
    file: 'csv/actual-windows-1252-euro.csv',
    count: 1,
    total: 10025,
    sample: ['2025-12-04', 10025, 'Café €Rémy'],
  },
  {
    file: 'csv/actual-windows-1252.csv',
    count: 2,
    total: 5815,
    sample: ['2025-12-05', -4210, 'Boulangerie Müller'],
  },
  {
    file: 'csv/bank2ynab-20180226_12345678.csv',
    count: 1,
    total: -500,
    sample: ['2018-02-10', -500, 'MERCHANT NAME@12:34'],
    // One row: its 10/02/2018 reads both ways; the bank (Irish) writes the day first.
    change: (d) => select(d, 'Date format', 'dd mm yyyy'),
  },
  {
    file: 'csv/bank2ynab-BOI-TransactionExport.csv',
    count: 27,
    total: -41961,
    sample: ['2017-09-28', -81800],
  },
  {
    file: 'csv/bank2ynab-KBC-Mastercard.csv',
    count: 3,
    total: 273,
    sample: ['2020-02-01', -1652, 'More info'],
  },
  {
    file: 'csv/bank2ynab-bunq-statement.csv',
    count: 7,
    total: -2382,
    sample: ['2018-12-06', -878, 'CLOUDFLARE'],
  },
  {
    file: 'csv/bank2ynab-czech-Movements.csv',
    count: 1,
    total: -100,
    sample: ['2018-05-27', -100],
  },
  {
    file: 'csv/bank2ynab-monzo.csv',
    count: 1,
    total: -1000,
    sample: ['2018-02-25', -1000, 'Tesco'],
  },
  {
    file: 'csv/bank2ynab-noheader-ddMonYYYY.csv',
    count: 1,
    total: 780,
    sample: ['2018-02-27', 780, "MCDONALD'S (TAM KIOSK) SI NG 22FEB"],
    change: (d) => select(d, 'Payee', '4'),
  },
  {
    file: 'csv/bank2ynab-rabobank-CSV_A.csv',
    count: 3,
    total: -103749,
    sample: ['2018-03-16', -75000, 'W. Koelewijn'],
  },
  {
    file: 'csv/bank2ynab-sparkasse-umsatz.CSV',
    count: 1,
    total: -3699,
    sample: ['2018-02-22', -3699, 'Vodafone Kabel DeutschlandGmbH'],
  },
  {
    file: 'csv/bank2ynab-test_delimiter_tab.csv',
    count: 73,
    total: -458070,
    leftOut: 1,
    sample: ['2017-10-19', -8199],
    // No header: which unnamed columns hold money in and money out.
    change: async (d) => {
      await d.getByLabel('Split amount into separate inflow/outflow columns').check();
      await select(d, 'Outflow', '4');
      await select(d, 'Inflow', '3');
    },
  },
  {
    file: 'csv/csv2ofx-amazon.csv',
    count: 3,
    total: -4576,
    sample: ['2022-12-20', -422, 'John Doe'],
    // Order totals are what was spent.
    change: (d) => d.getByLabel('Flip amount').check(),
  },
  {
    file: 'csv/csv2ofx-c24.csv',
    count: 3,
    total: -5000,
    sample: ['2025-12-05', -12345, 'My savings account'],
  },
  {
    file: 'csv/csv2ofx-capitalone.csv',
    count: 2,
    total: 0,
    sample: ['2015-12-31', -100000, 'Airplanes R Us'],
  },
  { file: 'csv/csv2ofx-ingesp.csv', count: 10, total: 35021, sample: ['2022-11-13', 50000] },
  {
    file: 'csv/csv2ofx-mint-CR-line-endings.csv',
    count: 4,
    total: -300000,
    sample: ['2015-06-12', -100000, 'Transfer from Checking'],
  },
  {
    file: 'csv/csv2ofx-n26-fr.csv',
    count: 2,
    total: 0,
    sample: ['2020-03-07', 32800, 'Compte courant'],
  },
  {
    file: 'csv/csv2ofx-pcmastercard.csv',
    count: 2,
    total: -5031,
    sample: ['2019-01-10', -3633, 'Mobil'],
    // A card statement that writes charges as positive numbers.
    change: (d) => d.getByLabel('Flip amount').check(),
  },
  {
    file: 'csv/csv2ofx-schwab-checking.csv',
    count: 4,
    total: -21527,
    sample: ['2022-08-17', 2000, 'Deposit Mobile Banking'],
  },
  {
    file: 'csv/csv2ofx-ubs-ch-fr_trimmed.csv',
    count: 3,
    total: 3000,
    sample: ['2019-03-31', -1000],
  },
  {
    file: 'qif/actual-data-payee-memo.qif',
    count: 4,
    total: -10000,
    sample: ['2019-01-23', -1000, 'Payee Name'],
  },
  {
    file: 'qif/actual-data-with-categories.qif',
    count: 3,
    total: -16133,
    sample: ['2018-12-19', -10058, 'Outlet'],
  },
  {
    file: 'qif/actual-qif-account.qif',
    count: 1,
    total: -2500,
    sample: ['2018-12-19', -2500, 'COUNTY WASTE'],
  },
  {
    file: 'qif/actual-qif-category.qif',
    count: 2,
    total: -12073,
    sample: ['2024-06-23', -2015, 'GroceriesYou'],
  },
  {
    file: 'qif/actual-tracking-number.qif',
    count: 2,
    total: -12073,
    sample: ['2024-06-24', -10058, 'City Water'],
  },
  {
    file: 'qif/csv2ofx-investment_example.qif',
    count: 2,
    total: 110000,
    sample: ['1993-08-25', 100000],
  },
  {
    file: 'qif/qif2json-accounts.qif',
    count: 3,
    total: -82063,
    sample: ['2010-03-03', -37900, 'CITY OF SPRINGFIELD'],
  },
  {
    file: 'ofx/actual-data-multi-decimal.ofx',
    count: 2,
    total: -3377,
    sample: ['2019-01-23', -377, 'STARBUCKS STORE 07604 01/21 PURC'],
  },
  {
    file: 'ofx/actual-data-payee-memo.ofx',
    count: 4,
    total: -10000,
    sample: ['2019-01-23', -1000, 'Payee Name'],
  },
  {
    file: 'ofx/actual-tracking-number.ofx',
    count: 2,
    total: -3377,
    sample: ['2019-01-23', -3000, 'CHECK 2002'],
  },
  {
    file: 'ofx/ofxparse-fail_nice-empty_balance.ofx',
    count: 1,
    total: 12000,
    sample: ['2011-03-08', 12000, 'Foobar'],
  },
  {
    file: 'ofx/ofxparse-investment_medium.ofx',
    count: 3,
    total: -395,
    sample: ['2009-12-15', -365, 'CASH TRADE: AUD.USD'],
  },
  {
    file: 'ofx/ofxparse-multiple_accounts.ofx',
    count: 5,
    total: 30613,
    sample: ['2011-07-28', 12300, 'Virement 78934567889'],
  },
  {
    file: 'ofx/ofxparse-ofx-v102-empty-tags.ofx',
    count: 1,
    total: 1234,
    sample: ['2018-05-07', 1234, 'CBA:Transfer'],
  },
  {
    file: 'ofx/ofxparser-php-bb-two-stmtrs.ofx',
    count: 36,
    total: -364866,
    sample: ['2017-03-27', -6800, 'TARIFA PACOTE DE SERVIÇOS'],
  },
  {
    file: 'ofx/ofxparser-php-bpbfc-mixed-closing.ofx',
    count: 6,
    total: -5349,
    sample: ['2016-04-29', -1350, 'OPERATION NAME DISCLOSED'],
  },
  {
    file: 'ofx/ofxparser-php-credit-card.ofx',
    count: 1,
    total: -10000,
    sample: ['2016-08-23', -10000, 'VENDOR'],
  },
  {
    file: 'ofx/ofxparser-php-emptyDateTime.ofx',
    count: 2,
    total: 48750,
    sample: ['2018-12-14', 33750, 'TEST TEST TEST AAAA'],
  },
  {
    file: 'ofx/ofxparser-php-memoWithAmpersand.ofx',
    count: 16,
    total: 39382,
    sample: ['2018-10-05', -7594, 'Leupay.Eu'],
  },
  {
    file: 'ofx/ofxparser-php-multiple-accounts-xml.ofx',
    count: 3,
    total: 51472,
    sample: ['2014-07-17', -398, 'TESCO'],
  },
  {
    file: 'ofx/ofxparser-php-oneline.ofx',
    count: 8,
    total: -197710,
    sample: ['2016-07-19', -155, 'FRAIS TRIMESTRIELS'],
  },
  {
    file: 'ofx/ofxparser-php-selfclose.ofx',
    count: 5,
    total: 58500,
    sample: ['2019-09-18', -7000, 'CXE 000026 SAQUE'],
  },
  {
    file: 'ofx/ofxparser-php-xml-v200.ofx',
    count: 3,
    total: 25000,
    sample: ['2007-03-15', 20000, 'DEPOSIT'],
  },
  {
    file: 'qfx/actual-1252.qfx',
    count: 1,
    total: -2000,
    sample: ['2022-10-19', -2000, 'Café Métro €uro'],
  },
  {
    file: 'qfx/actual-8859-1.qfx',
    count: 1,
    total: -2000,
    sample: ['2022-10-19', -2000, 'Paiement facture/Carte prépayée'],
  },
  {
    file: 'qfx/actual-html-vals.qfx',
    count: 2,
    total: -200,
    sample: ['2023-03-01', -100, 'TPAY <DEFTPYMT>'],
  },
  {
    file: 'qfx/actual-utf-8.qfx',
    count: 1,
    total: -2000,
    sample: ['2022-10-19', -2000, 'Café Métro €uro'],
  },
  {
    file: 'qfx/ofxparse-chase_cc.qfx',
    count: 1,
    total: -1000,
    sample: ['2020-01-01', -1000, 'SQ *ECCO UN POCO ¦ NATURA'],
  },
  {
    file: 'camt/actual-camt.053.payee-memo.xml',
    count: 4,
    total: -10000,
    sample: ['2019-01-23', -1000, 'Payee Name'],
  },
  {
    file: 'camt/actual-camt.053.tracking-number.xml',
    count: 2,
    total: -3000,
    sample: ['2019-01-23', -2000, 'Other Payee'],
  },
  {
    file: 'camt/actual-camt.053.xml',
    count: 7,
    total: -16410,
    sample: ['2014-01-03', 120, 'Testkonto Nummer 2'],
  },
  {
    file: 'camt/actual-camt.latin1.xml',
    count: 2,
    total: 9500,
    sample: ['2025-09-09', -500, 'Grüße aus München'],
  },
  {
    file: 'camt/genkgo-camt053.v2.five.decimals.xml',
    count: 1,
    total: 885,
    sample: ['2014-12-31', 885, 'Company Name'],
  },
  {
    file: 'camt/genkgo-camt053.v2.multi.statement.xml',
    count: 2,
    total: 185,
    sample: ['2014-12-31', -700, 'Company Name 2'],
  },
  // Written the way the programs write them (packages/core/src/importers/parse/test-files).
  {
    file: 'written/quicken-us-splits.qif',
    count: 5,
    total: -123456 - 8740 + 250000 - 30000 - 499,
    sample: ['2024-01-05', -8740, 'Whole Foods Market'],
  },
  {
    file: 'written/msmoney-uk.qif',
    count: 3,
    total: -1250 - 104500 + 215000,
    sample: ['2023-12-25', -1250, 'The Coffee House'],
  },
  {
    file: 'written/quicken-de.qif',
    count: 3,
    total: -123450 - 2399 + 310000,
    sample: ['2023-12-30', -2399, 'Supermarkt Süd'],
  },
  {
    file: 'written/card-issuer-payee-aggregate.ofx',
    count: 3,
    total: -4500 - 110 + 25000,
    sample: ['2024-01-05', -4500, 'Café Lumière'],
  },
  {
    file: 'written/card-issuer-v211.ofx',
    count: 3,
    total: -1999 - 6420 + 8419,
    leftOut: 1,
    sample: ['2024-02-14', -6420, 'FLORIST'],
  },
  {
    file: 'written/bank-cr-line-ends.qfx',
    count: 3,
    total: -15000 + 120000 - 825,
    sample: ['2024-04-09', -825, 'GAS STATION #44'],
  },
  {
    file: 'written/excel-unicode-text.tsv',
    count: 3,
    total: -420 - 1800 + 999,
    sample: ['2024-02-02', -1800, "Zoë's Books"],
  },
  {
    file: 'written/us-bank-parentheses.csv',
    count: 3,
    total: 325000 - 180000 - 8643,
    leftOut: 1,
    sample: ['2024-03-04', -180000, 'RENT PAYMENT'],
  },
  {
    file: 'written/de-bank-semicolon-1252.csv',
    count: 3,
    total: -380 - 112000 + 284513,
    sample: ['2024-04-03', -112000, 'Stadtwerke Köln'],
  },
  {
    file: 'written/camt053-v08-latin1.xml',
    count: 2,
    total: -4250 + 150000,
    sample: ['2024-05-06', -4250, 'Blumenläden Süß GmbH'],
  },
  {
    file: 'written/one-bad-record.qif',
    count: 2,
    total: -950 - 320,
    leftOut: 2,
    sample: ['2024-03-04', -320, 'Bus'],
  },
];

/** Files holding no bank transactions at all (empty statements, security trades only). */
export const EMPTY = [
  'ofx/ofxparse-bank_small.ofx',
  'ofx/ofxparse-tiaacref.ofx',
  'ofx/ofxparse-vanguard.ofx',
  'ofx/ofxparser-php-investments-oneline-xml.ofx',
  'camt/genkgo-camt53.only-Dt-with-DtTm.xml',
];

import { describe, expect, test } from 'vitest';
import { parseFile } from './index.ts';
import type { Summary } from './test-helpers/fixtures.ts';
import { fixtureBytes, reencoded, summarise } from './test-helpers/fixtures.ts';
import type { ParsedTransaction } from './types.ts';

function parsed(file: string, bytes = fixtureBytes(file)): ParsedTransaction[] {
  const result = parseFile(bytes, file);
  expect(result.errors).toEqual([]);
  expect(result.format).toBe('ofx');
  return result.transactions as ParsedTransaction[];
}

// Expected values read from each file: count of STMTTRN, first/last DTPOSTED, TRNAMT and
// NAME (MEMO when NAME is missing), and the sum of TRNAMT, in cents.
const CASES: [string, Summary][] = [
  [
    'ofx/actual-data-multi-decimal.ofx',
    {
      count: 2,
      total: -3377,
      first: { date: '2019-01-23', amount: -3000, payee: 'PATIENT FIRST TOKEN 01/22 PURCHA' },
      last: { date: '2019-01-23', amount: -377, payee: 'STARBUCKS STORE 07604 01/21 PURC' },
    },
  ],
  [
    'ofx/actual-data-payee-memo.ofx',
    {
      count: 4,
      total: -10000,
      first: { date: '2019-01-23', amount: -1000, payee: 'Payee Name' },
      last: { date: '2019-01-23', amount: -4000, payee: null },
    },
  ],
  [
    'ofx/actual-tracking-number.ofx',
    {
      count: 2,
      total: -3377,
      first: { date: '2019-01-23', amount: -3000, payee: 'CHECK 2002' },
      last: { date: '2019-01-23', amount: -377, payee: 'STARBUCKS STORE' },
    },
  ],
  ['ofx/ofxparse-bank_small.ofx', { count: 0, total: 0 }],
  [
    'ofx/ofxparse-fail_nice-empty_balance.ofx',
    {
      count: 1,
      total: 12000,
      first: { date: '2011-03-08', amount: 12000, payee: 'Foobar' },
      last: { date: '2011-03-08', amount: 12000, payee: 'Foobar' },
    },
  ],
  [
    'ofx/ofxparse-investment_medium.ofx',
    {
      count: 3,
      total: -395,
      first: { date: '2009-12-15', amount: -365, payee: 'CASH TRADE: AUD.USD' },
      last: { date: '2009-12-15', amount: -365, payee: 'CASH TRADE: AUD.USD' },
    },
  ],
  [
    'ofx/ofxparse-multiple_accounts.ofx',
    {
      count: 5,
      total: 30613,
      first: { date: '2011-08-09', amount: 21933, payee: 'qeairunesuiqre' },
      last: { date: '2011-07-28', amount: 12300, payee: 'Virement 78934567889' },
    },
  ],
  [
    'ofx/ofxparse-ofx-v102-empty-tags.ofx',
    {
      count: 1,
      total: 1234,
      first: { date: '2018-05-07', amount: 1234, payee: 'CBA:Transfer' },
      last: { date: '2018-05-07', amount: 1234, payee: 'CBA:Transfer' },
    },
  ],
  // Investment statements with security trades only: no cash lines to import.
  ['ofx/ofxparse-tiaacref.ofx', { count: 0, total: 0 }],
  ['ofx/ofxparse-vanguard.ofx', { count: 0, total: 0 }],
  ['ofx/ofxparser-php-investments-oneline-xml.ofx', { count: 0, total: 0 }],
  [
    'ofx/ofxparser-php-bb-two-stmtrs.ofx',
    {
      count: 36,
      total: -364866,
      first: { date: '2017-03-01', amount: 1331836, payee: 'TED-CRÉDITO EM CONTA' },
      last: { date: '2017-03-27', amount: -6800, payee: 'TARIFA PACOTE DE SERVIÇOS' },
    },
  ],
  [
    'ofx/ofxparser-php-bpbfc-mixed-closing.ofx',
    {
      count: 6,
      total: -5349,
      first: { date: '2016-04-29', amount: -1350, payee: 'OPERATION NAME DISCLOSED' },
      last: { date: '2016-04-22', amount: -999, payee: 'OPERATION NAME DISCLOSED' },
    },
  ],
  [
    'ofx/ofxparser-php-credit-card.ofx',
    {
      count: 1,
      total: -10000,
      first: { date: '2016-08-23', amount: -10000, payee: 'VENDOR' },
      last: { date: '2016-08-23', amount: -10000, payee: 'VENDOR' },
    },
  ],
  [
    'ofx/ofxparser-php-emptyDateTime.ofx',
    {
      count: 2,
      total: 48750,
      first: { date: '2018-12-14', amount: 33750, payee: 'TEST TEST TEST AAAA' },
      last: { date: '2018-12-13', amount: 15000, payee: 'TEST TEST TEST BBBB' },
    },
  ],
  [
    'ofx/ofxparser-php-memoWithAmpersand.ofx',
    {
      count: 16,
      total: 39382,
      first: { date: '2018-09-13', amount: -3330, payee: 'Amazon.Com.Br Amazon & Cloud 3/3' },
      last: { date: '2018-10-05', amount: -7594, payee: 'Leupay.Eu' },
    },
  ],
  [
    'ofx/ofxparser-php-multiple-accounts-xml.ofx',
    {
      count: 3,
      total: 51472,
      first: { date: '2014-07-17', amount: -398, payee: 'TESCO' },
      last: { date: '2014-07-01', amount: 1870, payee: 'INTEREST PAID GROSS FOR PERIOD 4' },
    },
  ],
  [
    'ofx/ofxparser-php-oneline.ofx',
    {
      count: 8,
      total: -197710,
      first: { date: '2016-07-19', amount: -155, payee: 'FRAIS TRIMESTRIELS' },
      last: { date: '2016-02-16', amount: -11100, payee: 'PRELEVEMENT' },
    },
  ],
  [
    'ofx/ofxparser-php-selfclose.ofx',
    {
      count: 5,
      total: 58500,
      first: { date: '2019-09-18', amount: -7000, payee: 'CXE     000026 SAQUE' },
      last: { date: '2019-09-23', amount: -2900, payee: 'RSHOP-PAG*Brenda -22/09' },
    },
  ],
  [
    'ofx/ofxparser-php-xml-v200.ofx',
    {
      count: 3,
      total: 25000,
      first: { date: '2007-03-15', amount: 20000, payee: 'DEPOSIT' },
      last: { date: '2007-07-09', amount: -10000, payee: 'Cheque' },
    },
  ],
  [
    'qfx/actual-1252.qfx',
    {
      count: 1,
      total: -2000,
      first: { date: '2022-10-19', amount: -2000, payee: 'Café Métro €uro' },
      last: { date: '2022-10-19', amount: -2000, payee: 'Café Métro €uro' },
    },
  ],
  [
    'qfx/actual-8859-1.qfx',
    {
      count: 1,
      total: -2000,
      first: { date: '2022-10-19', amount: -2000, payee: 'Paiement facture/Carte prépayée' },
      last: { date: '2022-10-19', amount: -2000, payee: 'Paiement facture/Carte prépayée' },
    },
  ],
  [
    'qfx/actual-html-vals.qfx',
    {
      count: 2,
      total: -200,
      first: { date: '2023-05-09', amount: -100, payee: '000000000000000' },
      last: { date: '2023-03-01', amount: -100, payee: 'TPAY <DEFTPYMT>' },
    },
  ],
  [
    'qfx/actual-utf-8.qfx',
    {
      count: 1,
      total: -2000,
      first: { date: '2022-10-19', amount: -2000, payee: 'Café Métro €uro' },
      last: { date: '2022-10-19', amount: -2000, payee: 'Café Métro €uro' },
    },
  ],
  [
    'qfx/ofxparse-chase_cc.qfx',
    {
      count: 1,
      total: -1000,
      first: { date: '2020-01-01', amount: -1000, payee: 'SQ *ECCO UN POCO ¦ NATURA' },
      last: { date: '2020-01-01', amount: -1000, payee: 'SQ *ECCO UN POCO ¦ NATURA' },
    },
  ],
];

describe('OFX and QFX fixtures', () => {
  test.each(CASES)('%s', (file, expected) => {
    expect(summarise(parsed(file))).toEqual(expected);
  });

  test('files whose every transaction is bad give nothing, each named by its line', () => {
    const missing = parseFile(fixtureBytes('ofx/ofxparse-fail_nice-date_missing.ofx'), 'x.ofx');
    expect(missing.transactions).toEqual([]);
    expect(missing.errors).toEqual([
      { message: 'Transaction has no date (line 33)', line: 33 },
      { message: 'Transaction has no date (line 40)', line: 40 },
      { message: 'Unable to parse date 20120231 with given date format (line 48)', line: 48 },
    ]);
    const decimal = parseFile(fixtureBytes('ofx/ofxparse-fail_nice-decimal_error.ofx'), 'x.ofx');
    expect(decimal.transactions).toEqual([]);
    expect(decimal.errors).toEqual([
      { message: 'Unable to parse date 201120000000 with given date format (line 34)', line: 34 },
    ]);
    const server = parseFile(fixtureBytes('ofx/ofxparse-error_message.ofx'), 'x.ofx');
    expect(server.transactions).toEqual([]);
    expect(server.errors).toEqual([
      { message: 'Statement error 2000: General Server Error (line 22)', line: 22 },
    ]);
  });

  test('NAME is the payee, MEMO the notes, and MEMO stands in for a missing NAME', () => {
    const t = parsed('ofx/actual-data-payee-memo.ofx');
    expect(t.map((x) => [x.payee_name, x.imported_payee, x.notes, x.imported_id])).toEqual([
      ['Payee Name', 'Payee Name', 'Memo Text', 'test-name-and-memo'],
      ['Payee Name Only', 'Payee Name Only', null, 'test-name-only'],
      ['Memo Only Text', 'Memo Only Text', null, 'test-memo-only'],
      [null, null, null, 'test-neither'],
    ]);
  });

  test('keeps the file amount text, cheque numbers and FITIDs', () => {
    const decimals = parsed('ofx/actual-data-multi-decimal.ofx');
    expect(decimals.map((t) => t.amountText)).toEqual(['-30.000', '-3.77000']);
    expect(decimals[0]?.imported_id).toBe('00092990122-30.00019012312798.01');
    expect(parsed('ofx/actual-tracking-number.ofx').map((t) => t.check_number)).toEqual([
      '2002',
      undefined,
    ]);
    expect(parsed('ofx/ofxparser-php-xml-v200.ofx')[0]?.notes).toBe('automatic deposit');
    expect(parsed('ofx/ofxparse-ofx-v102-empty-tags.ofx')[0]?.imported_id).toBeUndefined();
  });

  test('raw ampersands and quotes in SGML values survive; entities are decoded', () => {
    const amp = parsed('ofx/ofxparser-php-memoWithAmpersand.ofx');
    expect(amp[4]?.payee_name).toBe('IOF de "Leupay.Eu" & Whoelse');
    const html = parsed('qfx/actual-html-vals.qfx');
    expect(html[0]?.notes).toBe(
      'PREAUTHORIZED DEBIT;B.C. HYDRO & POWER AUTHORITY;Electronic Funds Transfer',
    );
  });

  test('reads the original single-byte encodings declared by CHARSET', () => {
    const cases: [string, string, string][] = [
      ['qfx/actual-1252.qfx', 'CP1252', 'Café Métro €uro'],
      ['qfx/actual-8859-1.qfx', 'ISO-8859-1', 'Paiement facture/Carte prépayée'],
      ['qfx/ofxparse-chase_cc.qfx', 'CP1252', 'SQ *ECCO UN POCO ¦ NATURA'],
      ['ofx/ofxparser-php-bb-two-stmtrs.ofx', 'CP1252', 'TED-CRÉDITO EM CONTA'],
    ];
    for (const [file, charset, payee] of cases) {
      const bytes = reencoded(file, charset);
      const result = parseFile(bytes, file);
      expect(result.errors).toEqual([]);
      expect(result.transactions[0]?.payee_name).toBe(payee);
      expect(summarise(result.transactions as ParsedTransaction[]).total).toBe(
        summarise(parsed(file)).total,
      );
    }
    const notes = parseFile(reencoded('qfx/actual-1252.qfx', 'CP1252'), 'a.qfx').transactions;
    expect((notes[0] as ParsedTransaction).notes).toBe('Paiement 5€ — débit');
  });
});

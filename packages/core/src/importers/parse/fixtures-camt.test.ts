import { describe, expect, test } from 'vitest';
import { parseFile } from './index.ts';
import type { Summary } from './test-helpers/fixtures.ts';
import { fixtureBytes, reencoded, summarise } from './test-helpers/fixtures.ts';
import type { ParsedTransaction } from './types.ts';

function parsed(file: string, bytes = fixtureBytes(file)): ParsedTransaction[] {
  const result = parseFile(bytes, file);
  expect(result.errors).toEqual([]);
  expect(result.format).toBe('camt');
  return result.transactions as ParsedTransaction[];
}

// Read from each file: Ntry blocks (a batch whose TxDtls amounts add up counts once per
// TxDtls), BookgDt, Amt signed by CdtDbtInd, the counterparty name, and the signed sum.
const CASES: [string, Summary][] = [
  [
    'camt/actual-camt.053.payee-memo.xml',
    {
      count: 4,
      total: -10000,
      first: { date: '2019-01-23', amount: -1000, payee: 'Payee Name' },
      last: { date: '2019-01-23', amount: -4000, payee: null },
    },
  ],
  [
    'camt/actual-camt.053.tracking-number.xml',
    {
      count: 2,
      total: -3000,
      first: { date: '2019-01-23', amount: -1000, payee: 'Cheque Payee' },
      last: { date: '2019-01-23', amount: -2000, payee: 'Other Payee' },
    },
  ],
  [
    'camt/actual-camt.053.xml',
    {
      count: 7,
      total: -16410,
      first: { date: '2013-12-30', amount: 60, payee: 'Testkonto Nummer 2' },
      last: { date: '2014-01-03', amount: 120, payee: 'Testkonto Nummer 2' },
    },
  ],
  [
    'camt/actual-camt.latin1.xml',
    {
      count: 2,
      total: 9500,
      first: { date: '2025-09-09', amount: 10000, payee: 'DAUERAUFTRAG' },
      last: { date: '2025-09-09', amount: -500, payee: 'Grüße aus München' },
    },
  ],
  [
    'camt/genkgo-camt053.v2.five.decimals.xml',
    {
      count: 1,
      total: 885,
      first: { date: '2014-12-31', amount: 885, payee: 'Company Name' },
      last: { date: '2014-12-31', amount: 885, payee: 'Company Name' },
    },
  ],
  [
    'camt/genkgo-camt053.v2.multi.statement.xml',
    {
      count: 2,
      total: 185,
      first: { date: '2014-12-31', amount: 885, payee: 'Company Name 1' },
      last: { date: '2014-12-31', amount: -700, payee: 'Company Name 2' },
    },
  ],
  ['camt/genkgo-camt53.only-Dt-with-DtTm.xml', { count: 0, total: 0 }],
];

describe('CAMT fixtures', () => {
  test.each(CASES)('%s', (file, expected) => {
    expect(summarise(parsed(file))).toEqual(expected);
  });

  test('payee from the counterparty, notes from the remittance lines', () => {
    const t = parsed('camt/actual-camt.053.payee-memo.xml');
    expect(t.map((x) => [x.payee_name, x.notes, x.imported_id])).toEqual([
      ['Payee Name', 'Note Text', 'test-payee-and-notes'],
      ['Payee Name Only', null, 'test-payee-only'],
      [null, 'Note Only Text', 'test-notes-only'],
      [null, null, 'test-neither'],
    ]);
    expect(parsed('camt/actual-camt.053.tracking-number.xml').map((x) => x.check_number)).toEqual([
      '3003',
      undefined,
    ]);
  });

  test('the rich VR-Bank statement: wrapped text, returns, batches, whole amounts', () => {
    const t = parsed('camt/actual-camt.053.xml');
    expect(t[0]?.notes).toBe(
      'Sammler aus Testknto 2 Zweite Ueberweisung EREF: STZV-EtE28122013-11:29-1 IBAN: ' +
        'DE58740618130100033626 BIC: GENODEF1PFK ABWE: Testkonto 1',
    );
    // Card payment without parties: the entry's additional info names the shop.
    expect(t[2]).toMatchObject({ date: '2024-03-12', amount: -8985, payee_name: 'Supermarkt A' });
    expect(t[2]?.notes).toBeNull();
    // SEPA return: booking date, not value date; both remittance parts kept.
    expect(t[3]).toMatchObject({ date: '2014-01-07', amount: 120, payee_name: null });
    expect(t[3]?.notes).toMatch(/^Retoure SEPA Lastschrift vom 03\.01\.2014, Rueckgabegrund: MD06/);
    expect(t[3]?.notes).toMatch(/STZV-EtE27122013-11 :05-2 CRED: DE79ZZZ00000000584/);
    expect(t[4]).toMatchObject({
      amount: -8000,
      amountText: '80',
      payee_name: 'Rega',
      notes: null,
    });
    expect(t.slice(5).map((x) => [x.amount, x.notes, x.imported_id])).toEqual([
      [225, 'Lastschrift 2. Zahlung TAN:747216', '2014010303263400000/1'],
      [120, 'Lastschrift 1. Zahlung TAN:747216', '2014010303263400000/2'],
    ]);
  });

  test('CAMT.052 declared ISO-8859-1, as UTF-8 text and as the original bytes', () => {
    const file = 'camt/actual-camt.latin1.xml';
    const original = reencoded(file, 'ISO-8859-1');
    for (const bytes of [fixtureBytes(file), original]) {
      const t = parsed(file, bytes);
      expect(t.map((x) => [x.payee_name, x.notes])).toEqual([
        ['DAUERAUFTRAG', 'M-Überschusssparen'],
        ['Grüße aus München', 'Restaurant Schrödingers Katze und Café Ünique'],
      ]);
    }
  });
});

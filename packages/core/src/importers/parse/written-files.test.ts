/**
 * Files written the way the common finance programs and banks write them (test-files/, each
 * made byte for byte: the program's charset, line ends and quirks), beyond the fixtures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { applyCsvMapping, parseFile } from './index.ts';
import type { CsvResult, ParsedTransaction, TransactionsResult } from './types.ts';

function read(name: string) {
  const bytes = new Uint8Array(readFileSync(new URL(`./test-files/${name}`, import.meta.url)));
  return parseFile(bytes, name);
}

const brief = (t: ParsedTransaction) => [t.date, t.amount, t.payee_name, t.notes];

describe('QIF as the programs write it', () => {
  test('Quicken (US, Windows-1252, CRLF): apostrophe years, grouping, addresses, splits', () => {
    const r = read('quicken-us-splits.qif') as TransactionsResult;
    expect(r.errors).toEqual([]);
    expect(r.dateFormat).toBe('mm dd yyyy');
    expect(r.transactions.map(brief)).toEqual([
      ['2024-01-02', -123456, 'Rent – January', null],
      ['2024-01-05', -8740, 'Whole Foods Market', 'Weekly shop, paid with café card'],
      ['2024-01-12', 250000, 'ACME Corp Payroll', null],
      ['2024-01-15', -30000, 'Transfer to savings', null],
      ['2024-01-31', -499, 'App Store', null],
    ]);
    expect(r.transactions[0]).toMatchObject({ check_number: '1042', category: 'Housing:Rent' });
    expect(r.transactions[1]!.subtransactions).toEqual([
      { amount: -6215, amountText: '-62.15', category: 'Groceries', notes: 'Food' },
      {
        amount: -2525,
        amountText: '-25.25',
        category: 'Household:Cleaning',
        notes: 'Soap & sponges',
      },
    ]);
    expect(r.transactions[3]!.category).toBe('[Savings]');
  });

  test('Microsoft Money (UK): day-first dates, a pound sign in Windows-1252', () => {
    const r = read('msmoney-uk.qif') as TransactionsResult;
    expect(r.errors).toEqual([]);
    expect(r.dateFormat).toBe('dd mm yyyy');
    expect(r.transactions.map(brief)).toEqual([
      ['2023-12-25', -1250, 'The Coffee House', 'Christmas treat £'],
      ['2023-12-31', -104500, 'Letting Agent', null],
      ['2024-01-02', 215000, 'Employer Ltd', 'Salary £2150'],
    ]);
  });

  test('GnuCash: the account list and AutoSwitch options are not transactions', () => {
    const r = read('gnucash-export.qif') as TransactionsResult;
    expect(r.errors).toEqual([]);
    expect(r.transactions.map(brief)).toEqual([
      ['2023-12-30', -5678, 'Corner Grocer', null],
      ['2024-01-03', 100000, 'Opening deposit', null],
    ]);
  });

  test('Quicken (German): dotted dates, decimal comma with dot grouping', () => {
    const r = read('quicken-de.qif') as TransactionsResult;
    expect(r.errors).toEqual([]);
    expect(r.dateFormat).toBe('dd mm yyyy');
    expect(r.transactions.map(brief)).toEqual([
      ['2023-12-28', -123450, 'Miete Dezember', null],
      ['2023-12-30', -2399, 'Supermarkt Süd', 'Wocheneinkauf'],
      ['2024-01-02', 310000, 'Gehalt', null],
    ]);
  });

  test('a broken record is named by its line and the records around it still count', () => {
    const r = read('one-bad-record.qif') as TransactionsResult;
    expect(r.errors).toEqual([
      { message: 'Unable to parse date 03/32/2024 with given date format (line 6)', line: 6 },
      { message: 'Transaction on 2024-03-03 has no amount (line 10)', line: 10 },
    ]);
    expect(r.transactions.map(brief)).toEqual([
      ['2024-03-01', -950, 'Lunch', null],
      ['2024-03-04', -320, 'Bus', null],
    ]);
  });
});

describe('OFX and QFX as card issuers and banks write them', () => {
  test('OFX 1.02 card statement: the PAYEE aggregate names the payee, CHARSET 1252', () => {
    const r = read('card-issuer-payee-aggregate.ofx') as TransactionsResult;
    expect(r.errors).toEqual([]);
    expect(r.transactions.map(brief)).toEqual([
      ['2024-01-05', -4500, 'Café Lumière', 'Dinner'],
      ['2024-01-09', -110, 'PARKING METER 22', null],
      ['2024-01-20', 25000, 'PAYMENT - THANK YOU', null],
    ]);
    expect(r.transactions.map((t) => t.imported_id)).toEqual([
      '320240050001',
      '320240090002',
      '320240200003',
    ]);
  });

  test('OFX 2.1 XML card statement: PAYEE aggregate, entities, one amount missing', () => {
    const r = read('card-issuer-v211.ofx') as TransactionsResult;
    expect(r.errors).toEqual([
      { message: 'Transaction on 2024-02-10 has no amount (line 35)', line: 35 },
    ]);
    expect(r.transactions.map(brief)).toEqual([
      ['2024-02-03', -1999, 'STREAMING SERVICE & CO', null],
      ['2024-02-14', -6420, 'FLORIST', "Valentine's"],
      ['2024-02-25', 8419, 'ONLINE PAYMENT', null],
    ]);
  });

  test('QFX with classic-Mac CR line ends: lines still count, cheque numbers kept', () => {
    const r = read('bank-cr-line-ends.qfx') as TransactionsResult;
    expect(r.errors).toEqual([]);
    expect(r.transactions.map((t) => [...brief(t), t.line])).toEqual([
      ['2024-04-02', -15000, 'CHECK 2211', null, 14],
      ['2024-04-05', 120000, 'MOBILE DEPOSIT', null, 15],
      ['2024-04-09', -825, 'GAS STATION #44', 'POS PURCHASE', 16],
    ]);
    expect(r.transactions[0]!.check_number).toBe('2211');
  });
});

describe('CSV and TSV as spreadsheets and banks write them', () => {
  test('Excel “Unicode Text”: UTF-16LE with a BOM, tabs, CRLF', () => {
    const r = read('excel-unicode-text.tsv') as CsvResult;
    expect([r.encoding, r.delimiter, r.errors]).toEqual(['utf-16le', '\t', []]);
    const mapped = applyCsvMapping(
      r.transactions,
      { date: 'Date', payee: 'Description', amount: 'Amount' },
      { dateFormat: 'yyyy mm dd' },
      r.lines,
    );
    expect(mapped.transactions.map(brief)).toEqual([
      ['2024-02-01', -420, 'Bäckerei Schmidt', null],
      ['2024-02-02', -1800, "Zoë's Books", null],
      ['2024-02-03', 999, 'Refund – Shop', null],
    ]);
  });

  test('a US bank: dollar signs, grouping, parentheses for debits, a total line left out', () => {
    const r = read('us-bank-parentheses.csv') as CsvResult;
    const mapped = applyCsvMapping(
      r.transactions,
      { date: 'Posted Date', payee: 'Description', amount: 'Amount' },
      { dateFormat: 'mm dd yyyy' },
      r.lines,
    );
    expect(mapped.transactions.map(brief)).toEqual([
      ['2024-03-01', 325000, 'PAYROLL ACME CORP', null],
      ['2024-03-04', -180000, 'RENT PAYMENT', null],
      ['2024-03-05', -8643, 'GROCERY #12', null],
    ]);
    expect(mapped.errors).toEqual([
      { message: 'Unable to parse date Total with given date format (line 5)', line: 5 },
    ]);
  });

  test('a German bank: Windows-1252, semicolons guessed, decimal commas', () => {
    const r = read('de-bank-semicolon-1252.csv') as CsvResult;
    expect([r.encoding, r.delimiter]).toEqual(['windows-1252', ';']);
    expect(r.fields).toContain('Auftraggeber/Empfänger');
    const mapped = applyCsvMapping(
      r.transactions,
      { date: 'Buchungstag', payee: 'Auftraggeber/Empfänger', amount: 'Betrag (EUR)' },
      { dateFormat: 'dd mm yyyy', decimalSeparator: ',' },
      r.lines,
    );
    expect(mapped.transactions.map(brief)).toEqual([
      ['2024-04-02', -380, 'Bäckerei Müller', null],
      ['2024-04-03', -112000, 'Stadtwerke Köln', null],
      ['2024-04-05', 284513, 'Arbeitgeber GmbH', null],
    ]);
  });
});

describe('CAMT.053 as a German bank writes it', () => {
  test('the 2019+ layout (Sts/Cd, Pty), ISO-8859-1 bytes, a DtTm booking date', () => {
    const r = read('camt053-v08-latin1.xml') as TransactionsResult;
    expect(r.errors).toEqual([]);
    // The INFO entry is not booked: left out.
    expect(r.transactions.map(brief)).toEqual([
      ['2024-05-06', -4250, 'Blumenläden Süß GmbH', 'Muttertag Strauß'],
      ['2024-05-15', 150000, 'Arbeitgeber AG', 'Gehalt Mai'],
    ]);
  });
});

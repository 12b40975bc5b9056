import { describe, expect, test } from 'vitest';
import { fileExtension, parseFile, SUPPORTED_EXTENSIONS } from './parse-file.ts';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('parseFile', () => {
  test('dispatches on the extension, case-insensitively', () => {
    expect(fileExtension('/tmp/Export.QFX')).toBe('qfx');
    expect(fileExtension('C:\\data\\a.b.csv')).toBe('csv');
    expect(fileExtension('tsv')).toBe('tsv');
    expect(SUPPORTED_EXTENSIONS).toEqual(['qif', 'ofx', 'qfx', 'csv', 'tsv', 'xml']);
    expect(parseFile(bytes('!Type:Bank\nD1/1/20\nT1\n^'), 'a.QIF').format).toBe('qif');
    expect(parseFile(bytes('<OFX></OFX>'), 'a.ofx').format).toBe('ofx');
    expect(parseFile(bytes('<OFX></OFX>'), 'a.qfx').format).toBe('ofx');
    expect(parseFile(bytes('a,b\n1,2'), 'a.csv').format).toBe('csv');
  });

  test('TSV defaults to tab, CSV to comma; options pass through', () => {
    const tsv = parseFile(bytes('a\tb\n1\t2'), 'x.tsv');
    expect(tsv.format === 'csv' && tsv.delimiter).toBe('\t');
    expect(tsv.transactions).toEqual([{ a: '1', b: '2' }]);
    const csv = parseFile(bytes('a;b\n1;2'), 'x.csv', { delimiter: ';', hasHeaderRow: false });
    expect(csv.transactions).toEqual([
      { 0: 'a', 1: 'b' },
      { 0: '1', 1: '2' },
    ]);
    const qif = parseFile(bytes('D02.03.2020\nT1,5\n^'), 'x.qif', {
      qifDateFormat: 'dd mm yyyy',
      decimalSeparator: ',',
    });
    expect(qif.transactions).toMatchObject([{ date: '2020-03-02', amount: 150 }]);
  });

  test('.xml is CAMT unless it is an OFX document', () => {
    const ofx = parseFile(
      bytes(
        '<?xml version="1.0"?><OFX><STMTTRN><DTPOSTED>20200101</DTPOSTED><TRNAMT>1</TRNAMT></STMTTRN></OFX>',
      ),
      'a.xml',
    );
    expect(ofx.format).toBe('ofx');
    expect(ofx.transactions).toHaveLength(1);
    expect(parseFile(bytes('<Document/>'), 'a.xml').format).toBe('camt');
  });

  test('unsupported types are an error, not an exception', () => {
    for (const name of ['foo.txt', 'statement.pdf', 'noextension', '']) {
      expect(parseFile(bytes('x'), name)).toEqual({
        format: 'unsupported',
        errors: [{ message: 'Invalid file type' }],
        transactions: [],
      });
    }
  });
});

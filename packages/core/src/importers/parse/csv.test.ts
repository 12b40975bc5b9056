import { describe, expect, test } from 'vitest';
import { guessCsvDelimiter, parseCsv } from './csv.ts';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('parseCsv', () => {
  test('header row, quotes, embedded delimiters and line breaks, trimmed cells', () => {
    const r = parseCsv(
      bytes('Date,Payee,Amount\n2020-01-01,"Shop, Inc." , -1.00 \n"2020-01-02","Two\nlines","2"\n'),
    );
    expect(r.errors).toEqual([]);
    expect(r.fields).toEqual(['Date', 'Payee', 'Amount']);
    expect(r.transactions).toEqual([
      { Date: '2020-01-01', Payee: 'Shop, Inc.', Amount: '-1.00' },
      { Date: '2020-01-02', Payee: 'Two\nlines', Amount: '2' },
    ]);
    expect(r.lines).toEqual([2, 3]);
    expect(r.delimiter).toBe(',');
  });

  test('without a header row, rows are keyed by column index', () => {
    const r = parseCsv(bytes('a;b\nc;d;e\n'), { delimiter: ';', hasHeaderRow: false });
    expect(r.fields).toEqual(['0', '1', '2']);
    expect(r.transactions).toEqual([
      { 0: 'a', 1: 'b', 2: '' },
      { 0: 'c', 1: 'd', 2: 'e' },
    ]);
    expect(r.lines).toEqual([1, 2]);
  });

  test('relaxed column counts: short rows padded, long rows keyed by index', () => {
    const r = parseCsv(bytes('A,B\n1\n1,2,3\n'));
    expect(r.fields).toEqual(['A', 'B', '2']);
    expect(r.transactions).toEqual([
      { A: '1', B: '', 2: '' },
      { A: '1', B: '2', 2: '3' },
    ]);
  });

  test('blank and empty header names get unique keys', () => {
    const r = parseCsv(bytes('Amount,,Amount,\n1,2,3,4\n'));
    expect(r.fields).toEqual(['Amount', '1', 'Amount (2)', '3']);
  });

  test('CR, CRLF and CR CR LF line endings, blank and trailing lines', () => {
    for (const eol of ['\r', '\r\n', '\r\r\n', '\n']) {
      const r = parseCsv(bytes(['H1,H2', '1,2', '', ',', '3,4', '', ''].join(eol)));
      expect(r.transactions).toEqual([
        { H1: '1', H2: '2' },
        { H1: '3', H2: '4' },
      ]);
      expect(r.lines).toEqual([2, 5]);
    }
  });

  test('skipLines drops a preamble and keeps line numbers true to the file', () => {
    const r = parseCsv(bytes('Bank export\nBalance,1\n\nDate,Amount\n2020-01-01,5\n'), {
      skipLines: 3,
    });
    expect(r.fields).toEqual(['Date', 'Amount']);
    expect(r.transactions).toEqual([{ Date: '2020-01-01', Amount: '5' }]);
    expect(r.lines).toEqual([5]);
    expect(parseCsv(bytes('a\nb\n'), { skipLines: 10 }).transactions).toEqual([]);
  });

  test('an unterminated quote loses only its own line, which is reported', () => {
    const r = parseCsv(bytes('A,B\n1,2\n3,"unclosed\n4,5\n'));
    expect(r.transactions).toEqual([
      { A: '1', B: '2' },
      { A: '4', B: '5' },
    ]);
    expect(r.lines).toEqual([2, 4]);
    expect(r.errors).toEqual([
      { message: 'Malformed quotes: Quoted field unterminated (line 3)', line: 3 },
    ]);
  });

  test('text after a closing quote is reported, and only that row is left out', () => {
    const r = parseCsv(bytes('A,B\n"x"y,2\n3,4\n'));
    expect(r.transactions).toEqual([{ A: '3', B: '4' }]);
    expect(r.lines).toEqual([3]);
    expect(r.errors[0]?.line).toBe(2);
    expect(r.errors[0]?.message).toMatch(/^Malformed quotes: /);
  });

  test('a stray quote inside an unquoted field is kept as text', () => {
    const r = parseCsv(bytes('A,B\nNL77",EUR\n'));
    expect(r.errors).toEqual([]);
    expect(r.transactions).toEqual([{ A: 'NL77"', B: 'EUR' }]);
  });

  test('empty input and header-only input', () => {
    expect(parseCsv(new Uint8Array()).transactions).toEqual([]);
    const header = parseCsv(bytes('A,B\n'));
    expect(header.fields).toEqual(['A', 'B']);
    expect(header.transactions).toEqual([]);
  });

  test('a repeated header row is dropped', () => {
    const r = parseCsv(bytes('A,B\n1,2\nA,B\n'));
    expect(r.transactions).toEqual([{ A: '1', B: '2' }]);
  });
});

describe('guessCsvDelimiter', () => {
  test.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n1,5;2;3\n', ';'],
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    // Semicolons inside quotes do not count; a single column falls back to comma.
    ['id,items,total\n1,"a; b; c",2\n2,"d;e",3\n', ','],
    ['a;b\n"x,y";2\n"z,w";3\n', ';'],
    ['just one column\nvalue\n', ','],
  ])('%j', (text, delimiter) => {
    expect(guessCsvDelimiter(bytes(text))).toBe(delimiter);
  });
});

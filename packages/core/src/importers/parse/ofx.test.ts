import { describe, expect, test } from 'vitest';
import { ofxDate, ofxDeclaredCharset, parseOfx } from './ofx.ts';
import { parseSgml } from './sgml.ts';
import type { XNode } from './tree.ts';

const ofx = (text: string) => parseOfx(new TextEncoder().encode(text));

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n';

function names(node: XNode): unknown {
  return node.children.map((c) =>
    c.children.length ? { [c.name]: names(c) } : `${c.name}=${c.text.trim()}`,
  );
}

describe('SGML tree', () => {
  test('unclosed values, closed values, and empty values that are not containers', () => {
    const tree = parseSgml('<A><B>1<C>2</C><D><E></E><F>\n<G>3</A><H>4');
    expect(tree.error).toBeUndefined();
    if (tree.error) return;
    expect(names(tree.root)).toEqual([{ A: ['B=1', 'C=2', 'D=', 'E=', 'F=', 'G=3'] }, 'H=4']);
  });

  test('containers known by name nest even when never closed', () => {
    const tree = parseSgml('<STMTTRN><TRNAMT>1<NAME>x<STMTTRN><TRNAMT>2', new Set(['STMTTRN']));
    if (tree.error) throw new Error(tree.error.message);
    expect(names(tree.root)).toEqual([
      { STMTTRN: ['TRNAMT=1', 'NAME=x', { STMTTRN: ['TRNAMT=2'] }] },
    ]);
  });

  test('stray closers, comments, processing instructions and lone angle brackets', () => {
    const tree = parseSgml('</X><!-- <A>no --><?PI?><A>1 < 2</A>');
    if (tree.error) throw new Error(tree.error.message);
    expect(names(tree.root)).toEqual(['A=1 < 2']);
  });

  test('absurd nesting is an error, not a stack overflow', () => {
    const deep = parseSgml('<A>'.repeat(5000) + '</A>'.repeat(5000));
    expect(deep.error?.message).toMatch(/^File is nested too deeply \(line 1\)$/);
  });
});

describe('parseOfx', () => {
  test('dates and headers', () => {
    expect(ofxDate('20190123120000.000[-5:EST]')).toBe('2019-01-23');
    expect(ofxDate('20180804093914:014')).toBe('2018-08-04');
    expect(ofxDate('20120231')).toBeNull();
    expect(ofxDate('')).toBeNull();
    expect(ofxDeclaredCharset('ENCODING:UTF-8\nCHARSET:NONE')).toBe('utf-8');
    expect(ofxDeclaredCharset('ENCODING:USASCII\nCHARSET:1252')).toBe('1252');
    expect(ofxDeclaredCharset('<?xml version="1.0" encoding="US-ASCII"?>')).toBe('US-ASCII');
  });

  test('DTUSER stands in for a missing DTPOSTED; comma decimals; PAYEE aggregate', () => {
    const r = ofx(
      `${HEADER}<OFX><BANKTRANLIST><STMTTRN><DTUSER>20200102<TRNAMT>-1,50<FITID>a` +
        '<PAYEE><NAME>Payee aggregate</PAYEE></STMTTRN></BANKTRANLIST></OFX>',
    );
    expect(r.errors).toEqual([]);
    expect(r.transactions).toEqual([
      {
        amount: -150,
        amountText: '-1,50',
        date: '2020-01-02',
        payee_name: 'Payee aggregate',
        imported_payee: 'Payee aggregate',
        notes: null,
        imported_id: 'a',
        line: 6,
      },
    ]);
  });

  test('OFX 2 XML with entities, and malformed XML read by the tolerant reader', () => {
    const good = ofx(
      '<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>\n<OFX><STMTTRN><DTPOSTED>20200101</DTPOSTED>' +
        '<TRNAMT>5</TRNAMT><NAME>A &amp; B</NAME></STMTTRN></OFX>',
    );
    expect(good.transactions.map((t) => [t.payee_name, t.line])).toEqual([['A & B', 3]]);
    const broken = ofx(
      '<?xml version="1.0"?>\n<OFX><STMTTRN><DTPOSTED>20200101<TRNAMT>5<NAME>A & B</STMTTRN></OFX>',
    );
    expect(broken.errors).toEqual([]);
    expect(broken.transactions.map((t) => t.payee_name)).toEqual(['A & B']);
  });

  test('a missing amount and a sign-on error', () => {
    const r = ofx(`${HEADER}<OFX>\n<STMTTRN>\n<DTPOSTED>20200101\n<TRNAMT>\n</STMTTRN>\n</OFX>`);
    expect(r.errors).toEqual([
      { message: 'Transaction on 2020-01-01 has no amount (line 7)', line: 7 },
    ]);
    const signon = ofx(
      `${HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Bad password</STATUS></SONRS></SIGNONMSGSRSV1></OFX>`,
    );
    expect(signon.errors.map((e) => e.message)).toEqual([
      'Sign-on error 15500: Bad password (line 6)',
    ]);
  });

  test('not OFX at all', () => {
    expect(ofx('hello').errors).toEqual([{ message: 'Not an OFX file: no <OFX> element found' }]);
    expect(ofx('').transactions).toEqual([]);
  });
});

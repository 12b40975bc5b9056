import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatDate, parseAmount, parseDate, parseFile } from './index.ts';
import type { DateFormat, ParseFileResult } from './index.ts';
import { fixtureBytes, fixturePath } from './test-helpers/fixtures.ts';

const EXTENSIONS = ['qif', 'ofx', 'qfx', 'csv', 'tsv', 'xml'] as const;

/** What every parse result must satisfy, whatever the input. */
function checkResult(result: ParseFileResult): void {
  expect(Array.isArray(result.errors)).toBe(true);
  for (const error of result.errors) expect(typeof error.message).toBe('string');
  if (result.format === 'csv' || result.format === 'unsupported') return;
  for (const t of result.transactions) {
    expect(Number.isSafeInteger(t.amount)).toBe(true);
    expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

function tokens(list: string[]): fc.Arbitrary<Uint8Array> {
  return fc
    .array(fc.constantFrom(...list), { maxLength: 300 })
    .map((parts) => text(parts.join('')));
}

const OFX_TOKENS = [
  'OFXHEADER:100\n',
  'CHARSET:1252\n',
  '<OFX>',
  '</OFX>',
  '<STMTTRN>',
  '</STMTTRN>',
  '<TRNAMT>',
  '<DTPOSTED>',
  '<DTUSER>',
  '<NAME>',
  '<MEMO>',
  '<FITID>',
  '<STATUS>',
  '<SEVERITY>ERROR',
  '<STMTTRNRS>',
  '</STMTTRNRS>',
  '<BANKTRANLIST>',
  '<INVBANKTRAN>',
  '20200101',
  '2020023',
  '-1.00',
  '1,5',
  '$',
  'é',
  '&amp;',
  '&#x41;',
  '&#99999999;',
  '<',
  '>',
  '</',
  '<!--',
  '-->',
  '<?xml version="1.0"?>',
  ' ',
  '\n',
  '\r',
  'x',
];

const QIF_TOKENS = [
  '!Type:Bank\n',
  '!Type:Invst\n',
  '!Account\n',
  '!Type:Cat\n',
  'D1/2/20\n',
  "D1/ 5'98\n",
  'D31.12.2020\n',
  'T-1,000.00\n',
  'U5\n',
  'T\n',
  'PPayee\n',
  'MMemo\n',
  'LCat\n',
  'SSplit\n',
  '$-1\n',
  'E\n',
  'N1001\n',
  '^\n',
  '\r\n',
  '\n',
  'x',
  'é',
];

const CSV_TOKENS = [
  'a',
  '1',
  '-1,50',
  '"',
  '""',
  ',',
  ';',
  '\t',
  '\n',
  '\r',
  '\r\n',
  ' ',
  'é',
  '2020-01-01',
];

const CAMT_TOKENS = [
  '<?xml version="1.0" encoding="ISO-8859-1"?>',
  '<Document>',
  '</Document>',
  '<BkToCstmrStmt>',
  '</BkToCstmrStmt>',
  '<Stmt>',
  '</Stmt>',
  '<Ntry>',
  '</Ntry>',
  '<Amt>1.00</Amt>',
  '<Amt>x</Amt>',
  '<CdtDbtInd>DBIT</CdtDbtInd>',
  '<BookgDt><Dt>2020-01-01</Dt></BookgDt>',
  '<Dt>2020-02-31</Dt>',
  '<NtryDtls>',
  '</NtryDtls>',
  '<TxDtls>',
  '</TxDtls>',
  '<Ustrd>a &amp; b</Ustrd>',
  '<',
  '>',
  '<![CDATA[<Ntry>]]>',
  '<!-- c -->',
  ' ',
  '\n',
];

describe('fuzz: parsers never throw', () => {
  test.each(EXTENSIONS)('random bytes as .%s', (extension) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
        checkResult(parseFile(bytes, `f.${extension}`));
      }),
      { numRuns: 300 },
    );
  });

  test.each([
    ['ofx', OFX_TOKENS],
    ['qfx', OFX_TOKENS],
    ['xml', OFX_TOKENS],
    ['qif', QIF_TOKENS],
    ['csv', CSV_TOKENS],
    ['tsv', CSV_TOKENS],
    ['xml', CAMT_TOKENS],
  ] as const)('token soup as .%s', (extension, list) => {
    fc.assert(
      fc.property(tokens([...list]), fc.boolean(), (bytes, header) => {
        checkResult(parseFile(bytes, `f.${extension}`, { hasHeaderRow: header }));
      }),
      { numRuns: 300 },
    );
  });

  type Mutation = {
    kind: 'set' | 'delete' | 'insert' | 'copy' | 'cut';
    at: number;
    byte: number;
    size: number;
  };
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.constantFrom('set', 'delete', 'insert', 'copy', 'cut'),
    at: fc.nat(),
    byte: fc.integer({ min: 0, max: 255 }),
    size: fc.integer({ min: 1, max: 64 }),
  });

  function mutate(source: Uint8Array, mutations: Mutation[]): Uint8Array {
    let bytes = [...source];
    for (const m of mutations) {
      const at = bytes.length === 0 ? 0 : m.at % bytes.length;
      if (m.kind === 'set') bytes[at] = m.byte;
      else if (m.kind === 'delete') bytes.splice(at, m.size);
      else if (m.kind === 'insert') bytes.splice(at, 0, ...new Array<number>(m.size).fill(m.byte));
      else if (m.kind === 'copy') bytes.splice(at, 0, ...bytes.slice(at, at + m.size * 8));
      else bytes = bytes.slice(0, at);
    }
    return Uint8Array.from(bytes);
  }

  const fixtures = ['csv', 'ofx', 'qfx', 'qif', 'camt'].flatMap((dir) =>
    readdirSync(fixturePath(dir)).map((name) => `${dir}/${name}`),
  );

  test.each(fixtures)('mutations of %s', (file) => {
    const source = fixtureBytes(file);
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 8 }), (mutations) => {
        checkResult(parseFile(mutate(source, mutations), file));
      }),
      { numRuns: 40 },
    );
  });

  test('pathological shapes finish', () => {
    const huge = (s: string, n: number): Uint8Array => text(s.repeat(n));
    checkResult(parseFile(huge('<', 200_000), 'a.ofx'));
    checkResult(parseFile(huge('<A>', 50_000), 'a.ofx'));
    checkResult(parseFile(huge('</A>', 50_000), 'a.ofx'));
    checkResult(parseFile(huge('<A>x', 50_000), 'a.ofx'));
    checkResult(
      parseFile(
        text(`<?xml version="1.0"?>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`),
        'a.xml',
      ),
    );
    checkResult(parseFile(huge('"', 100_001), 'a.csv'));
    checkResult(parseFile(huge('D1/1/20\nT1\n', 20_000), 'a.qif'));
    checkResult(parseFile(huge('&amp;', 100_000), 'a.qfx'));
  });

  test('big real-looking files: no argument-spreading limits or recursion on the way', () => {
    const huge = (s: string, n: number): Uint8Array => text(s.repeat(n));
    checkResult(parseFile(huge('a,', 200_000), 'a.csv'));
    const rows = parseFile(
      text(`Date,Payee,Amount\n${'2020-01-01,Shop,-1.00\n'.repeat(200_000)}`),
      'a.csv',
    );
    expect(rows.transactions).toHaveLength(200_000);
    const trn =
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20200101<TRNAMT>-1.00<FITID>x<NAME>Shop</STMTTRN>\n';
    const ofx = parseFile(
      text(`OFXHEADER:100\n\n<OFX><BANKTRANLIST>\n${trn.repeat(20_000)}</BANKTRANLIST></OFX>`),
      'a.ofx',
    );
    expect(ofx.transactions).toHaveLength(20_000);
    const ntry =
      '<TxDtls><Amt>1.00</Amt><RltdPties><Cdtr><Nm>Shop</Nm></Cdtr></RltdPties></TxDtls>';
    const batch = parseFile(
      text(
        `<Document><BkToCstmrStmt><Stmt><Ntry><Amt>20000.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>` +
          `<BookgDt><Dt>2020-01-01</Dt></BookgDt><NtryDtls>${ntry.repeat(20_000)}</NtryDtls></Ntry>` +
          '</Stmt></BkToCstmrStmt></Document>',
      ),
      'a.xml',
    );
    expect(batch.transactions).toHaveLength(20_000);
  });
});

describe('properties of the shared helpers', () => {
  test('an amount written in any common style reads back as the same cents', () => {
    const style = fc.record({
      group: fc.constantFrom('', ',', '.', ' ', "'"),
      decimal: fc.constantFrom('.', ','),
      currency: fc.constantFrom('', '$', '€ ', ' EUR'),
      negative: fc.constantFrom('none', 'minus', 'parens', 'trailing'),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), style, (cents, s) => {
        fc.pre(s.group !== s.decimal);
        const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, s.group);
        let body = `${whole}${s.decimal}${String(cents % 100).padStart(2, '0')}`;
        body = s.currency.endsWith(' ') ? `${s.currency}${body}` : `${body}${s.currency}`;
        const negative = s.negative !== 'none' && cents !== 0;
        if (negative) {
          body =
            s.negative === 'minus'
              ? `-${body}`
              : s.negative === 'parens'
                ? `(${body})`
                : `${body}-`;
        }
        const parsed = parseAmount(body, { decimalSeparator: s.decimal as '.' | ',' });
        expect(parsed).toBe(negative ? -cents : cents);
      }),
      { numRuns: 2000 },
    );
  });

  test('a date written in any format and separator reads back', () => {
    const format = fc.constantFrom<DateFormat>(
      'yyyy mm dd',
      'yy mm dd',
      'mm dd yyyy',
      'mm dd yy',
      'dd mm yyyy',
      'dd mm yy',
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        format,
        fc.constantFrom('-', '/', '.', ' ', ''),
        fc.boolean(),
        (year, month, day, f, sep, pad) => {
          const iso = formatDate(year, month, day);
          fc.pre(iso !== null);
          const two = (n: number): string =>
            pad || sep === '' ? String(n).padStart(2, '0') : String(n);
          const parts: Record<string, string> = {
            yyyy: String(year),
            yy: String(year % 100).padStart(2, '0'),
            mm: two(month),
            dd: two(day),
          };
          const written = f
            .split(' ')
            .map((p) => parts[p])
            .join(sep);
          expect(parseDate(written, f)).toBe(iso);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

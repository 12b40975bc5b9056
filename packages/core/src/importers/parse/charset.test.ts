import { describe, expect, test } from 'vitest';
import { charsetLabel, decodeBytes, peekAscii, xmlDeclaredEncoding } from './charset.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Latin-1 bytes of a string whose characters are all below U+0100. */
function latin1(s: string): Uint8Array {
  return Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
}

describe('charsetLabel', () => {
  test.each([
    ['1252', 'windows-1252'],
    ['CP1252', 'windows-1252'],
    ['windows-1250', 'windows-1250'],
    ['8859-1', 'iso-8859-1'],
    ['ISO-8859-15', 'iso-8859-15'],
    ['ISO8859_2', 'iso-8859-2'],
    ['UTF-8', 'utf-8'],
    ['NONE', null],
    ['USASCII', null],
    ['us-ascii', null],
    ['', null],
    ['klingon', null],
  ])('%s -> %s', (declared, label) => {
    expect(charsetLabel(declared)).toBe(label);
  });
});

describe('decodeBytes', () => {
  test('UTF-8 with and without BOM', () => {
    expect(decodeBytes(utf8('Café €'))).toEqual({ text: 'Café €', encoding: 'utf-8' });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Grüße')]);
    expect(decodeBytes(bom)).toEqual({ text: 'Grüße', encoding: 'utf-8' });
  });

  test('UTF-16 with a BOM, and without one when every other byte is zero', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00]);
    expect(decodeBytes(le).text).toBe('Aé');
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00, 0xe9]);
    expect(decodeBytes(be).text).toBe('Aé');
    const bare = new Uint8Array([...'Date,Amount'].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(decodeBytes(bare)).toEqual({ text: 'Date,Amount', encoding: 'utf-16le' });
  });

  test('Windows-1252 bytes decode with the euro and smart quotes, however declared', () => {
    const bytes = new Uint8Array([
      0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94, 0x99,
    ]);
    expect(decodeBytes(bytes).text).toBe('Café € \u201cq\u201d\u2122');
    expect(decodeBytes(bytes, { declared: '1252' }).text).toBe('Café € \u201cq\u201d\u2122');
    expect(decodeBytes(bytes, { declared: 'ISO-8859-1' }).encoding).toBe('windows-1252');
  });

  test('a declared single-byte charset other than 1252 is honoured', () => {
    // 0xA4 is the euro sign in ISO-8859-15 and the currency sign in Latin-1.
    expect(decodeBytes(new Uint8Array([0x31, 0xa4]), { declared: 'ISO-8859-15' }).text).toBe('1€');
    // Czech in windows-1250: "úč" is FA E8.
    expect(decodeBytes(new Uint8Array([0xfa, 0xe8]), { declared: 'windows-1250' }).text).toBe('úč');
  });

  test('valid UTF-8 wins over a stale declaration; an explicit choice wins over everything', () => {
    expect(decodeBytes(utf8('prépayée'), { declared: '8859-1' }).text).toBe('prépayée');
    expect(decodeBytes(utf8('é'), { encoding: 'windows-1252' }).text).toBe('Ã©');
    expect(decodeBytes(latin1('é'), { encoding: 'not-a-charset' }).text).toBe('é');
  });

  test('Latin text is not mistaken for East Asian text', () => {
    for (const s of [
      'Müller',
      'Grüße aus München',
      'Café Rémy',
      'Señor Peña',
      'SOME £$ CHARACTERS',
    ]) {
      expect(decodeBytes(latin1(s))).toEqual({ text: s, encoding: 'windows-1252' });
    }
  });

  test('East Asian multi-byte text is recognised without a declaration', () => {
    // 東京スーパー in EUC-JP, Shift_JIS; 北京餐厅 in GB18030.
    const eucJp = [0xc5, 0xec, 0xb5, 0xfe, 0xa5, 0xb9, 0xa1, 0xbc, 0xa5, 0xd1, 0xa1, 0xbc];
    const sjis = [0x93, 0x8c, 0x8b, 0x9e, 0x83, 0x58, 0x81, 0x5b, 0x83, 0x70, 0x81, 0x5b];
    const gb = [0xb1, 0xb1, 0xbe, 0xa9, 0xb2, 0xcd, 0xcc, 0xfc];
    expect(decodeBytes(new Uint8Array(eucJp))).toEqual({
      text: '東京スーパー',
      encoding: 'euc-jp',
    });
    expect(decodeBytes(new Uint8Array(sjis))).toEqual({
      text: '東京スーパー',
      encoding: 'shift_jis',
    });
    expect(decodeBytes(new Uint8Array(gb))).toEqual({ text: '北京餐厅', encoding: 'gb18030' });
  });
});

describe('header peeking', () => {
  test('peekAscii reads bytes as Latin-1 up to a limit', () => {
    expect(peekAscii(latin1('CHARSET:1252\né'), 13)).toBe('CHARSET:1252\n');
  });

  test('xmlDeclaredEncoding', () => {
    expect(xmlDeclaredEncoding('<?xml version="1.0" encoding="ISO-8859-1" ?><a/>')).toBe(
      'ISO-8859-1',
    );
    expect(xmlDeclaredEncoding("\uFEFF<?xml version='1.0' encoding='utf-8'?>")).toBe('utf-8');
    expect(xmlDeclaredEncoding('\u00EF\u00BB\u00BF<?xml encoding="x"?>')).toBe('x');
    expect(xmlDeclaredEncoding('<?xml version="1.0"?>')).toBeNull();
    expect(xmlDeclaredEncoding('<a encoding="x"/>')).toBeNull();
  });
});

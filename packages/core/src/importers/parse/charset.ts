/**
 * Character-set detection for bank files. Order of trust: an explicit choice, a byte-order
 * mark, valid UTF-8 (text in a legacy charset is almost never valid UTF-8, while files
 * re-saved as UTF-8 often keep their old CHARSET header), the file's own declaration, a
 * guess between the common East Asian multi-byte sets, and finally Windows-1252.
 */

export interface Decoded {
  text: string;
  /** The TextDecoder encoding name used. */
  encoding: string;
}

const FALLBACK = 'windows-1252';

function decoder(label: string, fatal = false): InstanceType<typeof TextDecoder> | null {
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return null;
  }
}

function tryDecode(bytes: Uint8Array, label: string): string | null {
  const d = decoder(label, true);
  if (!d) return null;
  try {
    return d.decode(bytes);
  } catch {
    return null;
  }
}

// Windows-1252 bytes 0x80-0x9F; the rest of the set is Latin-1. Some Node releases decode
// "windows-1252" as plain Latin-1 (turning € into U+0080), so this set is decoded here.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    let s = '';
    for (const b of chunk)
      s += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    parts.push(s);
  }
  return parts.join('');
}

function decodeWith(bytes: Uint8Array, label: string): Decoded | null {
  const d = decoder(label);
  if (!d) return null;
  if (d.encoding === 'windows-1252')
    return { text: decodeWindows1252(bytes), encoding: d.encoding };
  return { text: d.decode(bytes), encoding: d.encoding };
}

/**
 * A TextDecoder label for a charset as files declare it: OFX `CHARSET:1252`, `8859-1`,
 * `ENCODING:UTF-8`, XML `encoding="ISO-8859-1"`. Null for "none", ASCII or unknown names.
 */
export function charsetLabel(declared: string | null | undefined): string | null {
  const name = (declared ?? '').trim().toLowerCase();
  if (name === '' || name === 'none' || /^(us-?)?ascii$/.test(name)) return null;
  const codepage = /^(?:cp|windows-?)?(125\d)$/.exec(name);
  if (codepage) return `windows-${codepage[1]}`;
  const iso = /^(?:iso[-_ ]?)?8859[-_](\d{1,2})$/.exec(name);
  if (iso) return `iso-8859-${iso[1]}`;
  return decoder(name) ? name : null;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function utf16WithoutBom(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 2000) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

interface ScriptCounts {
  han: number;
  kana: number;
  halfKana: number;
  punct: number;
  other: number;
}

function countScripts(text: string): ScriptCounts {
  const c: ScriptCounts = { han: 0, kana: 0, halfKana: 0, punct: 0, other: 0 };
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) continue;
    if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf)) c.han++;
    else if (cp >= 0xf900 && cp <= 0xfaff) c.han++;
    else if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff)) c.kana++;
    else if (cp >= 0xff61 && cp <= 0xff9f) c.halfKana++;
    else if ((cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff00 && cp <= 0xffef)) c.punct++;
    else c.other++;
  }
  return c;
}

const LATIN_LETTER =
  /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e]/;
const ASCII_LETTER = /[A-Za-z]/;

/**
 * Share of non-ASCII characters in a Windows-1252 reading that sit like accented letters in
 * a word (a Latin letter next to an ASCII letter). Real Latin text scores high; East Asian
 * multi-byte text read as Windows-1252 scores low.
 */
function latinScore(text: string): number {
  let nonAscii = 0;
  let wordLike = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch.charCodeAt(0) < 0x80) continue;
    nonAscii++;
    const near = ASCII_LETTER.test(text[i - 1] ?? '') || ASCII_LETTER.test(text[i + 1] ?? '');
    if (near && LATIN_LETTER.test(ch)) wordLike++;
  }
  return nonAscii === 0 ? 1 : wordLike / nonAscii;
}

function guessEastAsian(bytes: Uint8Array): string | null {
  const latin = decodeWith(bytes, FALLBACK);
  if (!latin || latinScore(latin.text) >= 0.5) return null;
  let best: { label: string; score: number; kana: number } | null = null;
  let gb = false;
  for (const label of ['euc-jp', 'shift_jis', 'gb18030']) {
    const text = tryDecode(bytes, label);
    if (text === null) continue;
    const c = countScripts(text);
    if (c.other > 0 || c.han + c.kana + c.punct === 0) continue;
    if (label === 'gb18030') {
      gb = true;
      continue;
    }
    const score = c.han + 3 * c.kana - 3 * c.halfKana;
    if (c.kana > 0 && (!best || score > best.score)) best = { label, score, kana: c.kana };
  }
  if (best) return best.label;
  return gb ? 'gb18030' : null;
}

export interface DecodeOptions {
  /** A charset the user chose; wins over everything else when it is a known label. */
  encoding?: string | undefined;
  /** A charset the file declares (header, XML prolog). */
  declared?: string | null | undefined;
}

export function decodeBytes(bytes: Uint8Array, options: DecodeOptions = {}): Decoded {
  const chosen = options.encoding ? charsetLabel(options.encoding) : null;
  if (chosen) {
    const d = decodeWith(bytes, chosen);
    if (d) return d;
  }
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return decodeWith(bytes, 'utf-8') as Decoded;
  if (startsWith(bytes, [0xff, 0xfe])) return decodeWith(bytes, 'utf-16le') as Decoded;
  if (startsWith(bytes, [0xfe, 0xff])) return decodeWith(bytes, 'utf-16be') as Decoded;
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return decodeWith(bytes, utf16) as Decoded;
  const utf8 = tryDecode(bytes, 'utf-8');
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };
  const declared = charsetLabel(options.declared);
  if (declared && declared !== 'utf-8') {
    const d = decodeWith(bytes, declared);
    if (d) return d;
  }
  const eastAsian = guessEastAsian(bytes);
  if (eastAsian) return decodeWith(bytes, eastAsian) as Decoded;
  return decodeWith(bytes, FALLBACK) as Decoded;
}

/**
 * Reads bytes as Latin-1 without failing, so ASCII headers (OFX `CHARSET:`, an XML
 * `encoding=` prolog) can be read before the real charset is known.
 */
export function peekAscii(bytes: Uint8Array, limit = 4096): string {
  let out = '';
  const n = Math.min(bytes.length, limit);
  for (let i = 0; i < n; i++) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}

/** The `encoding="..."` of an XML declaration, if any. */
export function xmlDeclaredEncoding(head: string): string | null {
  const m = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']+)["']/i.exec(
    head,
  );
  return m?.[1] ?? null;
}

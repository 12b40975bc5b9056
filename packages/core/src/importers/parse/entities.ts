const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const ENTITY = /&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi;

function decodeOnce(text: string): string {
  return text.replace(ENTITY, (whole, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/**
 * Decodes XML/HTML character references in a value. Some banks escape twice
 * ("&amp;lt;DEFTPYMT&amp;gt;"), so decoding repeats while it changes, a few times at most.
 */
export function decodeEntities(text: string): string {
  let current = text;
  for (let pass = 0; pass < 3 && current.includes('&'); pass++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

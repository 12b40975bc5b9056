/**
 * What a person types into an amount field, read as integer cents: a plain number in any of the
 * spec's number formats, or arithmetic (`120+35.50`, `=300/2`, `(12.50)*4`). Pure, so the amount
 * input, the budget cells and the register all agree on what a text means.
 */

/** The spec's bound on an amount's magnitude, in cents. */
export const MAX_AMOUNT = 2 ** 51 - 1;

export type AmountReading =
  { ok: true; cents: number | null } | { ok: false; error: 'not-a-number' | 'too-large' };

export const AMOUNT_ERRORS: Record<'not-a-number' | 'too-large', string> = {
  'not-a-number': 'Enter a number, or arithmetic such as 120+35.50',
  'too-large': 'This amount is too large',
};

/**
 * One number as typed: every character but digits and separators dropped, and the last
 * separator is the decimal point unless three or more digits follow it (then it groups
 * thousands). This is the spec's rule, so `1.234,50` and `1,234.50` both read as 1234.50.
 */
export function readNumber(text: string): number | null {
  const cleaned = text.replace(/[^0-9.,]/g, '');
  if (!/[0-9]/.test(cleaned)) return null;
  const lastSep = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  if (lastSep === -1 || cleaned.length - lastSep - 1 > 2) {
    return Number(cleaned.replace(/[.,]/g, ''));
  }
  const whole = cleaned.slice(0, lastSep).replace(/[.,]/g, '') || '0';
  const fraction = cleaned.slice(lastSep + 1);
  return Number(`${whole}.${fraction || '0'}`);
}

type Token = { kind: 'num'; value: number } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if ('+-*/()'.includes(ch)) {
      tokens.push({ kind: 'op', value: ch });
      i++;
    } else if (/[0-9.,]/.test(ch)) {
      let j = i;
      // Spaces (and no-break spaces) group digits in the space-* formats.
      while (j < text.length && /[0-9.,\s\u00a0\u202f]/.test(text[j]!)) j++;
      const value = readNumber(text.slice(i, j));
      if (value === null) return null;
      tokens.push({ kind: 'num', value });
      i = j;
    } else if (/\s/.test(ch) || /\p{Sc}/u.test(ch)) {
      i++; // blanks and currency signs carry no meaning
    } else {
      return null;
    }
  }
  return tokens;
}

/** Recursive descent over + - * / and parentheses, with unary minus and plus. */
function evaluate(tokens: Token[]): number | null {
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => peek()?.kind === 'op' && peek()!.value === v;

  function primary(): number | null {
    const t = peek();
    if (!t) return null;
    if (t.kind === 'num') {
      pos++;
      return t.value;
    }
    if (t.value === '-' || t.value === '+') {
      pos++;
      const v = primary();
      return v === null ? null : t.value === '-' ? -v : v;
    }
    if (t.value === '(') {
      pos++;
      const v = sum();
      if (v === null || !isOp(')')) return null;
      pos++;
      return v;
    }
    return null;
  }
  function product(): number | null {
    let v = primary();
    while (v !== null && (isOp('*') || isOp('/'))) {
      const op = (tokens[pos++] as Token).value;
      const r = primary();
      if (r === null) return null;
      v = op === '*' ? v * r : v / r;
    }
    return v;
  }
  function sum(): number | null {
    let v = product();
    while (v !== null && (isOp('+') || isOp('-'))) {
      const op = (tokens[pos++] as Token).value;
      const r = product();
      if (r === null) return null;
      v = op === '+' ? v + r : v - r;
    }
    return v;
  }
  const value = sum();
  return pos === tokens.length ? value : null;
}

/**
 * Typed text to cents. Blank is `null` (no amount). A whole text in parentheses around a plain
 * number is a negative amount, as bank statements write it; otherwise parentheses group.
 */
export function readAmount(text: string): AmountReading {
  let body = text.trim();
  if (body.startsWith('=')) body = body.slice(1).trim();
  if (body === '') return { ok: true, cents: null };
  const bracketed = /^\(([^()+*/-]*)\)$/.exec(body);
  if (bracketed) body = `-${bracketed[1]}`;
  const tokens = tokenize(body);
  const value = tokens && tokens.length > 0 ? evaluate(tokens) : null;
  if (value === null || !Number.isFinite(value)) return { ok: false, error: 'not-a-number' };
  const cents = Math.round(value * 100);
  if (Math.abs(cents) > MAX_AMOUNT) return { ok: false, error: 'too-large' };
  return { ok: true, cents: cents === 0 ? 0 : cents };
}

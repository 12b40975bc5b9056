import type { DecimalSeparator } from './types.ts';

export interface AmountOptions {
  /** The file's decimal separator; guessed from the text when absent. */
  decimalSeparator?: DecimalSeparator;
}

const SIGN = /^[+\-\u2212]|[+\-\u2212]$/;
const CURRENCY_HEAD = /^(?:\p{Sc}|\p{L}{1,3}(?!\p{L})\.?)\s*/u;
const CURRENCY_TAIL = /\s*(?:\p{Sc}|(?<!\p{L})\p{L}{1,3}\.?)$/u;
const NUMBER_BODY = /^[\d.,'\u2019 \u00a0\u202f]+$/;
const GROUPING = /['\u2019 \u00a0\u202f]/g;
const MAX_CENTS = BigInt(Number.MAX_SAFE_INTEGER);
const PLAIN = /^([+-]?)(\d{1,13})(?:\.(\d*))?$/;

/**
 * Reads a money amount as people and banks write it and returns integer cents, or null
 * when the text is not an amount. Accepts decimal commas, thousands separators (',', '.',
 * spaces, apostrophes), currency symbols or codes on either side, parentheses for negative
 * numbers, a leading or trailing sign, and a trailing CR/DR marker. Digits past the second
 * decimal are rounded half away from zero.
 */
export function parseAmount(text: string, options: AmountOptions = {}): number | null {
  let s = text.trim();
  if (options.decimalSeparator !== ',') {
    // Most amounts are plain ("-12.34"); skip the general path for them.
    const plain = PLAIN.exec(s);
    if (plain) {
      const frac = plain[3] ?? '';
      let cents = Number(plain[2]) * 100 + Number((frac + '00').slice(0, 2));
      if ((frac[2] ?? '0') >= '5') cents += 1;
      return plain[1] === '-' && cents !== 0 ? -cents : cents;
    }
  }
  let negative = false;
  let signs = 0;
  const marker = /(?<=[\d\s])(CR|DR)\.?$/i.exec(s);
  if (marker?.[1] && /\d/.test(s.slice(0, marker.index))) {
    negative = marker[1].toUpperCase() === 'DR';
    signs++;
    s = s.slice(0, marker.index);
  }
  // Peel wrappers in whatever order the bank stacked them: "-$1.00", "$(1.00)", "1,00 €-".
  for (let changed = true; changed;) {
    changed = false;
    s = s.trim();
    if (s.length > 1 && s.startsWith('(') && s.endsWith(')')) {
      s = s.slice(1, -1);
      negative = !negative;
      signs++;
      changed = true;
      continue;
    }
    const sign = SIGN.exec(s);
    if (sign) {
      if (sign[0] !== '+') negative = !negative;
      s = sign.index === 0 ? s.slice(1) : s.slice(0, -1);
      signs++;
      changed = true;
      continue;
    }
    const head = CURRENCY_HEAD.exec(s) ?? CURRENCY_TAIL.exec(s);
    if (head && head[0].length < s.length) {
      s = head.index === 0 ? s.slice(head[0].length) : s.slice(0, head.index);
      changed = true;
    }
  }
  if (signs > 1 || !NUMBER_BODY.test(s) || !/\d/.test(s)) return null;
  if (/^[ \u00a0\u202f]|[ \u00a0\u202f]$/.test(s)) return null;

  const decimal = options.decimalSeparator ?? guessDecimalSeparator(s);
  let intPart: string;
  let fracPart = '';
  const at = decimal === null ? -1 : s.lastIndexOf(decimal);
  if (at >= 0) {
    if (s.indexOf(decimal as string) !== at) return null;
    intPart = s.slice(0, at);
    fracPart = s.slice(at + 1);
    if (!/^\d*$/.test(fracPart)) return null;
  } else {
    intPart = s;
  }
  if (!validGrouping(intPart)) return null;
  intPart = intPart.replace(GROUPING, '').replace(/[.,]/g, '');
  if (!/^\d*$/.test(intPart) || intPart.length + fracPart.length === 0) return null;

  let cents = BigInt(intPart || '0') * 100n + BigInt((fracPart + '00').slice(0, 2));
  if ((fracPart[2] ?? '0') >= '5') cents += 1n;
  if (cents > MAX_CENTS) return null;
  const value = Number(cents);
  return negative && value !== 0 ? -value : value;
}

/**
 * Thousands grouping must look like grouping: 1-3 leading digits, then groups of three, or
 * of two before the last three (Indian "1,00,000"). Rejects "1 2 3" and "1.2345".
 */
function validGrouping(intPart: string): boolean {
  const groups = intPart.split(/[.,'\u2019 \u00a0\u202f]/);
  if (groups.length === 1) return true;
  const last = groups.length - 1;
  return groups.every((g, i) =>
    i === 0 ? /^\d{1,3}$/.test(g) : i === last ? /^\d{3}$/.test(g) : /^\d{2,3}$/.test(g),
  );
}

/**
 * Which of '.' and ',' is the decimal separator of a bare number, or null when neither is.
 * With both present the later one is decimal; a lone separator repeated is grouping; a lone
 * comma followed by exactly three digits ("1,000") is grouping; otherwise it is decimal.
 */
function guessDecimalSeparator(s: string): DecimalSeparator | null {
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  if (dot < 0 && comma < 0) return null;
  const sep: DecimalSeparator = dot >= 0 ? '.' : ',';
  if (s.indexOf(sep) !== s.lastIndexOf(sep)) return null;
  if (sep === ',' && /^\d{1,3},\d{3}$/.test(s.replace(GROUPING, ''))) return null;
  return sep;
}

/** The import multiplier: digits with up to four decimals ("100", "0.01", "1.2345"). */
export function isValidMultiplier(text: string): boolean {
  return /^(?:\d+(?:\.\d{0,4})?|\.\d{1,4})$/.test(text.trim());
}

/** Multiplies cents by a multiplier string, rounding half away from zero; null if invalid. */
export function applyMultiplier(cents: number, multiplier: string): number | null {
  const text = multiplier.trim();
  if (!isValidMultiplier(text)) return null;
  const [whole = '', frac = ''] = text.split('.');
  const scaled = BigInt(whole || '0') * 10000n + BigInt(frac.padEnd(4, '0'));
  const product = BigInt(cents) * scaled;
  let quotient = product / 10000n;
  const remainder = product % 10000n;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= 10000n) quotient += product < 0n ? -1n : 1n;
  if (quotient > MAX_CENTS || quotient < -MAX_CENTS) return null;
  const value = Number(quotient);
  return value === 0 ? 0 : value;
}

/** The flip-amount option: outflows become inflows and the reverse. */
export function flipAmount(cents: number): number {
  return cents === 0 ? 0 : -cents;
}

/**
 * Separate inflow and outflow columns to one signed amount. Each side counts by its size
 * (banks write outflows both as "12.00" and "-12.00"); an empty side is ignored; null when
 * neither side holds an amount or a non-empty side is not one.
 */
export function inflowOutflowToAmount(
  inflow: string | null | undefined,
  outflow: string | null | undefined,
  options: AmountOptions = {},
): number | null {
  const inText = (inflow ?? '').trim();
  const outText = (outflow ?? '').trim();
  if (inText === '' && outText === '') return null;
  const inCents = inText === '' ? 0 : parseAmount(inText, options);
  const outCents = outText === '' ? 0 : parseAmount(outText, options);
  if (inCents === null || outCents === null) return null;
  const total = Math.abs(inCents) - Math.abs(outCents);
  return total === 0 ? 0 : total;
}

/**
 * An amount column whose sign lives in another column ("debit"/"credit"): the size of the
 * amount, negative when the indicator equals `outValue` (compared trimmed, ignoring case).
 */
export function amountFromIndicator(cents: number, indicator: string, outValue: string): number {
  const size = Math.abs(cents);
  const out = indicator.trim().toLowerCase() === outValue.trim().toLowerCase();
  return out && size !== 0 ? -size : size;
}

/** Number and date display helpers, pure: every amount is integer cents, dates are YYYY-MM-DD. */

export const NUMBER_FORMATS = [
  { value: 'comma-dot', label: '1,000.33' },
  { value: 'dot-comma', label: '1.000,33' },
  { value: 'space-comma', label: '1 000,33' },
  { value: 'space-dot', label: '1 000.33' },
  { value: 'comma-dot-in', label: '1,00,000.33' },
] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number]['value'];

export const DATE_FORMATS = [
  { value: 'MM/dd/yyyy', label: 'MM/DD/YYYY' },
  { value: 'dd/MM/yyyy', label: 'DD/MM/YYYY' },
  { value: 'yyyy-MM-dd', label: 'YYYY-MM-DD' },
  { value: 'MM.dd.yyyy', label: 'MM.DD.YYYY' },
  { value: 'dd.MM.yyyy', label: 'DD.MM.YYYY' },
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number]['value'];

export interface NumberFormatConfig {
  format: NumberFormat;
  hideFraction: boolean;
}

const SEPARATORS: Record<NumberFormat, { thousands: string; decimal: string; indian?: true }> = {
  'comma-dot': { thousands: ',', decimal: '.' },
  'dot-comma': { thousands: '.', decimal: ',' },
  'space-comma': { thousands: '\u00a0', decimal: ',' },
  'space-dot': { thousands: '\u00a0', decimal: '.' },
  'comma-dot-in': { thousands: ',', decimal: '.', indian: true },
};

export function isNumberFormat(value: unknown): value is NumberFormat {
  return typeof value === 'string' && value in SEPARATORS;
}

export function isDateFormat(value: unknown): value is DateFormat {
  return DATE_FORMATS.some((f) => f.value === value);
}

function groupDigits(digits: string, sep: string, indian: boolean): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const size = indian ? 2 : 3;
  const groups: string[] = [];
  while (rest.length > size) {
    groups.unshift(rest.slice(-size));
    rest = rest.slice(0, -size);
  }
  if (rest) groups.unshift(rest);
  return [...groups, last3].join(sep);
}

/** Cents to display text, e.g. 123456 → "1,234.56" (or "1,235" with hideFraction). */
export function formatAmount(cents: number, config: NumberFormatConfig): string {
  if (!Number.isInteger(cents)) throw new Error(`Amount is not integer cents: ${cents}`);
  const sep = SEPARATORS[config.format];
  const negative = cents < 0;
  const abs = Math.abs(cents);
  let whole: number;
  let fraction = '';
  if (config.hideFraction) {
    whole = Math.round(abs / 100);
  } else {
    whole = Math.floor(abs / 100);
    fraction = sep.decimal + String(abs % 100).padStart(2, '0');
  }
  const text = groupDigits(String(whole), sep.thousands, sep.indian === true) + fraction;
  return negative && (whole !== 0 || fraction.replace(/[^1-9]/g, '') !== '') ? `-${text}` : text;
}

/**
 * Typed text to cents: strips everything but digits and separators, brackets mean negative,
 * and the last separator is the decimal point. Returns null when no number is present.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const negative = /^\(.*\)$/.test(trimmed) || trimmed.startsWith('-');
  const cleaned = trimmed.replace(/[^0-9.,]/g, '');
  if (!/[0-9]/.test(cleaned)) return null;
  const lastSep = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  let value: number;
  if (lastSep === -1 || cleaned.length - lastSep - 1 > 2) {
    value = Number(cleaned.replace(/[.,]/g, '')) * 100;
  } else {
    const whole = cleaned.slice(0, lastSep).replace(/[.,]/g, '') || '0';
    const frac = cleaned.slice(lastSep + 1).padEnd(2, '0');
    value = Number(whole) * 100 + Number(frac);
  }
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** A YYYY-MM-DD date in the chosen display format. */
export function formatDate(date: string, format: DateFormat): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const [, yyyy, mm, dd] = m as unknown as [string, string, string, string];
  return format.replace('yyyy', yyyy).replace('MM', mm).replace('dd', dd);
}

/** Display text in a format back to YYYY-MM-DD, or null if it is not a real date. */
export function parseDate(text: string, format: DateFormat): string | null {
  const order = format.split(/[/.-]/);
  const parts = text.trim().split(/[/.\- ]/);
  if (parts.length !== 3) return null;
  const byKey: Record<string, string> = {};
  order.forEach((key, i) => (byKey[key] = parts[i] ?? ''));
  const y = Number(byKey.yyyy);
  const mo = Number(byKey.MM);
  const d = Number(byKey.dd);
  if (!Number.isInteger(y) || !Number.isInteger(mo) || !Number.isInteger(d)) return null;
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > daysInMonth) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

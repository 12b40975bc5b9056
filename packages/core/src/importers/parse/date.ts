import type { DateFormat } from './types.ts';

export const DATE_FORMATS: readonly DateFormat[] = [
  'yyyy mm dd',
  'yy mm dd',
  'mm dd yyyy',
  'mm dd yy',
  'dd mm yyyy',
  'dd mm yy',
];

/** Order tried when guessing a column's format: four-digit years and US order first. */
const DETECT_ORDER: readonly DateFormat[] = [
  'yyyy mm dd',
  'mm dd yyyy',
  'dd mm yyyy',
  'mm dd yy',
  'dd mm yy',
  'yy mm dd',
];

/** How a two-digit year becomes four digits. */
export type TwoDigitYears =
  /** The spec's rule for the import UI: always 20xx. */
  | '20xx'
  /** Quicken's files reach back to the 1990s: 00-68 are 20xx, 69-99 are 19xx. */
  | 'pivot';

const MONTH_NAMES: ReadonlyMap<string, number> = new Map(
  [
    'jan january janv janvier januar',
    'feb february febr fev fevr février févr fév februar',
    'mar march mär märz maerz mars mrt maart',
    'apr april avr avril',
    'may mai mei',
    'jun june juin juni',
    'jul july juil juillet juli',
    'aug august aout août',
    'sep sept september septembre',
    'oct october okt oktober octobre',
    'nov november novembre',
    'dec december dez dezember déc décembre',
  ].flatMap((names, index) => names.split(' ').map((name) => [name, index + 1] as const)),
);

// A trailing clock time, with optional seconds, fraction, am/pm and zone.
const TIME_SUFFIX =
  /(?:T|\s+)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s*[ap]\.?m\.?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT))?\s*$/i;

const WIDTHS: Record<string, number> = { yyyy: 4, yy: 2, mm: 2, dd: 2 };

function formatParts(format: DateFormat): string[] {
  return format.split(' ');
}

function splitDate(text: string, format: DateFormat): string[] | null {
  const s = text.trim().replace(TIME_SUFFIX, '');
  if (s.length > 64) return null;
  const tokens = s.match(/\d+|\p{L}+/gu);
  if (!tokens) return null;
  if (tokens.length === 3) return tokens;
  const only = tokens[0];
  if (tokens.length !== 1 || only === undefined || !/^\d+$/.test(only)) return null;
  const parts = formatParts(format);
  const total = parts.reduce((sum, part) => sum + (WIDTHS[part] ?? 0), 0);
  if (only.length !== total) return null;
  let at = 0;
  return parts.map((part) => {
    const piece = only.slice(at, at + (WIDTHS[part] ?? 0));
    at += WIDTHS[part] ?? 0;
    return piece;
  });
}

function monthNumber(token: string): number | null {
  if (/^\d{1,2}$/.test(token)) return Number(token);
  return MONTH_NAMES.get(token.toLowerCase().replace(/\.$/, '')) ?? null;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' from numbers, or null for an impossible date. */
export function formatDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface DateParseOptions {
  twoDigitYears?: TwoDigitYears;
  /** Require the year to have exactly the digits the format names (used when guessing). */
  strictYear?: boolean;
}

/**
 * Reads a date in one of the import formats, with any separators (or none, for fixed-width
 * digits), English/German/French/Dutch month names in the month slot, and an optional
 * trailing clock time. Returns 'YYYY-MM-DD' or null.
 */
export function parseDate(
  text: string,
  format: DateFormat,
  options: DateParseOptions = {},
): string | null {
  const tokens = splitDate(text, format);
  if (!tokens) return null;
  let year: number | null = null;
  let month: number | null = null;
  let day: number | null = null;
  const parts = formatParts(format);
  for (let i = 0; i < 3; i++) {
    const part = parts[i];
    const token = tokens[i] ?? '';
    if (part === 'mm') {
      month = monthNumber(token);
    } else if (part === 'dd') {
      if (!/^\d{1,2}$/.test(token)) return null;
      day = Number(token);
    } else {
      // Quicken pads years after an apostrophe with a space: "1/ 5' 3" is 2003.
      const short = options.twoDigitYears === 'pivot' ? /^\d{1,2}$/ : /^\d{2}$/;
      if (!short.test(token) && !/^\d{4}$/.test(token)) return null;
      if (options.strictYear && (part === 'yyyy') !== (token.length === 4)) return null;
      year = Number(token);
      if (token.length <= 2) {
        const pivot = options.twoDigitYears === 'pivot' && year >= 69;
        year += pivot ? 1900 : 2000;
      }
    }
  }
  if (year === null || month === null || day === null) return null;
  return formatDate(year, month, day);
}

/** Whether the text reads as a date in any of the import formats. */
export function looksLikeDate(text: string): boolean {
  return DATE_FORMATS.some((format) => parseDate(text, format) !== null);
}

/** The formats under which every non-empty sample reads as a date, best guess first. */
export function possibleDateFormats(
  samples: readonly string[],
  options: DateParseOptions = {},
): DateFormat[] {
  const filled = samples.filter((s) => s.trim() !== '');
  if (filled.length === 0) return [];
  return DETECT_ORDER.filter((format) =>
    filled.every((s) => parseDate(s, format, { ...options, strictYear: true }) !== null),
  );
}

/** The likeliest format for a column of dates, or null when no format reads them all. */
export function detectDateFormat(
  samples: readonly string[],
  options: DateParseOptions = {},
): DateFormat | null {
  return possibleDateFormats(samples, options)[0] ?? null;
}

/** Whether most non-empty samples (at least half) read as dates: a date column candidate. */
export function looksLikeDateColumn(samples: readonly string[]): boolean {
  const filled = samples.filter((s) => s.trim() !== '');
  if (filled.length === 0) return false;
  const dates = filled.filter(looksLikeDate).length;
  return dates * 2 >= filled.length;
}

/** Spec text for a date that does not read with the chosen format. */
export function dateErrorMessage(date: string): string {
  return `Unable to parse date ${date} with given date format`;
}

/** Spec text for a row or record without an amount. */
export function noAmountMessage(date: string): string {
  return `Transaction on ${date} has no amount`;
}

/**
 * The recurrence editor's choices (spec: recurrence popup and its validations): frequencies
 * with their unit names, monthly patterns of a day (1–31 or last) or a weekday (1st–5th or
 * last), and the cap a weekday pattern's value takes. Pure, for the test.
 */
import { MAX_WEEKDAY_NTH } from '@coffer/core/schedules/recurrence/config.ts';
import type {
  RecurConfig,
  RecurFrequency,
  RecurPattern,
} from '@coffer/core/schedules/recurrence/types.ts';

export const FREQUENCIES: ReadonlyArray<readonly [RecurFrequency, string]> = [
  ['daily', 'Days'],
  ['weekly', 'Weeks'],
  ['monthly', 'Months'],
  ['yearly', 'Years'],
];

export const PATTERN_TYPES: ReadonlyArray<readonly [RecurPattern['type'], string]> = [
  ['day', 'Day'],
  ['SU', 'Sunday'],
  ['MO', 'Monday'],
  ['TU', 'Tuesday'],
  ['WE', 'Wednesday'],
  ['TH', 'Thursday'],
  ['FR', 'Friday'],
  ['SA', 'Saturday'],
];

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

/** The values a pattern of this type offers: days 1–31, the n-th weekday up to 5th, and Last. */
export function patternValues(type: RecurPattern['type']): Array<readonly [number, string]> {
  const top = type === 'day' ? 31 : MAX_WEEKDAY_NTH;
  const values = Array.from({ length: top }, (_, i) => [i + 1, ordinal(i + 1)] as const);
  return [...values, [-1, 'Last'] as const];
}

/** A pattern switched to a weekday keeps its value only up to the 5th. */
export function setPatternType(pattern: RecurPattern, type: RecurPattern['type']): RecurPattern {
  const value = type !== 'day' && pattern.value > MAX_WEEKDAY_NTH ? MAX_WEEKDAY_NTH : pattern.value;
  return { type, value };
}

/** The pattern a new row starts with: the start date's day of the month. */
export function newPattern(config: RecurConfig): RecurPattern {
  const day = Number(config.start?.slice(8, 10));
  return { type: 'day', value: day >= 1 && day <= 31 ? day : 1 };
}

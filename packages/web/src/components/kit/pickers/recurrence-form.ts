/**
 * The recurrence popup's steps, pure (spec: recurrence validation and editor): frequencies,
 * month-day and n-th weekday patterns (1-31 plus Last; a weekday's n capped at 5), weekend
 * handling and the three ends.
 */
import {
  changeRecurFrequency,
  MAX_WEEKDAY_NTH,
  ordinal,
  type RecurConfig,
  type RecurEndMode,
  type RecurFrequency,
  type RecurPattern,
  validInterval,
} from '@coffer/core/ui';

export type Recurrence = Required<RecurConfig>;

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

export const END_MODES: ReadonlyArray<readonly [RecurEndMode, string]> = [
  ['never', 'Never'],
  ['after_n_occurrences', 'After'],
  ['on_date', 'On'],
];

/** The n choices of a pattern: 1st-31st for a day of the month, 1st-5th for a weekday; Last. */
export function patternValues(type: RecurPattern['type']): Array<[number, string]> {
  const max = type === 'day' ? 31 : MAX_WEEKDAY_NTH;
  const values: Array<[number, string]> = [];
  for (let n = 1; n <= max; n++) values.push([n, ordinal(n)]);
  values.push([-1, 'Last']);
  return values;
}

/** Changing the frequency clears the patterns unless it is monthly. */
export function setFrequency(config: Recurrence, frequency: RecurFrequency): Recurrence {
  return changeRecurFrequency(config, frequency);
}

const patternsOf = (config: Recurrence): RecurPattern[] => config.patterns ?? [];

/** A new pattern: the start date's day of the month. */
export function addPattern(config: Recurrence): Recurrence {
  const day = Number(config.start.slice(8, 10)) || 1;
  return { ...config, patterns: [...patternsOf(config), { type: 'day', value: day }] };
}

export function removePattern(config: Recurrence, index: number): Recurrence {
  return { ...config, patterns: patternsOf(config).filter((_, i) => i !== index) };
}

/** A weekday keeps its n only up to the fifth (spec: weekday pattern cap 5). */
export function updatePattern(
  config: Recurrence,
  index: number,
  change: Partial<RecurPattern>,
): Recurrence {
  const patterns = patternsOf(config).map((p, i) => {
    if (i !== index) return p;
    const next = { ...p, ...change };
    if (next.type !== 'day' && next.value > MAX_WEEKDAY_NTH) next.value = MAX_WEEKDAY_NTH;
    return next;
  });
  return { ...config, patterns };
}

/** An interval or a count typed by hand: a positive integer, otherwise 1. */
export function wholeCount(text: string | number | null | undefined): number {
  return validInterval(text);
}

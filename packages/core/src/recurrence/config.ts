import { parseDay } from '../calendar/days.ts';
import type {
  NormalizedRecurConfig,
  RecurEndMode,
  RecurFrequency,
  RecurPattern,
  WeekdayCode,
} from './types.ts';

const FREQUENCIES: readonly RecurFrequency[] = ['daily', 'weekly', 'monthly', 'yearly'];
export const WEEKDAY_CODES: readonly WeekdayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
/** The spec caps the n-th weekday of a month at the fifth. */
export const MAX_WEEKDAY_NTH = 5;

export type NormalizeResult =
  { ok: true; config: NormalizedRecurConfig } | { ok: false; reason: string };

/** True when a condition value looks like a recurrence config rather than a date string. */
export function isRecurConfigLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'frequency' in value;
}

/** Loose integer parsing the way the editor does it: numbers or numeric strings, truncated. */
function toInt(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : null;
}

/** Interval and occurrence counts must be positive integers; anything else becomes 1. */
export function validInterval(value: unknown): number {
  const n = toInt(value);
  return n !== null && n >= 1 ? n : 1;
}

function normalizePattern(raw: unknown): RecurPattern | string {
  if (typeof raw !== 'object' || raw === null) return 'pattern must be an object';
  const { type, value } = raw as { type?: unknown; value?: unknown };
  const n = value === 'last' ? -1 : toInt(value);
  if (n === null) return `pattern value must be a number: ${String(value)}`;
  if (type === 'day') {
    if (n === -1 || (n >= 1 && n <= 31)) return { type, value: n };
    return `day pattern out of range: ${n}`;
  }
  if (typeof type === 'string' && (WEEKDAY_CODES as readonly string[]).includes(type)) {
    if (n === -1) return { type: type as WeekdayCode, value: -1 };
    if (n >= 1) return { type: type as WeekdayCode, value: Math.min(n, MAX_WEEKDAY_NTH) };
    return `weekday pattern out of range: ${n}`;
  }
  return `unknown pattern type: ${String(type)}`;
}

/** Checks a recurrence config and fills in the defaults. */
export function normalizeRecurConfig(value: unknown): NormalizeResult {
  if (!isRecurConfigLike(value)) return { ok: false, reason: 'not a recurrence config' };
  const raw = value as Record<string, unknown>;
  const frequency = raw.frequency as RecurFrequency;
  if (!FREQUENCIES.includes(frequency)) {
    return { ok: false, reason: `invalid frequency: ${String(raw.frequency)}` };
  }
  const startDay = parseDay(raw.start);
  if (startDay === null) return { ok: false, reason: `invalid start date: ${String(raw.start)}` };

  // Patterns only mean something for monthly recurrences; the editor clears them otherwise.
  const patterns: RecurPattern[] = [];
  if (frequency === 'monthly' && raw.patterns != null) {
    if (!Array.isArray(raw.patterns)) return { ok: false, reason: 'patterns must be a list' };
    for (const p of raw.patterns) {
      const parsed = normalizePattern(p);
      if (typeof parsed === 'string') return { ok: false, reason: parsed };
      patterns.push(parsed);
    }
  }

  let endMode: RecurEndMode = 'never';
  let endOccurrences: number | null = null;
  let endDay: number | null = null;
  if (raw.endMode === 'after_n_occurrences') {
    endMode = raw.endMode;
    endOccurrences = validInterval(raw.endOccurrences);
  } else if (raw.endMode === 'on_date') {
    endMode = raw.endMode;
    endDay = parseDay(raw.endDate);
    if (endDay === null) return { ok: false, reason: `invalid end date: ${String(raw.endDate)}` };
  }

  return {
    ok: true,
    config: {
      start: raw.start as string,
      startDay,
      frequency,
      interval: validInterval(raw.interval),
      patterns,
      skipWeekend: raw.skipWeekend === true,
      weekendSolveMode: raw.weekendSolveMode === 'before' ? 'before' : 'after',
      endMode,
      endOccurrences,
      endDay,
    },
  };
}

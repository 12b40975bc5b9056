export type RecurFrequency = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type WeekdayCode = 'SU' | 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA';
export type WeekendSolveMode = 'before' | 'after';
export type RecurEndMode = 'never' | 'after_n_occurrences' | 'on_date';

/**
 * A monthly pattern: `day` with 1–31 (or -1 for the last day of the month), or a weekday with
 * the n-th occurrence in the month (1–5, larger values are capped at 5; -1 for the last one).
 */
export interface RecurPattern {
  type: 'day' | WeekdayCode;
  value: number;
}

/** The recurrence config as stored in a schedule rule's date condition (Actual's shape). */
export interface RecurConfig {
  start: string;
  frequency: RecurFrequency;
  /** Older clients store numbers as strings; anything below 1 means 1. */
  interval?: number | string | null;
  patterns?: RecurPattern[] | null;
  skipWeekend?: boolean | null;
  weekendSolveMode?: WeekendSolveMode | null;
  endMode?: RecurEndMode | null;
  endOccurrences?: number | string | null;
  endDate?: string | null;
}

/** A config with every default applied and every value checked. */
export interface NormalizedRecurConfig {
  start: string;
  startDay: number;
  frequency: RecurFrequency;
  interval: number;
  patterns: RecurPattern[];
  skipWeekend: boolean;
  weekendSolveMode: WeekendSolveMode;
  endMode: RecurEndMode;
  /** Set when endMode is 'after_n_occurrences'. */
  endOccurrences: number | null;
  /** Set when endMode is 'on_date' (inclusive). */
  endDay: number | null;
}

export type ScheduleStatus = 'completed' | 'paid' | 'due' | 'upcoming' | 'missed' | 'scheduled';

/**
 * Goal templates: `#template`, `#goal` and `#cleanup` lines in category notes. Amounts are cents;
 * months 'YYYY-MM'; dates 'YYYY-MM-DD'.
 */
import type { Month } from '../../calendar/months.ts';

/** "up to X [hold]": cap the category balance at X; with hold, never take money away. */
export interface Limit {
  amount: number;
  hold: boolean;
}

export type PeriodUnit = 'day' | 'week' | 'month' | 'year';

export type Template =
  /** "#template 50", "#template 50 up to 300", "#template up to 150 [hold]" */
  | { type: 'simple'; priority: number; monthly: number | null; limit: Limit | null }
  /** "#template 500 by 2025-03 [spend from 2024-03] [repeat every 6 months | year | 2 years]" */
  | {
      type: 'by';
      priority: number;
      amount: number;
      month: Month;
      spendFrom: Month | null;
      /** Months between repeats, or null when the target does not repeat. */
      repeatMonths: number | null;
    }
  /** "#template 10 repeat every 2 weeks starting 2025-01-04 [up to 80]" */
  | {
      type: 'periodic';
      priority: number;
      amount: number;
      unit: PeriodUnit;
      every: number;
      starting: string;
      limit: Limit | null;
    }
  /** "#template 15% of [previous] all income | available funds | <income category>" */
  | { type: 'percentage'; priority: number; percent: number; previous: boolean; source: string }
  /** "#template schedule [full] <schedule name>" */
  | { type: 'schedule'; priority: number; name: string; full: boolean }
  /** "#template average 6 months" */
  | { type: 'average'; priority: number; months: number }
  /** "#template remainder [weight] [up to X]": runs last, shares what is left by weight. */
  | { type: 'remainder'; weight: number; limit: Limit | null }
  /** "#goal 1000": a balance target for the indicator; budgets nothing. */
  | { type: 'goal'; amount: number };

export type CleanupLine =
  { type: 'source'; group: string | null } | { type: 'sink'; group: string | null; weight: number };

/** Where a parsed line came from, for messages. */
export interface LineRef {
  /** 1-based line number within the note. */
  line: number;
  /** The line as written (trimmed). */
  text: string;
}

export type ParsedTemplate = Template & LineRef;
export type ParsedCleanup = CleanupLine & LineRef;

export interface TemplateError extends LineRef {
  /** 0-based offset in `text` where the problem starts. */
  column: number;
  message: string;
}

export interface ParsedNote {
  templates: ParsedTemplate[];
  cleanups: ParsedCleanup[];
  errors: TemplateError[];
}

/** What the schedules engine knows of one schedule, for `#template schedule`. */
export interface ScheduleInfo {
  /** The scheduled amount (negative for a bill), cents. */
  amount: number;
  /** Upcoming occurrence dates on or after the first day of the month, ascending. */
  dates: readonly string[];
}

/** The notification the budget page shows after check/apply/cleanup. */
export interface TemplateNotification {
  type: 'message' | 'error';
  message: string;
  /** Details, one problem per paragraph. */
  pre?: string;
  sticky?: boolean;
}

import { RRule, RRuleSet, Weekday, type Options } from 'rrule';

import { normalizeRecurConfig } from './config.ts';
import { dateOfDay, dayOfDate, parseDay, weekdayOf } from '../calendar/days.ts';
import type { NormalizedRecurConfig, RecurFrequency, WeekdayCode } from './types.ts';

const FREQ: Record<RecurFrequency, number> = {
  daily: RRule.DAILY,
  weekly: RRule.WEEKLY,
  monthly: RRule.MONTHLY,
  yearly: RRule.YEARLY,
};
// rrule numbers weekdays from Monday.
const RRULE_WEEKDAY: Record<WeekdayCode, number> = {
  MO: 0,
  TU: 1,
  WE: 2,
  TH: 3,
  FR: 4,
  SA: 5,
  SU: 6,
};
/** Occurrences are never generated past this day; an endless rule "ends" here. */
const MAX_DAY = parseDay('9999-12-31') as number;
/** The first window generated for an endless rule; later windows double. */
const FIRST_WINDOW_DAYS = 64;

function buildSource(config: NormalizedRecurConfig, anchorDay: number): RRule {
  const base: Partial<Options> = {
    freq: FREQ[config.frequency],
    dtstart: dateOfDay(anchorDay),
    interval: config.interval,
  };
  if (config.endOccurrences !== null) base.count = config.endOccurrences;
  if (config.endDay !== null) base.until = dateOfDay(config.endDay);

  const days = config.patterns.filter((p) => p.type === 'day').map((p) => p.value);
  const weekdays = config.patterns
    .filter((p) => p.type !== 'day')
    .map((p) => new Weekday(RRULE_WEEKDAY[p.type as WeekdayCode], p.value));

  // Like Actual, day-of-month and weekday patterns are two separate rules whose occurrences
  // are merged, so an occurrence count applies to each of them separately.
  const rules: RRule[] = [];
  if (days.length > 0) rules.push(new RRule({ ...base, bymonthday: days }, true));
  if (weekdays.length > 0) rules.push(new RRule({ ...base, byweekday: weekdays }, true));
  if (rules.length === 0) return new RRule(base, true);
  if (rules.length === 1) return rules[0] as RRule;
  const set = new RRuleSet(true);
  for (const rule of rules) set.rrule(rule);
  return set;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Daily and weekly rules without an occurrence count repeat every `interval` (or 7·`interval`)
 * days, so generation may start at any aligned day instead of the first one. rrule walks from
 * its start date on every query, which would make a years-old daily rule slow.
 */
function alignStep(config: NormalizedRecurConfig): number | null {
  if (config.endOccurrences !== null) return null;
  if (config.frequency === 'daily') return config.interval;
  if (config.frequency === 'weekly') return 7 * config.interval;
  return null;
}

/**
 * One parsed recurrence. Occurrences are generated lazily and kept, so repeated questions
 * (a rule evaluated against thousands of imported transactions) cost a binary search.
 *
 * "Raw" occurrences come straight from the recurrence rule. With skipWeekend, the dates a
 * user sees are the raw ones moved off the weekend (to the Friday before or Monday after).
 */
export class Recurrence {
  readonly config: NormalizedRecurConfig;
  private readonly step: number | null;
  private source: RRule;
  /** Every raw occurrence in [segmentStart, generatedUntil) is in `raw`, sorted. */
  private raw: number[] = [];
  private segmentStart: number;
  private generatedUntil: number;
  private exhausted = false;

  constructor(config: NormalizedRecurConfig) {
    this.config = config;
    this.step = alignStep(config);
    this.segmentStart = config.startDay;
    this.generatedUntil = config.startDay;
    this.source = buildSource(config, config.startDay);
  }

  /** Moves a raw occurrence off the weekend when the config asks for it. */
  adjust(day: number): number {
    if (!this.config.skipWeekend) return day;
    const weekday = weekdayOf(day);
    if (weekday === 6) return this.config.weekendSolveMode === 'before' ? day - 1 : day + 2;
    if (weekday === 0) return this.config.weekendSolveMode === 'before' ? day - 2 : day + 1;
    return day;
  }

  /** Makes `raw` complete over [fromDay, untilDay). */
  private ensure(fromDay: number, untilDay: number): void {
    const { startDay } = this.config;
    const lo = Math.max(fromDay, startDay);
    // A far jump ahead starts a new segment instead of generating everything in between.
    const fresh =
      this.generatedUntil === this.segmentStart ||
      lo >= this.generatedUntil + FIRST_WINDOW_DAYS * 4;
    if (this.step !== null && (lo < this.segmentStart || (fresh && lo > this.segmentStart))) {
      const anchor = startDay + Math.floor((lo - startDay) / this.step) * this.step;
      const keepUntil = fresh ? anchor : this.generatedUntil;
      this.source = buildSource(this.config, anchor);
      this.raw = [];
      this.segmentStart = anchor;
      this.generatedUntil = anchor;
      this.exhausted = false;
      untilDay = Math.max(untilDay, keepUntil);
    }
    this.extend(untilDay);
  }

  private extend(untilDay: number): void {
    if (this.exhausted || untilDay <= this.generatedUntil) return;
    if (this.config.endOccurrences !== null) {
      // Counted rules are generated whole, once.
      this.append(this.generatedUntil, MAX_DAY + 1);
      this.exhausted = true;
      return;
    }
    const span = Math.max(FIRST_WINDOW_DAYS, 2 * (this.generatedUntil - this.segmentStart));
    const end = Math.min(MAX_DAY + 1, Math.max(untilDay, this.generatedUntil + span));
    this.append(this.generatedUntil, end);
    const { endDay } = this.config;
    if (end > MAX_DAY || (endDay !== null && end > endDay)) this.exhausted = true;
  }

  private append(fromDay: number, toDay: number): void {
    const dates = this.source.between(dateOfDay(fromDay), dateOfDay(toDay - 1), true);
    for (const date of dates) {
      const day = dayOfDate(date);
      if (day >= fromDay && day < toDay) this.raw.push(day);
    }
    this.generatedUntil = toDay;
  }

  /** Raw occurrences on or after `fromDay`, at most `count` of them. */
  takeRaw(fromDay: number, count: number): number[] {
    const out: number[] = [];
    if (count <= 0) return out;
    this.ensure(fromDay, fromDay + 1);
    let index = lowerBound(this.raw, fromDay);
    while (out.length < count) {
      if (index < this.raw.length) {
        out.push(this.raw[index] as number);
        index += 1;
      } else if (this.exhausted) {
        break;
      } else {
        this.extend(this.generatedUntil + 1);
      }
    }
    return out;
  }

  nextRaw(fromDay: number): number | null {
    return this.takeRaw(fromDay, 1)[0] ?? null;
  }

  /** The final raw occurrence of a rule that ends; null for an endless rule. */
  lastRaw(): number | null {
    const { endMode, endDay, startDay } = this.config;
    if (endMode === 'never') return null;
    if (endDay !== null) {
      // The last occurrence is within one period of the end date.
      this.ensure(Math.max(startDay, endDay - (this.step ?? 0)), endDay + 1);
    } else {
      this.extend(MAX_DAY + 1);
    }
    const index = lowerBound(this.raw, (endDay ?? MAX_DAY) + 1) - 1;
    return index >= 0 ? (this.raw[index] as number) : null;
  }

  /**
   * True when the recurrence falls on `day`: a raw occurrence, or (with skipWeekend) the
   * weekday a weekend occurrence moves to. Both count so a payment made on either matches.
   */
  occursOn(day: number): boolean {
    return this.occursWithin(day, 0);
  }

  /** True when an occurrence (raw or moved off the weekend) is within `radius` days of `day`. */
  occursWithin(day: number, radius: number): boolean {
    const low = day - radius;
    const high = day + radius;
    // A weekend occurrence moves at most two days, so look that much further out.
    const slack = this.config.skipWeekend ? 2 : 0;
    this.ensure(low - slack, high + slack + 1);
    const raw = this.raw;
    for (let i = lowerBound(raw, low - slack); i < raw.length; i++) {
      const r = raw[i] as number;
      if (r > high + slack) break;
      if (r >= low && r <= high) return true;
      const moved = this.adjust(r);
      if (moved >= low && moved <= high) return true;
    }
    return false;
  }

  /**
   * The next `count` dates as shown to the user, on or after `fromDay`: raw occurrences moved
   * off the weekend, each date once (with skipWeekend a Friday can stand for three days).
   *
   * Actual picks raw occurrences from `fromDay` and moves them afterwards, so in 'before' mode
   * its "next" date can be a Friday already past; here every date is on or after `fromDay`.
   */
  upcoming(fromDay: number, count: number): number[] {
    if (!this.config.skipWeekend) return this.takeRaw(fromDay, count);
    const out: number[] = [];
    // A weekend occurrence moves at most two days, so look two days back; at most three raw
    // occurrences collapse into one date.
    for (const raw of this.takeRaw(fromDay - 2, count * 3 + 2)) {
      const day = this.adjust(raw);
      if (day >= fromDay && day !== out[out.length - 1]) out.push(day);
      if (out.length === count) break;
    }
    return out;
  }

  /**
   * The schedule's next date on or after `fromDay`; for a rule that has ended, its last date
   * (as Actual does, so a finished recurring schedule keeps its final date).
   */
  nextDate(fromDay: number): number | null {
    const next = this.upcoming(fromDay, 1)[0];
    if (next !== undefined) return next;
    const last = this.lastRaw();
    return last === null ? null : this.adjust(last);
  }
}

export type ParseRecurrenceResult =
  { ok: true; recurrence: Recurrence } | { ok: false; reason: string };

export function parseRecurrence(value: unknown): ParseRecurrenceResult {
  const normalized = normalizeRecurConfig(value);
  if (!normalized.ok) return normalized;
  return { ok: true, recurrence: new Recurrence(normalized.config) };
}

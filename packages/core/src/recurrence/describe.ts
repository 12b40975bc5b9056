import { normalizeRecurConfig } from './config.ts';
import { dateOfDay, formatDay } from '../calendar/days.ts';
import { INVALID_RULE_ERROR } from './dates.ts';
import type { RecurPattern, WeekdayCode } from './types.ts';

const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  SU: 'Sunday',
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
};
const WEEKDAY_BY_INDEX: WeekdayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function every(interval: number, unit: string): string {
  return interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;
}

function describePatterns(patterns: RecurPattern[]): string {
  // Specific days first in ascending order, "last" entries at the end.
  const sorted = [...patterns].sort((a, b) => {
    const lastA = a.value === -1 ? 1 : 0;
    const lastB = b.value === -1 ? 1 : 0;
    if (lastA !== lastB) return lastA - lastB;
    const dayA = a.type === 'day' ? 1 : 0;
    const dayB = b.type === 'day' ? 1 : 0;
    return dayA !== dayB ? dayA - dayB : a.value - b.value;
  });
  const parts = sorted.map((p) => {
    if (p.type === 'day') return p.value === -1 ? 'last day' : ordinal(p.value);
    const name = WEEKDAY_NAMES[p.type];
    return p.value === -1 ? `last ${name}` : `${ordinal(p.value)} ${name}`;
  });
  return joinList(parts);
}

/**
 * A one-line English description of a recurrence for the schedule list and editor, e.g.
 * "Every 2 weeks on Friday, 10 times (after weekend)". `formatDate` renders the end date in
 * the user's date format (defaults to `YYYY-MM-DD`).
 */
export function describeRecurrence(
  config: unknown,
  formatDate: (date: string) => string = (d) => d,
): string {
  const normalized = normalizeRecurConfig(config);
  if (!normalized.ok) return INVALID_RULE_ERROR;
  const c = normalized.config;
  const start = dateOfDay(c.startDay);

  let text: string;
  switch (c.frequency) {
    case 'daily':
      text = every(c.interval, 'day');
      break;
    case 'weekly':
      text = `${every(c.interval, 'week')} on ${WEEKDAY_NAMES[WEEKDAY_BY_INDEX[start.getUTCDay()] as WeekdayCode]}`;
      break;
    case 'monthly':
      text = `${every(c.interval, 'month')} on the ${
        c.patterns.length > 0 ? describePatterns(c.patterns) : ordinal(start.getUTCDate())
      }`;
      break;
    case 'yearly':
      text = `${every(c.interval, 'year')} on ${MONTHS[start.getUTCMonth()]} ${ordinal(start.getUTCDate())}`;
      break;
  }

  if (c.endOccurrences !== null) {
    text += c.endOccurrences === 1 ? ', once' : `, ${c.endOccurrences} times`;
  } else if (c.endDay !== null) {
    text += `, until ${formatDate(formatDay(c.endDay))}`;
  }
  if (c.skipWeekend) text += ` (${c.weekendSolveMode} weekend)`;
  return text;
}

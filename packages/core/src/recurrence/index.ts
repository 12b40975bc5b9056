export type * from './types.ts';
export {
  MAX_WEEKDAY_NTH,
  WEEKDAY_CODES,
  isRecurConfigLike,
  normalizeRecurConfig,
  validInterval,
  type NormalizeResult,
} from './config.ts';
export { addDaysTo, formatDay, isWeekendDay, parseDay, weekdayOf } from '../calendar/days.ts';
export { Recurrence, parseRecurrence, type ParseRecurrenceResult } from './recurrence.ts';
export {
  APPROX_DATE_DAYS,
  advanceAfterPayment,
  DEFAULT_UPCOMING_COUNT,
  INVALID_RULE_ERROR,
  getDateWithSkippedWeekend,
  getNextDate,
  getUpcomingDates,
  isNearDate,
  occursNear,
  occursOn,
  type RecurrenceLike,
  type UpcomingDatesResult,
} from './dates.ts';
export {
  UPCOMING_WINDOW_DAYS,
  getScheduleStatus,
  isSchedulePaid,
  paidFromDate,
  type ScheduleStatusInput,
} from './status.ts';
export { describeRecurrence, ordinal } from './describe.ts';
export { changeRecurFrequency, defaultRecurConfig, finishRecurConfig } from './editor.ts';

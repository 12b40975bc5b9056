import { validInterval } from './config.ts';
import type { RecurConfig, RecurFrequency } from './types.ts';

/** The recurrence the editor starts with: monthly, every month, from today, never ending. */
export function defaultRecurConfig(today: string): Required<RecurConfig> {
  return {
    start: today,
    frequency: 'monthly',
    interval: 1,
    patterns: [],
    skipWeekend: false,
    weekendSolveMode: 'before',
    endMode: 'never',
    endOccurrences: 1,
    endDate: today,
  };
}

/** Changing the frequency drops the day patterns, which only monthly recurrences use. */
export function changeRecurFrequency<C extends RecurConfig>(
  config: C,
  frequency: RecurFrequency,
): C {
  return { ...config, frequency, patterns: frequency === 'monthly' ? config.patterns : [] };
}

/** What the editor saves: interval and occurrence count as positive integers. */
export function finishRecurConfig<C extends RecurConfig>(config: C): C {
  return {
    ...config,
    interval: validInterval(config.interval),
    endOccurrences: validInterval(config.endOccurrences),
  };
}

import { useMemo } from 'react';
import {
  type DateFormat,
  formatAmount,
  formatDate,
  isDateFormat,
  isNumberFormat,
} from '../util/format.ts';
import { useAppState } from './context.ts';

/** Amount and date formatters bound to the open budget's formatting prefs. */
export function useFormat() {
  const numberFormat = useAppState((s) => s.prefs?.numberFormat);
  const hideFraction = useAppState((s) => Boolean(s.prefs?.hideFraction));
  const dateFormat = useAppState((s) => s.prefs?.dateFormat);
  const firstDay = useAppState((s) => Number(s.prefs?.firstDayOfWeekIdx ?? '0') || 0);
  return useMemo(() => {
    const config = {
      format: isNumberFormat(numberFormat) ? numberFormat : 'comma-dot',
      hideFraction,
    } as const;
    const df: DateFormat = isDateFormat(dateFormat) ? dateFormat : 'MM/dd/yyyy';
    return {
      amount: (cents: number) => formatAmount(cents, config),
      date: (d: string) => formatDate(d, df),
      dateFormat: df,
      firstDayOfWeek: firstDay,
    };
  }, [numberFormat, hideFraction, dateFormat, firstDay]);
}

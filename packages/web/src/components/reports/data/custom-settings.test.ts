import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  modeOf,
  reportInput,
  sameSettings,
  settingsFromParams,
  settingsOf,
  withMeasure,
} from './custom-settings.ts';

describe('custom report settings', () => {
  it('round-trips through a saved report, live or fixed range', () => {
    const live = {
      ...DEFAULT_SETTINGS,
      groupBy: 'Payee' as const,
      range: { preset: '1y' as const },
    };
    const input = reportInput('Payees', live, { start: '2023-09', end: '2024-08' });
    expect(input).toMatchObject({
      name: 'Payees',
      startDate: '2023-09-01',
      endDate: '2024-08-31',
      isDateStatic: false,
      dateRange: '1y',
      mode: 'total',
    });
    expect(settingsOf({ ...input, id: 'r' })).toEqual(live);
    const fixed = {
      ...DEFAULT_SETTINGS,
      graphType: 'TableGraph' as const,
      byMonth: true,
      range: { preset: 'custom' as const, start: '2022-02', end: '2022-04' },
    };
    const saved = { ...reportInput('Fixed', fixed, { start: '2022-02', end: '2022-04' }), id: 'f' };
    expect(saved).toMatchObject({ isDateStatic: true, dateRange: '', mode: 'time' });
    expect(sameSettings(settingsOf(saved), fixed)).toBe(true);
  });

  it('keeps the grouping only when the measure has it', () => {
    const byPayee = { ...DEFAULT_SETTINGS, groupBy: 'Payee' as const };
    expect(withMeasure(byPayee, 'Budgeted').groupBy).toBe('Category');
    expect(withMeasure({ ...byPayee, groupBy: 'Interval' }, 'Budgeted').groupBy).toBe('Interval');
    expect(modeOf({ ...DEFAULT_SETTINGS, graphType: 'LineGraph' })).toBe('time');
  });

  it('reads a new report from its address', () => {
    const s = settingsFromParams(new URLSearchParams('groupBy=Payee&range=all&graph=TableGraph'));
    expect(s).toMatchObject({
      groupBy: 'Payee',
      range: { preset: 'all' },
      graphType: 'TableGraph',
    });
    // Budgets have no payee: the grouping falls back.
    expect(settingsFromParams(new URLSearchParams('measure=Budgeted&groupBy=Payee')).groupBy).toBe(
      'Category',
    );
    expect(settingsFromParams(new URLSearchParams('graph=Pie'))).toEqual(DEFAULT_SETTINGS);
  });
});

import {
  BALANCE_TYPES,
  type CustomReport,
  type CustomReportInput,
  GRAPH_TYPES,
  GROUP_BY,
  type ReportBalanceType,
  type ReportGraphType,
  type ReportGroupBy,
} from '@coffer/core/ui';
import { groupingsFor } from './custom.ts';
import {
  type MonthSpan,
  parseRange,
  PRESET_LABELS,
  type RangePreset,
  type ReportRange,
  spanDates,
} from './range.ts';
import type { FilterCondition } from './register-filter.ts';

/** What the custom report editor changes; a saved report is these plus a name. */
export interface ReportSettings {
  range: ReportRange;
  groupBy: ReportGroupBy;
  balanceType: ReportBalanceType;
  graphType: ReportGraphType;
  /** Months as columns of the table (line charts always go month by month). */
  byMonth: boolean;
  showOffBudget: boolean;
  showHidden: boolean;
  showUncategorized: boolean;
  showEmpty: boolean;
  conditions: FilterCondition[];
  conditionsOp: 'and' | 'or';
}

export const DEFAULT_SETTINGS: ReportSettings = {
  range: { preset: '6m' },
  groupBy: 'Category',
  balanceType: 'Payment',
  graphType: 'BarGraph',
  byMonth: false,
  showOffBudget: false,
  showHidden: false,
  showUncategorized: true,
  showEmpty: false,
  conditions: [],
  conditionsOp: 'and',
};

export const MEASURE_LABELS: Record<ReportBalanceType, string> = {
  Payment: 'Payments',
  Deposit: 'Deposits',
  Net: 'Net',
  Budgeted: 'Budgeted',
};

export const GROUP_LABELS: Record<ReportGroupBy, string> = {
  Category: 'Category',
  Group: 'Category group',
  Payee: 'Payee',
  Account: 'Account',
  Interval: 'Month',
  Tag: 'Tag',
};

export const GRAPH_LABELS: Record<ReportGraphType, string> = {
  TableGraph: 'Table',
  BarGraph: 'Bar',
  LineGraph: 'Line',
  DonutGraph: 'Donut',
};

/** A change of measure keeps the grouping only when the new measure has it. */
export function withMeasure(s: ReportSettings, balanceType: ReportBalanceType): ReportSettings {
  const groupBy = groupingsFor(balanceType).includes(s.groupBy) ? s.groupBy : 'Category';
  return { ...s, balanceType, groupBy };
}

export function modeOf(s: ReportSettings): 'total' | 'time' {
  return s.graphType === 'LineGraph' || (s.graphType === 'TableGraph' && s.byMonth)
    ? 'time'
    : 'total';
}

/** The editor's settings of a saved report. Pure. */
export function settingsOf(report: CustomReport): ReportSettings {
  const preset = report.dateRange in PRESET_LABELS ? (report.dateRange as RangePreset) : null;
  const range: ReportRange =
    !report.isDateStatic && preset
      ? { preset }
      : {
          preset: 'custom',
          start: report.startDate.slice(0, 7),
          end: report.endDate.slice(0, 7),
        };
  return {
    range,
    groupBy: report.groupBy,
    balanceType: report.balanceType,
    graphType: report.graphType,
    byMonth: report.mode === 'time' && report.graphType === 'TableGraph',
    showOffBudget: report.showOffBudget,
    showHidden: report.showHidden,
    showUncategorized: report.showUncategorized,
    showEmpty: report.showEmpty,
    conditions: report.conditions as FilterCondition[],
    conditionsOp: report.conditionsOp,
  };
}

/** What `report/create` and `report/update` take. The span is the range's months today. */
export function reportInput(name: string, s: ReportSettings, span: MonthSpan): CustomReportInput {
  const { first, last } = spanDates(span);
  return {
    name,
    startDate: first,
    endDate: last,
    isDateStatic: s.range.preset === 'custom',
    dateRange: s.range.preset === 'custom' ? '' : s.range.preset,
    mode: modeOf(s),
    groupBy: s.groupBy,
    balanceType: s.balanceType,
    graphType: s.graphType,
    showEmpty: s.showEmpty,
    showOffBudget: s.showOffBudget,
    showHidden: s.showHidden,
    showUncategorized: s.showUncategorized,
    conditions: s.conditions as CustomReportInput['conditions'],
    conditionsOp: s.conditionsOp,
  };
}

/** Settings two ways of writing which give the same report compare equal. */
export function sameSettings(a: ReportSettings, b: ReportSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A new report's settings from its address (`?groupBy=Payee&measure=Payment&range=all&graph=
 * TableGraph`), so a report can be linked to before it is saved. Unknown values are ignored.
 */
export function settingsFromParams(params: URLSearchParams): ReportSettings {
  const pick = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
    list.includes(v as T) ? (v as T) : undefined;
  let s = { ...DEFAULT_SETTINGS };
  const measure = pick(BALANCE_TYPES, params.get('measure'));
  if (measure) s = withMeasure(s, measure);
  const groupBy = pick(GROUP_BY, params.get('groupBy'));
  if (groupBy && groupingsFor(s.balanceType).includes(groupBy)) s.groupBy = groupBy;
  const graphType = pick(GRAPH_TYPES, params.get('graph'));
  if (graphType) s.graphType = graphType;
  s.range = parseRange(params.get('range')) ?? s.range;
  return s;
}

import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { type Validator, v } from '../handlers-core/validate.ts';
import {
  BALANCE_TYPES,
  createReport,
  type CustomReportInput,
  deleteReport,
  getReport,
  getReports,
  GRAPH_TYPES,
  GROUP_BY,
  updateReport,
} from './custom-reports.ts';
import { guarded, queryState } from '../query-handler/handlers.ts';
import { addWidget, getWidgets, removeReportWidgets, removeWidget } from './dashboard.ts';
import { tagSums } from './tag-sums.ts';
import { tagIndex } from '../tags/slot.ts';
import { groupSums, keptTagSums, monthSums } from '../month-sums/slot.ts';
import { groupSumsContext } from '../query/group-sums.ts';

const reportShape = {
  id: v.optional(v.string()),
  name: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  isDateStatic: v.boolean(),
  dateRange: v.string(),
  mode: v.literal('total', 'time'),
  groupBy: v.literal(...GROUP_BY),
  balanceType: v.literal(...BALANCE_TYPES),
  graphType: v.literal(...GRAPH_TYPES),
  showEmpty: v.boolean(),
  showOffBudget: v.boolean(),
  showHidden: v.boolean(),
  showUncategorized: v.boolean(),
  conditions: v.array(v.object({ field: v.string(), op: v.string() })),
  conditionsOp: v.literal('and', 'or'),
};
const report = (): Validator<CustomReportInput> =>
  v.object(reportShape) as unknown as Validator<CustomReportInput>;

/**
 * Saved custom reports and the overview's cards (tables.ts says where they are kept and why).
 * The handler names are the ones Actual gave these features later; the writes are not undo
 * steps, because they are not sync messages.
 */
export const reportsModule = defineModule('reports', {
  /** Saved reports, sorted by name. */
  'reports-get': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => getReports(ctx.requireBudget().sqlite),
  }),

  /**
   * {query, byMonth} → a report's sums by tag over the transactions `query` filters
   * (tag-sums.ts): a transaction counts under each of its tags, and the totals count it once.
   */
  'report/tag-sums': handler({
    args: v.object({ query: queryState(), byMonth: v.boolean() }),
    needsBudget: true,
    run({ query, byMonth }, ctx) {
      const budget = ctx.requireBudget();
      tagIndex(budget).ensure();
      // The sums by tag answer a report over whole months and accounts while they are current;
      // a build of them under way goes on in the background (rather than hold this report for
      // the whole build), and meanwhile the total by month reads the other kept sums when they
      // answer it (made current first), then the tagged rows.
      const kept = {
        tagSums: () => {
          const sums = keptTagSums(budget);
          const { timers, log } = budget.env.platform;
          if (!sums.isCurrent()) sums.buildLater(timers, log, 0);
          return sums.isCurrent();
        },
        monthSums: () => monthSums(budget).ensure(),
        groupSums: () => {
          groupSums(budget).ensure();
          return groupSumsContext(budget.sqlite);
        },
      };
      return guarded(() => tagSums(budget.sqlite, query, byMonth, { tagIndex: true, kept }));
    },
  }),

  /** {id} → the report, or a `report-not-found` error. */
  'report/get': handler({
    args: v.object({ id: v.string() }),
    needsBudget: true,
    run({ id }, ctx) {
      return (
        getReport(ctx.requireBudget().sqlite, id) ??
        handlerError('report-not-found', `No report with id ${id}`)
      );
    },
  }),

  /** A report without id → the new id. Names are required and unique (ignoring case). */
  'report/create': handler({
    args: report(),
    mutator: true,
    needsBudget: true,
    run(input, ctx) {
      const budget = ctx.requireBudget();
      return createReport(budget.sqlite, input, () => budget.env.platform.random.uuid());
    },
  }),

  'report/update': handler({
    args: report(),
    mutator: true,
    needsBudget: true,
    run(input, ctx) {
      if (!input.id) return handlerError('report-not-found', 'report/update needs an id');
      return updateReport(ctx.requireBudget().sqlite, { ...input, id: input.id });
    },
  }),

  /** {id}: the report and its cards on the overview go. */
  'report/delete': handler({
    args: v.object({ id: v.string() }),
    mutator: true,
    needsBudget: true,
    run({ id }, ctx) {
      const db = ctx.requireBudget().sqlite;
      db.transaction(() => {
        deleteReport(db, id);
        removeReportWidgets(db, id);
      });
      return 'ok' as const;
    },
  }),

  /** The cards placed on the overview, in order. */
  'dashboard-get': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => getWidgets(ctx.requireBudget().sqlite),
  }),

  /** {type, meta?} → the new card's id, placed after the others. */
  'dashboard-add-widget': handler({
    args: v.object({ type: v.string(), meta: v.optional(v.nullable(v.unknown())) }),
    mutator: true,
    needsBudget: true,
    run({ type, meta }, ctx) {
      const budget = ctx.requireBudget();
      const m =
        typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : null;
      return addWidget(budget.sqlite, { type, meta: m }, () => budget.env.platform.random.uuid());
    },
  }),

  'dashboard-remove-widget': handler({
    args: v.object({ id: v.string() }),
    mutator: true,
    needsBudget: true,
    run({ id }, ctx) {
      removeWidget(ctx.requireBudget().sqlite, id);
      return 'ok' as const;
    },
  }),
});

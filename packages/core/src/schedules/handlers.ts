import { handlerError } from '../handlers-core/errors.ts';
import { type HandlerContext, defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import type { RuleCondition } from '../rules/index.ts';
import { dayOf } from '../transactions/model.ts';
import {
  type ScheduleFields,
  createSchedule,
  deleteSchedule,
  skipNextDate,
  updateSchedule,
} from './crud.ts';
import { type SyncStatusSource, startDailyService, syncEventsSource } from './daily.ts';
import { discoverSchedules } from './discover.ts';
import { trackJsonPaths } from './json-paths.ts';
import { scheduleStatuses } from './read.ts';
import { INVALID_RULE_ERROR, getUpcomingDates } from '../recurrence/index.ts';
import { advanceSchedules, postTransactionById } from './service.ts';

const scheduleFields = () =>
  v.object({
    id: v.optional(v.string()),
    name: v.optional(v.nullable(v.string())),
    posts_transaction: v.optional(v.nullable(v.boolean())),
    completed: v.optional(v.nullable(v.boolean())),
    active: v.optional(v.nullable(v.boolean())),
    rule: v.optional(v.nullable(v.string())),
  });
const conditions = () => v.array(v.object({ field: v.string(), op: v.string() }));

const today = (ctx: { platform: { clock: { now(): number } } }) => dayOf(ctx.platform.clock.now());

export interface SchedulesModuleOptions {
  /** Where the daily run learns how the last sync went (default: the core's `sync-event`s). */
  syncStatus?: (ctx: HandlerContext) => SyncStatusSource;
}

/**
 * Schedule handlers with Actual's names and payloads, plus the budget services: the
 * schedules_json_paths index and the once-a-day advance-and-post run.
 */
export function createSchedulesModule(options: SchedulesModuleOptions = {}) {
  const syncStatus = options.syncStatus ?? ((ctx: HandlerContext) => syncEventsSource(ctx.events));
  return defineModule(
    'schedules',
    {
      /** {schedule?, conditions} → the new schedule's id. */
      'schedule/create': handler({
        args: v.object({ schedule: v.optional(scheduleFields()), conditions: conditions() }),
        undoable: true,
        needsBudget: true,
        run: (args, ctx) =>
          createSchedule(
            ctx.requireBudget(),
            (args.schedule ?? {}) as ScheduleFields,
            args.conditions as RuleCondition[],
          ),
      }),

      /** {schedule: {id, ...}, conditions?, resetNextDate?}; the rule cannot be swapped. */
      'schedule/update': handler({
        args: v.object({
          schedule: scheduleFields(),
          conditions: v.optional(v.nullable(conditions())),
          resetNextDate: v.optional(v.nullable(v.boolean())),
        }),
        undoable: true,
        needsBudget: true,
        run(args, ctx) {
          const { schedule } = args;
          if (!schedule.id)
            return handlerError('schedule-not-found', 'schedule/update needs an id');
          const result = updateSchedule(
            ctx.requireBudget(),
            { ...(schedule as ScheduleFields), id: schedule.id },
            args.conditions as RuleCondition[] | null | undefined,
            args.resetNextDate === true,
          );
          return result === 'ok' ? schedule.id : result;
        },
      }),

      'schedule/delete': handler({
        args: v.object({ id: v.string() }),
        undoable: true,
        needsBudget: true,
        run({ id }, ctx) {
          deleteSchedule(ctx.requireBudget(), id);
          return 'ok' as const;
        },
      }),

      'schedule/skip-next-date': handler({
        args: v.object({ id: v.string() }),
        undoable: true,
        needsBudget: true,
        run({ id }, ctx) {
          skipNextDate(ctx.requireBudget(), id);
          return 'ok' as const;
        },
      }),

      /**
       * Posts the schedule's transaction now, dated its next date (or today with `today`, as
       * later Actual versions do); → the ids written.
       */
      'schedule/post-transaction': handler({
        args: v.object({ id: v.string(), today: v.optional(v.nullable(v.boolean())) }),
        undoable: true,
        needsBudget: true,
        run({ id, today: onToday }, ctx) {
          const date = onToday === true ? today(ctx) : undefined;
          const result = postTransactionById(ctx.requireBudget(), id, ctx.emit, date);
          return result ?? handlerError('schedule-not-found', `No schedule ${id} with an account`);
        },
      }),

      /** The daily run, now, as if the last sync succeeded ('Post transactions'). */
      'schedule/force-run-service': handler({
        mutator: true,
        needsBudget: true,
        run: (_args: undefined, ctx) =>
          advanceSchedules(ctx.requireBudget(), {
            syncSuccess: true,
            today: today(ctx),
            emit: ctx.emit,
          }),
      }),

      'schedule/discover': handler({
        needsBudget: true,
        run: (_args: undefined, ctx) => discoverSchedules(ctx.requireBudget()),
      }),

      /** {config, count = 4} → the next dates from today, or 'Invalid rule'. */
      'schedule/get-upcoming-dates': handler({
        args: v.object({ config: v.unknown(), count: v.optional(v.nullable(v.number())) }),
        run({ config, count }, ctx) {
          const result = getUpcomingDates(config, count, today(ctx));
          return result.data ?? handlerError('invalid-rule', INVALID_RULE_ERROR);
        },
      }),

      /** Every live schedule's derived status (completed, paid, due, upcoming, missed…). */
      'schedule/get-statuses': handler({
        needsBudget: true,
        run: (_args: undefined, ctx) => scheduleStatuses(ctx.requireBudget(), today(ctx)),
      }),
    },
    {
      services: [
        (budget) => trackJsonPaths(budget),
        (budget, ctx) => startDailyService(budget, syncStatus(ctx)),
      ],
    },
  );
}

export const schedulesModule = createSchedulesModule();

export { createSchedulesModule, schedulesModule, type SchedulesModuleOptions } from './handlers.ts';
export {
  createSchedule,
  deleteSchedule,
  skipNextDate,
  updateConditions,
  updateSchedule,
  type ScheduleError,
  type ScheduleFields,
} from './crud.ts';
export { startDailyService, syncEventsSource, type SyncStatusSource } from './daily.ts';
export { discoverSchedules, type DiscoveredSchedule } from './discover.ts';
export { trackJsonPaths } from './json-paths.ts';
export { currentNextDate, setNextDate, writeNextDate, type NextDateCopy } from './next-date.ts';
export { getSchedule, getSchedules, scheduleStatuses, type Schedule } from './read.ts';
export { advanceSchedules, postTransaction, type AdvanceResult } from './service.ts';

/**
 * The core's public entry for the UI (packages/web): the typed handler contract and the pure
 * helpers a screen runs itself (months, the query builder, rule and recurrence editing, import
 * parsing). The web imports core through here only, never through internal paths, so core can
 * move its modules without breaking the screens.
 */
// the typed contract: handlers, events, expected failures
export type {
  ArgsParam,
  ClientEvents,
  CofferClient,
  CoreHandlers,
  InitFailureReason,
} from './client/index.ts';
export { isHandlerError, type HandlerError } from './handlers-core/errors.ts';
// the shapes handlers answer with
export type { AccountRow } from './accounts/queries.ts';
export type { BankScheduleStatus } from './bank-held/handlers.ts';
export type { BudgetPrefs } from './budget-file/prefs.ts';
export type { CategoryGroupRow, CategoryRow, GroupWithCategories } from './categories/queries.ts';
export type { GlobalPrefs } from './files/account-handlers.ts';
export type { FileEntry, FileState } from './files/file-list.ts';
export type { PayeeRow } from './payees/queries.ts';
export type {
  AvailableUser,
  FileUser,
  ServerUser,
  UserRole,
} from './server-client/admin-client.ts';
export type { TagInfo } from './tags/queries.ts';
// the calendar: months, days, weeks and their names (the caller passes today in)
export {
  addMonths,
  diffMonths,
  fromDbMonth,
  isMonth,
  MONTH_NAMES,
  monthDateBounds,
  monthName,
  monthOfDay,
  monthRange,
  monthTitle,
  prevMonth,
  sheetForMonth,
  toDbMonth,
  type Month,
} from './calendar/months.ts';
export {
  addDays,
  DAYS_OF_WEEK,
  formatDay,
  monthGrid,
  parseDay,
  startOfWeek,
  weekdaysFrom,
} from './calendar/days.ts';
export { parseNote } from './budget/templates/parse.ts';
export type { ParsedTemplate } from './budget/templates/types.ts';
// queries
export { q, type Query, type QueryState } from './query/query.ts';
// import
export {
  importSettingsPrefs,
  readImportSettings,
  type ImportFileType,
  type ImportSettings,
} from './import/settings.ts';
export { mapCsvRow, type CsvMapping } from './importers/parse/csv-mapping.ts';
export {
  DATE_FORMATS,
  looksLikeDate,
  looksLikeDateColumn,
  parseDate,
  possibleDateFormats,
} from './importers/parse/date.ts';
export type { CsvRow, DateFormat, ParseError, ParsedTransaction } from './importers/parse/types.ts';
// reports
export {
  BALANCE_TYPES,
  GRAPH_TYPES,
  GROUP_BY,
  type CustomReport,
  type CustomReportInput,
  type ReportBalanceType,
  type ReportGraphType,
  type ReportGroupBy,
} from './reports/custom-reports.ts';
export type { DashboardWidget } from './reports/dashboard.ts';
export type { TagSum, TagSums } from './reports/tag-sums.ts';
// rules
export {
  canDeleteAction,
  canDeleteCondition,
  changeActionField,
  changeConditionField,
  changeConditionOp,
  newAction,
  newCondition,
  type EditorCondition,
} from './rules/editor.ts';
export { ruleErrorText } from './rules/errors.ts';
export {
  ACTION_EDITOR_FIELDS,
  CONDITION_EDITOR_FIELDS,
  FIELD_TYPES,
  FILTER_EDITOR_FIELDS,
  deserializeField,
  editorFieldOf,
  fieldLabel,
  fieldType,
  getValidOps,
  opLabel,
  type EditorField,
} from './rules/fields.ts';
export type { ConditionOp, FieldType, RuleAction, RuleField } from './rules/types.ts';
// schedules
export { MAX_WEEKDAY_NTH, validInterval } from './recurrence/config.ts';
export { advanceAfterPayment } from './recurrence/dates.ts';
export { describeRecurrence, ordinal } from './recurrence/describe.ts';
export {
  changeRecurFrequency,
  defaultRecurConfig,
  finishRecurConfig,
} from './recurrence/editor.ts';
export { parseRecurrence } from './recurrence/recurrence.ts';
export type {
  RecurConfig,
  RecurEndMode,
  RecurFrequency,
  RecurPattern,
} from './recurrence/types.ts';
// payee names, rule values as the editor checks them, the schedules calendar's projection
export { checkPayeeName, PAYEE_NAME_SPACES } from './payees/name.ts';
export {
  checkTagName,
  hasTag,
  noteParts,
  renameTagInNotes,
  tagAtCaret,
  tagsInFilterValue,
  tagsInNotes,
  type NotePart,
} from './tags/parse.ts';
export { parseDateValue } from './rules/compile.ts';
export { checkEditedRule } from './rules/editor.ts';
export { makeFiltersFromConditions } from './rules/filters.ts';
export {
  dayBalances,
  lowestProjected,
  occurrences,
  type Occurrence,
} from './schedules/projection.ts';

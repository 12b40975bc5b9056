// ---- data layer: platform, schema, write path, undo, handler framework (packages/core data layer) ----
export type * from './platform/index.ts';
export {
  PAGE_CACHE_PRAGMA,
  StatementDatabase,
  type RawDatabase,
  type RawStatement,
} from './db/statement-database.ts';
// schema
export {
  SYNCED_SCHEMA,
  SYNCED_PREFS,
  PREFS_DATASET,
  isSyncedTable,
  columnKind,
  hasTombstone,
  type ColumnKind,
  type SyncedTable,
  type SyncedColumn,
} from './schema/synced-tables.ts';
export { MIGRATIONS, LATEST_MIGRATION_ID, type Migration } from './schema/migrations.ts';
export { prepareDatabase, type PrepareResult } from './schema/prepare.ts';
export { VIEW_NAMES, viewSql, viewHash, ensureViews } from './schema/views.ts';
export { FileColumns, type SideTable } from './schema/file-columns.ts';
export { EXTENSION_COLUMNS, sideTableOf } from './schema/extensions.ts';
// write path
export {
  BudgetDb,
  type BudgetDbDeps,
  type BudgetDbOptions,
  type ChangeListener,
} from './sync/budget-db.ts';
export type {
  Message,
  StoredMessage,
  CellChange,
  CellValue,
  Row,
  RowChange,
  ChangeEvent,
  ApplyResult,
  MessageSource,
} from './sync/types.ts';
export { toCellValue, type InputValue, type RowInput } from './sync/values.ts';
// undo
export { UndoManager, type UndoEvent, type UndoManagerOptions } from './undo/undo-manager.ts';
export { undoModule } from './undo/handlers.ts';
// budget files
export {
  Budget,
  defineBudgetSlot,
  type BudgetEnv,
  type BudgetSlot,
  type OpenError,
  type OpenErrorType,
} from './budget-file/budget.ts';
export { type BudgetPrefs, DB_FILE, METADATA_FILE } from './budget-file/prefs.ts';
export {
  createBudgetFiles,
  listBudgets,
  TEST_BUDGET_ID,
  type CreateBudgetOptions,
} from './budget-file/create.ts';
export {
  DEFAULT_CATEGORY_GROUPS,
  SORT_INCREMENT,
  createDefaultCategories,
} from './budget-file/default-categories.ts';
export { budgetFileModule } from './budget-file/handlers.ts';
// handler framework
export { Core, createCore, type CoreOptions, type SendOptions } from './handlers-core/core.ts';
export {
  defineModule,
  handler,
  type HandlerContext,
  type HandlerSpec,
  type HandlerModule,
  type HandlerTable,
  type HandlerSignatures,
  type HandlersOf,
  type ArgsOf,
  type ResultOf,
  type BudgetService,
} from './handlers-core/registry.ts';
export {
  type HandlerError,
  handlerError,
  isHandlerError,
  unknownMethod,
  invalidArgs,
  noBudget,
} from './handlers-core/errors.ts';
export { EventBus, type CoreEvents, type EventName, type Emit } from './handlers-core/events.ts';
export { v, type Validator, type Infer } from './handlers-core/validate.ts';
export { SerialQueue } from './handlers-core/queue.ts';
// ---- end data layer ----
// ---- api handlers (the `api/*` names behind @coffer/api) ----
export {
  createApiModule,
  apiError,
  accountModel,
  categoryGroupModel,
  categoryModel,
  payeeModel,
  type ApiModule,
  type ApiAccount,
  type ApiCategory,
  type ApiCategoryGroup,
  type ApiPayee,
} from './api-handlers/index.ts';
export { q, Query, isQuery, type QueryState } from './query/query.ts';
export { createAppCore, type AppCore, type AppCoreOptions } from './app.ts';
// ---- end api handlers ----
// ---- domain handlers: accounts, payees, categories, transactions, notes, tools, query ----
// (createAppCore, which registers every module, is exported with the api handlers above.)
export { accountsModule } from './accounts/handlers.ts';
export {
  getAccounts,
  getAccount,
  accountProperties,
  getAccountBalance,
  type AccountRow,
} from './accounts/queries.ts';
export { createAccount, type NewAccount } from './accounts/create.ts';
export { closeAccount, CLOSE_MESSAGES, type CloseArgs } from './accounts/close.ts';
export { payeesModule } from './payees/handlers.ts';
export { tagsModule } from './tags/handlers.ts';
export { listTags, type TagInfo } from './tags/queries.ts';
export { checkTagName, hasTag, noteParts, renameTagInNotes, tagsInNotes } from './tags/parse.ts';
export {
  getPayees,
  getPayee,
  getPayeeByName,
  payeeNameIndex,
  insertPayee,
  orphanedPayeeIds,
  startingBalancePayee,
  type PayeeRow,
} from './payees/queries.ts';
export { mergePayees } from './payees/merge.ts';
export { loadRules, rulesForPayee, ruleCounts } from './payees/rules.ts';
export { categoriesModule } from './categories/handlers.ts';
export {
  getCategories,
  getCategory,
  getGroup,
  mustTransfer,
  type CategoryRow,
  type CategoryGroupRow,
  type GroupWithCategories,
} from './categories/queries.ts';
export {
  deleteCategory,
  deleteGroup,
  transferBudgets,
  CATEGORY_TYPE_MESSAGE,
} from './categories/delete.ts';
export { placeBefore, type Placement, type Sorted } from './categories/sort-order.ts';
export { transactionsModule } from './transactions/handlers.ts';
export {
  batchUpdateTransactions,
  type BatchChanges,
  type BatchOptions,
  type BatchResult,
} from './transactions/batch.ts';
export {
  addTransactions,
  updateTransaction,
  deleteTransaction,
  type NewTransaction,
  type AddOptions,
} from './transactions/add.ts';
export {
  type Transaction,
  type TransactionInput,
  type SplitError,
  fromStored as transactionFromStored,
  toStoredPatch as transactionToStored,
  toDateInt,
  fromDateInt,
  dayOf,
} from './transactions/model.ts';
export { TransactionHooksSlot, type TransactionHooks } from './transactions/hooks.ts';
export type { TransactionError, TransactionErrorType } from './transactions/references.ts';
export type { TransferChange } from './transactions/transfer.ts';
export { notesModule, getNote } from './notes/handlers.ts';
export { toolsModule } from './tools/handlers.ts';
export { fixSplitTransactions, type FixSplitsResult } from './tools/fix-splits.ts';
export { queryModule } from './query-handler/handlers.ts';
export { QueryCells, QueryCellsSlot } from './query-handler/query-cells.ts';
// ---- end domain handlers ----
// ---- budget engine (budget, budget-db) ----
export * as budgetMath from './budget/index.ts';
export {
  BudgetSheet,
  budgetBounds,
  sheetForMonth,
  monthForSheet,
  monthRange,
  isBudgetType,
  MAX_AMOUNT,
  TO_BE_BUDGETED,
  type BudgetType,
  type BudgetBounds,
  type BudgetWrite,
  type BudgetActionError,
  type TemplateNotification,
} from './budget/index.ts';
export {
  BudgetEngine,
  BudgetEngineSlot,
  budgetEngine,
  budgetModule,
  balanceQueries,
  budgetMonth,
  budgetMonthOf,
  budgetMonthsOf,
  persistWrites,
  type BudgetEngineOptions,
} from './budget-db/index.ts';
// ---- end budget engine ----
// ---- rules, schedules and file import handlers ----
export {
  BudgetRules,
  RulesSlot,
  budgetRules,
  rulesModule,
  learnCategories,
  getFilters,
  insertRule,
  updateRule,
  deleteRule,
  type SavedFilter,
  type FilterState,
} from './rules-handlers/index.ts';
export {
  schedulesModule,
  createSchedulesModule,
  type SchedulesModuleOptions,
  advanceSchedules,
  createSchedule,
  updateSchedule,
  deleteSchedule,
  discoverSchedules,
  getSchedule,
  getSchedules,
  scheduleStatuses,
  startDailyService,
  syncEventsSource,
  type AdvanceResult,
  type DiscoveredSchedule,
  type Schedule,
  type SyncStatusSource,
} from './schedules/index.ts';
export {
  importModule,
  importTransactions,
  parseImportFile,
  importPrefKeys,
  importSettingsPrefs,
  readImportSettings,
  titleCase,
  type ImportTransaction,
  type ImportResult,
  type ImportSettings,
  type ImportFileType,
  type ParseFileAnswer,
} from './import/index.ts';
// ---- end rules, schedules and file import handlers ----
// ---- bank sync (GoCardless, SimpleFIN and Enable Banking through the server) ----
export {
  createBankSyncModule,
  bankErrorKind,
  bankErrorMessage,
  bankTransactions,
  currentBalance,
  createLinkPoller,
  linkedAccounts,
  syncAccounts,
  LINK_FAILED,
  LINK_TIMEOUT,
  POLL_INTERVAL_MS,
  POLL_LIMIT_MS,
  type AccountSyncStatusEvent,
  type AccountsSyncingEvent,
  type BankErrorKind,
  type BankProvider,
  type BankSyncError,
  type PollAnswer,
  type SyncOutcome,
} from './bank-sync/index.ts';
export {
  importHeld,
  type BankScheduleStatus,
  type HeldImport,
  type HeldServer,
} from './bank-held/index.ts';
// ---- end bank sync ----
// ---- budget import, export and backups ----
export { budgetTransferModule } from './importers/budgets/handlers.ts';
export { IMPORT_ERRORS, type ImportErrorType } from './importers/budgets/errors.ts';
export { exportFileName } from './export/handlers.ts';
export {
  BACKUP_INTERVAL_MS,
  MAX_BACKUPS,
  LATEST_BACKUP,
  makeBackup,
  listBackups,
  type BackupInfo,
} from './backups/store.ts';
export { createBackupsModule } from './backups/handlers.ts';
// ---- global state, server client, files, sync client, encryption ----
export { createCloudModule, type CloudModule, type CloudHandlers } from './files/cloud-module.ts';
export { apiCloudModule } from './files/api-cloud-handlers.ts';
export {
  CloudSession,
  DEFAULT_BATCH_BYTES,
  DEFAULT_BATCH_MESSAGES,
  DEFAULT_SYNC_DELAY_MS,
  DEMO_BUDGET_ID,
  type CloudOptions,
} from './files/session.ts';
export { cloudError, isCloudError, type CloudError } from './files/errors.ts';
export {
  reconcileFiles,
  type FileEntry,
  type FileState,
  type LocalBudget,
  type RemoteFile,
} from './files/file-list.ts';
export {
  makeBudgetZip,
  readBudgetZip,
  type BudgetArchive,
  type ZipReadError,
} from './files/budget-zip.ts';
export type { GlobalPrefs, NeedsBootstrap } from './files/account-handlers.ts';
export {
  GlobalState,
  GLOBAL_STATE_FILE,
  type GlobalKey,
  type GlobalStateData,
} from './global-state/global-state.ts';
export * from './server-client/index.ts';
export * from './encryption/index.ts';
export type { SyncResult } from './sync-client/budget-sync.ts';
// ---- end global state, server client, files, sync client, encryption ----

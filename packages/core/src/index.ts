// ---- data layer: platform, schema, write path, undo, handler framework (packages/core data layer) ----
export type * from './platform/index.ts';
export { StatementDatabase, type RawDatabase, type RawStatement } from './db/statement-database.ts';
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
export { VIEW_NAMES, VIEW_HASH, ensureViews } from './schema/views.ts';
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
// ---- end api handlers ----

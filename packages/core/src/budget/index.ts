/**
 * The budget engine: month math, the budget formulas of both budget types, a reactive cell
 * engine, the live budget sheet, budget actions as pure row computations, the rules for which
 * transactions count, and goal templates. Platform-free and database-free: the database layer
 * feeds plain inputs in and persists the writes actions return.
 */
export * from '../calendar/months.ts';
export { MAX_AMOUNT, MIN_AMOUNT, checkAmount, type AmountError } from './amounts.ts';
export * as budgetFormulas from './formulas.ts';
export * from './types.ts';
export {
  Spreadsheet,
  cellName,
  splitName,
  type CellChange,
  type CellValue,
  type ChangeListener,
  type Compute,
} from './sheet-engine.ts';
export { BudgetSheet, type BudgetSheetInit } from './budget-sheet.ts';
export {
  BUDGET_CACHE_FORMAT,
  isKeptMonth,
  type BudgetCache,
  type CreateOptions,
  type KeptMonth,
} from './cache.ts';
export { cellNumber, type BudgetReader, type BudgetWrite } from './reader.ts';
export * from './actions.ts';
export * from './spending.ts';
export { budgetSummary, type BudgetSummary } from './summary.ts';
export { parseNote, formatTemplateError } from './templates/parse.ts';
export {
  runTemplates,
  checkTemplates,
  type TemplateInput,
  type TemplateMode,
  type TemplateRun,
} from './templates/run.ts';
export {
  runCleanup,
  splitByWeight,
  type CleanupInput,
  type CleanupRun,
} from './templates/cleanup.ts';
export type * from './templates/types.ts';

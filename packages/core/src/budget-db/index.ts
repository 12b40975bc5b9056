/**
 * The budget wired to an open budget file: the live sheet fed from the write path, its cache,
 * query cells, and the budget handlers (see README.md).
 */
export { BudgetEngine, type BudgetEngineOptions } from './engine.ts';
export { BudgetEngineSlot, budgetEngine } from './slot.ts';
export { budgetModule } from './module.ts';
export { balanceQueries } from './bindings.ts';
export { budgetMonth, budgetMonthOf, budgetMonthsOf } from './api-handlers.ts';
export { persistWrites } from './persist.ts';

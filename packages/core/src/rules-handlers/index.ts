export { BudgetRules, RulesSlot, budgetRules } from './budget-rules.ts';
export { rulesModule } from './handlers.ts';
export { learnCategories } from './learn.ts';
export {
  createFilter,
  deleteFilter,
  getFilters,
  updateFilter,
  type FilterState,
  type SavedFilter,
} from './filters.ts';
export { applyRuleWrite, deleteRule, insertRule, scheduleOfRule, updateRule } from './store.ts';

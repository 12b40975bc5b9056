export type * from './types.ts';
export { ACTION_OPS, CONDITION_OPS } from './types.ts';
export {
  ACTION_EDITOR_FIELDS,
  CONDITION_EDITOR_FIELDS,
  FIELD_TYPES,
  FILTER_EDITOR_FIELDS,
  TYPE_NULLABLE,
  TYPE_OPS,
  deserializeField,
  editorFieldOf,
  fieldLabel,
  fieldType,
  getValidOps,
  isRuleField,
  opLabel,
  type EditorField,
} from './fields.ts';
export {
  compileAction,
  compileActions,
  compileCondition,
  compileRule,
  parseDateValue,
  validateRule,
  type Compiled,
  type CompileRuleResult,
} from './compile.ts';
export { RULE_ERROR_TEXTS, RULE_INTERNAL_ERROR_TEXT, ruleErrorText } from './errors.ts';
export {
  actionChanges,
  applyActions,
  applyRule,
  applyRuleInPlace,
  approxThreshold,
  evalCondition,
  newDayMemo,
  type DayMemo,
  ruleMatches,
  runRuleList,
} from './evaluate.ts';
export { traceRules, type RuleTrace, type TraceChange, type TraceStep } from './trace.ts';
export { OP_SCORES, compareRules, rankRules, ruleScore, type RankableRule } from './rank.ts';
export { RuleIndex, type RuleIndexOptions } from './rule-index.ts';
export { toPublicRule, toStoredRule } from './serialize.ts';
export {
  fromInternalField,
  normalizeStage,
  ruleFromRow,
  rulePatchToRow,
  ruleToRow,
  serializeActions,
  serializeConditions,
  toInternalField,
  type RuleRow,
} from './storage.ts';
export {
  makeFiltersFromConditions,
  type FilterOptions,
  type FiltersResult,
  type QueryFilter,
} from './filters.ts';
export {
  LEARN_MIN_COUNT,
  LEARN_WINDOW,
  getProbableCategory,
  getRulesForPayee,
  isCategorySetterFor,
  isPayeeRenameRuleFor,
  learnCategory,
  linkedScheduleId,
  makePayeeRenameRule,
  newRuleForPayee,
  planCategoryRule,
  planPayeeRename,
  type LearnableTransaction,
  type RuleWrite,
} from './templates.ts';
export {
  extractScheduleConditions,
  getScheduledAmount,
  scheduleJsonPaths,
  type ScheduleConditions,
} from './schedule-conditions.ts';
export {
  canDeleteAction,
  canDeleteCondition,
  changeActionField,
  changeActionOp,
  changeConditionField,
  changeConditionOp,
  checkEditedRule,
  newAction,
  newCondition,
  newConditionField,
  type EditorCondition,
} from './editor.ts';

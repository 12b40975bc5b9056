import type { Recurrence } from '../recurrence/index.ts';

/** `null` is the default stage, between `pre` and `post`. */
export type RuleStage = 'pre' | 'post' | null;
export type ConditionsOp = 'and' | 'or';
export type FieldType = 'string' | 'id' | 'date' | 'number' | 'boolean';

export const CONDITION_OPS = [
  'is',
  'isNot',
  'contains',
  'doesNotContain',
  'oneOf',
  'notOneOf',
  'isapprox',
  'isbetween',
  'gt',
  'gte',
  'lt',
  'lte',
  // Tags in notes (Actual 25.x+): every tag of the value, or any of them. The value is a text
  // of tags ('#trip #food'). 'doesNotHaveTags' is Coffer's, for filters only (never a rule).
  'hasTags',
  'hasAnyTag',
  'doesNotHaveTags',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const ACTION_OPS = ['set', 'link-schedule'] as const;
export type ActionOp = (typeof ACTION_OPS)[number];

/** Transaction fields a rule can test or set (public names, as in queries). */
export type RuleField =
  'imported_payee' | 'payee' | 'date' | 'notes' | 'amount' | 'category' | 'account' | 'cleared';
export type IdField = 'payee' | 'category' | 'account';

/** Amount conditions may look only at money coming in or going out. */
export interface AmountOptions {
  inflow?: boolean;
  outflow?: boolean;
}

/** The value of an `isbetween` amount condition (integer cents, either order). */
export interface BetweenValue {
  num1: number;
  num2: number;
}

/**
 * A condition as the UI sends it and as it is stored (with public field names). `value` is
 * loose on purpose: it arrives from the UI and from other devices, and `validateRule` checks it.
 */
export interface RuleCondition {
  field: string;
  op: ConditionOp;
  value: unknown;
  type?: FieldType;
  options?: AmountOptions | null;
}

export interface RuleAction {
  op: ActionOp;
  /** Null for `link-schedule`. */
  field?: string | null;
  value: unknown;
  type?: FieldType;
  options?: Record<string, unknown> | null;
}

export interface Rule {
  id: string;
  stage: RuleStage;
  conditionsOp: ConditionsOp;
  conditions: RuleCondition[];
  actions: RuleAction[];
}

/** A rule before it has an id (what `rule-add` receives). */
export type NewRule = Omit<Rule, 'id'> & { id?: string };

/** The error codes of rule validation, one per condition or action row. */
export type RuleErrorCode =
  | 'date-format'
  | 'no-null'
  | 'no-empty-array'
  | 'no-empty-string'
  /** Coffer's own: a tag condition's value that names no tag (`#`). */
  | 'no-tag'
  | 'not-number'
  | 'number-format'
  | 'not-boolean'
  | 'invalid-field'
  | 'internal';

/** Per-row errors; `null` entries are rows without an error. */
export interface RuleValidationErrors {
  conditionErrors: Array<RuleErrorCode | null> | null;
  actionErrors: Array<RuleErrorCode | null> | null;
}

/**
 * Maps an id that was merged away (payee_mapping / category_mapping) to its current target.
 * Returns undefined (or the id itself) when the id was never merged.
 */
export type IdResolver = (id: string) => string | null | undefined;

/** Looks up the name of a referenced row, for `contains` on id fields. */
export type NameLookup = (field: IdField, id: string) => string | null | undefined;

export interface EvalContext {
  nameOf?: NameLookup;
}

/** A condition value checked and converted once, ready to evaluate many times. */
export type CompiledValue =
  | { kind: 'text'; text: string }
  | { kind: 'texts'; texts: readonly string[] }
  | { kind: 'id'; id: string | null }
  | { kind: 'ids'; ids: readonly string[] }
  | { kind: 'day'; date: string; day: number }
  | { kind: 'month' | 'year'; date: string }
  | { kind: 'recur'; recurrence: Recurrence }
  | { kind: 'number'; number: number; approxLow: number; approxHigh: number }
  | { kind: 'between'; low: number; high: number }
  | { kind: 'boolean'; value: boolean }
  /** Tag names (without `#`) as written; rules compare them case-insensitively, as Actual. */
  | { kind: 'tags'; tags: readonly string[] };

export interface CompiledCondition {
  field: RuleField;
  op: ConditionOp;
  type: FieldType;
  options: AmountOptions | null;
  value: CompiledValue;
  /** The condition as given (raw ids), with `type` filled in: what gets stored. */
  source: RuleCondition;
}

export type CompiledAction =
  | { op: 'set'; field: RuleField; type: FieldType; value: unknown; source: RuleAction }
  | { op: 'link-schedule'; value: string; source: RuleAction };

export interface CompiledRule {
  id: string;
  stage: RuleStage;
  conditionsOp: ConditionsOp;
  conditions: readonly CompiledCondition[];
  actions: readonly CompiledAction[];
  /** The rule as stored, with the raw (unmapped) ids. */
  source: Rule;
}

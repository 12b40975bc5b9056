import { parseDay, parseRecurrence, isRecurConfigLike } from '../recurrence/index.ts';
import { checkAmount } from '../budget/amounts.ts';
import {
  FIELD_TYPES,
  FILTER_ONLY_OPS,
  TAG_OPS,
  TYPE_NULLABLE,
  TYPE_OPS,
  fieldAllowsOp,
  isRuleField,
} from './fields.ts';
import { tagsInFilterValue } from '../tags/parse.ts';
import { approxThreshold } from './threshold.ts';
import type {
  AmountOptions,
  CompiledAction,
  CompiledCondition,
  CompiledRule,
  CompiledValue,
  ConditionOp,
  FieldType,
  IdResolver,
  Rule,
  RuleAction,
  RuleCondition,
  RuleErrorCode,
  RuleValidationErrors,
} from './types.ts';

export type Compiled<T> = { ok: true; value: T } | { ok: false; error: RuleErrorCode };

const fail = (error: RuleErrorCode): { ok: false; error: RuleErrorCode } => ({ ok: false, error });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function mapId(id: string, resolveId: IdResolver | undefined): string {
  return resolveId?.(id) ?? id;
}

const isEmptyList = (v: unknown) => Array.isArray(v) && v.length === 0;

function compileString(op: ConditionOp, value: unknown): Compiled<CompiledValue> {
  if (op === 'oneOf' || op === 'notOneOf') {
    if (!Array.isArray(value)) return fail('no-empty-array');
    // Empty entries never match anything, so they are dropped.
    const items = value.filter((v) => v !== '' && v != null);
    if (!items.every((v) => typeof v === 'string')) return fail('internal');
    return { ok: true, value: { kind: 'texts', texts: items.map((v) => v.toLowerCase()) } };
  }
  if (isEmptyList(value)) return fail('no-null');
  if (typeof value !== 'string') return fail('internal');
  return { ok: true, value: { kind: 'text', text: value.toLowerCase() } };
}

/** A value that matches no row: what an empty list or name test written by Actual runs as. */
const MATCHES_NOTHING: CompiledValue = { kind: 'ids', ids: [] };

function compileId(
  op: ConditionOp,
  value: unknown,
  resolveId: IdResolver | undefined,
): Compiled<CompiledValue> {
  if (op === 'oneOf' || op === 'notOneOf') {
    if (!Array.isArray(value)) return fail('no-empty-array');
    if (!value.every((v) => typeof v === 'string')) return fail('internal');
    return { ok: true, value: { kind: 'ids', ids: value.map((v) => mapId(v, resolveId)) } };
  }
  if (op === 'contains' || op === 'doesNotContain') {
    // These match the referenced row's name, not the id. Actual saves an empty one.
    if (value == null || value === '' || isEmptyList(value))
      return { ok: true, value: MATCHES_NOTHING };
    if (typeof value !== 'string') return fail('internal');
    return { ok: true, value: { kind: 'text', text: value.toLowerCase() } };
  }
  // Actual saves an empty list here too; it equals no id.
  if (isEmptyList(value)) return { ok: true, value: MATCHES_NOTHING };
  if (value !== null && typeof value !== 'string') return fail('internal');
  return { ok: true, value: { kind: 'id', id: value === null ? null : mapId(value, resolveId) } };
}

/** A date string: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
export function parseDateValue(value: unknown): CompiledValue | null {
  if (typeof value !== 'string') return null;
  const day = parseDay(value);
  if (day !== null) return { kind: 'day', date: value, day };
  if (value.length === 7 && parseDay(`${value}-01`) !== null) return { kind: 'month', date: value };
  if (value.length === 4 && parseDay(`${value}-01-01`) !== null)
    return { kind: 'year', date: value };
  return null;
}

function compileDate(op: ConditionOp, value: unknown): Compiled<CompiledValue> {
  let parsed: CompiledValue | null = parseDateValue(value);
  if (parsed === null && isRecurConfigLike(value)) {
    const recur = parseRecurrence(value);
    if (recur.ok) parsed = { kind: 'recur', recurrence: recur.recurrence };
  }
  if (parsed === null) return fail('date-format');
  // Approximate dates need a day or a recurrence; comparisons need a day.
  if (op === 'isapprox' && parsed.kind !== 'day' && parsed.kind !== 'recur') {
    return fail('date-format');
  }
  if ((op === 'gt' || op === 'gte' || op === 'lt' || op === 'lte') && parsed.kind !== 'day') {
    return fail('date-format');
  }
  return { ok: true, value: parsed };
}

/** Integer cents within the spec's bound: a magnitude of at most 2^51 − 1. */
const isAmount = (v: unknown): v is number => checkAmount(v) === null;

function compileNumber(op: ConditionOp, value: unknown): Compiled<CompiledValue> {
  let parsed: CompiledValue;
  if (isObject(value) && !Array.isArray(value)) {
    // A range: a part that is there but not an amount is named before a part left empty.
    const parts = [value.num1, value.num2];
    if (parts.some((p) => p != null && !isAmount(p))) return fail('not-number');
    if (parts.some((p) => p == null)) return fail('no-null');
  }
  if (isAmount(value)) {
    const t = approxThreshold(value);
    parsed = { kind: 'number', number: value, approxLow: value - t, approxHigh: value + t };
  } else if (isObject(value) && isAmount(value.num1) && isAmount(value.num2)) {
    const { num1, num2 } = value;
    parsed = { kind: 'between', low: Math.min(num1, num2), high: Math.max(num1, num2) };
  } else {
    return fail('not-number');
  }
  if ((op === 'isbetween') !== (parsed.kind === 'between')) return fail('number-format');
  return { ok: true, value: parsed };
}

function compileValue(
  type: FieldType,
  op: ConditionOp,
  value: unknown,
  resolveId: IdResolver | undefined,
): Compiled<CompiledValue> {
  switch (type) {
    case 'string':
      return compileString(op, value);
    case 'id':
      return compileId(op, value, resolveId);
    case 'date':
      return compileDate(op, value);
    case 'number':
      return compileNumber(op, value);
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value: { kind: 'boolean', value } };
      return fail(value === '' || isEmptyList(value) ? 'no-null' : 'not-boolean');
  }
}

function compileOptions(type: FieldType, options: unknown): AmountOptions | null {
  if (type !== 'number' || !isObject(options)) return null;
  if (options.outflow === true) return { outflow: true };
  if (options.inflow === true) return { inflow: true };
  return null;
}

export function compileCondition(
  raw: unknown,
  resolveId?: IdResolver,
): Compiled<CompiledCondition> {
  if (!isObject(raw)) return fail('internal');
  const { field, op, value } = raw;
  if (!isRuleField(field)) return fail('invalid-field');
  const type = FIELD_TYPES[field];
  if (!(TYPE_OPS[type] as readonly unknown[]).includes(op)) return fail('internal');
  const conditionOp = op as ConditionOp;
  // An empty text is a value for `is` (notes that are empty), as Actual has it.
  if (!TYPE_NULLABLE[type] && value == null) return fail('no-null');
  if (type === 'string' && (op === 'contains' || op === 'doesNotContain')) {
    if (typeof value !== 'string' || value === '') return fail('no-empty-string');
  }
  if (TAG_OPS.has(conditionOp)) {
    if (value == null || isEmptyList(value)) return fail('no-null');
    if (typeof value !== 'string') return fail('internal');
    const tags = tagsInFilterValue(value);
    // Actual saves `#` alone and then matches every note with it: refused here, saying why.
    if (tags.length === 0) return fail(value.trim() === '' ? 'no-empty-string' : 'no-tag');
    if (!fieldAllowsOp(field, conditionOp)) return fail('internal');
    const source: RuleCondition = { field, op: conditionOp, value, type };
    return {
      ok: true,
      value: { field, op: conditionOp, type, options: null, value: { kind: 'tags', tags }, source },
    };
  }
  const compiled = compileValue(type, conditionOp, value === undefined ? null : value, resolveId);
  if (!compiled.ok) return compiled;
  const options = compileOptions(type, raw.options);
  const source: RuleCondition = { field, op: conditionOp, value, type };
  if (options) source.options = options;
  return {
    ok: true,
    value: { field, op: conditionOp, type, options, value: compiled.value, source },
  };
}

function checkSetValue(type: FieldType, value: unknown): RuleErrorCode | null {
  switch (type) {
    case 'id':
    case 'string':
      return value === null || typeof value === 'string' ? null : 'internal';
    case 'number':
      if (value == null || value === '') return 'no-null';
      return isAmount(value) ? null : 'not-number';
    case 'boolean':
      if (value == null || value === '') return 'no-null';
      return typeof value === 'boolean' ? null : 'not-boolean';
    case 'date':
      if (value == null || value === '') return 'no-null';
      return parseDay(value) !== null ? null : 'date-format';
  }
}

export function compileAction(raw: unknown, resolveId?: IdResolver): Compiled<CompiledAction> {
  if (!isObject(raw)) return fail('internal');
  if (raw.op === 'link-schedule') {
    if (typeof raw.value !== 'string' || raw.value === '') return fail('no-null');
    const source: RuleAction = { op: 'link-schedule', field: null, value: raw.value, type: 'id' };
    return { ok: true, value: { op: 'link-schedule', value: raw.value, source } };
  }
  if (raw.op !== 'set') return fail('internal');
  const { field } = raw;
  if (!isRuleField(field)) return fail('invalid-field');
  const type = FIELD_TYPES[field];
  const value = raw.value === undefined ? null : raw.value;
  // A transaction always has an account: Actual refuses to set it to nothing, so does Coffer.
  if (field === 'account' && (value === null || value === '')) return fail('no-null');
  const error = checkSetValue(type, value);
  if (error) return fail(error);
  const mapped = type === 'id' && typeof value === 'string' ? mapId(value, resolveId) : value;
  const source: RuleAction = { op: 'set', field, value, type };
  if (isObject(raw.options)) source.options = raw.options;
  return { ok: true, value: { op: 'set', field, type, value: mapped, source } };
}

function compileRows<T>(
  rows: unknown,
  compile: (row: unknown) => Compiled<T>,
): { compiled: T[]; errors: Array<RuleErrorCode | null> | null } {
  const list = Array.isArray(rows) ? rows : [];
  const compiled: T[] = [];
  const errors = list.map((row) => {
    const result = compile(row);
    if (!result.ok) return result.error;
    compiled.push(result.value);
    return null;
  });
  return { compiled, errors: errors.some((e) => e !== null) ? errors : null };
}

/**
 * Checks every condition and action of a rule. Returns the per-row errors (each list has one
 * entry per row, null where the row is fine, and is itself null when no row failed), or null
 * when the whole rule is valid: the contract of `rule-validate`, `rule-add` and `rule-update`.
 */
export function validateRule(rule: {
  conditions?: unknown;
  actions?: unknown;
}): RuleValidationErrors | null {
  const { errors: conditionErrors } = compileRows(rule.conditions, (c) => {
    // 'Has no tag' is for filters: a rule holding it would not run in Actual.
    const compiled = compileCondition(c);
    return compiled.ok && FILTER_ONLY_OPS.has(compiled.value.op) ? fail('internal') : compiled;
  });
  const { errors: actionErrors } = compileRows(rule.actions, (a) => compileAction(a));
  return conditionErrors || actionErrors ? { conditionErrors, actionErrors } : null;
}

export type CompileRuleResult =
  { ok: true; rule: CompiledRule } | { ok: false; errors: RuleValidationErrors };

/**
 * Compiles a rule for evaluation. Ids go through `resolveId` (merged payees and categories);
 * the raw ids stay in `source` so the mapping can be re-applied after undo or a merge.
 */
export function compileRule(rule: Rule, resolveId?: IdResolver): CompileRuleResult {
  const conditions = compileRows(rule.conditions, (c) => compileCondition(c, resolveId));
  const actions = compileRows(rule.actions, (a) => compileAction(a, resolveId));
  if (conditions.errors || actions.errors) {
    return {
      ok: false,
      errors: { conditionErrors: conditions.errors, actionErrors: actions.errors },
    };
  }
  return {
    ok: true,
    rule: {
      id: rule.id,
      stage: rule.stage === 'pre' || rule.stage === 'post' ? rule.stage : null,
      conditionsOp: rule.conditionsOp === 'or' ? 'or' : 'and',
      conditions: conditions.compiled,
      actions: actions.compiled,
      source: rule,
    },
  };
}

/** Compiles a list of actions (for `rule-apply-actions`); null when any of them is invalid. */
export function compileActions(actions: unknown, resolveId?: IdResolver): CompiledAction[] | null {
  const result = compileRows(actions, (a) => compileAction(a, resolveId));
  return result.errors ? null : result.compiled;
}

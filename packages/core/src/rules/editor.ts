import { validateRule } from './compile.ts';
import {
  CONDITION_EDITOR_FIELDS,
  ACTION_EDITOR_FIELDS,
  FIELD_TYPES,
  TYPE_OPS,
  deserializeField,
  getValidOps,
} from './fields.ts';
import type { EditorField } from './fields.ts';
import type {
  AmountOptions,
  ConditionOp,
  ConditionsOp,
  FieldType,
  RuleAction,
  RuleCondition,
  RuleErrorCode,
  RuleField,
  RuleValidationErrors,
} from './types.ts';

/** A condition row in the rule editor. */
export interface EditorCondition extends RuleCondition {
  type: FieldType;
}

const isList = (op: string) => op === 'oneOf' || op === 'notOneOf';

function emptyValue(type: FieldType, op: ConditionOp): unknown {
  if (isList(op)) return [];
  return type === 'number' ? 0 : null;
}

/**
 * Changing a condition's field. Operator and value survive only when the old and new fields
 * are both strings or both numbers (and the operator is not isbetween); otherwise the
 * operator becomes the first one the new field allows and the value is cleared.
 */
export function changeConditionField(
  cond: EditorCondition,
  editorField: EditorField,
): EditorCondition {
  const { field, options } = deserializeField(editorField);
  const type = FIELD_TYPES[field];
  const prevType = FIELD_TYPES[cond.field as RuleField] ?? cond.type;
  const next: EditorCondition = { field, type, op: cond.op, value: cond.value };
  if (options) next.options = options as AmountOptions;
  const keep =
    (prevType === 'string' || prevType === 'number') &&
    prevType === type &&
    cond.op !== 'isbetween' &&
    getValidOps(next, 'filter').includes(cond.op);
  if (!keep) {
    next.op = getValidOps(next)[0] ?? (TYPE_OPS[type][0] as ConditionOp);
    next.value = emptyValue(type, next.op);
  }
  return next;
}

/**
 * Changing a condition's operator: to oneOf/notOneOf wraps the value in a list, away from
 * them keeps the first item (or nothing); to isbetween turns the amount into a range, away
 * from it keeps the range's first number.
 */
export function changeConditionOp(cond: EditorCondition, op: ConditionOp): EditorCondition {
  const v = cond.value;
  if (isList(op) && !isList(cond.op)) {
    return { ...cond, op, value: v != null && v !== '' ? [v] : [] };
  }
  if (!isList(op) && isList(cond.op)) {
    const first = Array.isArray(v) && v.length > 0 ? (v[0] as unknown) : null;
    return { ...cond, op, value: first };
  }
  if (op === 'isbetween' && cond.op !== 'isbetween') {
    const n = typeof v === 'number' ? v : 0;
    return { ...cond, op, value: { num1: n, num2: n } };
  }
  if (op !== 'isbetween' && cond.op === 'isbetween') {
    const num1 = typeof v === 'object' && v !== null ? (v as { num1?: unknown }).num1 : null;
    return { ...cond, op, value: typeof num1 === 'number' ? num1 : 0 };
  }
  return { ...cond, op };
}

/**
 * The field of a newly added condition: with `or`, the first condition's field again;
 * otherwise the first field not used yet (inflow/outflow not offered), else payee.
 */
export function newConditionField(
  conditions: readonly { field: string }[],
  conditionsOp: ConditionsOp,
): RuleField {
  const first = conditions[0];
  if (first && conditionsOp === 'or' && first.field in FIELD_TYPES) return first.field as RuleField;
  const candidates = CONDITION_EDITOR_FIELDS.filter(
    (f) => f !== 'amount-inflow' && f !== 'amount-outflow',
  ) as RuleField[];
  const unused = candidates.filter(
    (f) => !conditions.some((c) => c.field.includes(f) || f.includes(c.field)),
  );
  return unused[0] ?? 'payee';
}

/** A new condition row for the editor. */
export function newCondition(
  conditions: readonly { field: string }[],
  conditionsOp: ConditionsOp,
): EditorCondition {
  const field = newConditionField(conditions, conditionsOp);
  return { field, type: FIELD_TYPES[field], op: 'is', value: null };
}

/** A yes/no field shows 'No' from the start, so that is its value; others start empty. */
const startValue = (field: RuleField) => (FIELD_TYPES[field] === 'boolean' ? false : null);

/** A new action row: the first action field not set yet, else category. */
export function newAction(actions: readonly { field?: string | null }[]): RuleAction {
  const field = ACTION_EDITOR_FIELDS.find((f) => !actions.some((a) => a.field === f)) ?? 'category';
  return { op: 'set', field, type: FIELD_TYPES[field], value: startValue(field) };
}

/** Changing an action's field clears its value and takes the new field's type. */
export function changeActionField(action: RuleAction, field: RuleField): RuleAction {
  return { ...action, field, type: FIELD_TYPES[field], value: startValue(field) };
}

/** Changing an action's operator clears its value. */
export function changeActionOp(action: RuleAction, op: RuleAction['op']): RuleAction {
  return op === 'link-schedule'
    ? { op, field: null, type: 'id', value: null }
    : { ...action, op, value: null };
}

/** A schedule's rule keeps its date condition and its link-schedule action. */
export function canDeleteCondition(
  cond: { field: string },
  actions: readonly { op: string }[],
): boolean {
  return !(cond.field === 'date' && actions.some((a) => a.op === 'link-schedule'));
}

export function canDeleteAction(action: { op: string }): boolean {
  return action.op !== 'link-schedule';
}

/** Nothing, or a list of nothing but empty entries (which match no transaction). */
const isEmpty = (v: unknown): boolean =>
  v == null || (Array.isArray(v) && v.every((x) => x == null || x === ''));

/** Why a row the editor shows has no value yet; null when it has one (or cannot hold one). */
function emptyRowCode(row: unknown, kind: 'condition' | 'action'): RuleErrorCode | null {
  if (typeof row !== 'object' || row === null) return null;
  const { op, value } = row as { op?: unknown; value?: unknown };
  if (kind === 'action' && op !== 'set') return null;
  if (op === 'oneOf' || op === 'notOneOf') return isEmpty(value) ? 'no-empty-array' : null;
  return isEmpty(value) || value === '' ? 'no-null' : null;
}

/**
 * The rule editor's check before a save: the core's parser (`validateRule`, the one the api
 * and sync use), and then every row the person sees must hold a value. The parser saves what
 * Actual saves, where an empty id or text means "no payee" or "empty notes" and a set to
 * nothing clears a field; in the editor an empty box looks the same whether it was never
 * filled in or emptied, so it is always asked for ('Value cannot be empty').
 */
export function checkEditedRule(rule: {
  conditions: readonly unknown[];
  actions: readonly unknown[];
}): RuleValidationErrors | null {
  const parsed = validateRule(rule);
  const rows = (list: readonly unknown[], kind: 'condition' | 'action', codes: Codes) => {
    const out = list.map((row, i) => codes?.[i] ?? emptyRowCode(row, kind));
    return out.some((c) => c !== null) ? out : null;
  };
  const conditionErrors = rows(rule.conditions, 'condition', parsed?.conditionErrors ?? null);
  const actionErrors = rows(rule.actions, 'action', parsed?.actionErrors ?? null);
  return conditionErrors || actionErrors ? { conditionErrors, actionErrors } : null;
}

type Codes = ReadonlyArray<RuleErrorCode | null> | null;

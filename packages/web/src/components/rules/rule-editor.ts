/**
 * The rule editor's state and the steps it takes (spec: rule editor, section 4's field and
 * operator changes, section 5's operators and errors). The change rules themselves are the
 * core's (`rules/editor.ts`, through `@coffer/core/ui`); this adds the rows' keys and errors around them.
 */
import {
  ACTION_EDITOR_FIELDS,
  canDeleteAction,
  canDeleteCondition,
  changeActionField,
  changeConditionField,
  changeConditionOp,
  CONDITION_EDITOR_FIELDS,
  type ConditionOp,
  type EditorField,
  FIELD_TYPES,
  type FieldType,
  newAction,
  newCondition,
  type RuleAction,
  ruleErrorText,
  type RuleField,
} from '@coffer/core/ui';
import { conditionOps, fieldTitle } from '../conditions/fields.ts';
import type { RuleRow, Stage } from '../conditions/rule-text.ts';

export { conditionOps };

export type { RuleRow, Stage };

/** A stored rule's stage as the editor takes it: anything but pre or post is the default. */
export const stageOf = (stage: string | null | undefined): Stage =>
  stage === 'pre' || stage === 'post' ? stage : null;

/** A rule as `edit-rule` is opened with it (`{ rule }`); no id for a new rule. */
export interface EditorRule {
  id?: string;
  stage: Stage;
  conditionsOp: 'and' | 'or';
  conditions: RuleRow[];
  actions: RuleRow[];
}

/** A row being edited: a key that survives reordering, and the server's error for it. */
export interface EditRow extends RuleRow {
  key: string;
  type: string;
  error?: string | null;
}

export interface EditingRule {
  id?: string;
  stage: Stage;
  conditionsOp: 'and' | 'or';
  conditions: EditRow[];
  actions: EditRow[];
}

/** What `rule-add` / `rule-update` answer when a row is not valid: one code per row. */
export interface RuleErrors {
  conditionErrors?: Array<string | null> | null;
  actionErrors?: Array<string | null> | null;
}

export const STAGES: ReadonlyArray<readonly [Stage, string]> = [
  ['pre', 'Pre'],
  [null, 'Default'],
  ['post', 'Post'],
];

/** The fields a condition can test, as the editor offers them. */
export const CONDITION_FIELDS: ReadonlyArray<readonly [string, string]> =
  CONDITION_EDITOR_FIELDS.map((f) => [f, fieldTitle(f)] as const);

/** The fields an action can set. */
export const ACTION_FIELDS: ReadonlyArray<readonly [string, string]> = ACTION_EDITOR_FIELDS.map(
  (f) => [f, fieldTitle(f)] as const,
);

export function fieldName(field: string): string {
  return fieldTitle(field);
}

/** Keys only tell rows apart in the page; they never leave it. */
export type NewKey = () => string;

function typeOf(row: RuleRow): string {
  if (row.type) return row.type;
  if (row.op === 'link-schedule') return 'id';
  return FIELD_TYPES[row.field as RuleField] ?? 'string';
}

const toEditRow = (row: RuleRow, key: NewKey): EditRow => ({
  ...row,
  type: typeOf(row),
  key: key(),
  error: null,
});

/** The editor's copy of a rule: rows are copied, keyed and typed. */
export function editingRule(rule: Partial<EditorRule> | undefined, key: NewKey): EditingRule {
  return {
    ...(rule?.id ? { id: rule.id } : {}),
    stage: rule?.stage ?? null,
    conditionsOp: rule?.conditionsOp === 'or' ? 'or' : 'and',
    conditions: (rule?.conditions ?? []).map((c) => toEditRow(c, key)),
    actions: (rule?.actions ?? []).map((a) => toEditRow(a, key)),
  };
}

const strip = ({ key: _key, error: _error, ...row }: EditRow): RuleRow => row;

/** The rule as `rule-add` / `rule-update` take it. */
export function savedRule(rule: EditingRule): EditorRule & { id?: string } {
  return {
    ...(rule.id ? { id: rule.id } : {}),
    stage: rule.stage,
    conditionsOp: rule.conditionsOp,
    conditions: rule.conditions.map(strip),
    actions: rule.actions.map(strip),
  };
}

/** The select's field for a condition: an amount with inflow/outflow is its own field. */
export function conditionField(row: RuleRow): string {
  const options = row.options as { inflow?: boolean; outflow?: boolean } | null | undefined;
  if (row.field === 'amount' && options?.inflow) return 'amount-inflow';
  if (row.field === 'amount' && options?.outflow) return 'amount-outflow';
  return row.field ?? '';
}

const asCondition = (row: EditRow) => ({
  ...row,
  field: row.field ?? '',
  op: row.op as ConditionOp,
  type: row.type as FieldType,
  options: (row.options ?? undefined) as { inflow?: boolean; outflow?: boolean } | undefined,
});

/** Section 4: a new field keeps a string's or number's operator and value, else resets them. */
export function setConditionField(row: EditRow, field: string): EditRow {
  const next = changeConditionField(asCondition(row), field as EditorField);
  return { ...next, key: row.key, error: null };
}

/** Section 4: lists wrap and unwrap, isbetween makes and reads num1/num2. */
export function setConditionOp(row: EditRow, op: string): EditRow {
  const next = changeConditionOp(asCondition(row), op as ConditionOp);
  return { ...next, key: row.key, error: null };
}

/** Section 4: a new action field clears the value and takes the field's type. */
export function setActionField(row: EditRow, field: string): EditRow {
  const next = changeActionField(row as RuleAction, field as RuleField);
  return { ...next, key: row.key, type: next.type ?? 'string', value: next.value, error: null };
}

/** The row added after `index`: section 4's first unused field, or the first row's under or. */
export function addCondition(rule: EditingRule, index: number, key: NewKey): EditingRule {
  const row = newCondition(
    rule.conditions.map((c) => ({ field: c.field ?? '' })),
    rule.conditionsOp,
  );
  const conditions = [...rule.conditions];
  conditions.splice(index + 1, 0, { ...row, key: key(), error: null });
  return { ...rule, conditions };
}

export function addAction(rule: EditingRule, index: number, key: NewKey): EditingRule {
  const row = newAction(rule.actions);
  const actions = [...rule.actions];
  actions.splice(index + 1, 0, {
    ...row,
    field: row.field ?? null,
    type: row.type ?? 'string',
    key: key(),
    error: null,
  });
  return { ...rule, actions };
}

/** A schedule's rule keeps its date condition and its link-schedule action. */
export function conditionDeletable(rule: EditingRule, row: EditRow): boolean {
  return canDeleteCondition({ field: row.field ?? '' }, rule.actions);
}

export function actionDeletable(row: EditRow): boolean {
  return canDeleteAction(row);
}

/** The rule's schedule, when it is a schedule's rule. */
export function linkedSchedule(rule: { actions: RuleRow[] }): string | null {
  const link = rule.actions.find((a) => a.op === 'link-schedule');
  return typeof link?.value === 'string' ? link.value : null;
}

/** The server's per-row codes as the spec's texts on each row; null when there were none. */
export function withErrors(rule: EditingRule, error: RuleErrors | null | undefined) {
  if (!error || (!error.conditionErrors && !error.actionErrors)) return null;
  const text = (code: string | null | undefined) => (code ? ruleErrorText(code) : null);
  return {
    ...rule,
    conditions: rule.conditions.map((c, i) => ({ ...c, error: text(error.conditionErrors?.[i]) })),
    actions: rule.actions.map((a, i) => ({ ...a, error: text(error.actionErrors?.[i]) })),
  };
}

/** Payees named `new:{name}` in the rule: the editor creates them when it saves. */
export function newPayeeNames(rule: EditingRule): string[] {
  const names = new Set<string>();
  const visit = (row: EditRow) => {
    if (row.field !== 'payee') return;
    const values = Array.isArray(row.value) ? row.value : [row.value];
    for (const v of values)
      if (typeof v === 'string' && v.startsWith('new:')) names.add(v.slice(4));
  };
  rule.conditions.forEach(visit);
  rule.actions.forEach(visit);
  return [...names];
}

/** The rule with each `new:{name}` payee replaced by the id it was created with. */
export function withCreatedPayees(
  rule: EditingRule,
  ids: ReadonlyMap<string, string>,
): EditingRule {
  const swap = (v: unknown) =>
    typeof v === 'string' && v.startsWith('new:') ? (ids.get(v.slice(4)) ?? v) : v;
  const fix = (row: EditRow): EditRow =>
    row.field !== 'payee'
      ? row
      : { ...row, value: Array.isArray(row.value) ? row.value.map(swap) : swap(row.value) };
  return { ...rule, conditions: rule.conditions.map(fix), actions: rule.actions.map(fix) };
}

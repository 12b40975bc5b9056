import type { ConditionOp, FieldType, RuleField } from './types.ts';

/** The type of every field a rule can use. */
export const FIELD_TYPES: Readonly<Record<RuleField, FieldType>> = {
  imported_payee: 'string',
  payee: 'id',
  date: 'date',
  notes: 'string',
  amount: 'number',
  category: 'id',
  account: 'id',
  cleared: 'boolean',
};

/** Operators per type, in the order the editor offers them (the first is the default). */
export const TYPE_OPS: Readonly<Record<FieldType, readonly ConditionOp[]>> = {
  date: ['is', 'isapprox', 'gt', 'gte', 'lt', 'lte'],
  id: ['is', 'contains', 'oneOf', 'isNot', 'doesNotContain', 'notOneOf'],
  string: [
    'is',
    'contains',
    'oneOf',
    'isNot',
    'doesNotContain',
    'notOneOf',
    'hasTags',
    'hasAnyTag',
    'doesNotHaveTags',
  ],
  number: ['is', 'isapprox', 'isbetween', 'gt', 'gte', 'lt', 'lte'],
  boolean: ['is'],
};

/** Whether an empty (null) value is a valid condition value for the type. */
export const TYPE_NULLABLE: Readonly<Record<FieldType, boolean>> = {
  date: false,
  id: true,
  string: false,
  number: false,
  boolean: false,
};

/**
 * Fields the condition editor offers, including the pseudo-fields: amount-inflow/outflow are
 * `amount` with an option, month/year are `date` with a `YYYY-MM`/`YYYY` value (filters).
 */
export const CONDITION_EDITOR_FIELDS = [
  'imported_payee',
  'account',
  'category',
  'date',
  'payee',
  'notes',
  'amount',
  'amount-inflow',
  'amount-outflow',
] as const;
export const FILTER_EDITOR_FIELDS = [...CONDITION_EDITOR_FIELDS, 'month', 'year'] as const;
export type EditorField = (typeof FILTER_EDITOR_FIELDS)[number];

/** Fields the action editor offers, in order. */
export const ACTION_EDITOR_FIELDS: readonly RuleField[] = [
  'category',
  'payee',
  'notes',
  'cleared',
  'account',
  'date',
  'amount',
];

export function isRuleField(field: unknown): field is RuleField {
  return typeof field === 'string' && Object.prototype.hasOwnProperty.call(FIELD_TYPES, field);
}

export function fieldType(field: unknown): FieldType | null {
  return isRuleField(field) ? FIELD_TYPES[field] : null;
}

/** Splits an editor field into the stored field and its options. */
export function deserializeField(field: EditorField | RuleField): {
  field: RuleField;
  options?: { inflow: true } | { outflow: true };
} {
  switch (field) {
    case 'amount-inflow':
      return { field: 'amount', options: { inflow: true } };
    case 'amount-outflow':
      return { field: 'amount', options: { outflow: true } };
    case 'month':
    case 'year':
      return { field: 'date' };
    default:
      return { field };
  }
}

/** The editor field a stored condition shows as (the inverse of `deserializeField`). */
export function editorFieldOf(condition: {
  field: string;
  value?: unknown;
  options?: { inflow?: boolean; outflow?: boolean } | null;
}): string {
  if (condition.field === 'amount') {
    if (condition.options?.inflow) return 'amount-inflow';
    if (condition.options?.outflow) return 'amount-outflow';
  }
  if (condition.field === 'date' && typeof condition.value === 'string') {
    if (condition.value.length === 7) return 'month';
    if (condition.value.length === 4) return 'year';
  }
  return condition.field;
}

/** Operators on the tags in notes: only the notes hold tags (as in Actual 26.9). */
export const TAG_OPS: ReadonlySet<ConditionOp> = new Set([
  'hasTags',
  'hasAnyTag',
  'doesNotHaveTags',
]);
/** Operators a filter may use but a rule may not: Actual would not read them in a rule. */
export const FILTER_ONLY_OPS: ReadonlySet<ConditionOp> = new Set(['doesNotHaveTags']);

/** Whether the field may use the operator (tags only in notes). */
export function fieldAllowsOp(field: string, op: string): boolean {
  return !TAG_OPS.has(op as ConditionOp) || field === 'notes';
}

/**
 * The operators the editor offers for a condition: ids cannot use contains/doesNotContain,
 * a recurring date only is/isapprox, an inflow/outflow amount no isbetween, tags only on
 * notes, and 'has no tag' only in a filter (`area: 'filter'`).
 */
export function getValidOps(
  condition: {
    field: string;
    value?: unknown;
    options?: { inflow?: boolean; outflow?: boolean } | null;
  },
  area: 'rule' | 'filter' = 'rule',
): ConditionOp[] {
  const type = fieldType(condition.field);
  if (type === null) return [];
  let ops = TYPE_OPS[type].filter(
    (op) => fieldAllowsOp(condition.field, op) && (area === 'filter' || !FILTER_ONLY_OPS.has(op)),
  );
  if (type === 'id') ops = ops.filter((op) => op !== 'contains' && op !== 'doesNotContain');
  if (type === 'date' && typeof condition.value === 'object' && condition.value !== null) {
    ops = ops.filter((op) => op === 'is' || op === 'isapprox');
  }
  if (condition.options?.inflow || condition.options?.outflow) {
    ops = ops.filter((op) => op !== 'isbetween');
  }
  return ops;
}

/** Display names of fields, for the rules list and its search. */
export function fieldLabel(
  field: string,
  options?: { inflow?: boolean; outflow?: boolean } | null,
) {
  if (field === 'amount-inflow' || (field === 'amount' && options?.inflow))
    return 'amount (inflow)';
  if (field === 'amount-outflow' || (field === 'amount' && options?.outflow)) {
    return 'amount (outflow)';
  }
  return field === 'imported_payee' ? 'imported payee' : field;
}

const OP_LABELS: Readonly<Record<string, string>> = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  doesNotContain: 'does not contain',
  oneOf: 'one of',
  notOneOf: 'not one of',
  isapprox: 'is approx',
  isbetween: 'is between',
  set: 'set',
  'link-schedule': 'link schedule',
  hasTags: 'has tag',
  hasAnyTag: 'has any tag',
  doesNotHaveTags: 'has no tag',
  and: 'and',
  or: 'or',
};

/** Display names of operators; comparisons read as before/after for dates. */
export function opLabel(op: string, type?: FieldType | null): string {
  const date = type === 'date';
  switch (op) {
    case 'gt':
      return date ? 'is after' : 'is greater than';
    case 'gte':
      return date ? 'is after or equals' : 'is greater than or equals';
    case 'lt':
      return date ? 'is before' : 'is less than';
    case 'lte':
      return date ? 'is before or equals' : 'is less than or equals';
    default:
      return OP_LABELS[op] ?? '';
  }
}

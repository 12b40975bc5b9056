/**
 * The one table of condition fields and operators for every area's editor: core's table
 * (`rules/fields.ts`: each field's type, each type's operators and their exceptions) with the
 * names the screens show. A new field or operator (a 'has tag' condition, say) goes into core's
 * table (`FIELD_TYPES`, `TYPE_OPS`, `CONDITION_EDITOR_FIELDS`) and, for its title, into
 * `FIELD_TITLES` here; every editor then offers it.
 */
import {
  type ConditionOp,
  FIELD_TYPES,
  fieldLabel,
  getValidOps,
  type RuleField,
} from '@coffer/core/ui';

/** A condition as the editors hold it (a rule's row, a register or report filter). */
export interface FilterCondition {
  field: string;
  op: string;
  value: unknown;
  type?: string;
  options?: { inflow?: boolean; outflow?: boolean; month?: boolean; year?: boolean } | null;
}

/** Titles of the editor fields, as the selects, chips and popovers show them. */
const FIELD_TITLES: Readonly<Record<string, string>> = {
  imported_payee: 'Imported payee',
  payee: 'Payee',
  account: 'Account',
  category: 'Category',
  date: 'Date',
  month: 'Month',
  year: 'Year',
  notes: 'Notes',
  amount: 'Amount',
  'amount-inflow': 'Amount (inflow)',
  'amount-outflow': 'Amount (outflow)',
  cleared: 'Cleared',
  // Not a field: 'has tag' on the notes, offered on its own where filters are added.
  tag: 'Tag',
};

/** The name of an editor field ('amount-inflow', 'month', …). */
export function fieldTitle(editorField: string): string {
  return FIELD_TITLES[editorField] ?? fieldLabel(editorField);
}

/** What choosing the operators looks at: the field, the value and the options. */
export interface ConditionShape {
  field?: string | null;
  op?: string;
  value?: unknown;
  options?: unknown;
}

/** Where a condition is edited: a filter also offers what a rule may not hold ('has no tag'). */
export type ConditionArea = 'rule' | 'filter';

/** The operators core's table offers for a condition (section 5's table and exceptions). */
export function conditionOps(row: ConditionShape, area: ConditionArea = 'rule'): ConditionOp[] {
  return getValidOps(
    {
      field: row.field ?? '',
      value: row.value,
      options: row.options as { inflow?: boolean; outflow?: boolean } | null,
    },
    area,
  );
}

/**
 * The operators an editor offers: core's for the condition, in core's order, or, where an
 * area offers fewer (reports), those of `only` that core's table allows, in `only`'s order.
 */
export function offeredOps(
  row: ConditionShape,
  only?: readonly string[],
  area: ConditionArea = 'rule',
): string[] {
  const valid: string[] = conditionOps(row, area);
  return only ? only.filter((op) => valid.includes(op)) : valid;
}

/** A field an editor offers, with its title and core's type for it. */
export interface FieldChoice<Type extends string = string> {
  field: string;
  label: string;
  type: Type;
}

/** The fields an area offers, in its order, titled and typed by the one table. */
export function fieldChoices<Type extends string>(
  fields: readonly RuleField[],
): ReadonlyArray<FieldChoice<Type>> {
  return fields.map((field) => ({
    field,
    label: fieldTitle(field),
    type: FIELD_TYPES[field] as Type,
  }));
}

/** What a report can be filtered on: the transaction's own fields that a report's query reads. */
export const REPORT_FIELDS: readonly RuleField[] = [
  'account',
  'category',
  'payee',
  'notes',
  'amount',
  'date',
];

/**
 * The operators a report's filters offer, in this order, where core's table allows them for
 * the field: a report's query takes one value per condition (no lists, ranges or recurrences).
 */
export const REPORT_OPS: readonly string[] = [
  'contains',
  'doesNotContain',
  'is',
  'isNot',
  'gt',
  'gte',
  'lt',
  'lte',
];

/**
 * The filter bar's conditions: rule-style conditions (the rule editor's fields and operators)
 * shown as readable chips, and saved filters compared with what the bar holds now.
 */
import { editorFieldOf, fieldType, opLabel } from '@coffer/core/ui';
import { type FilterCondition, fieldTitle } from '../../conditions/fields.ts';

export type { FilterCondition };

export interface SavedFilter {
  id: string;
  name: string;
  conditionsOp: 'and' | 'or';
  conditions: FilterCondition[];
}

export interface Describe {
  name: (field: 'payee' | 'category' | 'account', id: string) => string | undefined;
  amount: (cents: number) => string;
  date: (date: string) => string;
}

export { fieldTitle };

function valueText(c: FilterCondition, d: Describe): string {
  const one = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '(nothing)';
    if (c.field === 'payee' || c.field === 'category' || c.field === 'account') {
      return d.name(c.field, String(v)) ?? '(deleted)';
    }
    if (c.field === 'amount' && typeof v === 'number') {
      return d.amount(c.options?.outflow || c.options?.inflow ? Math.abs(v) : v);
    }
    if (c.field === 'date' && typeof v === 'string' && v.length === 10) return d.date(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'object') {
      const range = v as { num1?: unknown; num2?: unknown };
      if ('num1' in range) return `${one(range.num1)} and ${one(range.num2)}`;
      return JSON.stringify(v);
    }
    return String(v);
  };
  if (!Array.isArray(c.value)) return one(c.value);
  if (c.value.length === 0) return '(empty)';
  if (c.value.length <= 4) return c.value.map(one).join(', ');
  return `${c.value.slice(0, 3).map(one).join(', ')}, ${c.value.length - 3} more items...`;
}

/** A condition as the filter bar's chip reads it: "Payee is Kroger". */
export function describeCondition(c: FilterCondition, d: Describe): string {
  const field = editorFieldOf(c as Parameters<typeof editorFieldOf>[0]);
  return `${fieldTitle(field)} ${opLabel(c.op, fieldType(c.field))} ${valueText(c, d)}`;
}

const canonical = (conditions: readonly FilterCondition[], op: string) =>
  JSON.stringify({
    op: conditions.length > 1 ? op : 'and',
    conditions: conditions.map((c) => [c.field, c.op, c.value, c.options ?? null]),
  });

/** Whether the bar still holds exactly the saved filter's conditions. */
export function matchesSaved(
  saved: SavedFilter,
  conditions: readonly FilterCondition[],
  op: 'and' | 'or',
): boolean {
  return canonical(saved.conditions, saved.conditionsOp) === canonical(conditions, op);
}

/** The spec's texts for the core's saved-filter errors. */
export function filterErrorText(error: { type?: string; message?: string }): string {
  switch (error.type) {
    case 'filter-name-required':
      return 'Filter name is required';
    default:
      return error.message ?? 'The filter could not be saved.';
  }
}

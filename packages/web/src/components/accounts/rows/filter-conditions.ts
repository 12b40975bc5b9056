/**
 * The filter bar's conditions: rule-style conditions (the rule editor's fields and operators;
 * a chip reads one through `conditions/rule-text.ts`), and saved filters compared with what
 * the bar holds now.
 */
import { type FilterCondition, fieldTitle } from '../../conditions/fields.ts';

export type { FilterCondition };

export interface SavedFilter {
  id: string;
  name: string;
  conditionsOp: 'and' | 'or';
  conditions: FilterCondition[];
}

export { fieldTitle };

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

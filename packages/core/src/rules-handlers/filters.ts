import type { Budget } from '../budget-file/budget.ts';
import { type HandlerError, handlerError } from '../handlers-core/errors.ts';
import {
  type ConditionsOp,
  type RuleCondition,
  fromInternalField,
  serializeConditions,
} from '../rules/index.ts';

/** A saved transaction filter as the UI sees it (public field names, `conditionsOp`). */
export interface SavedFilter {
  id: string;
  name: string;
  conditionsOp: ConditionsOp;
  conditions: RuleCondition[];
}

/** What `filter-create` and `filter-update` receive (Actual's `{state}` payload). */
export interface FilterState {
  id?: string;
  name?: string | null;
  conditionsOp?: string | null;
  conditions?: unknown[] | null;
}

interface FilterRow {
  id: string;
  name: string | null;
  conditions_op: string | null;
  conditions: string | null;
}

function parseConditions(json: string | null): RuleCondition[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((c): c is RuleCondition => typeof c === 'object' && c !== null)
      .map((c) => (typeof c.field === 'string' ? { ...c, field: fromInternalField(c.field) } : c));
  } catch {
    return [];
  }
}

const toFilter = (row: FilterRow): SavedFilter => ({
  id: row.id,
  name: row.name ?? '',
  conditionsOp: row.conditions_op === 'or' ? 'or' : 'and',
  conditions: parseConditions(row.conditions),
});

// Names compare as the spec says: trimmed, ignoring punctuation (and case and accents).
const collator = new Intl.Collator('en', { ignorePunctuation: true, sensitivity: 'base' });

/** Live saved filters, sorted by name (trimmed, ignoring punctuation), then id. */
export function getFilters(budget: Budget): SavedFilter[] {
  const rows = budget.sqlite.all<FilterRow>(
    'SELECT id, name, conditions_op, conditions FROM transaction_filters WHERE tombstone = 0',
  );
  return rows
    .map(toFilter)
    .sort(
      (a, b) =>
        collator.compare(a.name.trim(), b.name.trim()) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

const sameCondition = (a: RuleCondition, b: RuleCondition): boolean =>
  a.field === b.field && a.op === b.op && JSON.stringify(a.value) === JSON.stringify(b.value);

/** Another saved filter with the same conditions (and operator, when it matters). */
function duplicateOf(
  filters: readonly SavedFilter[],
  conditions: readonly RuleCondition[],
  op: ConditionsOp,
  self: string | undefined,
): SavedFilter | undefined {
  return filters.find(
    (f) =>
      f.id !== self &&
      f.conditions.length === conditions.length &&
      // With one condition the operator changes nothing.
      (conditions.length === 1 || f.conditionsOp === op) &&
      conditions.every((c) => f.conditions.some((fc) => sameCondition(c, fc))),
  );
}

type FilterError = HandlerError<
  'filter-name-required' | 'filter-name-exists' | 'filter-conditions-required' | 'filter-duplicate'
>;

/** Checks a filter as Actual does: a unique name, some conditions, no twin filter. */
function check(budget: Budget, state: FilterState): FilterError | null {
  const name = state.name?.trim() ?? '';
  if (!name) return handlerError('filter-name-required', 'Filter name is required');
  const others = getFilters(budget);
  if (others.some((f) => f.id !== state.id && f.name === state.name)) {
    return handlerError('filter-name-exists', `There is already a filter named ${state.name}`);
  }
  const conditions = (state.conditions ?? []) as RuleCondition[];
  if (conditions.length === 0) {
    return handlerError('filter-conditions-required', 'Conditions are required');
  }
  const twin = duplicateOf(
    others,
    conditions,
    state.conditionsOp === 'or' ? 'or' : 'and',
    state.id,
  );
  if (twin) {
    return handlerError(
      'filter-duplicate',
      `Duplicate filter warning: conditions already exist. Filter name: ${twin.name}`,
    );
  }
  return null;
}

export function createFilter(budget: Budget, state: FilterState): string | FilterError {
  const problem = check(budget, { ...state, id: undefined });
  if (problem) return problem;
  return budget.db.insert('transaction_filters', {
    name: state.name ?? null,
    conditions_op: state.conditionsOp === 'or' ? 'or' : 'and',
    conditions: serializeConditions((state.conditions ?? []) as RuleCondition[]),
    tombstone: 0,
  });
}

export function updateFilter(
  budget: Budget,
  state: FilterState & { id: string },
): 'ok' | FilterError | HandlerError<'filter-not-found'> {
  const exists = budget.sqlite.first(
    'SELECT id FROM transaction_filters WHERE id = ? AND tombstone = 0',
    [state.id],
  );
  if (!exists) return handlerError('filter-not-found', `No filter with id ${state.id}`);
  const problem = check(budget, state);
  if (problem) return problem;
  budget.db.update('transaction_filters', {
    id: state.id,
    name: state.name ?? null,
    conditions_op: state.conditionsOp === 'or' ? 'or' : 'and',
    conditions: serializeConditions((state.conditions ?? []) as RuleCondition[]),
  });
  return 'ok';
}

export function deleteFilter(budget: Budget, id: string): void {
  const exists = budget.sqlite.first(
    'SELECT id FROM transaction_filters WHERE id = ? AND tombstone = 0',
    [id],
  );
  if (exists) budget.db.delete('transaction_filters', id);
}

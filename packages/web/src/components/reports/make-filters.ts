import type { AppStore } from '../../store/store.ts';
import { isComplete } from './controls/ConditionsEditor.tsx';
import type { FilterCondition } from './data/register-filter.ts';
import { isFailure } from '../../backend/backend.ts';

/**
 * A report's conditions as query filters, made by the core exactly as the register makes its
 * own (`make-filters-from-conditions`). Conditions not filled in yet are left out.
 */
export async function makeFilters(
  store: AppStore,
  conditions: readonly FilterCondition[],
): Promise<unknown[]> {
  const complete = conditions.filter(isComplete);
  if (complete.length === 0) return [];
  const made = await store.backend.send('make-filters-from-conditions', {
    conditions: complete,
  });
  return isFailure(made) ? [] : made.filters;
}

/**
 * The rules list's paging and selection (spec section 9: initial page 100, load-more step 50,
 * re-selection buffer 75). Pure, for the test.
 */
import type { EditorRule } from './rule-editor.ts';

export const FIRST_PAGE = 100;
export const PAGE_STEP = 50;
export const SAVED_BUFFER = 75;
/** How close to the bottom (px) the next rules are asked for. */
export const NEAR_BOTTOM = 400;

/** After scrolling near the end: 50 more, never past the rules there are. */
export function loadMore(shown: number, total: number): number {
  return shown < total ? Math.min(total, shown + PAGE_STEP) : shown;
}

/**
 * After a save: the loaded count is kept, or extended so the saved rule is on screen with 75
 * more after it.
 */
export function shownAfterSave(shown: number, savedIndex: number): number {
  if (savedIndex < 0 || savedIndex < shown) return shown;
  return savedIndex + 1 + SAVED_BUFFER;
}

/** The ids still in the list (a deleted or filtered-out rule is no longer selected). */
export function keepSelected(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const present = new Set(ids);
  return new Set([...selected].filter((id) => present.has(id)));
}

export function deleteLabel(n: number): string {
  return `Delete ${n} ${n === 1 ? 'rule' : 'rules'}`;
}

export const SCHEDULE_DELETE_ALERT =
  'Some rules were not deleted because they are linked to schedules';

/** What 'Create new rule' starts from: a payee to match and a category to set. */
export function newRule(): EditorRule {
  return {
    stage: null,
    conditionsOp: 'and',
    conditions: [{ field: 'payee', op: 'is', value: null, type: 'id' }],
    actions: [{ op: 'set', field: 'category', value: null, type: 'id' }],
  };
}

import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import { applyToTagIndex, rebuildTagIndex, tagIndexIsCurrent } from './index-table.ts';

/** The tag index as a derived table: checked at open, rebuilt before the next read by tag. */
export const TAG_INDEX = {
  isCurrent: tagIndexIsCurrent,
  apply: applyToTagIndex,
  rebuild: rebuildTagIndex,
};

export const TagIndexSlot = defineDerivedSlot('tag-index', TAG_INDEX);

export function tagIndex(budget: Budget): DerivedData {
  return budget.get(TagIndexSlot);
}

import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { stepById } from '../search/id-steps.ts';
import {
  applyToTagIndex,
  rebuildTagIndex,
  TAG_INDEX_STEPS,
  tagIndexIsCurrent,
  tagIndexStamp,
} from './index-table.ts';

/** The tag index as a derived table: checked at open, rebuilt before the next read by tag. */
export const TAG_INDEX = {
  isCurrent: tagIndexIsCurrent,
  apply: applyToTagIndex,
  rebuild: rebuildTagIndex,
  steps: (db: SqliteDatabase, resume?: string) => stepById(db, TAG_INDEX_STEPS, undefined, resume),
  stamp: tagIndexStamp,
};

export const TagIndexSlot = defineDerivedSlot('tag-index', TAG_INDEX);

export function tagIndex(budget: Budget): DerivedData {
  return budget.get(TagIndexSlot);
}

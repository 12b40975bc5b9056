import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import { applyToNotesIndex, notesIndexIsCurrent, rebuildNotesIndex } from './notes-index.ts';

/** The search index as a derived table: checked at open, rebuilt before the next search. */
export const SEARCH_INDEX_TABLE = {
  isCurrent: notesIndexIsCurrent,
  apply: applyToNotesIndex,
  rebuild: rebuildNotesIndex,
};

export const SearchIndexSlot = defineDerivedSlot('search-index', SEARCH_INDEX_TABLE);

export function searchIndex(budget: Budget): DerivedData {
  return budget.get(SearchIndexSlot);
}

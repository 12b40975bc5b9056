import type { Budget } from '../budget-file/budget.ts';
import { type DerivedData, defineDerivedSlot } from '../budget-file/derived-data.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { APART_LINES } from './apart-lines.ts';
import { stepById } from './id-steps.ts';
import {
  applyToNotesIndex,
  NOTES_INDEX_STEPS,
  notesIndexIsCurrent,
  rebuildNotesIndex,
  searchStamp,
} from './notes-index.ts';

/** The search index as a derived table: checked at open, rebuilt before the next search. */
export const SEARCH_INDEX_TABLE = {
  isCurrent: notesIndexIsCurrent,
  apply: applyToNotesIndex,
  rebuild: rebuildNotesIndex,
  steps: (db: SqliteDatabase, resume?: string) =>
    stepById(db, NOTES_INDEX_STEPS, undefined, resume),
  stamp: searchStamp,
};

export const SearchIndexSlot = defineDerivedSlot('search-index', SEARCH_INDEX_TABLE);

export function searchIndex(budget: Budget): DerivedData {
  return budget.get(SearchIndexSlot);
}

export const ApartLinesSlot = defineDerivedSlot('apart-lines', APART_LINES);

/** The split lines dated apart from their parent (`apart-lines.ts`). */
export function apartLines(budget: Budget): DerivedData {
  return budget.get(ApartLinesSlot);
}

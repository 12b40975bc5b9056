import { defineBudgetSlot, type Budget } from '../budget-file/budget.ts';
import type { SqliteDatabase } from '../platform/sqlite.ts';
import { applyToNotesIndex, notesIndexIsCurrent, rebuildNotesIndex } from './notes-index.ts';

/**
 * One open budget's search index. Whether it is current is checked at open (three small
 * reads); a stale index ignores change events and is rebuilt before the next search, so an open
 * never pays for a rebuild nobody asked for.
 */
export class SearchIndex {
  private current: boolean;
  private readonly off: () => void;

  constructor(
    private readonly sqlite: SqliteDatabase,
    onChange: Budget['db']['onChange'],
  ) {
    this.current = notesIndexIsCurrent(sqlite);
    this.off = onChange((event) => {
      if (this.current) applyToNotesIndex(this.sqlite, event);
    });
  }

  /** Makes the index current (rebuilding it when the file changed without it). */
  ensure(): void {
    if (this.current) return;
    rebuildNotesIndex(this.sqlite);
    this.current = true;
  }

  close(): void {
    this.off();
  }
}

export const SearchIndexSlot = defineBudgetSlot(
  'search-index',
  (budget) => new SearchIndex(budget.sqlite, (listener) => budget.db.onChange(listener)),
  (index) => index.close(),
);

export function searchIndex(budget: Budget): SearchIndex {
  return budget.get(SearchIndexSlot);
}

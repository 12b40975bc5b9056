/**
 * A search page's notes read once (issue 30). The notes part of `$search` is a trigram match in
 * Coffer's FTS5 index, and a page's statements each asked it again: the rows a page from a date
 * on starts from, each row's test, the page's matched rows. At 100,000 transactions a phrase of
 * common words ("Receipt 123 kept", 29 rows) cost 5–6 ms per match, four times per page. Read
 * here once, before the query compiles, a phrase's ids are bound as a list in each statement.
 *
 * Only up to the bound a page from a date on reads (`OTHER_PART_MOST`): a phrase found in more
 * rows is marked 'many' and compiled as the match, which the register's order then reads.
 */
import type { SqliteDatabase } from '../platform/sqlite.ts';
import type { NotesFound } from './fields.ts';
import type { QueryState } from './query.ts';
import { OTHER_PART_MOST } from './search-cutoff.ts';
import { indexedNotes, TRIGRAM } from './search.ts';
import { bind, sql } from './sql.ts';
import { allRows } from './run-sql.ts';

/** Every `$search` text in the filters (trimmed, long enough for the index). */
function searchTexts(filters: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(filters)) {
    for (const f of filters) searchTexts(f, into);
    return into;
  }
  if (typeof filters !== 'object' || filters === null) return into;
  for (const [key, value] of Object.entries(filters)) {
    if (key === '$and' || key === '$or') searchTexts(value, into);
    if (key !== '$search' || typeof value !== 'object' || value === null) continue;
    const text = (value as { text?: unknown }).text;
    const trimmed = typeof text === 'string' ? text.trim() : '';
    if ([...trimmed].length >= TRIGRAM) into.add(trimmed);
  }
  return into;
}

/**
 * The notes a page of transactions searches for, read from the index, or undefined when the
 * query is not such a page (no limit, another table, no text) or the index is not current.
 */
export function readNotesFound(
  db: SqliteDatabase,
  state: QueryState,
  indexCurrent: boolean,
): NotesFound | undefined {
  if (!indexCurrent || state.table !== 'transactions' || state.limit == null) return undefined;
  const texts = searchTexts(state.filterExpressions ?? [], new Set());
  if (texts.size === 0) return undefined;
  const found = new Map<string, readonly string[] | 'many'>();
  for (const text of texts) {
    const most = OTHER_PART_MOST + 1;
    const ids = allRows(db, sql`${indexedNotes(text)} LIMIT ${bind(most)}`, {});
    found.set(text, ids.length === most ? 'many' : ids.map((r) => String(r.id)));
  }
  return found;
}

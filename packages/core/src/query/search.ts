/**
 * The register's search as one filter, `{$search: {...}}` on `transactions` (issue 30). Names
 * (payee, category, account) arrive as ids, matched by the caller against the lists it holds;
 * notes are matched through Coffer's notes index (`search/`), a trigram FTS5 table. Every part
 * becomes a set of row ids found through an index, so a search reads the rows it matches
 * rather than every transaction joined to its names.
 */
import { type AccountOrderReach, idsByColumn } from './account-order-source.ts';
import { CompileError } from './errors.ts';
import type { Ctx, NotesFound } from './fields.ts';
import type { Sql } from './sql.ts';
import { bind, joinSql, raw, sql } from './sql.ts';

/** Coffer's derived search tables and indexes: never part of a file an Actual client gets. */
export const SEARCH_ROWS_TABLE = 'coffer_search_rows';
export const SEARCH_NOTES_TABLE = 'coffer_search_notes';
/** Coffer's set of split lines dated apart from their parent (`../search/apart-lines.ts`). */
export const APART_LINES_TABLE = 'coffer_apart_lines';
/** Stamps of Coffer's derived data (the search index, the month sums). */
export const SEARCH_META_TABLE = 'coffer_derived_meta';
/**
 * Plain indexes on stored columns the search looked rows up by: each a piece of seconds over
 * every transaction at 1,000,000 (issue 30). The account-order table's indexes serve instead
 * (`account-order.ts`); these are dropped where an older Coffer left them.
 */
export const SEARCH_COLUMN_INDEXES = {
  coffer_trans_payee: 'description',
  coffer_trans_account: 'acct',
  coffer_trans_amount: 'amount',
} as const;

/** The shortest text the trigram index can find; shorter text scans the notes. */
export const TRIGRAM = 3;

export interface SearchFilter {
  /** Text found inside notes (case-insensitive). */
  text?: string;
  payees?: readonly string[];
  categories?: readonly string[];
  accounts?: readonly string[];
  /** Amounts in cents, as stored. */
  amounts?: readonly number[];
  /** A day, 'YYYY-MM-DD'. */
  date?: string;
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

export function checked(value: unknown): SearchFilter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CompileError('$search needs an object');
  }
  const f = value as Record<string, unknown>;
  for (const key of ['payees', 'categories', 'accounts'] as const) {
    if (f[key] !== undefined && !isStringList(f[key])) {
      throw new CompileError(`$search.${key} must be a list of ids`);
    }
  }
  if (f.text !== undefined && typeof f.text !== 'string') {
    throw new CompileError('$search.text must be a string');
  }
  if (
    f.amounts !== undefined &&
    (!Array.isArray(f.amounts) || !f.amounts.every((a) => Number.isInteger(a)))
  ) {
    throw new CompileError('$search.amounts must be a list of whole cents');
  }
  if (f.date !== undefined && (typeof f.date !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(f.date))) {
    throw new CompileError('$search.date must be a YYYY-MM-DD day');
  }
  return f as SearchFilter;
}

const list = (values: readonly (string | number)[]): Sql =>
  joinSql(
    [...new Set(values)].map((v) => bind(v)),
    ', ',
  );

/** An FTS5 phrase: the text as one quoted string, so none of it is read as query syntax. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** A LIKE pattern finding `text` anywhere, its wildcards escaped with `\`. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Notes holding `text`, by a scan of the stored notes (of the rows after `after`, if given). The
 * id bound is kept off the id index (`+id`): read through it, the rows came one by one, 10× the
 * time of the scan at 1,000,000 transactions.
 */
const scanNotes = (text: string, after: string | null = null): Sql =>
  after === null
    ? sql`SELECT id FROM transactions WHERE notes LIKE ${bind(containsPattern(text))} ESCAPE '\\'`
    : sql`SELECT id FROM transactions WHERE +id > ${bind(after)} AND notes LIKE ${bind(containsPattern(text))} ESCAPE '\\'`;

/**
 * The ids of every row (parent, child or plain) the search finds, as one sub-select. While the
 * index's build is under way (`scan`: a new device, a file another client wrote), notes are
 * found through the rows it has indexed and by a scan of the rest, rather than finish the build
 * for this one search (45 s at 1,000,000 transactions, native).
 */
function matchingIds(
  f: SearchFilter,
  scan: { indexedUpTo: string | null } | null,
  reach: AccountOrderReach | null,
  found: NotesFound | null,
): Sql[] {
  const parts: Sql[] = notesIds(f, scan, found);
  if (f.payees?.length) {
    const mapped = sql`SELECT id FROM payee_mapping WHERE targetId IN (${list(f.payees)})`;
    parts.push(idsByColumn(reach, 'description', mapped));
  }
  if (f.categories?.length) {
    // A split parent has no category of its own (v_transactions_internal).
    parts.push(
      sql`SELECT id FROM transactions WHERE isParent = 0 AND category IN (SELECT id FROM category_mapping WHERE transferId IN (${list(f.categories)}))`,
    );
  }
  if (f.accounts?.length) parts.push(idsByColumn(reach, 'acct', list(f.accounts)));
  if (f.amounts?.length) parts.push(idsByColumn(reach, 'amount', list(f.amounts)));
  if (f.date) {
    parts.push(sql`SELECT id FROM transactions WHERE date = ${bind(Number(f.date.replace(/-/g, '')))}`); // prettier-ignore
  }
  return parts;
}

/**
 * The same search as a test of the view's row `a` (`CompileOptions.searchRows`): each part on
 * the column the view shows (its payee and category through the same mappings the id sets
 * read), so a read in the register's order checks the rows it passes and reads no other. Only
 * the notes (and a stored amount of 0, which the view shows for an empty one too) stay sets.
 */
function matchingRow(
  a: string,
  f: SearchFilter,
  scan: { indexedUpTo: string | null } | null,
  reach: AccountOrderReach | null,
  found: NotesFound | null,
): Sql[] {
  const col = (name: string) => raw(`${a}.${name}`);
  const parts: Sql[] = [];
  const notes = notesIds(f, scan, found);
  if (notes.length > 0) parts.push(sql`${col('id')} IN (${joinSql(notes, ' UNION ALL ')})`);
  if (f.payees?.length) parts.push(sql`${col('payee')} IN (${list(f.payees)})`);
  if (f.categories?.length) {
    parts.push(sql`(${col('is_parent')} = 0 AND ${col('category')} IN (${list(f.categories)}))`);
  }
  if (f.accounts?.length) parts.push(sql`${col('account')} IN (${list(f.accounts)})`);
  const amounts = f.amounts ?? [];
  const nonZero = amounts.filter((x) => x !== 0);
  if (nonZero.length > 0) parts.push(sql`${col('amount')} IN (${list(nonZero)})`);
  if (amounts.includes(0)) parts.push(sql`${col('id')} IN (${idsByColumn(reach, 'amount', list([0]))})`); // prettier-ignore
  if (f.date) parts.push(sql`${col('date')} = ${bind(Number(f.date.replace(/-/g, '')))}`);
  return parts;
}

/**
 * The search's parts a page found from a date on reads (`search-cutoff.ts`): the categories
 * (read newest first through Actual's `trans_category_date`), and the others as id sets read
 * through an index each. Null when a part could only be read by a scan (notes while their index
 * builds or shorter than a trigram, payees and amounts before the account-order table is whole)
 * or holds whole accounts: the register's order finds those pages (`search-page.ts`).
 */
export function datedParts(
  f: SearchFilter,
  scan: { indexedUpTo: string | null } | null,
  reach: AccountOrderReach | null,
  found: NotesFound | null = null,
): { categories: readonly string[]; others: Sql[] } | null {
  if (f.accounts?.length) return null;
  const text = f.text?.trim() ?? '';
  if (text && ([...text].length < TRIGRAM || scan !== null)) return null;
  // Notes found past the bound: the page is not found from a date on (`search-cutoff.ts`).
  if (text && found?.get(text) === 'many') return null;
  const byTable = f.payees?.length || f.amounts?.length;
  if (byTable && reach?.from !== null) return null;
  const others = notesIds(f, scan, found);
  if (f.payees?.length) {
    const mapped = sql`SELECT id FROM payee_mapping WHERE targetId IN (${list(f.payees)})`;
    others.push(idsByColumn(reach, 'description', mapped));
  }
  if (f.amounts?.length) others.push(idsByColumn(reach, 'amount', list(f.amounts)));
  if (f.date) {
    others.push(sql`SELECT id FROM transactions WHERE date = ${bind(Number(f.date.replace(/-/g, '')))}`); // prettier-ignore
  }
  return { categories: f.categories ?? [], others };
}

/** The ids of the rows whose notes hold `text`, through the trigram index. */
export const indexedNotes = (text: string): Sql =>
  sql`SELECT r.id FROM ${raw(SEARCH_NOTES_TABLE)} f JOIN ${raw(SEARCH_ROWS_TABLE)} r ON r.rid = f.rowid WHERE f.notes MATCH ${bind(ftsPhrase(text))}`; // prettier-ignore

/** The ids of the rows whose notes hold the search's text (none without text). */
function notesIds(
  f: SearchFilter,
  scan: { indexedUpTo: string | null } | null,
  found: NotesFound | null,
): Sql[] {
  const parts: Sql[] = [];
  const text = f.text?.trim() ?? '';
  const indexed = indexedNotes(text);
  const known = found?.get(text);
  if ([...text].length >= TRIGRAM && scan === null && Array.isArray(known)) {
    parts.push(sql`SELECT value AS id FROM json_each(${bind(JSON.stringify(known))})`);
  } else if ([...text].length >= TRIGRAM && scan === null) {
    parts.push(indexed);
  } else if ([...text].length >= TRIGRAM && scan?.indexedUpTo) {
    // The index holds every row up to that id, kept in step: the rest are scanned.
    parts.push(indexed, scanNotes(text, scan.indexedUpTo));
  } else if (text) {
    parts.push(scanNotes(text));
  }
  return parts;
}

/** `{$search: {...}}` → the root row's id is one the search finds. */
export function compileSearch(ctx: Ctx, value: unknown): Sql {
  if (ctx.state.rootTable !== 'transactions') {
    throw new CompileError('$search is only for transactions');
  }
  const { searchScan, accountOrder, rootAlias, notesFound } = ctx.state;
  const f = checked(value);
  const parts = ctx.state.searchRows
    ? matchingRow(rootAlias, f, searchScan, accountOrder, notesFound)
    : matchingIds(f, searchScan, accountOrder, notesFound);
  if (parts.length === 0) return raw('0');
  for (const t of ['payee_mapping', 'category_mapping']) {
    if (!ctx.state.dependencies.includes(t)) ctx.state.dependencies.push(t);
  }
  if (ctx.state.searchRows) return sql`(${joinSql(parts, ' OR ')})`;
  return sql`${raw(rootAlias)}.id IN (${joinSql(parts, ' UNION ALL ')})`;
}

/** Whether a query's filters use `$search` (the notes index must then be ready). */
export function usesSearch(filters: unknown): boolean {
  if (Array.isArray(filters)) return filters.some(usesSearch);
  if (typeof filters !== 'object' || filters === null) return false;
  return Object.entries(filters).some(
    ([key, value]) => key === '$search' || ((key === '$and' || key === '$or') && usesSearch(value)),
  );
}

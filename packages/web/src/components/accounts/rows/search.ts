/**
 * The register's search (spec: search matches payee, notes, category and account names, plus
 * date and amount). Names are matched here against the lists the app already holds and turned
 * into id filters, so the core tests plain columns instead of joining every row to its names.
 */
import { fold } from '../../kit/ui/autocomplete-logic.ts';
import { readAmount } from '../../kit/ui/arithmetic.ts';
import { type DateFormat, parseDate } from '../../../util/format.ts';

export interface Named {
  id: string;
  name: string;
}

export interface SearchContext {
  /** Payees by display name (a transfer payee named by its account). */
  payees: readonly Named[];
  categories: readonly Named[];
  accounts: readonly Named[];
  dateFormat: DateFormat;
}

const idsMatching = (items: readonly Named[], text: string) =>
  items.filter((i) => fold(i.name).includes(text)).map((i) => i.id);

/**
 * A query filter for the search text, or null when there is nothing to search for. One
 * `$search` filter: the core finds each part through an index (notes through its trigram
 * index), so a search reads the rows it finds, not every transaction.
 */
export function searchFilter(text: string, ctx: SearchContext): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  // '#trip' alone finds the transactions tagged trip (not #trips, nor 'trip' in a payee).
  const tag = /^#([^#\s]+)$/.exec(trimmed)?.[1];
  if (tag) return { notes: { $hastag: tag } };
  const folded = fold(trimmed);
  const search: Record<string, unknown> = { text: trimmed };
  const named = { payees: ctx.payees, categories: ctx.categories, accounts: ctx.accounts };
  for (const [key, items] of Object.entries(named)) {
    const ids = idsMatching(items, folded);
    if (ids.length > 0) search[key] = ids;
  }
  // A number finds that amount paid or received; arithmetic is not a search.
  if (/^[-+(]?[\d.,\s]+\)?$/.test(trimmed)) {
    const r = readAmount(trimmed);
    if (r.ok && r.cents !== null && r.cents !== 0) {
      const cents = Math.abs(r.cents);
      search.amounts = [cents, -cents];
    }
  }
  const date = parseDate(trimmed, ctx.dateFormat);
  if (date) search.date = date;
  return { $search: search };
}

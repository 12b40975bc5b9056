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

/** A query filter for the search text, or null when there is nothing to search for. */
export function searchFilter(text: string, ctx: SearchContext): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const folded = fold(trimmed);
  const any: Record<string, unknown>[] = [];
  const payees = idsMatching(ctx.payees, folded);
  if (payees.length) any.push({ payee: { $oneof: payees } });
  const categories = idsMatching(ctx.categories, folded);
  if (categories.length) any.push({ category: { $oneof: categories } });
  const accounts = idsMatching(ctx.accounts, folded);
  if (accounts.length) any.push({ account: { $oneof: accounts } });
  any.push({ notes: { $like: `%${trimmed}%` } });
  // A number finds that amount paid or received; arithmetic is not a search.
  if (/^[-+(]?[\d.,\s]+\)?$/.test(trimmed)) {
    const r = readAmount(trimmed);
    if (r.ok && r.cents !== null && r.cents !== 0) {
      const cents = Math.abs(r.cents);
      any.push({ amount: cents }, { amount: -cents });
    }
  }
  const date = parseDate(trimmed, ctx.dateFormat);
  if (date) any.push({ date });
  return { $or: any };
}

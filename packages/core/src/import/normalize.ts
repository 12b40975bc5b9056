import type { Budget } from '../budget-file/budget.ts';
import { payeeNameIndex } from '../payees/queries.ts';
import { parseDay } from '../recurrence/index.ts';
import type { TransactionInput } from '../transactions/model.ts';
import { titleCase } from './title.ts';

/** A transaction as an import hands it over (the file's fields after the UI's mapping). */
export interface ImportTransaction {
  date?: string | null;
  amount?: number | null;
  payee_name?: string | null;
  imported_payee?: string | null;
  notes?: string | null;
  imported_id?: string | null;
  cleared?: boolean | null;
  /** A category id, or a category name from the file (matched ignoring case). */
  category?: string | null;
  payee?: string | null;
  subtransactions?: readonly ImportSubtransaction[] | null;
  /** Bank sync only: the row is not posted yet, and the bank's answer for it (as JSON). */
  pending?: boolean | null;
  raw_synced_data?: string | null;
}

export interface ImportSubtransaction {
  amount?: number | null;
  category?: string | null;
  notes?: string | null;
  payee?: string | null;
}

export interface Normalized {
  trans: TransactionInput & { date: string; amount: number };
  subtransactions: TransactionInput[] | null;
}

export interface NewPayee {
  id: string;
  name: string;
}

const KEPT = ['notes', 'imported_id', 'cleared', 'pending', 'raw_synced_data'] as const;

/** Resolves names to payees and categories, creating payee ids only as they are needed. */
class Resolver {
  private payees: Map<string, string> | null = null;
  private categories: Map<string, string> | null = null;
  private categoryIds: Set<string> | null = null;
  readonly pending = new Map<string, NewPayee>();
  private readonly titles = new Map<string, string>();

  constructor(private readonly budget: Budget) {}

  title(name: string): string {
    let titled = this.titles.get(name);
    if (titled === undefined) this.titles.set(name, (titled = titleCase(name)));
    return titled;
  }

  payee(name: string): string {
    const key = name.toLowerCase();
    const known =
      this.pending.get(key)?.id ?? (this.payees ??= payeeNameIndex(this.budget)).get(key);
    if (known) return known;
    const created = { id: this.budget.env.platform.random.uuid(), name };
    this.pending.set(key, created);
    return created.id;
  }

  /**
   * A live category id as given, else the category with that name, else `Group:Category`
   * (Quicken's category:subcategory) by its group's and its own name; null if none, so the
   * import writes no category rather than a wrong one. Names match ignoring case.
   */
  category(value: string): string | null {
    if (!this.categories || !this.categoryIds) {
      const rows = this.budget.sqlite.all<{ id: string; name: string | null; grp: string | null }>(
        `SELECT c.id, c.name, g.name AS grp FROM categories c
         LEFT JOIN category_groups g ON g.id = c.cat_group AND g.tombstone = 0
         WHERE c.tombstone = 0 ORDER BY c.sort_order, c.id`,
      );
      this.categoryIds = new Set(rows.map((r) => r.id));
      const byName = new Map<string, string>();
      this.categories = byName;
      const add = (key: string, id: string) => {
        if (!byName.has(key)) byName.set(key, id);
      };
      for (const r of rows) add((r.name ?? '').toLowerCase(), r.id);
      // Plain names first: a category named like `A:B` wins over group A's category B.
      for (const r of rows) if (r.grp) add(`${r.grp}:${r.name ?? ''}`.toLowerCase(), r.id);
    }
    if (this.categoryIds.has(value)) return value;
    const key = value.trim().toLowerCase();
    const direct = this.categories.get(key);
    if (direct) return direct;
    // Spaces around the colon are the file's layout, not the names'.
    const colon = key.indexOf(':');
    if (colon < 0) return null;
    return (
      this.categories.get(`${key.slice(0, colon).trim()}:${key.slice(colon + 1).trim()}`) ?? null
    );
  }
}

export type NormalizeResult =
  | { ok: true; items: Normalized[]; newPayees: Map<string, NewPayee> }
  | { ok: false; message: string };

function checkOne(t: ImportTransaction, index: number): string | null {
  if (t === null || typeof t !== 'object') return `Transaction ${index + 1} is not an object`;
  if (t.date == null) return '`date` is required when adding a transaction';
  if (typeof t.date !== 'string' || parseDay(t.date) === null)
    return `Invalid date: ${String(t.date)}`;
  if (t.amount == null) return `Transaction on ${t.date} has no amount`;
  if (!Number.isSafeInteger(t.amount)) return `Transaction on ${t.date} has an invalid amount`;
  for (const sub of t.subtransactions ?? []) {
    if (sub.amount != null && !Number.isSafeInteger(sub.amount)) {
      return `Transaction on ${t.date} has a split with an invalid amount`;
    }
  }
  return null;
}

/**
 * Prepares imported transactions the way the importer expects them: payee names trimmed and
 * title-cased, `imported_payee` defaulting to the payee name, the account set, payees resolved
 * by name (new ones get an id now and are created later only if used), category names
 * resolved. Only the fields an import may set are kept, and only when given, so rules see
 * exactly what the file said.
 */
export function normalizeImport(
  budget: Budget,
  accountId: string,
  transactions: readonly ImportTransaction[],
  options: { rawPayeeName?: boolean } = {},
): NormalizeResult {
  const resolve = new Resolver(budget);
  const items: Normalized[] = [];
  // An indexed loop: entries() made an [index, row] array per row.
  for (let index = 0; index < transactions.length; index++) {
    const t = transactions[index]!;
    const problem = checkOne(t, index);
    if (problem) return { ok: false, message: problem };
    // Empty names count as no name; the keys are set even when empty, as rules tell a
    // missing field (never matches) from an empty one.
    let payeeName = t.payee_name;
    if (typeof payeeName === 'string' && payeeName) {
      const trimmed = payeeName.trim();
      // Bank sync keeps the name as the server built it (title case would mangle its IBAN mask).
      payeeName = trimmed === '' ? null : options.rawPayeeName ? trimmed : resolve.title(trimmed);
    }
    const trans: Normalized['trans'] = { date: t.date!, amount: t.amount! };
    for (const key of KEPT) if (t[key] !== undefined) trans[key] = t[key] as never;
    const imported = t.imported_payee || payeeName;
    trans.imported_payee = typeof imported === 'string' ? imported.trim() : imported;
    if (t.category != null) {
      const category = resolve.category(t.category);
      if (category) trans.category = category;
    }
    trans.account = accountId;
    trans.payee = t.payee == null && payeeName ? resolve.payee(payeeName) : t.payee;
    const subtransactions = t.subtransactions?.length
      ? t.subtransactions.map((sub) => {
          const child: TransactionInput = { amount: sub.amount ?? 0, account: accountId };
          if (sub.notes !== undefined) child.notes = sub.notes;
          if (sub.payee) child.payee = sub.payee;
          const category = sub.category ? resolve.category(sub.category) : null;
          if (category) child.category = category;
          return child;
        })
      : null;
    items.push({ trans, subtransactions });
  }
  return { ok: true, items, newPayees: resolve.pending };
}

/**
 * The plain data the budget sheet is computed from: budget rows, held amounts and spending sums
 * per month and category. Kept for every month it is given, created or not, so a month that is
 * created later (bounds extended) starts from the right values.
 */
import type { Month } from '../calendar/months.ts';
import type { BudgetRow, BudgetRowInput, CategoryMonthAmount } from './types.ts';

/** Inputs of the months up to `upTo`, not read yet (see `deferRows`, `deferSpent`). */
interface Deferred<T> {
  upTo: Month;
  read: () => readonly T[];
}

export class BudgetInputStore {
  private readonly rows = new Map<Month, Map<string, BudgetRow>>();
  private readonly held = new Map<Month, number>();
  private readonly spending = new Map<Month, Map<string, number>>();
  private deferred: Deferred<BudgetRowInput> | null = null;
  private deferredSpent: Deferred<CategoryMonthAmount> | null = null;

  /**
   * The rows of the months up to `upTo` are read by `read` the first time anything touches a
   * row of those months: a returning open that starts from the values kept for `upTo` needs
   * none of them before its first screen (3,360 of the open's 4,080 rows at 100k).
   */
  deferRows(upTo: Month, read: () => readonly BudgetRowInput[]): void {
    this.deferred = { upTo, read };
  }

  /** Reads the deferred rows when `month` is one of theirs. */
  private need(month: Month): void {
    const d = this.deferred;
    if (d === null || month > d.upTo) return;
    this.deferred = null;
    for (const r of d.read()) if (r.month <= d.upTo) this.setRow(r.month, r.category, r);
  }

  getRow(month: Month, category: string): BudgetRow | undefined {
    this.need(month);
    return this.rows.get(month)?.get(category);
  }

  setRow(month: Month, category: string, row: BudgetRow | null): void {
    this.need(month);
    let m = this.rows.get(month);
    if (row === null) {
      m?.delete(category);
      return;
    }
    if (!m) this.rows.set(month, (m = new Map()));
    // Rows straight from SQLite may hold NULL amounts or 0/1 flags.
    const amount = typeof row.amount === 'number' && Number.isFinite(row.amount) ? row.amount : 0;
    m.set(category, { amount, carryover: !!row.carryover });
  }

  /**
   * Adds each wanted category's row amounts over the months from `from` to `to` into `into`:
   * one pass over the stored rows, however many months and categories are asked.
   */
  addRowAmounts(from: Month, to: Month, into: Map<string, number>): void {
    this.need(from);
    for (const [month, rows] of this.rows) {
      if (month < from || month > to) continue;
      for (const [category, row] of rows) {
        const sum = into.get(category);
        if (sum !== undefined) into.set(category, sum + row.amount);
      }
    }
  }

  /** Each wanted category's row amount, month by month, over the months from `from` to `to`. */
  eachRowAmount(
    from: Month,
    to: Month,
    wanted: ReadonlySet<string>,
    fn: (month: Month, category: string, amount: number) => void,
  ): void {
    this.need(from);
    for (const [month, rows] of this.rows) {
      if (month < from || month > to) continue;
      for (const [category, row] of rows) if (wanted.has(category)) fn(month, category, row.amount);
    }
  }

  clearRows(): void {
    this.deferred = null;
    this.rows.clear();
  }

  getBuffered(month: Month): number {
    return this.held.get(month) ?? 0;
  }

  setBuffered(month: Month, amount: number): void {
    if (amount === 0) this.held.delete(month);
    else this.held.set(month, amount);
  }

  /**
   * The spending sums of the months up to `upTo` are read by `read` the first time anything
   * touches a sum of those months, as `deferRows` does for the rows: a returning open that
   * starts from the values kept for `upTo` reads the stored sums of the months after it only
   * (a few of the 135 months at 100k).
   */
  deferSpent(upTo: Month, read: () => readonly CategoryMonthAmount[]): void {
    this.deferredSpent = { upTo, read };
  }

  /** Reads the deferred sums when `month` is one of theirs (null: any month). */
  private needSpent(month: Month | null): void {
    const d = this.deferredSpent;
    if (d === null || (month !== null && month > d.upTo)) return;
    this.deferredSpent = null;
    for (const r of d.read()) {
      if (r.month <= d.upTo) this.setSpent(r.month, r.category, this.getSpent(r.month, r.category) + r.amount); // prettier-ignore
    }
  }

  getSpent(month: Month, category: string): number {
    this.needSpent(month);
    return this.spending.get(month)?.get(category) ?? 0;
  }

  /** Every category holding a nonzero sum in some month. */
  spentCategories(): Set<string> {
    this.needSpent(null);
    const out = new Set<string>();
    for (const m of this.spending.values()) for (const c of m.keys()) out.add(c);
    return out;
  }

  /** The months holding a nonzero sum for `category`. */
  spentMonths(category: string): Month[] {
    this.needSpent(null);
    const out: Month[] = [];
    for (const [month, m] of this.spending) if (m.has(category)) out.push(month);
    return out;
  }

  setSpent(month: Month, category: string, amount: number): void {
    this.needSpent(month);
    let m = this.spending.get(month);
    if (!m) this.spending.set(month, (m = new Map()));
    if (amount === 0) m.delete(category);
    else m.set(category, amount);
  }

  /**
   * A digest of every input of the months `from`..`to` (budget rows, held amounts, spending
   * sums): equal digests mean equal inputs, whatever order they were set in. Values kept from
   * the last session are trusted only for the inputs they were computed from.
   */
  digest(from: Month, to: Month): string {
    this.need(from);
    this.needSpent(from);
    const acc = new DigestSum();
    const keys = new Map<string, number>();
    const keyHash = (key: string) => {
      let h = keys.get(key);
      if (h === undefined) keys.set(key, (h = hashString(key)));
      return h;
    };
    for (const [month, rows] of this.rows) {
      if (month < from || month > to) continue;
      const m = hashString(month);
      for (const [category, row] of rows) {
        acc.add(1, m, keyHash(category), row.amount, row.carryover ? 1 : 0);
      }
    }
    for (const [month, amount] of this.held) {
      if (month >= from && month <= to) acc.add(2, hashString(month), 0, amount, 0);
    }
    for (const [month, sums] of this.spending) {
      if (month < from || month > to) continue;
      const m = hashString(month);
      for (const [category, amount] of sums) acc.add(3, m, keyHash(category), amount, 0);
    }
    return acc.value();
  }
}

/** FNV-1a of a string's UTF-16 units. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Murmur3's finalizer: every input bit moves every output bit. */
function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * An order-free digest of a set of entries (kind, month, key, amount, flag): two differently
 * seeded 32-bit hashes of each entry, each summed modulo 2^32, and the count. Entries are
 * distinct (one per kind, month and key), so a sum is enough; a false match needs two 32-bit
 * collisions at once.
 */
class DigestSum {
  private a = 0;
  private b = 0;
  private n = 0;

  add(kind: number, month: number, key: number, amount: number, flag: number): void {
    // The amount's two 32-bit halves (amounts are safe integers; a fraction moves `lo`).
    const hi = Math.floor(amount / 0x100000000);
    const lo = amount - hi * 0x100000000;
    const frac = Math.round((lo % 1) * 0x100000000);
    // Each word goes through one multiply per hash and each hash through one finalizer: a
    // returning open digests every budget row of the budget's life (4,795 entries at 100k
    // transactions) before its first screen, and a finalizer per word made that 14 per entry.
    // The fields are hashed in order (kind, month, key, lo, hi, frac, flag), so a word moved to
    // another field changes both hashes.
    let h1 = Math.imul(0x9e3779b9 ^ kind, 0xcc9e2d51);
    let h2 = Math.imul(0x7f4a7c15 + kind, 0x1b873593);
    h1 = Math.imul(h1 ^ (h1 >>> 15) ^ month, 0xcc9e2d51);
    h2 = Math.imul(h2 ^ (h2 >>> 13) ^ month, 0x1b873593);
    h1 = Math.imul(h1 ^ (h1 >>> 15) ^ key, 0xcc9e2d51);
    h2 = Math.imul(h2 ^ (h2 >>> 13) ^ key, 0x1b873593);
    h1 = Math.imul(h1 ^ (h1 >>> 15) ^ (lo >>> 0), 0xcc9e2d51);
    h2 = Math.imul(h2 ^ (h2 >>> 13) ^ (lo >>> 0), 0x1b873593);
    h1 = Math.imul(h1 ^ (h1 >>> 15) ^ hi, 0xcc9e2d51);
    h2 = Math.imul(h2 ^ (h2 >>> 13) ^ hi, 0x1b873593);
    h1 = Math.imul(h1 ^ (h1 >>> 15) ^ frac, 0xcc9e2d51);
    h2 = Math.imul(h2 ^ (h2 >>> 13) ^ frac, 0x1b873593);
    h1 = Math.imul(h1 ^ (h1 >>> 15) ^ flag, 0xcc9e2d51);
    h2 = Math.imul(h2 ^ (h2 >>> 13) ^ flag, 0x1b873593);
    this.a = (this.a + fmix(h1)) >>> 0;
    this.b = (this.b + fmix(h2 ^ 0x3c6ef372)) >>> 0;
    this.n++;
  }

  value(): string {
    return `${this.n}.${this.a.toString(36)}.${this.b.toString(36)}`;
  }
}

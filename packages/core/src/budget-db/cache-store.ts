/**
 * What the budget keeps in `kvcache` so that a reopen skips the one part of the open that grows
 * with the number of transactions: the spending sums (`sum-amount-<cat>` of each month), one
 * kvcache row per month. Every other cell is computed from them and the budget rows, which
 * costs months × categories whatever the number of rows; storing every cell instead (about five
 * per category and month) made the first open's cache write its most costly step.
 *
 * Trust: Coffer's validity key sits in `kvcache_key` row 2, paired with a meta entry that
 * records the key, the storage format, the category tree and a stamp of the data (the newest
 * message timestamp and the migration count). Sums are used only when all of these match, so a
 * change committed but not yet cached (a crash in between, or Actual editing the file) makes the
 * next open scan afresh; and the current month's sums are checked against the rows (a read
 * through the date index) before the rest are believed. Actual trusts row 1 and clears the whole
 * table when its own cache goes dirty; Coffer deletes row 1 whenever it writes, because
 * Actual must not load Coffer's rows as its cells.
 */
import {
  isKeptMonth,
  isMonth,
  type BudgetBounds,
  type BudgetSheet,
  type CategoryMonthAmount,
  type CellChange,
  type KeptMonth,
  type Month,
} from '../budget/index.ts';
import { structureOf } from '../budget/cache.ts';
import { monthForSheet } from '../calendar/months.ts';
import type { SqliteDatabase } from '../platform/index.ts';

/** A kvcache name Actual would load as an unused cell of a sheet nobody reads. */
export const CACHE_META_KEY = '__coffer!budget-cache';
/**
 * The values a lazy open starts from (`KeptMonth`: every cell of the month before the months on
 * screen), checked at the open against the inputs they were computed from.
 */
export const KEPT_MONTH_KEY = '__coffer!kept-month';
/** `__coffer!sums-YYYY-MM` → `{category: sum}` of that month (nonzero sums only). */
export const SUMS_KEY_PREFIX = '__coffer!sums-';
const KEY_ROW = 2;
/** Bump when what the rows hold changes, so older caches are ignored (1: every cell). */
const STORAGE = 2;
const SUM_AMOUNT = 'sum-amount-';

interface CacheMeta {
  storage: number;
  key: string;
  structure: string;
  stamp: string;
  /** The months the cached sheet had. */
  bounds: BudgetBounds | null;
}

export interface StoredCache {
  /** The category tree the sums were kept for. */
  structure: string;
  /**
   * Every nonzero sum of the months in `bounds`, for the categories of `structure`; with
   * `earlier`, only those of the months after `earlier.upTo`.
   */
  spent: CategoryMonthAmount[];
  /**
   * The sums of the months up to the kept month, not read yet (`readCache`'s `deferEarlier`):
   * `read` gives them, or null when a stored row of those months is not what Coffer wrote.
   */
  earlier: { upTo: Month; read: () => CategoryMonthAmount[] | null } | null;
  bounds: BudgetBounds | null;
  /** The values kept for the next lazy open, or null. */
  kept: KeptMonth | null;
}

/**
 * Changes when anything that could move a cell is committed: every change Coffer or Actual
 * makes is a message. The newest timestamp alone misses a message older than it (one another
 * device made offline, applied by Actual's sync): the newest message row (its rowid, `id` in
 * Actual's schema, one more for every message stored) moves with it. Each MAX is its own
 * subquery, so each is answered from its index's end rather than by a scan.
 */
export function dataStamp(db: SqliteDatabase): string {
  const row = db.first<{ t: string | null; i: number | null; n: number | null }>(
    `SELECT (SELECT MAX(timestamp) FROM messages_crdt) AS t, (SELECT MAX(rowid) FROM messages_crdt) AS i,
      (SELECT COUNT(*) FROM __migrations__) AS n`,
  );
  return `${row?.t ?? ''}|${row?.i ?? 0}|${row?.n ?? 0}`;
}

function readMeta(db: SqliteDatabase): CacheMeta | null {
  const row = db.first<{ value: string }>('SELECT value FROM kvcache WHERE key = ?', [
    CACHE_META_KEY,
  ]);
  if (!row) return null;
  try {
    const meta = JSON.parse(row.value) as CacheMeta;
    return typeof meta === 'object' && meta !== null ? meta : null;
  } catch {
    return null;
  }
}

/**
 * Adds one month's stored sums to `into`; false when the row is not what Coffer wrote (what it
 * added is then left for the caller to drop). Read by every returning open before its first
 * screen (a month per row, 4,000 sums at 100k transactions): `for…in` over the parsed object,
 * not `Object.entries` and a list per month, halved this loop's CPU (6.4 -> 2.9 ms, cold, node).
 */
function addSums(month: Month, text: string, into: CategoryMonthAmount[]): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const sums = parsed as Record<string, unknown>;
  // JSON.parse makes plain objects: every enumerable key is its own.
  for (const category in sums) {
    const amount = sums[category];
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return false;
    into.push({ month, category, amount });
  }
  return true;
}

/**
 * The stored sums when they can be trusted for the database as it is now, else null. With
 * `deferEarlier` and a kept month, only the sums of the months after it are read now (a lazy
 * open starts from the kept values: the earlier months are not needed before its first screen),
 * the others by `earlier.read`.
 */
export function readCache(
  db: SqliteDatabase,
  options: { deferEarlier?: boolean } = {},
): StoredCache | null {
  const keyRow = db.first<{ key: number | null }>('SELECT key FROM kvcache_key WHERE id = ?', [
    KEY_ROW,
  ]);
  if (keyRow?.key == null) return null;
  const meta = readMeta(db);
  if (!meta || meta.storage !== STORAGE || meta.key !== String(keyRow.key)) return null;
  if (meta.stamp !== dataStamp(db)) return null;
  const b = meta.bounds;
  const bounds = b && isMonth(b.start) && isMonth(b.end) && b.start <= b.end ? b : null;
  const kept = readKeptMonth(db);
  // '.' follows '-': the range holds exactly the keys that start with the prefix.
  const end = `${SUMS_KEY_PREFIX.slice(0, -1)}.`;
  const upTo = options.deferEarlier && kept ? kept.month : null;
  const readSums = (sql: string, params: string[]): CategoryMonthAmount[] | null => {
    const spent: CategoryMonthAmount[] = [];
    for (const row of db.all<{ key: string; value: string }>(sql, params)) {
      const month = row.key.slice(SUMS_KEY_PREFIX.length);
      if (!isMonth(month) || !addSums(month, row.value, spent)) return null;
    }
    return spent;
  };
  const range = 'SELECT key, value FROM kvcache WHERE key >= ? AND key < ?';
  if (upTo === null) {
    const spent = readSums(range, [SUMS_KEY_PREFIX, end]);
    return spent && { structure: meta.structure, spent, earlier: null, bounds, kept };
  }
  const last = `${SUMS_KEY_PREFIX}${upTo}`;
  const later = readSums('SELECT key, value FROM kvcache WHERE key > ? AND key < ?', [last, end]);
  if (!later) return null;
  const upToSql = 'SELECT key, value FROM kvcache WHERE key >= ? AND key <= ?';
  const earlier = { upTo, read: () => readSums(upToSql, [SUMS_KEY_PREFIX, last]) };
  return { structure: meta.structure, spent: later, earlier, bounds, kept };
}

function readKeptMonth(db: SqliteDatabase): KeptMonth | null {
  const row = db.first<{ value: string }>('SELECT value FROM kvcache WHERE key = ?', [
    KEPT_MONTH_KEY,
  ]);
  if (!row) return null;
  try {
    const kept: unknown = JSON.parse(row.value);
    return isKeptMonth(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** Makes any stored cache untrusted (reset-budget-cache, or before a full rewrite). */
export function invalidateCache(db: SqliteDatabase): void {
  db.run('DELETE FROM kvcache_key');
}

/**
 * Collects the months whose sums changed and writes their rows in one transaction; `full`
 * rewrites the table from the sheet.
 */
export class CacheWriter {
  private readonly months = new Set<Month>();
  private full = false;
  private dirty = false;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly newKey: () => number,
  ) {}

  get isDirty(): boolean {
    return this.dirty;
  }

  /** Cells that changed: the months of the sums among them are written next time. */
  note(changes: readonly CellChange[]): void {
    for (const c of changes) {
      const bang = c.name.indexOf('!');
      if (bang < 0 || !c.name.startsWith(SUM_AMOUNT, bang + 1)) continue;
      const month = monthForSheet(c.name.slice(0, bang));
      if (month) this.months.add(month);
    }
    this.dirty = true;
  }

  /** Months whose sums rows are to be written next time (a restore's new months). */
  noteMonths(months: readonly Month[]): void {
    for (const month of months) this.months.add(month);
    this.dirty = true;
  }

  /** Something committed (even with no cell change): the stamp must be refreshed. */
  touch(): void {
    this.dirty = true;
  }

  rewriteAll(): void {
    this.full = true;
    this.months.clear();
    this.dirty = true;
  }

  write(sheet: BudgetSheet): void {
    if (!this.dirty) return;
    const key = String(this.newKey());
    const categories = sheet.getCategories().map((c) => c.id);
    const meta: CacheMeta = {
      storage: STORAGE,
      key,
      structure: structureOf(sheet.getGroups(), sheet.getCategories()),
      stamp: dataStamp(this.db),
      bounds: sheet.getBounds(),
    };
    const upsert = 'INSERT OR REPLACE INTO kvcache (key, value) VALUES (?, ?)';
    // Everything is read from the sheet before the table is touched: a sum of a month whose
    // stored row is read when first needed (StoredCache.earlier) is read before it is rewritten.
    const months = this.full ? sheet.getMonths() : [...this.months].filter((m) => sheet.hasMonth(m)); // prettier-ignore
    const rows = months.map((month): [string, string] => {
      const sums: Record<string, number> = {};
      for (const c of categories) {
        // The input, not the cell: a lazily built sheet has no cells in months not yet built.
        const v = sheet.getSpent(month, c);
        if (v !== 0) sums[c] = v;
      }
      return [`${SUMS_KEY_PREFIX}${month}`, JSON.stringify(sums)];
    });
    const kept = sheet.keptMonth();
    this.db.transaction(() => {
      this.db.run('DELETE FROM kvcache_key');
      if (this.full) this.db.run('DELETE FROM kvcache');
      for (const row of rows) this.db.run(upsert, row);
      if (kept) this.db.run(upsert, [KEPT_MONTH_KEY, JSON.stringify(kept)]);
      else this.db.run('DELETE FROM kvcache WHERE key = ?', [KEPT_MONTH_KEY]);
      this.db.run(upsert, [CACHE_META_KEY, JSON.stringify(meta)]);
      this.db.run('INSERT OR REPLACE INTO kvcache_key (id, key) VALUES (?, ?)', [KEY_ROW, key]);
    });
    this.months.clear();
    this.full = false;
    this.dirty = false;
  }
}

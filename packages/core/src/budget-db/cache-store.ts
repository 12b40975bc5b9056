/**
 * The computed cells, persisted in `kvcache` (cell name → JSON value, Actual's format) so a
 * reopened budget starts from them instead of recomputing.
 *
 * Trust: Coffer's validity key sits in `kvcache_key` row 2, paired with a meta entry that
 * records the key, the budget type, the category tree and a stamp of the data (the newest
 * message timestamp and the migration count). A cache is used only when all of these match, so
 * a change committed but not yet cached (a crash in between, or Actual editing the file) makes
 * the next open compute afresh. Actual trusts row 1 and clears the whole table when its own
 * cache goes dirty; Coffer deletes row 1 whenever it writes, because the two programs' cell
 * sets differ and Actual must not load Coffer's cells as its own.
 */
import {
  BUDGET_CACHE_FORMAT,
  isMonth,
  monthForSheet,
  type BudgetBounds,
  type BudgetCache,
  type CategoryMonthAmount,
  type BudgetSheet,
  type BudgetType,
  type CellValue,
} from '../budget/index.ts';
import { structureOf } from '../budget/cache.ts';
import type { SqliteDatabase } from '../platform/index.ts';

/** A kvcache name Actual would load as an unused cell of a sheet nobody reads. */
export const CACHE_META_KEY = '__coffer!budget-cache';
const KEY_ROW = 2;

interface CacheMeta {
  format: number;
  key: string;
  budgetType: BudgetType;
  structure: string;
  stamp: string;
  /** The months the cached sheet had. */
  bounds: BudgetBounds | null;
}

export interface StoredCache {
  cache: BudgetCache;
  bounds: BudgetBounds | null;
}

/** Changes when anything that could move a cell is committed. */
export function dataStamp(db: SqliteDatabase): string {
  const last = db.first<{ t: string | null }>('SELECT MAX(timestamp) AS t FROM messages_crdt');
  const migrations = db.first<{ n: number }>('SELECT COUNT(*) AS n FROM __migrations__');
  return `${last?.t ?? ''}|${migrations?.n ?? 0}`;
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

/** The stored cache when it can be trusted for the database as it is now, else null. */
export function readCache(db: SqliteDatabase): StoredCache | null {
  const keyRow = db.first<{ key: number | null }>('SELECT key FROM kvcache_key WHERE id = ?', [
    KEY_ROW,
  ]);
  if (keyRow?.key == null) return null;
  const meta = readMeta(db);
  if (!meta || meta.key !== String(keyRow.key) || meta.stamp !== dataStamp(db)) return null;
  const values: [string, CellValue][] = [];
  for (const row of db.all<{ key: string; value: string }>('SELECT key, value FROM kvcache')) {
    if (row.key === CACHE_META_KEY) continue;
    try {
      values.push([row.key, JSON.parse(row.value) as CellValue]);
    } catch {
      return null;
    }
  }
  const cache = {
    format: meta.format,
    key: meta.key,
    budgetType: meta.budgetType,
    structure: meta.structure,
    values,
  };
  const b = meta.bounds;
  const bounds = b && isMonth(b.start) && isMonth(b.end) && b.start <= b.end ? b : null;
  return { cache, bounds };
}

/**
 * The spending sums a trusted cache holds: `sum-amount-<cat>` of every cached month. Exact for
 * those months and the cached categories, and nothing else.
 */
export function spentFromCache(cache: BudgetCache): CategoryMonthAmount[] {
  const out: CategoryMonthAmount[] = [];
  for (const [name, value] of cache.values) {
    const bang = name.indexOf('!');
    if (bang < 0 || !name.startsWith(SUM_AMOUNT, bang + 1) || typeof value !== 'number') continue;
    const month = monthForSheet(name.slice(0, bang));
    if (month && value !== 0) {
      out.push({ month, category: name.slice(bang + 1 + SUM_AMOUNT.length), amount: value });
    }
  }
  return out;
}

const SUM_AMOUNT = 'sum-amount-';

/** Makes any stored cache untrusted (reset-budget-cache, or before a full rewrite). */
export function invalidateCache(db: SqliteDatabase): void {
  db.run('DELETE FROM kvcache_key');
}

/**
 * Collects changed cells and writes them in one transaction. `pending` holds the new values of
 * changed cells (null for a deleted cell); `full` rewrites the table from the sheet.
 */
export class CacheWriter {
  private pending = new Map<string, CellValue>();
  private full = false;
  private dirty = false;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly newKey: () => number,
  ) {}

  get isDirty(): boolean {
    return this.dirty;
  }

  note(changes: readonly { name: string; value: CellValue }[]): void {
    for (const c of changes) this.pending.set(c.name, c.value);
    this.dirty = true;
  }

  /** Something committed (even with no cell change): the stamp must be refreshed. */
  touch(): void {
    this.dirty = true;
  }

  rewriteAll(): void {
    this.full = true;
    this.pending.clear();
    this.dirty = true;
  }

  write(sheet: BudgetSheet, entries: () => [string, CellValue][]): void {
    if (!this.dirty) return;
    const key = String(this.newKey());
    const meta: CacheMeta = {
      format: BUDGET_CACHE_FORMAT,
      key,
      budgetType: sheet.budgetType,
      structure: structureOf(sheet.getGroups(), sheet.getCategories()),
      stamp: dataStamp(this.db),
      bounds: sheet.getBounds(),
    };
    const upsert = 'INSERT OR REPLACE INTO kvcache (key, value) VALUES (?, ?)';
    this.db.transaction(() => {
      this.db.run('DELETE FROM kvcache_key');
      if (this.full) {
        this.db.run('DELETE FROM kvcache');
        for (const [name, value] of entries()) this.db.run(upsert, [name, JSON.stringify(value)]);
      } else {
        for (const [name, value] of this.pending) {
          if (value === null) this.db.run('DELETE FROM kvcache WHERE key = ?', [name]);
          else this.db.run(upsert, [name, JSON.stringify(value)]);
        }
      }
      this.db.run(upsert, [CACHE_META_KEY, JSON.stringify(meta)]);
      this.db.run('INSERT OR REPLACE INTO kvcache_key (id, key) VALUES (?, ?)', [KEY_ROW, key]);
    });
    this.pending.clear();
    this.full = false;
    this.dirty = false;
  }
}

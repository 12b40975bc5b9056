import type { Budget } from '../budget-file/budget.ts';
import type { SqlValue } from '../platform/index.ts';
import type { CellChange, CellValue } from '../sync/types.ts';
import { type InputValue, type RowInput, toCellValue } from '../sync/values.ts';
import { type StoredTx, type TxColumn, isAlive } from './model.ts';

const CHUNK = 500;
/** The columns with an SQL default other than null (the rest default to null). */
const SQL_DEFAULTS: Readonly<Partial<Record<TxColumn, number>>> = {
  isParent: 0,
  isChild: 0,
  starting_balance_flag: 0,
  tombstone: 0,
  cleared: 1,
  pending: 0,
  reconciled: 0,
};

/**
 * The transactions one change touches, as they will be once the change commits. Writes go to
 * the write path (buffered by the caller's `db.batch`) and to this overlay, so later steps of
 * the same change (transfers, split checks) read what earlier steps wrote even though SQLite
 * still has the old rows until the batch ends.
 */
export class TxStore {
  private readonly rows = new Map<string, StoredTx | null>();
  private readonly inserted = new Set<string>();
  /** Overlay rows by parent. */
  private readonly byParent = new Map<string, Set<string>>();
  private accounts: Map<string, { offbudget: boolean; closed: boolean }> | null = null;
  private transferAccts: Map<string, string> | null = null;
  private accountPayees: Map<string, string> | null = null;

  /**
   * Rows an enclosing batch wrote before this store existed: SQLite does not show those
   * writes yet, so their updates go through the write path's own comparison.
   */
  private readonly writtenBefore: Set<string>;

  constructor(readonly budget: Budget) {
    this.writtenBefore = budget.db.pendingRowIds('transactions');
  }

  /** Rows the caller already read from SQLite (whole stored rows), so nobody reads them again. */
  seed(rows: Iterable<StoredTx>): void {
    for (const row of rows) if (!this.rows.has(row.id)) this.read(row.id, row);
  }

  private get sqlite() {
    return this.budget.sqlite;
  }

  /** Whole rows, with the extension columns wherever the file keeps them (alias `t`). */
  private get rowsSql(): string {
    return this.budget.db.columns.rowsSql('transactions');
  }

  /** Load rows into the overlay in a few queries (before reading many of them). */
  preload(ids: Iterable<string>): void {
    const missing = [...new Set(ids)].filter((id) => !this.rows.has(id));
    for (let i = 0; i < missing.length; i += CHUNK) {
      const part = missing.slice(i, i + CHUNK);
      const found = this.sqlite.all<StoredTx>(
        `${this.rowsSql} WHERE t.id IN (${part.map(() => '?').join(',')})`,
        part,
      );
      const byId = new Map(found.map((r) => [r.id, r]));
      for (const id of part) this.read(id, byId.get(id) ?? null);
    }
  }

  /** The row as it is now (after this change's writes so far), dead or alive; null if none. */
  get(id: string | null | undefined): StoredTx | null {
    if (!id) return null;
    if (!this.rows.has(id)) {
      this.read(id, this.sqlite.first<StoredTx>(`${this.rowsSql} WHERE t.id = ?`, [id]) ?? null);
    }
    return this.rows.get(id) ?? null;
  }

  wasInserted(id: string): boolean {
    return this.inserted.has(id);
  }

  /** Create a row. The store keeps `row` itself: pass a fresh object and leave it alone. */
  insert(row: StoredTx): void {
    // A column left at its SQL default needs no message: every device's SQLite fills it in
    // when the row is created. For a large import that is a third of the messages. The
    // amount (which an insert needs) always goes, so a row never consists of no message.
    // The cells go straight into the arrays the write path keeps (no object in between).
    const columns: string[] = [];
    const values: CellValue[] = [];
    for (const column in row) {
      const value = row[column as TxColumn];
      if (column === 'id' || value === undefined) continue;
      if (column !== 'amount' && (value ?? null) === (SQL_DEFAULTS[column as TxColumn] ?? null))
        continue;
      columns.push(column);
      values.push(toCellValue('transactions', column, value as InputValue));
    }
    // Its ids are fresh or checked against the table and the batch: nobody has such a row,
    // so inside a batch it is kept as arrays (no message object per cell) and the commit
    // knows its before-image.
    this.budget.db.insertFreshCells('transactions', row.id, columns, values);
    this.inserted.add(row.id);
    this.remember(row.id, row);
  }

  /** Set columns; only the ones whose value changes are written. Returns the ones written. */
  update(id: string, patch: Partial<StoredTx>): Partial<StoredTx> {
    const current = this.get(id);
    // A row an enclosing batch wrote may differ from what SQLite shows: only the write path
    // can tell which of its cells change.
    const stale = this.writtenBefore.has(id);
    const changed: Partial<StoredTx> = {};
    const cells: CellChange[] = [];
    for (const column in patch) {
      const value = patch[column as TxColumn];
      if (column === 'id' || value === undefined) continue;
      if (current && !stale && (current[column as TxColumn] ?? null) === (value ?? null)) continue;
      changed[column as TxColumn] = value;
      cells.push({
        dataset: 'transactions',
        row: id,
        column,
        value: toCellValue('transactions', column, (value ?? null) as InputValue),
      });
    }
    if (cells.length === 0) return changed;
    if (current && !stale) {
      // The overlay holds the row as it will be, so the changed cells go out as they are:
      // asking SQLite again for each of an import's thousands of matches cost more than
      // writing them.
      this.budget.db.send(cells);
    } else {
      this.budget.db.update('transactions', { id, ...changed } as RowInput<'transactions'> & {
        id: string;
      });
    }
    this.remember(id, withChanges(current ?? { id }, changed));
    return changed;
  }

  delete(id: string): void {
    this.update(id, { tombstone: 1 });
  }

  /** Live children of a split parent (the overlay's view). */
  childrenOf(parentId: string): StoredTx[] {
    const ids = new Set(this.byParent.get(parentId) ?? []);
    if (!this.inserted.has(parentId)) {
      const rows = this.sqlite.all<StoredTx>(
        `${this.rowsSql} WHERE t.parent_id = ? AND t.isChild = 1 AND t.tombstone = 0`,
        [parentId],
      );
      for (const row of rows) {
        if (!this.rows.has(row.id)) this.read(row.id, row);
        ids.add(row.id);
      }
    }
    return [...ids]
      .map((id) => this.get(id)!)
      .filter((r) => isAlive(r) && r.parent_id === parentId && r.isChild === 1)
      .sort((a, b) => Number(b.sort_order ?? 0) - Number(a.sort_order ?? 0));
  }

  // ---- accounts and transfer payees (not changed by a transaction batch) ----------------

  account(id: string | null | undefined): { offbudget: boolean; closed: boolean } | null {
    if (!this.accounts) {
      this.accounts = new Map(
        this.sqlite
          .all<{ id: string; offbudget: number | null; closed: number | null }>(
            'SELECT id, offbudget, closed FROM accounts WHERE tombstone = 0',
          )
          .map((a) => [a.id, { offbudget: a.offbudget === 1, closed: a.closed === 1 }]),
      );
    }
    return id ? (this.accounts.get(id) ?? null) : null;
  }

  /** The account a (raw) payee id transfers to, through payee_mapping; null if none. */
  transferAccount(payee: SqlValue | undefined): string | null {
    if (payee === null || payee === undefined) return null;
    if (!this.transferAccts) this.loadTransferPayees();
    return this.transferAccts!.get(String(payee)) ?? null;
  }

  /** The transfer payee of an account. */
  payeeOfAccount(acct: string): string | null {
    if (!this.accountPayees) this.loadTransferPayees();
    return this.accountPayees!.get(acct) ?? null;
  }

  private loadTransferPayees(): void {
    const rows = this.sqlite.all<{ id: string; target: string; acct: string }>(
      `SELECT pm.id AS id, p.id AS target, p.transfer_acct AS acct
       FROM payee_mapping pm
       JOIN payees p ON p.id = pm.targetId AND p.tombstone = 0
       JOIN accounts a ON a.id = p.transfer_acct AND a.tombstone = 0`,
    );
    this.transferAccts = new Map(rows.map((r) => [r.id, r.acct]));
    this.accountPayees = new Map(rows.filter((r) => r.id === r.target).map((r) => [r.acct, r.id]));
  }

  /**
   * A row as SQLite holds it (null: none). SQLite does not change until the write batch ends,
   * so this is also the row's before-image, which the commit then need not read again.
   */
  private read(id: string, row: StoredTx | null): void {
    this.budget.db.noteRowBefore('transactions', id, row);
    this.remember(id, row);
  }

  private remember(id: string, row: StoredTx | null): void {
    const before = this.rows.get(id);
    if (before?.parent_id) this.byParent.get(String(before.parent_id))?.delete(id);
    this.rows.set(id, row);
    if (row?.parent_id) add(this.byParent, String(row.parent_id), id);
  }
}

/**
 * A copy of `row` with `changed` applied. A spread of a row in V8's fast mode (every row read
 * from SQLite, every inserted one) clones its hidden class, and setting columns it already has
 * keeps it. Built key by key from `{ id }` instead, a copy as wide as a transaction dropped to
 * dictionary mode: an import of 50,000 made 12,620 of them at about 3 KB each (37 MB, most of
 * it promoted by the scavenges), where the spread makes 250-byte ones in a tenth of the time.
 */
function withChanges(row: StoredTx, changed: Partial<StoredTx>): StoredTx {
  const out = { ...row };
  for (const key in changed) out[key as TxColumn] = changed[key as TxColumn];
  return out;
}

function add(map: Map<string, Set<string>>, key: string, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

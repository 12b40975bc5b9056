import type { FreshRow } from './fresh-rows.ts';
import type { Stamped } from './apply.ts';

/**
 * The cells an open batch writes, indexed lazily: only `BudgetDb.update` asks (whether a cell
 * whose stored value equals the new one is still changed by the batch), so a batch of inserts
 * never builds the index, and each question indexes only what came since the last.
 */
export class PendingCells {
  private readonly cells = new Set<string>();
  private messagesIndexed = 0;
  private freshIndexed = 0;

  has(
    pending: readonly Stamped[],
    fresh: readonly FreshRow[],
    table: string,
    row: string,
    column: string,
  ): boolean {
    for (; this.messagesIndexed < pending.length; this.messagesIndexed++) {
      const m = pending[this.messagesIndexed]!.message;
      this.cells.add(`${m.dataset}\u0000${m.row}\u0000${m.column}`);
    }
    for (; this.freshIndexed < fresh.length; this.freshIndexed++) {
      const f = fresh[this.freshIndexed]!;
      for (const c of f.columns) this.cells.add(`${f.dataset}\u0000${f.row}\u0000${c}`);
    }
    return this.cells.has(`${table}\u0000${row}\u0000${column}`);
  }

  clear(): void {
    this.cells.clear();
    this.messagesIndexed = 0;
    this.freshIndexed = 0;
  }
}

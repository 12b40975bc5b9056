import type { Budget } from '../budget-file/budget.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import type { TransactionInput } from '../transactions/model.ts';

export interface FixSplitsResult {
  numBlankPayees: number;
  numCleared: number;
  numDeleted: number;
}

/**
 * Repair split transactions (Settings → Repair split transactions), in three passes:
 * children without a payee take their parent's; children whose cleared flag differs from
 * their parent's take the parent's; live children of a deleted or missing parent are deleted.
 */
export function fixSplitTransactions(budget: Budget): FixSplitsResult {
  const sqlite = budget.sqlite;
  const apply = (updated: (TransactionInput & { id: string })[]) => {
    if (updated.length === 0) return;
    const result = batchUpdateTransactions(budget, { updated }, { detectOrphanPayees: false });
    // The ids come straight from the table; failing here is a bug.
    if ('error' in result) throw new Error(result.error.message);
  };

  const blank = sqlite.all<{ id: string; parentPayee: string }>(
    `SELECT t.id, p.payee AS parentPayee FROM v_transactions_internal t
     LEFT JOIN v_transactions_internal p ON t.parent_id = p.id
     WHERE t.is_child = 1 AND t.payee IS NULL AND p.payee IS NOT NULL`,
  );

  const cleared = sqlite.all<{ id: string; cleared: number }>(
    `SELECT t.id, p.cleared FROM v_transactions_internal t
     LEFT JOIN v_transactions_internal p ON t.parent_id = p.id
     WHERE t.is_child = 1 AND t.cleared != p.cleared`,
  );

  const orphans = sqlite.all<{ id: string }>(
    `SELECT t.id FROM v_transactions_internal t
     LEFT JOIN v_transactions_internal p ON t.parent_id = p.id
     WHERE t.is_child = 1 AND t.tombstone = 0 AND (p.tombstone = 1 OR p.id IS NULL)`,
  );

  // Counted before any repair: fixing one split's payees also settles its cleared flags.
  apply(blank.map((r) => ({ id: r.id, payee: r.parentPayee })));
  apply(cleared.map((r) => ({ id: r.id, cleared: r.cleared === 1 })));
  apply(orphans.map((r) => ({ id: r.id, tombstone: true })));

  return { numBlankPayees: blank.length, numCleared: cleared.length, numDeleted: orphans.length };
}

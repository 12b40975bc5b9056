/**
 * Which accounts' balances a committed change can move (issue 30). A cell read from the month
 * sums is a sum over a set of accounts (named by the accounts table: `cell-read.ts`); a write
 * that changed plain transactions of other accounts, and nothing else, leaves it as it was, so
 * it is not read again. At 100,000 rows a register edit re-read every such cell (the sidebar's
 * balance of each account and its totals), tens of milliseconds of a browser's worker per save.
 */
import type { ChangeEvent, Row } from '../sync/types.ts';

const isSplitRow = (row: Row): boolean => row.isParent === 1 || row.isChild === 1;

/**
 * The accounts whose sums the change can move, or null when it can move any cell: a table
 * besides transactions changed (an account closed or taken off budget moves a cell's set), or a
 * row appeared, went, changed its tombstone or is a split row (a line's parent decides whether
 * it counts, and the balance over parents is corrected by the split rows, whatever their
 * account). Otherwise each row counts in its account before and after (when its amount, account
 * or date changed), and nowhere else.
 */
export function accountsMoved(event: ChangeEvent): ReadonlySet<string> | null {
  if (event.tables.some((t) => t !== 'transactions')) return null;
  const changes = event.changes.get('transactions');
  if (!changes) return null;
  const accounts = new Set<string>();
  for (const { old, new: now } of changes) {
    if (!old || !now || isSplitRow(old) || isSplitRow(now)) return null;
    if (old.tombstone !== now.tombstone) return null;
    // A cell over accounts sums their dated rows' amounts (cell-read.ts): a change of anything
    // else (a category, cleared, notes: most register edits) moves none of them. A category
    // change re-read the sums of its account's cells in every save (issue 30).
    if (old.acct === now.acct && old.amount === now.amount && old.date === now.date) continue;
    for (const acct of [old.acct, now.acct]) {
      if (typeof acct === 'string') accounts.add(acct);
      else if (acct !== null) return null;
    }
  }
  return accounts;
}

/** Whether a cell summed over `summed` (null: not by accounts) may have moved. */
export function mayMove(
  summed: readonly string[] | null,
  moved: ReadonlySet<string> | null,
): boolean {
  return summed === null || moved === null || summed.some((a) => moved.has(a));
}

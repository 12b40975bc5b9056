import type { RegisterTx } from '../types.ts';

/** One line of the register: a transaction (a split's parent too) or a line of a split. */
export type DisplayRow =
  | { kind: 'txn'; key: string; tx: RegisterTx; balance: number | null }
  | { kind: 'child'; key: string; tx: RegisterTx; parent: RegisterTx; last: boolean }
  /** Under a split whose lines do not add up: what is left, with Distribute and Add line. */
  | { kind: 'split-left'; key: string; parent: RegisterTx; left: number };

/**
 * The rows as shown: each split's lines under it (and what is left to assign, when they do
 * not add up), and (when `total` is the balance of every row of the query, newest first) each
 * transaction's running balance: the balance after it.
 */
export function displayRows(groups: readonly RegisterTx[], total: number | null): DisplayRow[] {
  const out: DisplayRow[] = [];
  let balance = total;
  for (const tx of groups) {
    out.push({ kind: 'txn', key: tx.id, tx, balance });
    if (balance !== null) balance -= tx.amount;
    const children = tx.subtransactions ?? [];
    children.forEach((child, i) =>
      out.push({
        kind: 'child',
        key: child.id,
        tx: child,
        parent: tx,
        last: i === children.length - 1,
      }),
    );
    if (tx.is_parent && children.length > 0) {
      const left = splitRemainder(
        tx.amount,
        children.map((c) => c.amount),
      );
      if (left !== 0) out.push({ kind: 'split-left', key: `${tx.id}:left`, parent: tx, left });
    }
  }
  return out;
}

/** What is left to assign of a split: its amount minus its lines' (0 when they add up). */
export function splitRemainder(parentAmount: number, lineAmounts: readonly number[]): number {
  return parentAmount - lineAmounts.reduce((sum, a) => sum + a, 0);
}

/**
 * Spreads what is left over the lines: over the lines with no amount yet when there are any,
 * otherwise over every line; cents that do not divide evenly go to the first lines. Returns
 * the new amounts (the same list when nothing is left).
 */
export function distribute(parentAmount: number, lineAmounts: readonly number[]): number[] {
  const left = splitRemainder(parentAmount, lineAmounts);
  if (left === 0 || lineAmounts.length === 0) return [...lineAmounts];
  const empty = lineAmounts.map((a, i) => (a === 0 ? i : -1)).filter((i) => i >= 0);
  const targets = empty.length > 0 ? empty : lineAmounts.map((_, i) => i);
  const share = Math.trunc(left / targets.length);
  let extra = left - share * targets.length;
  const out = [...lineAmounts];
  for (const i of targets) {
    const step = extra === 0 ? 0 : Math.sign(extra);
    out[i] = out[i]! + share + step;
    extra -= step;
  }
  return out;
}

/**
 * Which budget months Actual has made so far in a sequence, worked out from the operations
 * alone: asking Actual (`getBudgetMonths`, `getBudgetMonth`) makes months, which changes the
 * figures the test compares, so the tag that needs this must not ask.
 *
 * Actual makes months only when it computes its budget bounds (opening the budget, reading
 * months, `setBudgetCarryover` and the hold methods, which check their month): from three
 * months before the earliest non-split-line row, or before this month when that is later,
 * counting deleted rows too (its query does not skip tombstones). Months once made stay.
 * Adding rows makes none, and `setBudgetAmount` checks no month.
 *
 * Three documented divergences depend on it: `budget-month-before-made`,
 * `deleted-category-made-months` and `deleted-category-unmade-months` (see `divergences.ts`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- rows come from three different APIs */
import type { Op } from './ops.ts';
import type { View } from './view.ts';

type Row = Record<string, any>;

/** 'YYYY-MM' plus `n` months (negative: before). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** This month by the local clock, as Actual reads it. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

const earlier = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;

/** The categories a `deleteCategory` / `deleteGroup` removes. */
export async function goneCategories(view: View, args: Row): Promise<Set<string>> {
  return new Set<string>(
    args.cat
      ? [args.cat.id]
      : (await view.categories()).filter((c) => c.group_id === args.group.id).map((c) => c.id),
  );
}

export class MadeMonths {
  /** The first month made: a fresh budget has no rows, so three before this month. */
  private first = addMonths(thisMonth(), -3);
  /** The earliest date of a row deleted so far (Actual still counts it). */
  private gone: string | null = null;
  /** Budget amounts set so far, by category and month (`id|YYYY-MM`). */
  private readonly budgets = new Map<string, number>();

  /**
   * Called once an operation is resolved, before it runs: notes what it deletes and, when it
   * computes the bounds, the months that makes. Returns its tag, if any.
   */
  async before(op: Op, view: View, args: Row): Promise<string[]> {
    if (op.op === 'delete' || (op.op === 'update' && args.target.row.transfer_id)) {
      // The row goes, or (an update away from a transfer payee) its other side, on its date
      // (a split line's is its parent's, which Actual counts).
      this.gone = earlier(this.gone, args.target.row.date);
    }
    if (op.op === 'deleteAccount') {
      const { flat } = await view.transactions();
      for (const t of flat) {
        if (t.row.account === args.acct.id && !t.row.is_child) {
          this.gone = earlier(this.gone, t.row.date);
        }
      }
    }
    if (
      op.op === 'update' &&
      !args.target.row.is_child &&
      args.fields.date &&
      args.fields.date > args.target.row.date &&
      (await this.startMovesPastUnmade(view, args))
    ) {
      return ['budget-month-before-made'];
    }
    if (op.op === 'carryover' || op.op === 'hold' || op.op === 'resetHold') {
      const { flat } = await view.transactions();
      let earliest = earlier(this.gone, thisMonth());
      for (const t of flat) if (!t.row.is_child) earliest = earlier(earliest, t.row.date);
      const from = addMonths(earliest!.slice(0, 7), -3);
      if (from < this.first) {
        this.first = from;
        // An amount set earlier for what is now the month just before the first made one:
        // Actual makes that month blank beside them and never reads the amount back.
        if (this.hasAmount(addMonths(from, -1))) return ['budget-month-before-made'];
      }
    }
    if (op.op === 'budget') {
      this.budgets.set(`${args.cat.id}|${args.month}`, op.amount);
      if (args.month === addMonths(this.first, -1)) return ['budget-month-before-made'];
    }
    if (op.op === 'deleteCategory' || op.op === 'deleteGroup') {
      const tags = await this.movedToUnmadeMonths(view, args);
      if (await this.leftInMadeMonths(view, args)) tags.push('deleted-category-made-months');
      return tags;
    }
    return [];
  }

  /** Whether some category has a non-zero amount set for this month. */
  private hasAmount(month: string): boolean {
    for (const [key, amount] of this.budgets) {
      if (amount !== 0 && key.endsWith(`|${month}`)) return true;
    }
    return false;
  }

  /**
   * An update that moves the earliest row later: the budget's months then start later. A month
   * with an amount that was inside them only while Actual made none (Coffer makes a month as soon
   * as rows reach it) falls out: Actual never counts that amount, Coffer carries it on.
   */
  private async startMovesPastUnmade(view: View, args: Row): Promise<boolean> {
    const { flat } = await view.transactions();
    let before = earlier(this.gone, thisMonth());
    let after = before;
    for (const t of flat) {
      if (t.row.is_child) continue;
      before = earlier(before, t.row.date);
      after = earlier(after, t.row.id === args.target.row.id ? args.fields.date : t.row.date);
    }
    const from = addMonths(before!.slice(0, 7), -3);
    const to = addMonths(after!.slice(0, 7), -3);
    for (const [key, amount] of this.budgets) {
      const month = key.split('|')[1]!;
      if (amount !== 0 && month >= from && month < to && month < this.first) return true;
    }
    return false;
  }

  /**
   * A category deleted into a replacement while it has a budget amount in a month Actual has not
   * made: Actual moves amounts only in the months it has made, so that month, made later, shows
   * the replacement without it (`deleted-category-unmade-months`). Called before
   * `leftInMadeMonths`, which books the moves.
   */
  private async movedToUnmadeMonths(view: View, args: Row): Promise<string[]> {
    if (!args.to) return [];
    const gone = await goneCategories(view, args);
    if (gone.has(args.to.id)) return [];
    for (const [key, amount] of this.budgets) {
      const [cat, month] = key.split('|') as [string, string];
      if (amount !== 0 && month < this.first && gone.has(cat)) {
        return ['deleted-category-unmade-months'];
      }
    }
    return [];
  }

  /**
   * Whether a category delete leaves something of a deleted category in a month Actual has
   * made: a budget amount (a replacement gets it added, the deleted category keeps it), or
   * rows pointing at it (no replacement, or one deleted too). 6.9 keeps such a category's
   * leftover in the months it made before the delete.
   */
  private async leftInMadeMonths(view: View, args: Row): Promise<boolean> {
    const gone = await goneCategories(view, args);
    let budgeted = false;
    for (const [key, amount] of [...this.budgets]) {
      const [cat, month] = key.split('|') as [string, string];
      if (!gone.has(cat) || amount === 0) continue;
      if (month >= this.first) budgeted = true;
      if (args.to && !gone.has(args.to.id) && month >= this.first) {
        // Actual adds the amounts to the replacement's in the months it has made.
        const to = `${args.to.id}|${month}`;
        this.budgets.set(to, (this.budgets.get(to) ?? 0) + amount);
      }
    }
    if (budgeted) return true;
    if (args.to && !gone.has(args.to.id)) return false;
    const { flat } = await view.transactions();
    return flat.some(
      (t) => t.row.category && gone.has(t.row.category) && t.row.date.slice(0, 7) >= this.first,
    );
  }
}

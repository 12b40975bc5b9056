/**
 * Split parents added with a category, which no read shows (every version's reads give a
 * parent no category), so the `split-dissolved-category` tag remembers them from the calls.
 * When that category was deleted without a live replacement, the plain row the parent becomes
 * counts in the deleted category, which 6.9 keeps in the months it made before the delete
 * (`deleted-category-made-months`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- rows come from three different APIs */
import { goneCategories } from './made-months.ts';
import type { Op } from './ops.ts';
import type { View } from './view.ts';

type Row = Record<string, any>;

const keyOf = (account: string, date: string, amount: number) => `${account} ${date} ${amount}`;

export class SplitCategories {
  /** Parent (account, date, amount) → the category it was added with. */
  private readonly parents = new Map<string, string>();
  /** Categories deleted with no live replacement. */
  private readonly orphaned = new Set<string>();

  /** Called once an operation is resolved, before it runs. Returns its tag, if any. */
  async before(op: Op, view: View, args: Row): Promise<string[]> {
    if (op.op === 'add' || op.op === 'import') {
      for (const tx of args.txs as Row[]) {
        if (tx.subtransactions?.length && tx.category) {
          this.parents.set(keyOf(args.acct.id, tx.date, tx.amount ?? 0), tx.category);
        }
      }
    }
    if (op.op === 'deleteCategory' || op.op === 'deleteGroup') {
      const gone = await goneCategories(view, args);
      if (!args.to || gone.has(args.to.id)) for (const id of gone) this.orphaned.add(id);
    }
    if (op.op !== 'delete' || !args.target.row.is_child) return [];
    // Deleting a split's last line makes the parent a plain row.
    const parentId = args.target.row.parent_id;
    const { flat } = await view.transactions();
    if (flat.filter((t) => t.row.is_child && t.row.parent_id === parentId).length !== 1) return [];
    const parent = flat.find((t) => t.row.id === parentId)?.row;
    const category = parent && this.parents.get(keyOf(parent.account, parent.date, parent.amount));
    if (!category) return [];
    return this.orphaned.has(category)
      ? ['split-dissolved-category', 'deleted-category-made-months']
      : ['split-dissolved-category'];
  }
}

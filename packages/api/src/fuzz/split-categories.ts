/**
 * Split parents added with a category, which no read shows (every version's reads give a
 * parent no category), so the `split-dissolved-category` tag remembers them from the calls.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- rows come from three different APIs */
import type { Op } from './ops.ts';
import type { View } from './view.ts';

type Row = Record<string, any>;

const keyOf = (account: string, date: string, amount: number) => `${account} ${date} ${amount}`;

export class SplitCategories {
  private readonly parents = new Set<string>();

  /** Called once an operation is resolved, before it runs. Returns its tag, if any. */
  async before(op: Op, view: View, args: Row): Promise<string[]> {
    if (op.op === 'add' || op.op === 'import') {
      for (const tx of args.txs as Row[]) {
        if (tx.subtransactions?.length && tx.category) {
          this.parents.add(keyOf(args.acct.id, tx.date, tx.amount ?? 0));
        }
      }
    }
    if (op.op !== 'delete' || !args.target.row.is_child) return [];
    // Deleting a split's last line makes the parent a plain row.
    const parentId = args.target.row.parent_id;
    const { flat } = await view.transactions();
    if (flat.filter((t) => t.row.is_child && t.row.parent_id === parentId).length !== 1) return [];
    const parent = flat.find((t) => t.row.id === parentId)?.row;
    if (!parent || !this.parents.has(keyOf(parent.account, parent.date, parent.amount))) return [];
    return ['split-dissolved-category'];
  }
}

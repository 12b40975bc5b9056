/**
 * Rows whose category was deleted into another (`deleteCategory` / `deleteCategoryGroup` with a
 * replacement). Actual keeps such a row's stored category and maps it on read; when the row's
 * account moves on or off budget it recomputes only the stored categories' figures, so the
 * replacement's can stay as they were (the `offbudget-merged-category` tag).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- rows come from three different APIs */
import { goneCategories } from './made-months.ts';
import type { Op } from './ops.ts';
import type { View } from './view.ts';

type Row = Record<string, any>;

export class MergedCategories {
  private readonly rows = new Set<string>();
  /**
   * Rows whose category was deleted without a replacement, by that category's group: deleting
   * the group into a category later points them there too (as Actual does).
   */
  private readonly orphans = new Map<string, string>();

  /** Called once an operation is resolved, before it runs. Returns its tag, if any. */
  async before(op: Op, view: View, args: Row): Promise<string[]> {
    if (op.op === 'deleteCategory' || op.op === 'deleteGroup') {
      const gone = await goneCategories(view, args);
      const group = args.cat ? args.cat.group_id : args.group.id;
      const { flat } = await view.transactions();
      const hit = flat.filter((t) => t.row.category && gone.has(t.row.category));
      if (!args.to || gone.has(args.to.id)) {
        for (const t of hit) this.orphans.set(t.row.id, group);
        return [];
      }
      for (const t of hit) this.rows.add(t.row.id);
      if (op.op === 'deleteGroup') {
        for (const [row, of] of [...this.orphans]) {
          if (of !== group) continue;
          this.rows.add(row);
          this.orphans.delete(row);
        }
      }
    }
    // Another category is stored as given: the row no longer goes through the mapping.
    if (
      op.op === 'update' &&
      args.fields.category !== undefined &&
      args.fields.category !== args.target.row.category
    ) {
      this.rows.delete(args.target.row.id);
      this.orphans.delete(args.target.row.id);
    }
    if (op.op !== 'offbudget' || !!args.acct.offbudget === op.offbudget) return [];
    const { flat } = await view.transactions();
    const merged = flat.some(
      (t) => this.rows.has(t.row.id) && t.row.account === args.acct.id && t.row.category,
    );
    return merged ? ['offbudget-merged-category'] : [];
  }
}

import type { Budget } from '../budget-file/budget.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';

/** The note of a category, group, account or month (by that entity's id), or null. */
export function getNote(budget: Budget, id: string): string | null {
  return (
    budget.sqlite.first<{ note: string | null }>('SELECT note FROM notes WHERE id = ?', [id])
      ?.note ?? null
  );
}

/**
 * Notes are keyed by the id of what they annotate, so saving one creates or replaces the row.
 * Undo puts the note back to what it was (null for a note that did not exist).
 */
export const notesModule = defineModule('notes', {
  'notes-save': handler({
    args: v.object({ id: v.string(), note: v.nullable(v.string()) }),
    undoable: true,
    needsBudget: true,
    run({ id, note }, ctx) {
      ctx.requireBudget().db.update('notes', { id, note });
      return {};
    },
  }),

  /** {id} → the note text, or null. */
  'notes-get': handler({
    args: v.object({ id: v.string() }),
    needsBudget: true,
    run: ({ id }, ctx) => getNote(ctx.requireBudget(), id),
  }),
});

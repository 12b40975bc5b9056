import type { Budget } from '../budget-file/budget.ts';
import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { batchUpdateTransactions } from '../transactions/batch.ts';
import { checkTagName, renameTagInNotes, tagsInNotes } from './parse.ts';
import { listTags, taggedNotes, tagRows } from './queries.ts';

/** Colours are stored as Actual stores them: `#rrggbb`, or none for the default. */
const COLOR = /^#[0-9a-fA-F]{6}$/;

function badColor(color: string | null | undefined) {
  if (color == null || COLOR.test(color)) return null;
  return handlerError('invalid-color', 'A tag colour is written #rrggbb');
}

function nameProblem(text: string) {
  const checked = checkTagName(text);
  return checked.ok ? null : handlerError('invalid-name', checked.message);
}

const liveTag = (budget: Budget, name: string) =>
  tagRows(budget).find((r) => r.tag === name && r.tombstone !== 1) ?? null;

/** Record a tag, or bring back the deleted row of the same name (as Actual does). */
function recordTag(
  budget: Budget,
  fields: { tag: string; color?: string | null; description?: string | null },
): string {
  const db = budget.db;
  const old = tagRows(budget).find((r) => r.tag === fields.tag);
  const cells = { color: fields.color ?? null, description: fields.description ?? null };
  if (old) {
    db.update('tags', { id: old.id, tag: fields.tag, ...cells, hidden: false, tombstone: 0 });
    return old.id;
  }
  return db.insert('tags', { tag: fields.tag, ...cells, hidden: false, tombstone: 0 });
}

/**
 * Tag handlers with Actual's names (`tags-get`, `tags-create`, `tags-update`, `tags-delete`,
 * `tags-rename`, `tags-discover`). Rename rewrites the notes that use the tag in the same
 * undo step; renaming onto a tag that exists is refused with `tag-exists` unless `merge` says
 * to fold the two (the screen asks first).
 */
export const tagsModule = defineModule('tags', {
  'tags-get': handler({
    needsBudget: true,
    run: (_args: undefined, ctx) => listTags(ctx.requireBudget()),
  }),

  /** {tag, color?, description?} → the tag's id. */
  'tags-create': handler({
    args: v.object({
      tag: v.string(),
      color: v.optional(v.nullable(v.string())),
      description: v.optional(v.nullable(v.string())),
    }),
    undoable: true,
    needsBudget: true,
    run({ tag, color, description }, ctx) {
      const budget = ctx.requireBudget();
      const problem = nameProblem(tag) ?? badColor(color);
      if (problem) return problem;
      const name = (checkTagName(tag) as { name: string }).name;
      if (liveTag(budget, name)) {
        return handlerError('tag-exists', `There is already a tag #${name}`);
      }
      return budget.db.batch(() => recordTag(budget, { tag: name, color, description }));
    },
  }),

  /** {id, color?, description?, hidden?}: the notes are not touched. */
  'tags-update': handler({
    args: v.object({
      id: v.string(),
      color: v.optional(v.nullable(v.string())),
      description: v.optional(v.nullable(v.string())),
      hidden: v.optional(v.boolean()),
    }),
    undoable: true,
    needsBudget: true,
    run({ id, color, description, hidden }, ctx) {
      const budget = ctx.requireBudget();
      const problem = badColor(color);
      if (problem) return problem;
      if (!tagRows(budget).some((r) => r.id === id && r.tombstone !== 1)) {
        return handlerError('tag-not-found', `No tag with id ${id}`);
      }
      budget.db.update('tags', { id, color, description, hidden });
      return null;
    },
  }),

  /** {ids}: the records go; notes keep their `#words`, which discovery can record again. */
  'tags-delete': handler({
    args: v.object({ ids: v.array(v.string()) }),
    undoable: true,
    needsBudget: true,
    run({ ids }, ctx) {
      const budget = ctx.requireBudget();
      const live = new Set(
        tagRows(budget)
          .filter((r) => r.tombstone !== 1)
          .map((r) => r.id),
      );
      const missing = ids.find((id) => !live.has(id));
      if (missing) return handlerError('tag-not-found', `No tag with id ${missing}`);
      budget.db.batch(() => {
        for (const id of ids) budget.db.delete('tags', id);
      });
      return null;
    },
  }),

  /** {id, tag, merge?} → {id, merged}: the tag and every note that uses it, in one step. */
  'tags-rename': handler({
    args: v.object({ id: v.string(), tag: v.string(), merge: v.optional(v.boolean()) }),
    undoable: true,
    needsBudget: true,
    run({ id, tag, merge }, ctx) {
      const budget = ctx.requireBudget();
      const problem = nameProblem(tag);
      if (problem) return problem;
      const name = (checkTagName(tag) as { name: string }).name;
      const rows = tagRows(budget);
      const self = rows.find((r) => r.id === id && r.tombstone !== 1);
      if (!self?.tag) return handlerError('tag-not-found', `No tag with id ${id}`);
      if (self.tag === name) return { id, merged: false };
      const target = rows.find((r) => r.tag === name && r.tombstone !== 1 && r.id !== id);
      if (target && !merge) {
        return handlerError(
          'tag-exists',
          `There is already a tag #${name}. Merge #${self.tag} into it?`,
        );
      }
      const updated = taggedNotes(budget)
        .filter((t) => tagsInNotes(t.notes).includes(self.tag!))
        .map((t) => ({ id: t.id, notes: renameTagInNotes(t.notes, self.tag!, name) }));
      const failed = budget.db.batch(() => {
        // The notes first: a refused batch writes nothing, so the tag is left as it was too.
        const result = batchUpdateTransactions(budget, { updated }, { runTransfers: false });
        if ('error' in result) return result;
        if (target) budget.db.delete('tags', id);
        else {
          // A deleted record of the new name would clash in Actual's table (its `tag` is UNIQUE).
          const stale = rows.find((r) => r.tag === name && r.tombstone === 1);
          if (stale) budget.db.update('tags', { id: stale.id, tag: null });
          budget.db.update('tags', { id, tag: name });
        }
        return null;
      });
      if (failed) return failed;
      return { id: target ? target.id : id, merged: target !== undefined };
    },
  }),

  /** Record every tag the notes use and the table lacks → the names added. */
  'tags-discover': handler({
    undoable: true,
    needsBudget: true,
    run(_args: undefined, ctx) {
      const budget = ctx.requireBudget();
      const known = new Set(
        tagRows(budget)
          .filter((r) => r.tombstone !== 1)
          .map((r) => r.tag),
      );
      const found: string[] = [];
      for (const { notes } of taggedNotes(budget)) {
        for (const tag of tagsInNotes(notes)) {
          if (known.has(tag) || !checkTagName(tag).ok) continue;
          known.add(tag);
          found.push(tag);
        }
      }
      budget.db.batch(() => {
        for (const tag of found) recordTag(budget, { tag });
      });
      return found.sort();
    },
  }),
});

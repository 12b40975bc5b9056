import type { Budget } from '../budget-file/budget.ts';
import { tagsInNotes } from './parse.ts';

/** A recorded tag as `tags-get` returns it. */
export interface TagInfo {
  id: string;
  tag: string;
  color: string | null;
  description: string | null;
  hidden: boolean;
  /** Live transactions whose notes hold the tag (a split's lines count one by one). */
  count: number;
}

interface TagRow {
  id: string;
  tag: string | null;
  color: string | null;
  description: string | null;
  hidden: number | null;
  tombstone: number | null;
}

/** Every row of the tags table, deleted ones too (a name made again takes its old row back). */
export function tagRows(budget: Budget): TagRow[] {
  return budget.sqlite.all<TagRow>(budget.db.columns.rowsSql('tags'));
}

/** Live transactions whose notes may hold a tag, with their notes. */
export function taggedNotes(budget: Budget): Array<{ id: string; notes: string }> {
  return budget.sqlite.all<{ id: string; notes: string }>(
    "SELECT id, notes FROM transactions WHERE tombstone = 0 AND notes LIKE '%#%'",
  );
}

/** How many live transactions hold each tag named in notes. */
export function tagCounts(budget: Budget): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { notes } of taggedNotes(budget)) {
    for (const tag of tagsInNotes(notes)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Live tags by name (as Actual sorts them), each with its count. */
export function listTags(budget: Budget): TagInfo[] {
  const counts = tagCounts(budget);
  return tagRows(budget)
    .filter((r) => r.tombstone !== 1 && r.tag)
    .map((r) => ({
      id: r.id,
      tag: r.tag!,
      color: r.color,
      description: r.description,
      hidden: r.hidden === 1,
      count: counts.get(r.tag!) ?? 0,
    }))
    .sort((a, b) => collator.compare(a.tag, b.tag) || (a.tag < b.tag ? -1 : 1));
}

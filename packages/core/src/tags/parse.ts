/**
 * How a transaction's notes hold tags, read exactly as Actual 26.9 reads them (checked against
 * its api in interop tests): a tag is a `#` that does not follow another `#`, then one or more
 * characters up to the next space or `#`. So `#trip,` is the tag `trip,`, `a#b` holds `b`,
 * `#a#b` holds `a` and `b`, and `##trip` is no tag (the doubled `#` is how a note says a plain
 * `#`). Names are compared exactly: `#Trip` and `#trip` are two tags.
 *
 * One parser for every place that reads notes: the register's chips, counts, filters, rules,
 * reports, rename and discovery.
 */

/** The tag at each `#` that starts one; group 1 is the name. */
const TAG = /(?<!#)#([^#\s]+)/g;

/** The distinct tag names in the notes, in the order they first appear. */
export function tagsInNotes(notes: string | null | undefined): string[] {
  if (!notes || !notes.includes('#')) return [];
  const seen = new Set<string>();
  for (const m of notes.matchAll(TAG)) seen.add(m[1]!);
  return [...seen];
}

export type NotePart = { kind: 'text'; text: string } | { kind: 'tag'; tag: string };

/** The notes cut into plain text and tags, for showing tags as chips. */
export function noteParts(notes: string | null | undefined): NotePart[] {
  if (!notes) return [];
  const parts: NotePart[] = [];
  let at = 0;
  for (const m of notes.matchAll(TAG)) {
    if (m.index > at) parts.push({ kind: 'text', text: notes.slice(at, m.index) });
    parts.push({ kind: 'tag', tag: m[1]! });
    at = m.index + m[0].length;
  }
  if (at < notes.length) parts.push({ kind: 'text', text: notes.slice(at) });
  return parts;
}

/**
 * The tags a 'has tag' condition names, as Actual 26.9 reads its value: each run of characters
 * other than spaces and `#`, a leading `#` or several optional ('trip #food' is `trip` and
 * `food`), each once.
 */
export function tagsInFilterValue(value: string): string[] {
  return [...new Set(Array.from(value.matchAll(/#*([^#\s]+)/g), (m) => m[1]!))];
}

/**
 * Whether the notes hold the tag compared without case, as Actual's rules do (its filters
 * compare exactly, as `hasTag` does).
 */
export function hasTagIgnoringCase(notes: string | null | undefined, tag: string): boolean {
  return notes ? hasTag(notes.toLowerCase(), tag.toLowerCase()) : false;
}

/** Whether the notes hold the tag (a whole tag: `#trip` is not in `#trips`). */
export function hasTag(notes: string | null | undefined, tag: string): boolean {
  if (!notes || !notes.includes('#')) return false;
  for (const m of notes.matchAll(TAG)) if (m[1] === tag) return true;
  return false;
}

/** The notes with every `#from` written `#to`; everything else stays as it was. */
export function renameTagInNotes(notes: string, from: string, to: string): string {
  return notes.replace(TAG, (whole, name: string) => (name === from ? `#${to}` : whole));
}

/** The word being typed at `caret` when it is a tag so far: what `#` suggestions complete. */
export function tagAtCaret(
  notes: string,
  caret: number,
): { start: number; end: number; prefix: string } | null {
  let start = caret;
  while (start > 0 && !/[\s#]/.test(notes[start - 1]!)) start--;
  if (start === 0 || notes[start - 1] !== '#') return null;
  if (start >= 2 && notes[start - 2] === '#') return null;
  let end = caret;
  while (end < notes.length && !/[\s#]/.test(notes[end]!)) end++;
  return { start: start - 1, end, prefix: notes.slice(start, caret) };
}

export const TAG_NAME_BLANK = 'A tag needs a name';
export const TAG_NAME_SPACES = 'A tag name cannot contain spaces or #';
export const TAG_NAME_PUNCTUATION = 'A tag name cannot be only punctuation';

export type TagNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** Punctuation, and the ASCII signs a person reads as punctuation. */
const PUNCTUATION_ONLY = /^[\p{P}$+<=>^`|~]+$/u;

/**
 * The one check of a tag's name, for the tags page and the handlers: trimmed; refused when
 * empty, when it could not be read back from notes (a space or `#` ends a tag), or when it is
 * only punctuation (`#...` in a note is more likely an ellipsis than a tag worth keeping).
 */
export function checkTagName(text: string): TagNameCheck {
  const name = text.trim().replace(/^#/, '');
  if (name === '') return { ok: false, message: TAG_NAME_BLANK };
  if (/[\s#]/.test(name)) return { ok: false, message: TAG_NAME_SPACES };
  if (PUNCTUATION_ONLY.test(name)) return { ok: false, message: TAG_NAME_PUNCTUATION };
  return { ok: true, name };
}

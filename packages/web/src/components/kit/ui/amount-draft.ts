/**
 * What an amount field shows, derived in render from its value rather than copied in an effect:
 * a table that reuses a field for another figure (the budget's month columns are keyed by
 * position) then paints the new figure in the same frame, not one frame later.
 *
 * A draft is the text the user typed (or the one a commit left) over the value it was made
 * against. It stands while that value does; a new value from outside (a sync, an undo, another
 * month) replaces it unless the user is typing in the field at that moment.
 */
export interface AmountDraft {
  /** The text in the field. */
  text: string;
  /** The text the edit started from: the draft is dirty when `text` differs from it. */
  start: string;
  /** The value (and format) the draft was made against. */
  value: number | null;
  format: unknown;
  /** The sign toggle's state (rules: inflow or outflow). */
  negative: boolean;
  /** The field's own refusal of the text. */
  error: string | null;
}

/** Whether `draft` still stands for `value` shown in `format` (`focused`: the field has focus). */
export function draftStands(
  draft: AmountDraft,
  value: number | null,
  format: unknown,
  focused: boolean,
): boolean {
  if (draft.value === value && draft.format === format) return true;
  return focused && draft.text !== draft.start;
}

/** The sign a value shows: its own, or for a zero or blank the one chosen before. */
export function signOf(value: number | null, chosen: boolean): boolean {
  return value !== null && value !== 0 ? value < 0 : chosen;
}

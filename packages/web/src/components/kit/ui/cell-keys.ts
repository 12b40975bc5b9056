/**
 * The keyboard habits of a spreadsheet-like table (Actual's and YNAB's): Enter saves and moves
 * down, Shift+Enter up, Tab and Shift+Tab across, arrows up and down move, Escape reverts. Every
 * kit input reports how an edit ended as a CommitReason; the table that owns it moves focus.
 */

export type CommitReason = 'enter' | 'shift-enter' | 'tab' | 'shift-tab' | 'up' | 'down' | 'blur';

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * How a key ends an edit, or null when the input keeps the key. In a table cell (`cell`) Tab
 * and the vertical arrows end it too; in a form they do what a form does (Tab moves focus and
 * the blur commits).
 */
export function commitReasonForKey(e: KeyLike, cell: boolean): CommitReason | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'Enter':
      return e.shiftKey ? 'shift-enter' : 'enter';
    case 'Tab':
      return cell ? (e.shiftKey ? 'shift-tab' : 'tab') : null;
    case 'ArrowUp':
      return cell ? 'up' : null;
    case 'ArrowDown':
      return cell ? 'down' : null;
    default:
      return null;
  }
}

/**
 * Whether Enter in a picker inside a form goes on to submit the form. An Enter that takes an
 * item (the list is open, or the text was typed or moved through) only picks: the person sees
 * what was picked before a second Enter, with nothing open, or the form's button submits. A
 * cell never submits anything.
 */
export function enterSubmits(state: { cell: boolean; listOpen: boolean; dirty: boolean }): boolean {
  return !state.cell && !state.listOpen && !state.dirty;
}

export interface GridPos {
  row: number;
  col: number;
}

/**
 * Where focus goes after an edit ended at `pos` in a rows × cols grid: down or up a row in the
 * same column, or across columns, wrapping to the next or previous row at the ends. Null when
 * the move would leave the grid (or the edit ended by a blur, which goes nowhere).
 */
export function moveAfter(
  pos: GridPos,
  reason: CommitReason,
  rows: number,
  cols: number,
): GridPos | null {
  const at = (row: number, col: number) =>
    row >= 0 && row < rows && col >= 0 && col < cols ? { row, col } : null;
  switch (reason) {
    case 'enter':
    case 'down':
      return at(pos.row + 1, pos.col);
    case 'shift-enter':
    case 'up':
      return at(pos.row - 1, pos.col);
    case 'tab':
      return pos.col + 1 < cols ? at(pos.row, pos.col + 1) : at(pos.row + 1, 0);
    case 'shift-tab':
      return pos.col > 0 ? at(pos.row, pos.col - 1) : at(pos.row - 1, cols - 1);
    case 'blur':
      return null;
  }
}

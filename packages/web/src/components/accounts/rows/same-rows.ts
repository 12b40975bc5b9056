import type { RegisterTx } from '../types.ts';

/**
 * The rows just read, with every row that has not changed since the last read given back as
 * the very object shown before (and the old list itself when nothing changed): a read after a
 * write (the core's answer, a sync, the tables-changed refresh) then re-renders only the rows
 * it changed, since the rows are memoised on their props (PhoneTxRow, the desktop's rows), and
 * a read that changed nothing re-renders nothing.
 */
export function keepUnchanged(shown: RegisterTx[], read: readonly RegisterTx[]): RegisterTx[] {
  const byId = new Map(shown.map((row) => [row.id, row]));
  let same = shown.length === read.length;
  const out = read.map((row, i) => {
    const old = byId.get(row.id);
    const kept = old !== undefined && sameData(old, row) ? old : row;
    if (kept !== shown[i]) same = false;
    return kept;
  });
  return same ? shown : out;
}

/** Equal as data: the core's rows are plain JSON (numbers, strings, booleans, null, lists). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) && sameData(Reflect.get(a, k), Reflect.get(b, k)),
  );
}

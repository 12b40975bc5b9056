/** Multi-select in the register: click toggles, Shift+click takes a range, select all. */

export interface Selection {
  ids: ReadonlySet<string>;
  /** Where a Shift+click range starts: the last row clicked without Shift. */
  anchor: string | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/**
 * A click on a row's checkbox. `order` is the rows' ids as shown. With Shift the rows from the
 * anchor to this one take the anchor's state (all selected, or all cleared).
 */
export function clickSelect(
  sel: Selection,
  id: string,
  order: readonly string[],
  shift: boolean,
): Selection {
  const ids = new Set(sel.ids);
  if (shift && sel.anchor !== null) {
    const from = order.indexOf(sel.anchor);
    const to = order.indexOf(id);
    if (from >= 0 && to >= 0) {
      const on = ids.has(sel.anchor);
      const [lo, hi] = from < to ? [from, to] : [to, from];
      for (let i = lo; i <= hi; i++) {
        if (on) ids.add(order[i]!);
        else ids.delete(order[i]!);
      }
      return { ids, anchor: sel.anchor };
    }
  }
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Drops ids that are no longer shown (deleted, filtered out), keeping the rest. */
export function keepShown(sel: Selection, shown: ReadonlySet<string>): Selection {
  if ([...sel.ids].every((id) => shown.has(id))) return sel;
  const ids = new Set([...sel.ids].filter((id) => shown.has(id)));
  return { ids, anchor: sel.anchor && shown.has(sel.anchor) ? sel.anchor : null };
}

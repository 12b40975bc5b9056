/** How near the end of the loaded rows a long table asks for the next page. */
export const LOAD_MORE_WITHIN = 100;

/**
 * Whether a long list should ask for its next page: the last row in view is within `within`
 * rows of the end of those loaded. A list whose first page is only what fits on screen (the
 * rule editor's preview) asks with a small `within`, so it does not read a second page before
 * anyone scrolls.
 */
export function nearEnd(lastInView: number, loaded: number, within: number): boolean {
  return loaded > 0 && lastInView >= loaded - within;
}

/**
 * Counts the components React renders under elements of given classes, through the hook React
 * calls on each commit for its developer tools (its production build calls it too): a page's
 * init script, read with `window.__renders` (an object of counts, one per class). A component
 * rendered in a commit carries React's PerformedWork flag (1); a subtree React skipped shares
 * its children with the tree before and is not walked (its fibers keep older commits' flags).
 * Used by e2e/phone-editor-open.test.ts and the phone bench (`--count-renders`).
 */
export function countRenders(classes: readonly string[]): string {
  return `
  (() => {
    const CLASSES = ${JSON.stringify(classes)};
    const zero = () => Object.fromEntries(CLASSES.map((c) => [c, 0]));
    window.__renders = zero();
    window.__resetRenders = () => { window.__renders = zero(); };
    const COMPONENT = new Set([0, 1, 11, 14, 15]);
    const HOST = 5;
    const walk = (fiber, where) => {
      for (let f = fiber; f; f = f.sibling) {
        let here = where;
        if (f.tag === HOST && f.stateNode && f.stateNode.classList) {
          here = CLASSES.find((c) => f.stateNode.classList.contains(c)) ?? here;
        }
        if (here && COMPONENT.has(f.tag) && (f.flags & 1) === 1) window.__renders[here] += 1;
        if (f.alternate && f.child === f.alternate.child) continue;
        walk(f.child, here);
      }
    };
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id, root) => walk(root.current, null),
    };
  })();
`;
}

import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * Leaving a screen that holds unsaved work asks first, whichever way the person leaves: a link
 * elsewhere in the app (the tab bar) or the browser's Back (a phone's back gesture). The
 * router here is a plain `BrowserRouter`, which has no blocker, so the guard works on the
 * browser's own history:
 *  - while `dirty`, one extra entry with the same address sits on top of the screen's own; Back
 *    takes only that entry away (the screen stays, nothing is lost) and `ask` is called; Keep
 *    puts the entry back, Leave goes back for real;
 *  - a tap on a link outside `root` is held (before the router sees it) and `ask` is called;
 *    Leave then follows it in the screen's place.
 * `leave(go)` is how the screen itself leaves (Save, Cancel): it first takes the extra entry
 * away, so the screen's own Back and the history after it stay as if the guard had not been.
 */
export function useLeaveGuard(
  root: RefObject<HTMLElement | null>,
  dirty: () => boolean,
  ask: (leave: () => void, keep: () => void) => void,
): { leave: (go: () => void) => void; leaveBack: () => void; arm: () => void } {
  const navigate = useNavigate();
  // Whether the extra entry is on the history now, and what to do once it has been taken away.
  const armed = useRef(false);
  const afterPop = useRef<(() => void) | null>(null);
  const latest = useRef({ dirty, ask });
  latest.current = { dirty, ask };

  const arm = () => {
    if (armed.current) return;
    armed.current = true;
    window.history.pushState(window.history.state, '', window.location.href);
  };

  const leave = (go: () => void) => {
    if (!armed.current) return go();
    armed.current = false;
    afterPop.current = go;
    window.history.back();
  };

  /**
   * Leaves back to the entry before the screen's own: the extra entry and the screen's in one
   * step of the history (one traversal, not two: on a phone each is a trip through the browser
   * before the screen behind can paint).
   */
  const leaveBack = () => {
    if (!armed.current) return void navigate(-1);
    armed.current = false;
    window.history.go(-2);
  };

  useEffect(() => {
    const onPop = () => {
      const then = afterPop.current;
      if (then) {
        afterPop.current = null;
        return then();
      }
      if (!armed.current) return;
      // Back took the extra entry: the screen's own entry is current again.
      armed.current = false;
      if (!latest.current.dirty()) return window.history.back();
      latest.current.ask(
        () => window.history.back(),
        () => arm(),
      );
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || root.current?.contains(link)) return;
      if (link.target && link.target !== '_self') return;
      const to = new URL(link.href);
      if (to.origin !== window.location.origin || !latest.current.dirty()) return;
      // Held before the router's own handler: it never sees this tap.
      e.preventDefault();
      e.stopPropagation();
      // Left for good: the discarded editor takes no place in the history (Back from where
      // the link went returns to the screen before the editor).
      latest.current.ask(
        () => leave(() => void navigate(to.pathname + to.search + to.hash, { replace: true })),
        () => {},
      );
    };
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick, true);
    };
  }, [root, navigate]);

  return { leave, leaveBack, arm };
}

import { memo, useLayoutEffect, useRef } from 'react';
import { NavLink } from 'react-router';

/** Where sheets and menus stop, so they never cover the tab bar (kit.css, modal.css). */
export const TAB_BAR_HEIGHT_VAR = '--tab-bar-height';

/**
 * The phone's tab bar, on every narrow page: always a way to the budget, accounts, settings.
 * Memoised: the shell renders again on every tap that opens or leaves the phone's editor, and
 * each of its links works out its address and whether it is the current one (issue 29: a tap's
 * whole budget is a few ms of a phone's main thread); the router's own changes still reach it.
 */
export const BottomNav = memo(function BottomNav() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(TAB_BAR_HEIGHT_VAR, `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TAB_BAR_HEIGHT_VAR);
    };
  }, []);
  return (
    <nav ref={ref} className="bottom-nav" aria-label="Main">
      <NavLink to="/budget">Budget</NavLink>
      <NavLink to="/accounts">Accounts</NavLink>
      <NavLink to="/settings">Settings</NavLink>
    </nav>
  );
});

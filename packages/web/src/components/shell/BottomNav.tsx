import { useLayoutEffect, useRef } from 'react';
import { NavLink } from 'react-router';

/** Where sheets and menus stop, so they never cover the tab bar (kit.css, modal.css). */
export const TAB_BAR_HEIGHT_VAR = '--tab-bar-height';

/** The phone's tab bar, on every narrow page: always a way to the budget, accounts, settings. */
export function BottomNav() {
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
}

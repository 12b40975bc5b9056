import { useSyncExternalStore } from 'react';

export const BREAKPOINTS = { small: 512, medium: 730, wide: 1100 } as const;
export const FLOATING_SIDEBAR_BELOW = 668;

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/**
 * One function, not one per render: React reads a store again after each commit whose
 * `getSnapshot` changed, and on a phone (a page with a viewport) reading `innerWidth` lays the
 * page out at once, the editor's or the list's new elements in the middle of a tap's task.
 */
function windowWidth(): number {
  return window.innerWidth;
}

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, windowWidth);
}

/**
 * The phone layout: a narrow window, or a touch screen turned sideways (a phone in landscape is
 * wide but short, and gets the phone's screens rather than the desktop's squeezed). The CSS
 * says the same: `@media (max-width: 511px), (pointer: coarse) and (max-height: 511px)`.
 */
export const NARROW_QUERY = `(max-width: ${BREAKPOINTS.small - 1}px), (pointer: coarse) and (max-height: ${BREAKPOINTS.small - 1}px)`;

/** Whether the window has the phone layout now (`useResponsive().isNarrow`, outside React). */
export function isNarrowNow(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY).matches
    : window.innerWidth < BREAKPOINTS.small;
}

export function useResponsive() {
  const width = useWindowWidth();
  const isNarrow = useSyncExternalStore(subscribe, isNarrowNow);
  return {
    width,
    isNarrow,
    isSmall: width < BREAKPOINTS.medium,
    isMedium: width >= BREAKPOINTS.medium && width < BREAKPOINTS.wide,
    isWide: width >= BREAKPOINTS.wide,
  };
}

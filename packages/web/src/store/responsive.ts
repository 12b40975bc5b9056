import { useSyncExternalStore } from 'react';

export const BREAKPOINTS = { small: 512, medium: 730, wide: 1100 } as const;
export const FLOATING_SIDEBAR_BELOW = 668;

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth);
}

export function useResponsive() {
  const width = useWindowWidth();
  return {
    width,
    isNarrow: width < BREAKPOINTS.small,
    isSmall: width < BREAKPOINTS.medium,
    isMedium: width >= BREAKPOINTS.medium && width < BREAKPOINTS.wide,
    isWide: width >= BREAKPOINTS.wide,
  };
}

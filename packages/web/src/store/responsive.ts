import { useEffect, useState } from 'react';

export const BREAKPOINTS = { small: 512, medium: 730, wide: 1100 } as const;
export const FLOATING_SIDEBAR_BELOW = 668;

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

/** What the layout depends on: the window's width and whether it has the phone layout. */
interface Viewport {
  width: number;
  isNarrow: boolean;
}

function readViewport(): Viewport {
  return { width: window.innerWidth, isNarrow: isNarrowNow() };
}

/**
 * The viewport, read as the calling component mounts and again when the window resizes (or the
 * phone query's answer changes), never in a render that follows anything else: on a phone (a
 * page with a viewport) reading `innerWidth` lays the page out at once, and `matchMedia` parses
 * its query, and the shell renders on every tap that opens or leaves the phone's editor, where
 * a store's snapshot was read twice per render (issue 29).
 */
function useViewport(): Viewport {
  const [now, setNow] = useState(readViewport);
  useEffect(() => {
    const update = () => {
      const next = readViewport();
      setNow((was) => (was.width === next.width && was.isNarrow === next.isNarrow ? was : next));
    };
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
    window.addEventListener('resize', update);
    query?.addEventListener('change', update);
    // A resize between the first render and this subscription: caught at the next frame.
    const frame = requestAnimationFrame(update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', update);
      query?.removeEventListener('change', update);
    };
  }, []);
  return now;
}

export function useWindowWidth(): number {
  return useViewport().width;
}

export function useResponsive() {
  const { width, isNarrow } = useViewport();
  return {
    width,
    isNarrow,
    isSmall: width < BREAKPOINTS.medium,
    isMedium: width >= BREAKPOINTS.medium && width < BREAKPOINTS.wide,
    isWide: width >= BREAKPOINTS.wide,
  };
}

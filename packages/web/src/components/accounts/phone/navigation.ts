import type { NavigateFunction } from 'react-router';

/**
 * Leaving a phone screen: back to where the person came from when the app took them here (the
 * router counts its own entries in `history.state.idx`), else to `fallback` (a link opened
 * straight into the editor has nowhere in the app to go back to).
 */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  if (canGoBack()) void navigate(-1);
  else void navigate(fallback);
}

/** Whether the app took the person to this screen (the router's own entries before it). */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
  return idx > 0;
}

/** Focus the field `id` once the current tap or key has finished (quick add's next field). */
export function focusNext(id: string, from: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    // A tap elsewhere already chose where to go: leave it there.
    if (active && active !== document.body && active !== from) return;
    document.getElementById(id)?.focus();
  });
}

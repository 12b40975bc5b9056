import type { NavigateFunction } from 'react-router';

/**
 * Leaving a phone screen: back to where the person came from when the app took them here (the
 * router counts its own entries in `history.state.idx`), else to `fallback` (a link opened
 * straight into the editor has nowhere in the app to go back to).
 */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
  if (idx > 0) void navigate(-1);
  else void navigate(fallback);
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

import type { Location, NavigateFunction } from 'react-router';

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

/**
 * The page the phone's editor covers, kept in the editor's history entry: on a phone the editor
 * opens as a layer over that page, which stays mounted and painted under it (FinancesApp.tsx),
 * so opening the editor mounts only the editor and leaving it unmounts only the editor.
 */
export interface Under {
  under: Pick<Location, 'pathname' | 'search' | 'hash' | 'state' | 'key'>;
}

/** The state for a link to the editor from `location` (the page it will cover). */
export function editorState(location: Location): Under {
  const { pathname, search, hash, state, key } = location;
  return { under: { pathname, search, hash, state: stateOf(state) ? null : state, key } };
}

/** Where the browser is now, as the router's location (after its screen has unmounted). */
export function currentLocation(): Location {
  const h: unknown = window.history.state;
  const entry = typeof h === 'object' && h !== null ? h : {};
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: 'usr' in entry ? entry.usr : null,
    key: 'key' in entry && typeof entry.key === 'string' ? entry.key : 'default',
  };
}

/** The page under the editor at `location`, when the editor was opened over one. */
export function editorUnder(location: Location): Under['under'] | null {
  if (!location.pathname.startsWith('/transactions/')) return null;
  return stateOf(location.state);
}

function stateOf(state: unknown): Under['under'] | null {
  if (typeof state !== 'object' || state === null || !('under' in state)) return null;
  const under: unknown = state.under;
  if (typeof under !== 'object' || under === null) return null;
  if (!('pathname' in under) || typeof under.pathname !== 'string') return null;
  const text = (k: string) => (k in under ? String(Reflect.get(under, k)) : '');
  return {
    pathname: under.pathname,
    search: text('search'),
    hash: text('hash'),
    state: 'state' in under ? under.state : null,
    key: text('key') || 'default',
  };
}

/**
 * Whether a bank link is really in progress, as the tabs of this browser share it. The tab
 * that starts a consent writes it (waiting, then linked or failed); the page the bank sends
 * the browser back to (`/gocardless/link`) reads it, so that page shows the waiting, success
 * and error states only for a link someone started, and never claims a link nobody made.
 */

export const LINK_PROGRESS_KEY = 'coffer-bank-link';

/** Waiting for a consent lasts at most 10 minutes (the core's polling); older marks are stale. */
export const LINK_PROGRESS_TTL_MS = 15 * 60 * 1000;

export interface LinkProgress {
  state: 'waiting' | 'linked' | 'failed';
  /** The provider's name, as the screens say it. */
  provider: string;
  /** When the state was written (ms since the epoch). */
  at: number;
  /** A failed link's text. */
  error?: string;
}

/** The stored progress, or null when there is none, it is not ours, or it is stale. */
export function readLinkProgress(raw: string | null, now: number): LinkProgress | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { state, provider, at, error } = value as Record<string, unknown>;
  if (state !== 'waiting' && state !== 'linked' && state !== 'failed') return null;
  if (typeof provider !== 'string' || typeof at !== 'number') return null;
  if (now - at > LINK_PROGRESS_TTL_MS || at - now > LINK_PROGRESS_TTL_MS) return null;
  return { state, provider, at, ...(typeof error === 'string' ? { error } : {}) };
}

export type LinkPageView =
  | { kind: 'none' }
  | { kind: 'waiting'; provider: string }
  | { kind: 'linked'; provider: string }
  /** `bank`: the bank's own answer (from the address); otherwise the link's failure text. */
  | { kind: 'error'; text: string; bank: boolean };

/**
 * What the bank-link page shows: nothing in progress (opened directly), waiting while the tab
 * that started the link finishes it, linked, or the bank's (or the link's) error.
 */
export function linkPageView(
  progress: LinkProgress | null,
  params: { error: string | null; details: string | null },
): LinkPageView {
  if (!progress) return { kind: 'none' };
  if (params.error) return { kind: 'error', text: params.details || params.error, bank: true };
  if (progress.state === 'failed') {
    return { kind: 'error', text: progress.error ?? 'unknown', bank: false };
  }
  if (progress.state === 'linked') return { kind: 'linked', provider: progress.provider };
  return { kind: 'waiting', provider: progress.provider };
}

/** Writes the progress for the other tabs (null: no link in progress any more). */
export function writeLinkProgress(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  progress: LinkProgress | null,
): void {
  try {
    if (progress) storage.setItem(LINK_PROGRESS_KEY, JSON.stringify(progress));
    else storage.removeItem(LINK_PROGRESS_KEY);
  } catch {
    // Storage refused (private mode, full): the page then says no link is in progress.
  }
}

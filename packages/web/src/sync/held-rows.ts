import { useEffect } from 'react';
import { answerOf } from '../backend/backend.ts';
import { useAppState } from '../store/context.ts';
import type { AppStore } from '../store/store.ts';

/** After a sync, held rows are asked for at most this often (a sync follows every edit). */
export const HELD_AFTER_SYNC_MS = 5 * 60_000;

/** The notification's text for `n` transactions the server's scheduled sync held. */
export function heldNotice(n: number): string {
  return n === 1
    ? '1 transaction came in from your bank'
    : `${n} transactions came in from your bank`;
}

/** A list of names in prose: 'A', 'A and B', 'A, B and C'. */
function namesInProse(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The notice for linked accounts the server's schedule leaves out: on a budget shared with
 * this user only its owner may add an account to the schedule.
 */
export function notScheduledNotice(names: readonly string[]): string {
  const which = namesInProse(names);
  const verb = names.length === 1 ? 'isn’t' : 'aren’t';
  const sync =
    names.length === 1 ? 'Sync it from its account page' : 'Sync them from their account pages';
  return `${which} ${verb} fetched by the server’s scheduled bank sync: on a shared budget only its owner can add accounts to the schedule. ${sync}.`;
}

/**
 * Imports the rows the server's scheduled bank sync held, and says how many came in. The
 * accounts the schedule leaves out are told once for each set of them (`told` keeps the last
 * set told), not after every sync.
 */
export async function importHeldRows(store: AppStore, told: { current: string }): Promise<void> {
  const res = answerOf(await store.backend.send('bank-held-import'));
  if (res && res.imported > 0) {
    store.addNotification({ id: 'bank-held', type: 'message', message: heldNotice(res.imported) });
  }
  const left = res?.notScheduled ?? [];
  const key = left.join('\n');
  if (key !== told.current && left.length > 0) {
    store.addNotification({
      id: 'bank-not-scheduled',
      type: 'message',
      message: notScheduledNotice(left),
    });
  }
  if (res) told.current = key;
}

/** The budget's bank links as one text: it changes when an account is linked or unlinked. */
export function linksKey(
  accounts: readonly { id: string; account_id: string | null; closed: number }[],
): string {
  return accounts
    .filter((a) => a.account_id && !a.closed)
    .map((a) => `${a.id}:${a.account_id}`)
    .sort()
    .join(',');
}

/**
 * Held rows come in when a budget opens (every way of opening sets its prefs) and after a
 * successful sync, at most every five minutes; each import also registers the budget's links
 * with the server, so a link or an unlink registers them at once. Only Coffer's app does
 * this: the server holds the rows because it cannot write into the budget.
 */
export function useHeldRows(store: AppStore): void {
  const links = useAppState((s) => linksKey(s.accounts));
  // Only a budget on a server can have held rows: a local one never asks.
  const budgetId = useAppState((s) =>
    s.serverUrl && s.prefs?.cloudFileId ? (s.prefs.id ?? null) : null,
  );
  useEffect(() => {
    if (!budgetId) return;
    // Told again when another budget opens or its links change.
    const told = { current: '' };
    let last = Date.now();
    // In the background: a failed import (the core went away) is tried again after a sync.
    const fetchHeld = () => void importHeldRows(store, told).catch(() => undefined);
    fetchHeld();
    return store.backend.listen('sync-event', (event) => {
      if (event.type !== 'success' || Date.now() - last < HELD_AFTER_SYNC_MS) return;
      last = Date.now();
      fetchHeld();
    });
  }, [store, budgetId, links]);
}

import type { ClientEvents } from '@coffer/core/ui';
import { useEffect } from 'react';
import {
  loadAccounts,
  loadCategories,
  loadPayees,
  loadPrefs,
  closeBudget,
} from '../store/actions.ts';
import type { AppStore } from '../store/store.ts';
import { runSyncFix } from './fixes.ts';
import { syncErrorNotice } from './sync-errors.ts';

/** Subscribes the app to the core's pushed events for as long as it is mounted. */
export function useGlobalEvents(store: AppStore): void {
  useEffect(() => {
    const { backend } = store;
    const offs = [
      backend.listen('sync-event', (event) => onSyncEvent(store, event)),
      backend.listen('undo-event', () => {
        void loadAccounts(store);
        void loadCategories(store);
      }),
      backend.listen('tables-changed', ({ tables }: { tables: string[] }) =>
        reloadForTables(store, tables),
      ),
      backend.listen('server-error', () =>
        store.addNotification({
          type: 'error',
          message: 'An internal error occurred, sorry! Please restart the app and try again.',
        }),
      ),
      backend.listen('fallback-write-error', () =>
        store.addNotification({
          id: 'fallback-write-error',
          type: 'error',
          sticky: true,
          title: 'Unable to save changes',
          message:
            'Coffer is open in another browser tab, so no changes made in this tab will be saved. Close this tab and keep working in the other one.',
        }),
      ),
      backend.listen('orphaned-payees', ({ orphanedIds, updatedPayeeIds }) => {
        if (orphanedIds?.length) {
          store.pushModal('merge-unused-payees', {
            payeeIds: orphanedIds,
            targetPayeeId: updatedPayeeIds?.[0],
          });
        }
      }),
      backend.listen('prefs-updated', () => void loadPrefs(store)),
      // The core closed the budget itself (its file was deleted on the server): the page's state
      // follows, and the file manager shows.
      backend.listen('show-budgets', () => void closeBudget(store)),
      backend.listen('account-sync-status', (status) => onAccountSyncStatus(store, status)),
      backend.listen('start-import', () => store.set({ loadingText: 'Importing...' })),
      backend.listen('finish-import', () => {
        store.set({ modals: [], loadingText: null });
        void loadPrefs(store);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [store]);
}

/**
 * The lists every page shares (accounts, payees, categories) follow each committed write,
 * local or synced, so no page reloads them after its own edits.
 */
export function reloadForTables(store: AppStore, tables: readonly string[]): void {
  if (!store.get().prefs) return;
  if (tables.includes('accounts')) void loadAccounts(store);
  if (tables.some((t) => t === 'payees' || t === 'payee_mapping')) void loadPayees(store);
  if (tables.some((t) => t === 'categories' || t === 'category_groups')) {
    void loadCategories(store);
  }
}

/** Each account's bank sync result: a failure is kept until a later sync of it works. */
export function onAccountSyncStatus(
  store: AppStore,
  status: { id: string; failed: boolean; errorType?: string; errorCode?: string; message?: string },
): void {
  const { [status.id]: _previous, ...others } = store.get().failedAccounts;
  store.set({
    failedAccounts: status.failed
      ? {
          ...others,
          [status.id]: {
            type: status.errorType,
            code: status.errorCode,
            message: status.message ?? 'The bank data provider returned an error.',
          },
        }
      : others,
  });
}

type SyncEvent = ClientEvents['sync-event'];

export function onSyncEvent(store: AppStore, event: SyncEvent): void {
  switch (event.type) {
    case 'start':
      store.set({ syncState: 'syncing' });
      return;
    case 'success': {
      if (store.get().lastSyncRepair) {
        store.addNotification({
          type: 'message',
          title: 'Syncing has been fixed!',
          message: 'Happy budgeting!',
        });
      }
      store.set({ syncState: event.syncDisabled ? 'disabled' : 'idle', lastSyncRepair: false });
      store.removeNotification('sync-error');
      // The rows a sync brought are reloaded from its tables-changed push.
      if ((event.tables ?? []).includes('prefs')) void loadPrefs(store);
      return;
    }
    case 'unauthorized': {
      // The session is gone (signed out elsewhere, a new password, the user removed). Signed
      // out at once, so the live check stops and a second refusal (the closing budget's last
      // sync) does nothing more; then the budget closes and the sign-in page shows with the
      // notice. The core keeps the budget's unsynced changes for the next sign-in.
      const signedIn = Boolean(store.get().user);
      store.set({ syncState: 'error', ...(signedIn ? { user: null } : {}) });
      store.addNotification({
        id: 'auth-issue',
        type: 'warning',
        sticky: true,
        message: 'Unable to authenticate with server. Sign in again to keep syncing.',
        title: 'Unable to authenticate with server',
      });
      if (signedIn) void closeBudget(store);
      return;
    }
    case 'error': {
      store.set({ syncState: event.subtype === 'network' ? 'offline' : 'error' });
      const notice = syncErrorNotice({
        subtype: event.subtype,
        meta: event.meta ?? null,
        afterRepair: store.get().lastSyncRepair,
      });
      store.set({ lastSyncRepair: false });
      if (!notice) return;
      const messageActions: Record<string, () => void> = {};
      for (const [name, fix] of Object.entries(notice.links ?? {})) {
        messageActions[name] = () => {
          store.removeNotification('sync-error');
          void runSyncFix(store, fix);
        };
      }
      const button = notice.button;
      store.addNotification({
        ...notice.notification,
        messageActions,
        button: button
          ? { title: button.title, action: () => runSyncFix(store, button.fix) }
          : undefined,
      });
      return;
    }
    case 'applied':
      return;
  }
}

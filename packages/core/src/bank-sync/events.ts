/**
 * What the core pushes while bank accounts sync, so the UI can show the syncing banner
 * ('Syncing {account name or accounts}') and mark each account failed or fine (the
 * connection-problem banner reads the error type and code; `message` is the notification text).
 */
export interface AccountsSyncingEvent {
  /** The accounts still to sync, the one syncing now first; empty when the run is over. */
  ids: string[];
}

export interface AccountSyncStatusEvent {
  id: string;
  failed: boolean;
  /** Set when failed: the provider's error category (e.g. ITEM_ERROR) and code. */
  errorType?: string;
  errorCode?: string;
  /** Set when failed: the spec's text for the failure. */
  message?: string;
}

declare module '../handlers-core/events.ts' {
  interface CoreEvents {
    'accounts-syncing': AccountsSyncingEvent;
    'account-sync-status': AccountSyncStatusEvent;
  }
}

import type {
  AccountRow,
  BudgetPrefs,
  CategoryRow,
  CoreHandlers,
  GlobalPrefs as CoreGlobalPrefs,
  GroupWithCategories,
  PayeeRow,
} from '@coffer/core/ui';

/**
 * The shapes the UI keeps in its store: core's own (spec section 3), by the names the screens
 * use, and the few that are the UI's alone.
 */
export type { FileEntry, FileState } from '@coffer/core/ui';
/** The global prefs as far as the store knows them (empty until `load-global-prefs`). */
export type GlobalPrefs = Partial<CoreGlobalPrefs>;
export type Account = AccountRow;
export type Payee = PayeeRow;
export type Category = CategoryRow;
export type CategoryGroup = GroupWithCategories;
/** `get-categories`: groups (expense first) with their categories, and the flat list. */
export type Categories = Exclude<CoreHandlers['get-categories']['result'], { error: unknown }>;

/**
 * A budget's prefs (core's `BudgetPrefs`) with the 23.8-era keys the screens read, which core
 * keeps as they are without typing them.
 */
export interface LocalPrefs extends BudgetPrefs {
  firstDayOfWeekIdx?: string;
  dateFormat?: string;
  numberFormat?: string;
  hideFraction?: boolean;
  hideMobileMessage?: boolean;
  isPrivacyEnabled?: boolean;
  'ui.showClosedAccounts'?: boolean;
  updateNotificationShownForVersion?: string;
}

/** `subscribe-get-user`: who is signed in to the server. */
export type User = Exclude<CoreHandlers['subscribe-get-user']['result'], { error: unknown } | null>;

/** A failed bank sync of one account (spec: failed, errorType, errorCode), with its text. */
export interface AccountSyncFailure {
  type?: string;
  code?: string;
  message: string;
}

/**
 * What the release check knows, for Settings › About to say truthfully: not run (the person
 * has not allowed it, or it has not run yet), running, no newer release, a newer one, or it
 * could not ask (offline, or no usable answer).
 */
export type UpdateStatus = 'idle' | 'checking' | 'current' | 'newer' | 'failed';

export type SyncState = 'idle' | 'syncing' | 'error' | 'offline' | 'disabled';

/** Shapes the UI reads from core handlers (spec section 3). */

export interface GlobalPrefs {
  floatingSidebar?: boolean;
  maxMonths?: number | null;
  theme?: 'light' | 'dark';
  documentDir?: string;
  /** The release check (a request to GitHub): allowed, refused, or not chosen yet (null). */
  updateCheck?: boolean | null;
}

export interface LocalPrefs {
  id: string;
  budgetName?: string;
  groupId?: string | null;
  encryptKeyId?: string | null;
  cloudFileId?: string | null;
  budgetType?: 'rollover' | 'report';
  firstDayOfWeekIdx?: string;
  dateFormat?: string;
  numberFormat?: string;
  hideFraction?: boolean;
  hideMobileMessage?: boolean;
  isPrivacyEnabled?: boolean;
  'ui.showClosedAccounts'?: boolean;
  updateNotificationShownForVersion?: string;
  [flag: `flags.${string}`]: boolean | undefined;
}

export interface User {
  offline: boolean;
  [key: string]: unknown;
}

export type FileState = 'unknown' | 'remote' | 'local' | 'broken' | 'synced' | 'detached';

export interface FileEntry {
  id?: string;
  cloudFileId?: string;
  groupId?: string | null;
  name: string;
  state: FileState;
  encryptKeyId?: string | null;
  hasKey?: boolean;
  deleted?: boolean;
  /** When this device last opened its local copy (ISO time). */
  lastOpened?: string;
}

export interface Account {
  id: string;
  name: string;
  offbudget: 0 | 1 | boolean;
  closed: 0 | 1 | boolean;
  sort_order?: number;
  /** The bank's account id, set when the account is linked for bank sync. */
  account_id?: string | null;
  bankId?: string | null;
}

/** A failed bank sync of one account (spec: failed, errorType, errorCode), with its text. */
export interface AccountSyncFailure {
  type?: string;
  code?: string;
  message: string;
}

export interface Payee {
  id: string;
  name: string;
  transfer_acct?: string | null;
}

/**
 * What the release check knows, for Settings › About to say truthfully: not run (the person
 * has not allowed it, or it has not run yet), running, no newer release, a newer one, or it
 * could not ask (offline, or no usable answer).
 */
export type UpdateStatus = 'idle' | 'checking' | 'current' | 'newer' | 'failed';

export interface Category {
  id: string;
  name: string;
  is_income: number;
  cat_group: string;
  sort_order: number | null;
  hidden: number;
}

export interface CategoryGroup {
  id: string;
  name: string;
  is_income: number;
  sort_order: number | null;
  hidden: number;
  categories: Category[];
}

/** `get-categories`: groups (expense first) with their categories, and the flat list. */
export interface Categories {
  grouped: CategoryGroup[];
  list: Category[];
}

export type SyncState = 'idle' | 'syncing' | 'error' | 'offline' | 'disabled';

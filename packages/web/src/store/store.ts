import { useSyncExternalStore } from 'react';
import type { Backend } from '../backend/backend.ts';
import {
  type ModalAction,
  type ModalArgs,
  type ModalEntry,
  modalEntry,
  type ModalName,
  modalsReducer,
} from './modals.ts';
import {
  type Notification,
  type NotificationAction,
  notificationsReducer,
} from './notifications.ts';
import type {
  Account,
  AccountSyncFailure,
  Categories,
  FileEntry,
  GlobalPrefs,
  LocalPrefs,
  Payee,
  SyncState,
  UpdateStatus,
  User,
} from './types.ts';

export interface AppState {
  loadingText: string | null;
  globalPrefs: GlobalPrefs;
  /** undefined until the first check; null when signed out or no server. */
  user: User | null | undefined;
  serverUrl: string | null;
  serverVersion: string | null;
  files: FileEntry[] | null;
  prefs: LocalPrefs | null;
  accounts: Account[];
  payees: Payee[];
  /** The open budget's category groups and categories, kept fresh on every change. */
  categories: Categories;
  notifications: Notification[];
  modals: ModalEntry[];
  syncState: SyncState;
  lastSyncRepair: boolean;
  /** Live query cells (`account!balance-<id>`, `account!accounts-balance`, ...) by full name. */
  cells: Readonly<Record<string, unknown>>;
  /** Bank sync in progress: an account id, ALL_ACCOUNTS for every linked account, or null. */
  accountsSyncing: string | null;
  /** Linked accounts whose last bank sync failed, by id (the connection-problem banner). */
  failedAccounts: Readonly<Record<string, AccountSyncFailure>>;
  /** A newer release found by the update check, or null. */
  latestVersion: string | null;
  /** What the release check knows (Settings › About says it). */
  updateStatus: UpdateStatus;
  /** The version a newer build served at this origin reports (the update banner), or null. */
  appUpdatedTo: string | null;
  /** The service worker downloaded a newer build; it starts when the person reloads. */
  newVersionReady: boolean;
  /**
   * Whether the browser keeps this origin's storage (the budgets) under storage pressure:
   * null until asked (when a budget is created or opened) or where the browser cannot say.
   */
  storagePersisted: boolean | null;
}

export const initialState: AppState = {
  loadingText: null,
  globalPrefs: {},
  user: undefined,
  serverUrl: null,
  serverVersion: null,
  files: null,
  prefs: null,
  accounts: [],
  payees: [],
  categories: { grouped: [], list: [] },
  notifications: [],
  modals: [],
  syncState: 'idle',
  lastSyncRepair: false,
  cells: {},
  accountsSyncing: null,
  failedAccounts: {},
  latestVersion: null,
  updateStatus: 'idle',
  appUpdatedTo: null,
  newVersionReady: false,
  storagePersisted: null,
};

/**
 * A screen holding typing not yet saved (the phone's transaction editor): asked before the
 * budget closes under it. `ask` shows the screen's leave question; `leave` discards the typing
 * and lets the close go on, `keep` keeps editing (the close waits until the screen lets go).
 */
export interface UnsavedWork {
  dirty(): boolean;
  ask(leave: () => void, keep: () => void): void;
}

/**
 * A value a screen keeps beyond its own mount, one per store, made on first use (the phone
 * register's rows while the transaction editor covers it). Not state: no one re-renders on it.
 */
export interface StoreSlot<T> {
  readonly name: string;
  readonly create: () => T;
}

export function defineStoreSlot<T>(name: string, create: () => T): StoreSlot<T> {
  return { name, create };
}

/** One per mounted app: holds state and the backend; components subscribe to slices. */
export class AppStore {
  private state: AppState;
  private readonly slots = new Map<StoreSlot<unknown>, unknown>();
  private readonly listeners = new Set<() => void>();
  private readonly unsaved = new Set<UnsavedWork>();
  private readonly unsavedListeners = new Set<() => void>();

  constructor(
    readonly backend: Backend,
    state: Partial<AppState> = {},
  ) {
    this.state = { ...initialState, ...state };
  }

  get = (): AppState => this.state;

  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const l of [...this.listeners]) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  notify(action: NotificationAction): void {
    this.set((s) => ({ notifications: notificationsReducer(s.notifications, action) }));
  }

  addNotification(notification: Omit<Notification, 'id'> & { id?: string }): void {
    const id = notification.id ?? `n-${Math.random().toString(36).slice(2)}`;
    this.notify({ type: 'add', notification: { ...notification, id } });
  }

  removeNotification(id: string): void {
    this.notify({ type: 'remove', id });
  }

  modal(action: ModalAction): void {
    this.set((s) => ({ modals: modalsReducer(s.modals, action) }));
  }

  /** Opens a modal on top: its name and props are checked against `ModalMap` (modals.ts). */
  pushModal<K extends ModalName>(name: K, ...options: ModalArgs<K>): void {
    this.modal({ type: 'push', modal: modalEntry(name, ...options) });
  }

  /** Puts a modal in the place of the top one (a modal that gives way to the next step). */
  replaceModal<K extends ModalName>(name: K, ...options: ModalArgs<K>): void {
    this.modal({ type: 'replace', modal: modalEntry(name, ...options) });
  }

  popModal(): void {
    this.modal({ type: 'pop' });
  }

  /** The store's value of `slot` (`defineStoreSlot`), made on first use. */
  slot<T>(slot: StoreSlot<T>): T {
    if (!this.slots.has(slot)) this.slots.set(slot, slot.create());
    // Set above from this very slot's `create`: the map's values are typed by their keys.
    return this.slots.get(slot) as T;
  }

  /** A screen's unsaved typing, until the returned function lets it go (saved, left, unmounted). */
  holdUnsaved(work: UnsavedWork): () => void {
    this.unsaved.add(work);
    return () => {
      if (!this.unsaved.delete(work)) return;
      for (const l of [...this.unsavedListeners]) l();
    };
  }

  /** The first screen whose typing is not saved, or null. */
  unsavedWork(): UnsavedWork | null {
    return [...this.unsaved].find((w) => w.dirty()) ?? null;
  }

  /** Resolves once no screen holds unsaved typing. */
  whenNothingUnsaved(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.unsavedWork()) return;
        this.unsavedListeners.delete(check);
        resolve();
      };
      this.unsavedListeners.add(check);
      check();
    });
  }
}

export function useStoreState<T>(store: AppStore, select: (s: AppState) => T): T {
  const read = () => select(store.get());
  // The same read serves server rendering (the banner tests render to static markup).
  return useSyncExternalStore(store.subscribe, read, read);
}

import { type ArgsOf, failureCode, isFailure } from '../backend/backend.ts';
import { ALL_ACCOUNTS } from './banners.ts';
import { readOnlyNotice } from './write-refusal.ts';
import { askToKeepStorage } from './storage-persistence.ts';
import type { AppStore } from './store.ts';
import type {
  Account,
  Categories,
  FileEntry,
  GlobalPrefs,
  LocalPrefs,
  Payee,
  User,
} from './types.ts';

/** App-level actions: each calls core handlers and updates the store. */

export async function loadGlobalPrefs(store: AppStore): Promise<GlobalPrefs> {
  const res = await store.backend.send('load-global-prefs');
  const globalPrefs = isFailure(res) ? {} : res;
  store.set({ globalPrefs });
  return globalPrefs;
}

export async function saveGlobalPrefs(
  store: AppStore,
  patch: ArgsOf<'save-global-prefs'>,
): Promise<void> {
  await store.backend.send('save-global-prefs', patch);
  store.set((s) => ({ globalPrefs: { ...s.globalPrefs, ...patch } }));
}

export async function getUserData(store: AppStore): Promise<User | null> {
  // Asked together: each is a round trip to the server (the version answers `no-server` when
  // there is none). The server's address is known here, so the titlebar's server menu has it
  // while the server is still being asked.
  const asked = Promise.all([
    store.backend.send('subscribe-get-user'),
    store.backend.send('get-server-version'),
  ]);
  const before = store.get().user;
  const serverUrl = await store.backend.send('get-server-url');
  const url = isFailure(serverUrl) ? null : serverUrl;
  store.set({ serverUrl: url });
  const [user, version] = await asked;
  const serverVersion = url && !isFailure(version) && version.version ? version.version : null;
  const normalized = user && !isFailure(user) ? user : null;
  // Signed out (or in again) while the start's question was on its way (the budget shows
  // before the answer): what the person did stands; the answer was about the session it ended.
  const now = store.get().user;
  if (before === undefined && now !== undefined) {
    store.set({ serverVersion });
    return now;
  }
  store.set({ user: normalized, serverVersion });
  return normalized;
}

/** Who is signed in, once the server has said (at start the budget opens before it answers). */
export function whenUserKnown(store: AppStore): Promise<User | null> {
  return new Promise((resolve) => {
    const check = () => {
      const { user } = store.get();
      if (user === undefined) return false;
      unsubscribe();
      resolve(user);
      return true;
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

function sortFiles(files: FileEntry[]): FileEntry[] {
  return files.sort((a, b) => {
    const brokenA = a.state === 'broken' ? 1 : 0;
    const brokenB = b.state === 'broken' ? 1 : 0;
    if (brokenA !== brokenB) return brokenA - brokenB;
    return a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  });
}

export async function loadAllFiles(store: AppStore): Promise<FileEntry[]> {
  const res = await store.backend.send('get-all-files');
  const files = Array.isArray(res) ? sortFiles(res) : [];
  store.set({ files });
  return files;
}

export async function loadPrefs(store: AppStore): Promise<LocalPrefs | null> {
  const res = await store.backend.send('load-prefs');
  const prefs = isFailure(res) ? null : res;
  store.set({ prefs });
  return prefs;
}

export async function savePrefs(store: AppStore, patch: Partial<LocalPrefs>): Promise<void> {
  store.set((s) => ({ prefs: s.prefs ? { ...s.prefs, ...patch } : s.prefs }));
  await store.backend.send('save-prefs', patch);
}

/** The account list; balances are live query cells (app/balance-cells.ts), not loaded here. */
export async function loadAccounts(store: AppStore): Promise<Account[]> {
  const res = await store.backend.send('accounts-get');
  const accounts = Array.isArray(res) ? res : [];
  store.set({ accounts });
  return accounts;
}

/** One account's sync result in words: "3 new, 1 matched" or "nothing new". */
export function syncResultText(r: { added: number; matched: number }): string {
  if (r.added === 0 && r.matched === 0) return 'nothing new';
  const parts = [`${r.added} new`];
  if (r.matched > 0) parts.push(`${r.matched} matched`);
  return parts.join(', ');
}

/**
 * Bank sync of one linked account, or of all of them (id null). While it runs the syncing
 * banner names what syncs; a second request meanwhile is refused, as the core refuses it.
 */
export async function syncBankAccounts(store: AppStore, id: string | null): Promise<boolean> {
  if (store.get().accountsSyncing) return false;
  store.set({ accountsSyncing: id ?? ALL_ACCOUNTS });
  try {
    const res = await store.backend.send('gocardless-accounts-sync', { id: id ?? ALL_ACCOUNTS });
    if (res === false) return false;
    const failed = isFailure(res);
    const failures: Array<{ accountId?: string; message?: string }> = failed
      ? [{ message: res.error.type }]
      : res.errors;
    const nameOf = (accountId?: string) =>
      store.get().accounts.find((a) => a.id === accountId)?.name;
    const synced = failed ? [] : res.accounts;
    if (synced.length > 0) {
      store.addNotification({
        type: 'message',
        title: 'Bank sync finished',
        message: synced
          .map((r) => `${nameOf(r.id) ?? 'Account'}: ${syncResultText(r)}`)
          .join('\n\n'),
      });
    }
    for (const failure of failures) {
      const name = nameOf(failure.accountId);
      store.addNotification({
        type: 'error',
        title: name ? `Bank sync failed for ${name}` : 'Bank sync failed',
        message: failure.message ?? 'The bank data provider returned an error.',
      });
    }
    return failures.length === 0;
  } finally {
    store.set({ accountsSyncing: null });
    await loadAccounts(store);
  }
}

export async function loadPayees(store: AppStore): Promise<Payee[]> {
  const res = await store.backend.send('payees-get');
  const payees = Array.isArray(res) ? res : [];
  store.set({ payees });
  return payees;
}

export async function loadCategories(store: AppStore): Promise<Categories> {
  const res = await store.backend.send('get-categories');
  const categories = isFailure(res) ? { grouped: [], list: [] } : res;
  store.set({ categories });
  return categories;
}

/** Everything the open budget's pages share, read once when it opens. */
/** Every way of opening a budget (load, create, import, download, demo) ends here. */
export async function loadBudgetData(store: AppStore): Promise<void> {
  // The window asks for persistent storage (the worker cannot), without waiting for the answer.
  void askToKeepStorage(store);
  await Promise.all([
    loadPrefs(store),
    loadAccounts(store),
    loadPayees(store),
    loadCategories(store),
  ]);
}

const LOAD_ERRORS: Record<string, string> = {
  'out-of-sync-migrations':
    'This budget cannot be loaded with this version of Coffer. You can load a backup instead.',
  'out-of-sync-data':
    'This budget’s data is out of sync with its migrations. You can load a backup instead.',
};

export async function loadBudget(store: AppStore, id: string): Promise<boolean> {
  store.set({ loadingText: 'Loading...', cells: {} });
  const res = await store.backend.send('load-budget', { id });
  const code = failureCode(res);
  if (code) {
    store.set({ loadingText: null });
    store.addNotification({
      type: 'error',
      sticky: true,
      message:
        LOAD_ERRORS[code] ??
        (code === 'budget-not-found'
          ? `Budget “${id}” was not found. Check the id of your budget in the Advanced section of the settings page.`
          : 'There was an unknown problem loading your budget. Please try again.'),
    });
    return false;
  }
  performance.mark('coffer:budget-loaded');
  store.set({ modals: [] });
  await loadBudgetData(store);
  performance.mark('coffer:budget-data-loaded');
  store.set({ loadingText: null });
  return true;
}

export async function closeBudget(store: AppStore): Promise<void> {
  if (!store.get().prefs) return;
  store.set({ loadingText: 'Closing...' });
  await store.backend.send('close-budget');
  store.set({
    prefs: null,
    accounts: [],
    payees: [],
    categories: { grouped: [], list: [] },
    modals: [],
    cells: {},
    accountsSyncing: null,
    failedAccounts: {},
    loadingText: null,
  });
  await loadAllFiles(store);
}

/**
 * The server said signed out after the budget showed (the start does not wait for it): the
 * budget closes for the sign-in page, but not under typing that is not saved yet. That screen
 * asks its leave question first; Discard closes now, Keep editing closes once the screen lets go
 * of its typing (saved: the file keeps it, and it syncs after the sign-in; or left).
 */
export async function closeForSignIn(store: AppStore): Promise<void> {
  const work = store.unsavedWork();
  if (work) {
    await new Promise<void>((resolve) =>
      work.ask(resolve, () => void store.whenNothingUnsaved().then(resolve)),
    );
  }
  await closeBudget(store);
}

export async function createBudget(store: AppStore, testMode = false): Promise<void> {
  store.set({ loadingText: testMode ? 'Creating test file...' : 'Creating budget...' });
  const res = await store.backend.send('create-budget', { testMode });
  const code = failureCode(res);
  if (code) {
    store.set({ loadingText: null });
    store.addNotification({ type: 'error', message: `Unable to create the budget: ${code}` });
    return;
  }
  store.set({ modals: [] });
  await loadBudgetData(store);
  store.set({ loadingText: null });
}

/** Open the demo budget (made-up accounts and transactions, never uploaded). */
export async function openDemoBudget(store: AppStore): Promise<void> {
  store.set({ loadingText: 'Loading the demo budget...' });
  const res = await store.backend.send('create-demo-budget');
  const code = failureCode(res);
  if (code) {
    store.set({ loadingText: null });
    store.addNotification({ type: 'error', message: `Unable to open the demo budget: ${code}` });
    return;
  }
  store.set({ modals: [] });
  await loadBudgetData(store);
  store.set({ loadingText: null });
}

const DOWNLOAD_ERRORS: Record<string, string> = {
  network: 'Downloading the file failed. Check your network connection.',
  'download-failure': 'Downloading the file failed. Check your network connection.',
  'not-zip-file': 'Downloaded file is invalid, sorry! See the server log for more information.',
  'invalid-zip-file': 'Downloaded file is invalid, sorry! See the server log for more information.',
  'invalid-meta-file':
    'Downloaded file is invalid, sorry! See the server log for more information.',
  'decrypt-failure': 'Unable to decrypt file',
  'out-of-sync-migrations':
    'This budget cannot be loaded with this version of Coffer. Make sure Coffer is up to date and try again.',
};

export async function downloadBudget(
  store: AppStore,
  cloudFileId: string,
  opts: { replace?: boolean } = {},
): Promise<void> {
  store.set({ loadingText: 'Downloading...' });
  // The budget stays open after the download's first sync, so the load below finds it open
  // instead of closing it and opening it a second time.
  const res = await store.backend.send('download-budget', {
    fileId: cloudFileId,
    replace: opts.replace,
    keepOpen: true,
  });
  const code = failureCode(res);
  if (code === 'decrypt-failure') {
    store.set({ loadingText: null });
    store.pushModal('fix-encryption-key', {
      cloudFileId,
      onSuccess: () => downloadBudget(store, cloudFileId, opts),
    });
    return;
  }
  if (code === 'file-exists') {
    store.set({ loadingText: null });
    window.alert('A file with this id already exists here. It will be replaced.');
    return downloadBudget(store, cloudFileId, { replace: true });
  }
  if (code || isFailure(res)) {
    store.set({ loadingText: null });
    store.addNotification({
      type: 'error',
      sticky: true,
      message:
        DOWNLOAD_ERRORS[code ?? ''] ??
        `Something went wrong trying to download that file, sorry! Reason: ${code} (file ${cloudFileId})`,
    });
    return;
  }
  await loadBudget(store, res.id);
}

export async function deleteBudget(
  store: AppStore,
  id: string | undefined,
  cloudFileId: string | undefined,
): Promise<void> {
  await store.backend.send('delete-budget', { id: id ?? null, cloudFileId: cloudFileId ?? null });
  await loadAllFiles(store);
}

export async function signOut(store: AppStore): Promise<void> {
  await store.backend.send('subscribe-sign-out');
  await closeBudget(store);
  store.set({ user: null, files: null });
  await loadGlobalPrefs(store);
}

/**
 * The way out of a refused edit: close the budget and show the sign-in page. The core keeps
 * the budget's unsynced changes and the encryption keys; signing in replaces the rejected
 * token and lifts the refusal.
 */
export async function signInAgain(store: AppStore): Promise<void> {
  await closeBudget(store);
  store.set({ user: null });
}

/** Shown (once, however many edits were refused) when the core refused an edit as read-only. */
export function showReadOnlyRefusal(store: AppStore): void {
  const { button, ...notice } = readOnlyNotice();
  store.addNotification({
    ...notice,
    button: { title: button.title, action: () => signInAgain(store) },
  });
}

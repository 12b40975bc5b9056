import type { Budget } from '../budget-file/budget.ts';
import { type EncryptionKey, importKey, serializeKey } from '../encryption/cipher.ts';
import { KeyStore } from '../encryption/key-store.ts';
import { GLOBAL_STATE_FILE, GlobalState } from '../global-state/global-state.ts';
import type { Platform } from '../platform/index.ts';
import { ServerClient } from '../server-client/server-client.ts';

export interface CloudOptions {
  /** Where the global state file lives; defaults to `<documentDir>/global-store.json`. */
  statePath?: string;
  /**
   * false: keep global state (server, token, keys) in memory only, for a script's session,
   * as Actual's api does. Default true.
   */
  persistState?: boolean;
  /** Local messages per `/sync/sync` request, at most. */
  maxBatchMessages?: number;
  /** Encoded local messages per request, at most (bytes); well under the server's 20 MB. */
  maxBatchBytes?: number;
  /** Sync this long after the last local change (ms). */
  syncDelayMs?: number;
  /**
   * false: opening a cloud file does not sync it; its first sync is the first one asked for (the
   * screen's, or a local change's). The web app asks once its first screen is shown, so a
   * phone's start does not share its CPU with a sync's requests and writes (issue 29). A
   * download's catch-up still runs before its open answers. Default true.
   */
  syncOnLoad?: boolean;
}

export const DEFAULT_BATCH_MESSAGES = 20_000;
export const DEFAULT_BATCH_BYTES = 4 * 1024 * 1024;
export const DEFAULT_SYNC_DELAY_MS = 1000;

/** Files that never sync (Actual's demo budget). */
export const DEMO_BUDGET_ID = '_demo-budget';

export interface BudgetSyncHandle {
  readonly budget: Budget;
  /** Run a full sync now (after any running one) and wait for it. */
  sync(options?: { quiet?: boolean }): Promise<unknown>;
  /** Wait for the run in progress or queued (start one when there is none). */
  latest(): Promise<unknown>;
  /** Ask for a sync soon, without waiting. */
  schedule(delayMs: number): void;
}

/**
 * The per-core state outside any budget: global state, loaded keys, the server, and the sync
 * loop of the open budget. Made once per core instance by `createCloudModule`; it loads its
 * state from the platform on first use.
 */
export class CloudSession {
  readonly keys = new KeyStore();
  readonly batchMessages: number;
  readonly batchBytes: number;
  readonly syncDelayMs: number;
  /** Whether opening a cloud file syncs it (`CloudOptions.syncOnLoad`). */
  readonly syncOnLoad: boolean;
  /** The sync loop of the open budget, set by the module's budget service. */
  current: BudgetSyncHandle | null = null;
  /**
   * A just-downloaded budget whose catch-up succeeded, set by `download-budget` while it opens
   * it: its sync on load reports that catch-up instead of asking the server again.
   */
  caughtUp: Budget | null = null;
  private loaded: Promise<GlobalState> | null = null;
  private loadedState: GlobalState | null = null;
  private platformRef: Platform | null = null;

  constructor(private readonly options: CloudOptions = {}) {
    this.batchMessages = Math.max(1, options.maxBatchMessages ?? DEFAULT_BATCH_MESSAGES);
    this.batchBytes = Math.max(1024, options.maxBatchBytes ?? DEFAULT_BATCH_BYTES);
    this.syncDelayMs = options.syncDelayMs ?? DEFAULT_SYNC_DELAY_MS;
    this.syncOnLoad = options.syncOnLoad !== false;
  }

  /** Load global state and the stored keys (once). */
  init(platform: Platform, documentDir: string): Promise<GlobalState> {
    this.platformRef = platform;
    this.loaded ??= (async () => {
      const path = this.options.statePath ?? platform.fs.join(documentDir, GLOBAL_STATE_FILE);
      const state =
        this.options.persistState === false
          ? GlobalState.memory(platform.log)
          : await GlobalState.load(platform.fs, path, platform.log);
      for (const [fileId, stored] of Object.entries(state.get('encrypt-keys') ?? {})) {
        const key = await importKey(platform.crypto, stored);
        if (key) this.keys.add(key);
        else platform.log.warn('Skipping an unreadable stored key', { fileId });
      }
      this.loadedState = state;
      return state;
    })();
    return this.loaded;
  }

  /** The loaded state; only after `init`. */
  get state(): GlobalState {
    if (!this.loadedState) throw new Error('CloudSession used before init');
    return this.loadedState;
  }

  private get platform(): Platform {
    if (!this.platformRef) throw new Error('CloudSession used before init');
    return this.platformRef;
  }

  get serverUrl(): string | null {
    return this.state.get('server-url') ?? null;
  }

  get token(): string | null {
    return this.state.get('user-token') ?? null;
  }

  /** A client for the configured server, or null when none is set. */
  server(url: string | null = this.serverUrl): ServerClient | null {
    return url ? new ServerClient(this.platform.fetch, url) : null;
  }

  /** Keep `key` for `cloudFileId`, in memory and in global state. */
  async rememberKey(cloudFileId: string, key: EncryptionKey): Promise<void> {
    this.keys.add(key);
    const stored = { ...(this.state.get('encrypt-keys') ?? {}), [cloudFileId]: serializeKey(key) };
    await this.state.set({ 'encrypt-keys': stored });
  }

  /** Today as `YYYY-MM-DD` (UTC), for `lastUploaded`. */
  today(): string {
    return new Date(this.platform.clock.now()).toISOString().slice(0, 10);
  }
}

import type { Budget } from '../budget-file/budget.ts';
import { cloudError, type CloudError } from '../files/errors.ts';
import { type BudgetSyncHandle, type CloudSession, DEMO_BUDGET_ID } from '../files/session.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { Platform } from '../platform/index.ts';
import { MessageCodec } from './codec.ts';
import { Coverage, type CoveredRange } from './coverage.ts';
import { SyncFailure } from './failure.ts';
import { fullSync } from './full-sync.ts';

export type SyncResult = { messages: number; tables: string[] } | CloudError;

const UNAUTHORIZED = new Set(['unauthorized', 'token-expired']);

/**
 * The sync loop of one open budget: runs on load, a second after local changes, on focus and
 * on request, one run at a time. A request while a run is in progress waits and runs again
 * afterwards (so the caller's own edits are included); requests that pile up meanwhile share
 * that one run. Pushes `sync-event`s: start, applied, success, error, unauthorized.
 */
export class BudgetSync implements BudgetSyncHandle {
  private timer: unknown = null;
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<SyncResult> | null = null;
  /** The run started or queued last: what `latest` waits for. */
  private last: Promise<SyncResult> | null = null;
  private disposed = false;
  /** Hands `firstRun` the first run started or reported; null once it has. */
  private onFirstRun: ((run: Promise<SyncResult>) => void) | null = null;
  private readonly first = new Promise<SyncResult>((resolve) => (this.onFirstRun = resolve));
  private readonly stopListening: () => void;
  /** What the server is known to hold of our log, and for which group (see `Coverage`). */
  private covered: { groupId: string; range: CoveredRange } | null = null;

  constructor(
    readonly budget: Budget,
    private readonly session: CloudSession,
    private readonly platform: Platform,
    private readonly emit: Emit,
  ) {
    // Its failure is the run's, which its own caller handles; nothing waits on this one then.
    void this.first.catch(() => undefined);
    this.stopListening = budget.db.onChange((event) => {
      if (event.source !== 'local') return;
      this.schedule(session.syncDelayMs);
      const name = event.prefs.budgetName;
      if (typeof name === 'string') void this.renameOnServer(name);
    }, 'tables');
  }

  /** The server keeps the file's name for its file list; a rename here renames it there. */
  private async renameOnServer(name: string): Promise<void> {
    const server = this.session.server();
    const token = this.session.token;
    const fileId = this.budget.prefs.cloudFileId;
    if (!server || !token || !fileId) return;
    const res = await server.renameFile(token, fileId, name);
    if (!res.ok)
      this.platform.log.warn('Renaming the cloud file failed', { reason: res.error.reason });
  }

  schedule(delayMs: number): void {
    if (this.disposed) return;
    this.clearTimer();
    this.timer = this.platform.timers.setTimeout(() => {
      this.timer = null;
      this.sync().catch((err: unknown) =>
        this.platform.log.error('Background sync failed', { error: String(err) }),
      );
    }, delayMs);
  }

  /**
   * `quiet`: the live check's sync (every few seconds while the app is visible) pushes no
   * `start`, so the Sync button does not spin for a check that usually finds nothing; its
   * `success` (with the tables it changed) and its errors are pushed as always.
   */
  sync(options: { quiet?: boolean } = {}): Promise<SyncResult> {
    if (this.queued) return this.queued;
    const run = this.tail.then(() => {
      this.queued = null;
      return this.runOnce(options.quiet === true);
    });
    this.queued = run;
    this.started(run);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * The first run, whoever starts it (the screen's sync, a local change's, a download waiting
   * for `latest`): what follows a sync on load when the open does not start one itself
   * (`CloudOptions.syncOnLoad`).
   */
  firstRun(): Promise<SyncResult> {
    return this.first;
  }

  private started(run: Promise<SyncResult>): void {
    this.last = run;
    this.onFirstRun?.(run);
    this.onFirstRun = null;
  }

  /**
   * The sync on load of a budget whose download caught it up just before it opened: that
   * catch-up was this file's run, so it is reported like one (`start`, then `success` with no
   * tables changed since the open, and a result of nothing received) without a second round
   * trip to the server. Later runs (local changes, focus, the live check) ask as usual.
   */
  reportCaughtUp(): Promise<SyncResult> {
    const run = this.tail.then((): SyncResult => {
      if (this.disposed || !this.budget.isOpen) return { messages: 0, tables: [] };
      this.emit('sync-event', { type: 'start' });
      this.emit('sync-event', { type: 'success', tables: [], syncDisabled: false });
      return { messages: 0, tables: [] };
    });
    this.started(run);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * The result of the run in progress or queued (a new one when there is none): for a caller
   * with no edits of its own to include, such as a download waiting for the sync on load,
   * which would otherwise send a second sync right after it.
   */
  latest(): Promise<SyncResult> {
    return this.last ?? this.sync();
  }

  /**
   * Before the budget closes: an edit still waiting for its sync (the timer set by the last
   * local change) is sent now, so other devices and users get it without this file being
   * opened again. Bounded by `limitMs`, so a close never waits long on a slow or absent server.
   */
  async flush(limitMs: number): Promise<void> {
    if (this.disposed || this.timer === null) return;
    this.clearTimer();
    let limit: unknown = null;
    const timeout = new Promise<void>((resolve) => {
      limit = this.platform.timers.setTimeout(resolve, limitMs);
    });
    await Promise.race([
      this.sync().then(
        () => undefined,
        () => undefined,
      ),
      timeout,
    ]);
    this.platform.timers.clearTimeout(limit);
  }

  /** Stop: no more timers; a run in flight stops at its next step. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.stopListening();
  }

  /** Start from what earlier runs proved for this group (and the last fully synced point). */
  private coverageFor(groupId: string | undefined, lastSynced: string | undefined): Coverage {
    const mine = this.covered;
    const coverage = new Coverage(mine && mine.groupId === groupId ? mine.range : null);
    if (lastSynced) coverage.confirm('', lastSynced);
    return coverage;
  }

  /** Keep what a run proved, even when it failed half-way. */
  private keepCoverage(groupId: string | undefined, coverage: Coverage): void {
    const range = coverage.value;
    if (groupId && range && this.budget.isOpen && this.budget.prefs.groupId === groupId) {
      this.covered = { groupId, range };
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.platform.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private async runOnce(quiet = false): Promise<SyncResult> {
    this.clearTimer();
    const { budget, session } = this;
    const server = session.server();
    // No server (a local-only setup) or a file that never syncs: nothing to do, nothing to say.
    if (this.disposed || !budget.isOpen || !server || budget.id === DEMO_BUDGET_ID) {
      return { messages: 0, tables: [] };
    }
    const prefs = budget.prefs;
    const groupId = prefs.groupId;
    const keyId = prefs.encryptKeyId || null;
    const codec = new MessageCodec(
      this.platform.crypto,
      this.platform.random,
      keyId,
      session.keys.get(keyId),
    );
    const coverage = this.coverageFor(groupId, prefs.lastSyncedTimestamp);
    if (!quiet) this.emit('sync-event', { type: 'start' });
    try {
      const outcome = await fullSync({
        budget,
        server,
        token: session.token,
        codec,
        now: () => this.platform.clock.now(),
        emit: this.emit,
        log: this.platform.log,
        maxBatchMessages: session.batchMessages,
        maxBatchBytes: session.batchBytes,
        isCurrent: () => !this.disposed && budget.isOpen && budget.prefs.groupId === groupId,
        coverage,
      });
      this.keepCoverage(groupId, coverage);
      this.emit('sync-event', { type: 'success', tables: outcome.tables, syncDisabled: false });
      return { messages: outcome.received, tables: outcome.tables };
    } catch (err) {
      this.keepCoverage(groupId, coverage);
      if (err instanceof SyncFailure) return this.failed(err);
      // A bug: the UI still hears that this sync ended, then the caller sees the throw.
      this.emit('sync-event', { type: 'error', meta: { message: String(err) } });
      throw err;
    }
  }

  private async failed(err: SyncFailure): Promise<SyncResult> {
    if (UNAUTHORIZED.has(err.reason)) {
      this.emit('sync-event', { type: 'unauthorized' });
      // Like Actual: further edits stay local until the user signs in again.
      await this.session.state.set({ readOnly: true });
      return cloudError('unauthorized');
    }
    this.platform.log.warn('Sync failed', { reason: err.reason });
    this.emit('sync-event', { type: 'error', subtype: err.reason, meta: err.meta });
    return cloudError(err.reason, err.meta);
  }
}

/**
 * The scheduled bank sync: on each tick, every registered link whose run is due is claimed in
 * the storage (so of several server processes exactly one fetches it), fetched with the
 * provider secrets of the user who registered it, and its new rows are held for the app. The
 * server cannot write them into the budget (it may be end-to-end encrypted): the app imports
 * them when it next opens or syncs.
 */
import { createHash } from 'node:crypto';
import type { BankDataProvider } from '../bank/provider.ts';
import {
  AccountGoneError,
  AccountNotLinkedError,
  KindedFailure,
  NotConfiguredError,
  RequisitionNotLinkedError,
} from '../bank/errors.ts';
import { secretKey, type SecretScope } from '../bank/secret-scope.ts';
import type { EnableBanking } from '../enablebanking/service.ts';
import { ProviderError } from '../gocardless/provider.ts';
import { accountAnswer, needsAttention } from '../simplefin/normalize.ts';
import type { SimpleFin } from '../simplefin/service.ts';
import type {
  BankHoldStore,
  IncomingRow,
  LinkState,
  ScheduledProvider,
  ScheduleSetting,
} from './store.ts';

/** The provider adapters one scope's links are fetched with (that scope's secrets). */
export interface ProviderServices {
  simplefin: SimpleFin;
  enableBanking: EnableBanking;
  gocardless: BankDataProvider;
}

/** Injected, so tests never wait: `set` arms a repeating tick, `clear` disarms it. */
export interface Timer {
  set(tick: () => void, everyMs: number): unknown;
  clear(handle: unknown): void;
}

export const realTimer: Timer = {
  set: (tick, everyMs) => {
    const handle = setInterval(tick, everyMs);
    // The schedule never keeps a process alive on its own.
    handle.unref();
    return handle;
  },
  clear: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface SchedulerDeps {
  store: BankHoldStore;
  /** The adapters reading one scope's secrets. */
  services: (scope: SecretScope) => ProviderServices;
  /** Whose secrets fetch a file's links of a provider (the file's, else its owner's). */
  scopeFor: (fileId: string, provider: ScheduledProvider) => Promise<SecretScope>;
  now: () => number;
  timer: Timer;
  /** From the server's config; the admin's stored setting overrides it. */
  defaults: ScheduleSetting;
  log: (line: string) => void;
}

export interface RunReport {
  /** Links this process fetched (claimed and asked the provider for). */
  fetched: number;
  /** Rows held for the app, new or changed. */
  held: number;
  failed: number;
}

/** How often a process looks for due links; each link's own interval is the setting's. */
export const TICK_MS = 60_000;
/** The furthest back a run fetches, whatever the link's first day. */
const LOOKBACK_DAYS = 30;
const DAY_MS = 86_400_000;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each provider row as held: its bank id (or its digest when the bank gave none). */
function incoming(rows: readonly unknown[]): IncomingRow[] {
  return rows.map((r) => {
    const data = JSON.stringify(r);
    const id = (r as { transactionId?: unknown }).transactionId;
    const hash = digest(data);
    return { transactionId: typeof id === 'string' && id !== '' ? id : hash, digest: hash, data };
  });
}

/** A failure's kind, never its text (a provider's text could carry a secret). */
function kindOf(e: unknown): string {
  if (e instanceof NotConfiguredError) return 'not-configured';
  if (e instanceof KindedFailure) return e.kind;
  // GoCardless: the consent ran out or no longer holds the account; the bank closed it.
  if (e instanceof RequisitionNotLinkedError || e instanceof AccountNotLinkedError) {
    return 'login-required';
  }
  if (e instanceof AccountGoneError) return 'account-missing';
  if (e instanceof ProviderError) return e.kind;
  return 'unknown';
}

type Outcome = { rows: unknown[] } | { error: string };

export class BankScheduler {
  private handle: unknown = null;
  private running: Promise<RunReport> | null = null;

  constructor(private readonly deps: SchedulerDeps) {}

  async setting(): Promise<ScheduleSetting> {
    return (await this.deps.store.schedule()) ?? this.deps.defaults;
  }

  /** Arms the tick; each tick runs unless the previous run is still going. */
  start(): void {
    if (this.handle !== null) return;
    this.handle = this.deps.timer.set(() => {
      if (this.running) return;
      void this.runOnce().catch((e: unknown) =>
        this.deps.log(`bank schedule: run failed (${e instanceof Error ? e.name : 'error'})`),
      );
    }, TICK_MS);
  }

  stop(): void {
    if (this.handle === null) return;
    this.deps.timer.clear(this.handle);
    this.handle = null;
  }

  /** One run: fetch each due link this process claims, hold its new rows. */
  runOnce(): Promise<RunReport> {
    const run = this.run().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(): Promise<RunReport> {
    const report: RunReport = { fetched: 0, held: 0, failed: 0 };
    const setting = await this.setting();
    if (!setting.enabled) return report;
    const now = this.deps.now();
    const until = now + setting.intervalMinutes * 60_000;
    const claimed: LinkState[] = [];
    for (const link of await this.deps.store.listLinks()) {
      if (link.nextDue > now) continue;
      if (await this.deps.store.claimRun(link, now, until)) claimed.push(link);
    }
    const outcomes = await this.fetchAll(claimed, now);
    for (const [i, link] of claimed.entries()) {
      const outcome = outcomes[i]!;
      report.fetched += 1;
      if ('error' in outcome) {
        report.failed += 1;
        await this.deps.store.recordResult(link, outcome.error);
        continue;
      }
      report.held += await this.deps.store.hold(link, incoming(outcome.rows));
      await this.deps.store.recordResult(link, null);
    }
    if (report.fetched > 0) {
      this.deps.log(
        `bank schedule: ${report.fetched} accounts fetched, ${report.held} rows held, ${report.failed} failed`,
      );
    }
    return report;
  }

  /** The first day a run asks for: the link's own, but at most 30 days back. */
  private from(link: LinkState, now: number): string {
    const floor = new Date(now - LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10);
    return link.since > floor ? link.since : floor;
  }

  /**
   * Each claimed link's rows or error, in order. SimpleFIN links read with one scope's secrets
   * go in one bridge request (the bridge limits how often it may be asked); the others ask per
   * account.
   */
  private async fetchAll(links: LinkState[], now: number): Promise<Outcome[]> {
    const out: Outcome[] = links.map(() => ({ error: 'unknown' }));
    const simple = new Map<string, { scope: SecretScope; indexes: number[] }>();
    for (const [i, link] of links.entries()) {
      const scope = await this.deps.scopeFor(link.fileId, link.provider);
      if (link.provider === 'simplefin') {
        const key = secretKey('', scope);
        const group = simple.get(key) ?? { scope, indexes: [] };
        group.indexes.push(i);
        simple.set(key, group);
        continue;
      }
      out[i] = await this.fetchOne(link, scope, this.from(link, now)).then(
        (rows) => ({ rows }),
        (e: unknown) => ({ error: kindOf(e) }),
      );
    }
    for (const { scope, indexes } of simple.values()) {
      await this.fetchSimpleFin(
        indexes.map((i) => links[i]!),
        scope,
        now,
      ).then(
        (each) => each.forEach((o, j) => (out[indexes[j]!] = o)),
        (e: unknown) => indexes.forEach((i) => (out[i] = { error: kindOf(e) })),
      );
    }
    return out;
  }

  /** One Enable Banking or GoCardless account's rows since `from`. */
  private async fetchOne(link: LinkState, scope: SecretScope, from: string): Promise<unknown[]> {
    const services = this.deps.services(scope);
    if (link.provider === 'enablebanking') {
      return (await services.enableBanking.transactions(link.accountId, from)).transactions.all;
    }
    const answer = await services.gocardless.transactions({
      requisitionId: link.requisitionId ?? '',
      accountId: link.accountId,
      startDate: from,
      includeBalance: false,
    });
    return answer.transactions.all;
  }

  /** Several SimpleFIN accounts of one scope in one bridge request. */
  private async fetchSimpleFin(
    own: LinkState[],
    scope: SecretScope,
    now: number,
  ): Promise<Outcome[]> {
    const starts = own.map((l) => Math.floor(Date.parse(`${this.from(l, now)}T00:00:00Z`) / 1000));
    const set = await this.deps.services(scope).simplefin.transactions(
      own.map((l) => l.accountId),
      Math.min(...starts),
    );
    return own.map((link, j) => {
      const account = set.accounts.find((a) => a.id === link.accountId);
      if (!account) return { error: 'account-missing' };
      if (needsAttention(set.errors, account)) return { error: 'login-required' };
      return { rows: accountAnswer(account, starts[j]!).transactions.all };
    });
  }
}

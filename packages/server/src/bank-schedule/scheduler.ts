/**
 * The scheduled bank sync: on each tick, every registered link whose run is due is claimed in
 * the storage (so of several server processes exactly one fetches it), fetched with the
 * provider secrets of the user who registered it, and its new rows are held for the app. The
 * server cannot write them into the budget (it may be end-to-end encrypted): the app imports
 * them when it next opens or syncs.
 */
import { createHash } from 'node:crypto';
import { KindedFailure, NotConfiguredError } from '../bank/errors.ts';
import type { EnableBanking } from '../enablebanking/service.ts';
import { accountAnswer, needsAttention } from '../simplefin/normalize.ts';
import type { SimpleFin } from '../simplefin/service.ts';
import type { BankHoldStore, IncomingRow, LinkState, ScheduleSetting } from './store.ts';

/** The provider adapters one user's links are fetched with (that user's secrets). */
export interface ProviderServices {
  simplefin: SimpleFin;
  enableBanking: EnableBanking;
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
  services: (userId: string | null) => ProviderServices;
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
   * Each claimed link's rows or error, in order. SimpleFIN links of one user go in one bridge
   * request (the bridge limits how often it may be asked); Enable Banking asks per account.
   */
  private async fetchAll(links: LinkState[], now: number): Promise<Outcome[]> {
    const out: Outcome[] = links.map(() => ({ error: 'unknown' }));
    const simple = new Map<string | null, number[]>();
    for (const [i, link] of links.entries()) {
      if (link.provider === 'simplefin') {
        simple.set(link.userId, [...(simple.get(link.userId) ?? []), i]);
        continue;
      }
      const eb = this.deps.services(link.userId).enableBanking;
      out[i] = await eb.transactions(link.accountId, this.from(link, now)).then(
        (answer) => ({ rows: answer.transactions.all }),
        (e: unknown) => ({ error: kindOf(e) }),
      );
    }
    for (const [userId, indexes] of simple) {
      const own = indexes.map((i) => links[i]!);
      const starts = own.map((l) =>
        Math.floor(Date.parse(`${this.from(l, now)}T00:00:00Z`) / 1000),
      );
      const sf = this.deps.services(userId).simplefin;
      try {
        const set = await sf.transactions(
          own.map((l) => l.accountId),
          Math.min(...starts),
        );
        for (const [j, i] of indexes.entries()) {
          const account = set.accounts.find((a) => a.id === own[j]!.accountId);
          out[i] = !account
            ? { error: 'account-missing' }
            : needsAttention(set.errors, account)
              ? { error: 'login-required' }
              : { rows: accountAnswer(account, starts[j]!).transactions.all };
        }
      } catch (e) {
        for (const i of indexes) out[i] = { error: kindOf(e) };
      }
    }
    return out;
  }
}

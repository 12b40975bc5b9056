/**
 * What the scheduled bank sync keeps in the server's storage: the links the app registered, one
 * claim per link per run (so several server processes fetch each account once), and the rows a
 * run fetched, held until the app imports them. SQLite (`sqlite-store.ts`) and PostgreSQL
 * (`postgres-store.ts`) implement it; `store.test.ts` runs one suite against both.
 */

/** The providers the scheduler can fetch without the person present. */
export type ScheduledProvider = 'simplefin' | 'enablebanking' | 'gocardless';

export const SCHEDULED_PROVIDERS: readonly ScheduledProvider[] = [
  'simplefin',
  'enablebanking',
  'gocardless',
];

export function isScheduledProvider(value: unknown): value is ScheduledProvider {
  return SCHEDULED_PROVIDERS.includes(value as ScheduledProvider);
}

/** One bank account of one budget file, as the app registered it. */
export interface LinkKey {
  fileId: string;
  provider: ScheduledProvider;
  /** The provider's account id (`accounts.account_id` in the budget). */
  accountId: string;
}

export interface BankLink extends LinkKey {
  /** Who registered it last; null on a single-password server. A run reads the owner's secrets. */
  userId: string | null;
  /** The first day to fetch (`YYYY-MM-DD`): what the app had already synced before. */
  since: string;
  /** GoCardless's requisition (the consent) holding the account; null for the others. */
  requisitionId?: string | null;
}

export interface LinkState extends BankLink {
  /** Epoch ms from which the next run may fetch it. */
  nextDue: number;
  /** The kind of the last run's failure (no provider text: it could name a secret). */
  lastError: string | null;
}

/** A fetched transaction the app has not imported yet. */
export interface HeldRow extends LinkKey {
  transactionId: string;
  /** Increases with every row held or changed; the app releases up to the highest it read. */
  seq: number;
  /** The provider's normalised transaction, as `/transactions` answers it (JSON). */
  data: string;
}

export interface IncomingRow {
  transactionId: string;
  /** Equal digests mean the bank sent the same row again: it is not held twice. */
  digest: string;
  data: string;
}

export interface ScheduleSetting {
  enabled: boolean;
  intervalMinutes: number;
}

export interface BankHoldStore {
  /** Replaces the file's links (a claim in progress stays); rows of dropped links are dropped. */
  setLinks(
    fileId: string,
    userId: string | null,
    links: Omit<BankLink, 'fileId' | 'userId'>[],
  ): Promise<void>;
  listLinks(): Promise<LinkState[]>;
  /**
   * Takes this run of the link when it is due (`nextDue <= now`) and moves `nextDue` on to
   * `until`, in one atomic step: of several processes asking at once, exactly one gets true.
   */
  claimRun(key: LinkKey, now: number, until: number): Promise<boolean>;
  recordResult(key: LinkKey, error: string | null): Promise<void>;
  /**
   * Holds the rows that are new or changed since they were last held (imported ones too, by
   * their digest); returns how many were held.
   */
  hold(key: LinkKey, rows: IncomingRow[]): Promise<number>;
  /** The file's held rows, oldest first. */
  held(fileId: string): Promise<HeldRow[]>;
  /**
   * Forgets the content of the file's rows up to `seq` (the app imported them); their digests
   * stay so the next run does not hold them again. Returns how many were released.
   */
  release(fileId: string, seq: number): Promise<number>;
  schedule(): Promise<ScheduleSetting | null>;
  setSchedule(setting: ScheduleSetting): Promise<void>;
}

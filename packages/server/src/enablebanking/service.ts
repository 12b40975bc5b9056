/**
 * The Enable Banking adapter: the server keeps the application id and its private key (PEM) in
 * its secrets store under Actual's names (`enablebanking_applicationId`,
 * `enablebanking_secretKey`), checks them with a signed request before storing them, and speaks
 * for the client to the API: banks (ASPSPs), consent, the consent's accounts, balances and
 * transactions.
 */
import type { SecretStore } from '../storage/storage.ts';
import { EnableBankingFailure, type EbCredentials, type EnableBankingClient } from './client.ts';
import { readPrivateKey } from './jwt.ts';
import {
  isEbAccount,
  isEbBalance,
  isEbTransaction,
  isImportable,
  normalizeAccount,
  normalizeBalance,
  normalizeTransaction,
  preferredBalance,
  type Balance,
  type NormalizedTransaction,
} from './normalize.ts';
import { Rendezvous, type RendezvousTimes } from './rendezvous.ts';

export const EB_APPLICATION_ID = 'enablebanking_applicationId';
export const EB_SECRET_KEY = 'enablebanking_secretKey';

/** The longest consent Enable Banking grants when the bank says nothing: 90 days. */
const DEFAULT_CONSENT_MS = 90 * 24 * 60 * 60 * 1000;

const notConfigured = () =>
  new EnableBankingFailure(
    'invalid-token',
    'NOT_CONFIGURED',
    'Enable Banking is not set up on this server',
  );

const unexpected = () =>
  new EnableBankingFailure(
    'institution-down',
    'SERVER_DOWN',
    'Enable Banking answered unexpectedly',
  );

export interface SessionResult {
  session_id: string;
  accounts: (ReturnType<typeof normalizeAccount> & { balance: number; balances: Balance[] })[];
  aspsp: unknown;
}

export interface TransactionsAnswer {
  transactions: {
    all: NormalizedTransaction[];
    booked: NormalizedTransaction[];
    pending: NormalizedTransaction[];
  };
  balances: Balance[];
  startingBalance: number;
}

/** The person's headers Enable Banking passes to the bank while the person is present. */
export type Psu = Record<string, string>;

const field = (v: unknown, name: string): unknown =>
  v && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined;

export class EnableBanking {
  readonly consents: Rendezvous<SessionResult>;

  constructor(
    private readonly secrets: SecretStore,
    private readonly client: EnableBankingClient,
    private readonly now: () => number = Date.now,
    times: RendezvousTimes | Rendezvous<SessionResult> = { pollMs: 5 * 60_000, keepMs: 30_000 },
  ) {
    this.consents = times instanceof Rendezvous ? times : new Rendezvous(times);
  }

  /** The same adapter reading another scope's secrets; consents in progress are shared. */
  withSecrets(secrets: SecretStore): EnableBanking {
    return new EnableBanking(secrets, this.client, this.now, this.consents);
  }

  async isConfigured(): Promise<boolean> {
    return (
      (await this.secrets.getSecret(EB_APPLICATION_ID)) !== null &&
      (await this.secrets.getSecret(EB_SECRET_KEY)) !== null
    );
  }

  private async credentials(): Promise<EbCredentials> {
    const applicationId = await this.secrets.getSecret(EB_APPLICATION_ID);
    const pem = await this.secrets.getSecret(EB_SECRET_KEY);
    const key = pem === null ? null : readPrivateKey(pem);
    if (!applicationId || !key) throw notConfigured();
    return { applicationId, key };
  }

  /** Stores the application's id and key once a request signed with them is accepted. */
  async configure(applicationId: string, pem: string): Promise<void> {
    const key = readPrivateKey(pem);
    if (!key) {
      throw new EnableBankingFailure(
        'invalid-token',
        'INVALID_INPUT',
        'The private key is not an RSA private key in PEM format',
      );
    }
    await this.client.request({ applicationId, key }, 'GET', '/application');
    await this.secrets.setSecret(EB_APPLICATION_ID, applicationId);
    await this.secrets.setSecret(EB_SECRET_KEY, pem);
  }

  /** The countries the application may reach banks in (Coffer's own route). */
  async countries(): Promise<string[]> {
    const app = await this.client.request(await this.credentials(), 'GET', '/application');
    const countries = field(app, 'countries');
    if (!Array.isArray(countries)) throw unexpected();
    return countries.filter((c): c is string => typeof c === 'string');
  }

  /** The banks of a country, each with its logo and longest consent (seconds), as sent. */
  async aspsps(country: string | undefined): Promise<unknown> {
    const query = country ? `?country=${encodeURIComponent(country)}` : '';
    return this.client.request(await this.credentials(), 'GET', `/aspsps${query}`);
  }

  /** Starts a consent at the bank; the person goes to `url`, the client polls with `state`. */
  async startAuth(args: {
    aspsp: { name: string; country: string };
    redirectUrl: string;
    state: string;
    maxConsentSeconds: number | undefined;
    psuType: 'personal' | 'business';
  }): Promise<{ url: string }> {
    const wanted =
      args.maxConsentSeconds && args.maxConsentSeconds > 0
        ? args.maxConsentSeconds * 1000
        : Infinity;
    const validUntil = new Date(this.now() + Math.min(wanted, DEFAULT_CONSENT_MS));
    const res = await this.client.request(await this.credentials(), 'POST', '/auth', {
      aspsp: args.aspsp,
      redirect_url: args.redirectUrl,
      state: args.state,
      access: { valid_until: validUntil.toISOString() },
      psu_type: args.psuType,
    });
    const url = field(res, 'url');
    if (typeof url !== 'string') throw unexpected();
    return { url };
  }

  /** Turns the bank's code into a session: its accounts, each with its balances. */
  async completeAuth(code: string, psu: Psu = {}): Promise<SessionResult> {
    const credentials = await this.credentials();
    const session = await this.client.request(credentials, 'POST', '/sessions', { code });
    const sessionId = field(session, 'session_id');
    const accounts = field(session, 'accounts');
    if (typeof sessionId !== 'string' || !Array.isArray(accounts) || !accounts.every(isEbAccount)) {
      throw unexpected();
    }
    const aspsp = field(session, 'aspsp');
    const aspspName = field(aspsp, 'name');
    const withBalances = await Promise.all(
      accounts.map(async (account) => {
        // A bank that will not tell the balance now still links; the sync reads it later.
        const balances = await this.balances(credentials, account.uid, psu).catch(() => []);
        return {
          ...normalizeAccount(account, typeof aspspName === 'string' ? { name: aspspName } : null),
          balance: preferredBalance(balances)?.balanceAmount.amount ?? 0,
          balances,
        };
      }),
    );
    return { session_id: sessionId, accounts: withBalances, aspsp };
  }

  private async balances(
    credentials: EbCredentials,
    accountId: string,
    psu: Psu,
  ): Promise<Balance[]> {
    const res = await this.client.request(
      credentials,
      'GET',
      `/accounts/${encodeURIComponent(accountId)}/balances`,
      undefined,
      psu,
    );
    const balances = field(res, 'balances');
    if (!Array.isArray(balances)) throw unexpected();
    return balances.filter(isEbBalance).map(normalizeBalance);
  }

  /** Every page of an account's transactions between two days. */
  private async allTransactions(
    credentials: EbCredentials,
    accountId: string,
    from: string,
    to: string,
    psu: Psu,
  ) {
    const rows: unknown[] = [];
    let key: string | null = null;
    // A bank that keeps answering with new keys is cut off rather than followed forever.
    for (let page = 0; page < 100; page++) {
      const query = new URLSearchParams({ date_from: from, date_to: to });
      if (key) query.set('continuation_key', key);
      const res = await this.client.request(
        credentials,
        'GET',
        `/accounts/${encodeURIComponent(accountId)}/transactions?${query}`,
        undefined,
        psu,
      );
      const transactions = field(res, 'transactions');
      if (!Array.isArray(transactions)) throw unexpected();
      rows.push(...transactions);
      const next = field(res, 'continuation_key');
      if (typeof next !== 'string' || next === '' || next === key) break;
      key = next;
    }
    return rows.filter(isEbTransaction);
  }

  /** An account's balances and its transactions (booked and pending) from `startDate` to today. */
  async transactions(
    accountId: string,
    startDate: string,
    psu: Psu = {},
  ): Promise<TransactionsAnswer> {
    const credentials = await this.credentials();
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const balances = await this.balances(credentials, accountId, psu);
    const raw = await this.allTransactions(credentials, accountId, startDate, today, psu);
    const all = raw.map(normalizeTransaction).filter(isImportable);
    return {
      transactions: {
        all,
        booked: all.filter((t) => t.booked),
        pending: all.filter((t) => !t.booked),
      },
      balances,
      startingBalance: preferredBalance(balances)?.balanceAmount.amount ?? 0,
    };
  }

  /**
   * Where a consent stands (`AUTHORIZED`, `EXPIRED`, ...) and until when it runs, so the app
   * can show the expiry and offer Reauthorize before the sync fails. Coffer's own route.
   */
  async session(sessionId: string): Promise<{ status: string; validUntil: string | null }> {
    const res = await this.client.request(
      await this.credentials(),
      'GET',
      `/sessions/${encodeURIComponent(sessionId)}`,
    );
    const status = field(res, 'status');
    const validUntil = field(field(res, 'access'), 'valid_until');
    if (typeof status !== 'string') throw unexpected();
    return { status, validUntil: typeof validUntil === 'string' ? validUntil : null };
  }

  close(): void {
    this.consents.close();
  }
}

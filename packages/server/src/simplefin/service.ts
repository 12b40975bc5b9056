/**
 * The SimpleFIN adapter: the server keeps the setup token and, once claimed, the access URL in
 * its secrets store (`simplefin_token`, `simplefin_accessKey`, the names Actual's server uses),
 * so a Coffer server can take over an Actual server's data directory and the other way round.
 */
import type { SecretStore } from '../storage/storage.ts';
import { KindedFailure, NotConfiguredError } from '../bank/errors.ts';
import {
  claimAccessUrl,
  fetchAccounts,
  parseAccessUrl,
  type AccountSet,
  type BridgeIo,
} from './bridge.ts';

export const SIMPLEFIN_TOKEN = 'simplefin_token';
export const SIMPLEFIN_ACCESS = 'simplefin_accessKey';

/** First day of the month after `now`, UTC, in epoch seconds: the end of a default window. */
function nextMonthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}

export class SimpleFin {
  constructor(
    private readonly secrets: SecretStore,
    private readonly io: BridgeIo,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token was entered (a claimed token stays stored, as Actual's server keeps it). */
  async isConfigured(): Promise<boolean> {
    return (
      (await this.secrets.getSecret(SIMPLEFIN_TOKEN)) !== null ||
      (await this.storedAccess()) !== null
    );
  }

  private async storedAccess(): Promise<string | null> {
    const access = await this.secrets.getSecret(SIMPLEFIN_ACCESS);
    return access !== null && parseAccessUrl(access) ? access : null;
  }

  /**
   * The access URL: the stored one, or the setup token's, claimed now and stored. A token is
   * claimed at most once; a failed claim stores nothing, so a new token can be entered.
   */
  private async access(claimIfNeeded: boolean): Promise<string> {
    const stored = await this.storedAccess();
    if (stored) return stored;
    const token = await this.secrets.getSecret(SIMPLEFIN_TOKEN);
    if (token === null) throw new NotConfiguredError();
    if (!claimIfNeeded) {
      throw new KindedFailure('invalid-token', 'SimpleFIN is not set up: link the accounts first');
    }
    const accessUrl = await claimAccessUrl(this.io, token);
    await this.secrets.setSecret(SIMPLEFIN_ACCESS, accessUrl);
    return accessUrl;
  }

  /** Every account at the bridge with its balance and organisation, no transactions. */
  async accounts(): Promise<AccountSet> {
    const access = await this.access(true);
    return fetchAccounts(this.io, access, {
      accounts: null,
      start: null,
      end: null,
      balancesOnly: true,
    });
  }

  /** The given accounts with their transactions (posted and pending) since `startSeconds`. */
  async transactions(accountIds: string[], startSeconds: number): Promise<AccountSet> {
    const access = await this.access(false);
    return fetchAccounts(this.io, access, {
      accounts: accountIds,
      start: startSeconds,
      end: nextMonthStart(this.now()),
      balancesOnly: false,
    });
  }
}

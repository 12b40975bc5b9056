/**
 * The bank-data provider behind `/gocardless/*` (and `/nordigen/*`), as the routes and the
 * client see it. GoCardless is the adapter (`gocardless/service.ts`).
 *
 * SimpleFIN (`simplefin/service.ts`) and Enable Banking (`enablebanking/service.ts`) are
 * adapters too, but Actual's clients speak a different set of routes to each (one account set
 * for every account; a consent with a long-polled completion), so each has its own routes
 * under its own prefix. What they share with this one: secrets in the server's store under
 * Actual's names, the errors of `errors.ts` (a `FailureKind` per failure, messages that never
 * hold a secret), and answers that are always 200 with an `error_type`/`error_code` payload.
 *
 * A "link" is what the provider calls a requisition (GoCardless) or a connection: the user's
 * consent at the bank, holding one or more accounts.
 */
import type { Balance, NormalizedAccount, NormalizedTransaction } from '../gocardless/normalize.ts';

export interface TransactionsResult {
  iban: string | null;
  balances?: Balance[];
  institutionId: string;
  startingBalance?: number;
  transactions: {
    booked: NormalizedTransaction[];
    pending: NormalizedTransaction[];
    all: (NormalizedTransaction & { booked: boolean })[];
  };
}

export interface BankDataProvider {
  /** Whether the server holds the provider's credentials. */
  isConfigured(): Promise<boolean>;
  /** The banks of a country (a demo bank first when asked for). */
  banks(country: string, showDemo: boolean): Promise<unknown[]>;
  /** Starts a link: the page where the user consents at the bank, and the link's id. */
  createWebToken(
    institutionId: string,
    accessValidForDays: number | null,
    origin: string,
  ): Promise<{ link: string; requisitionId: string }>;
  /** The accounts of a finished link; `LinkNotReadyError` while the user is still at the bank. */
  linkedAccounts(
    requisitionId: string,
  ): Promise<{ requisition: Record<string, unknown>; accounts: NormalizedAccount[] }>;
  /** One account's transactions (and balances when asked) between two dates. */
  transactions(args: {
    requisitionId: string;
    accountId: string;
    startDate?: string;
    endDate?: string;
    includeBalance: boolean;
  }): Promise<TransactionsResult>;
  /** Ends a link at the provider. */
  removeRequisition(requisitionId: string): Promise<{ summary?: string; detail?: string }>;
}

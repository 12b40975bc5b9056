/**
 * The bank-data provider behind `/gocardless/*` (and `/nordigen/*`), as the routes and the
 * client see it. GoCardless is the first adapter (`gocardless/service.ts`); another provider
 * (SimpleFIN, Enable Banking) is one more class implementing this, mounted under its own
 * prefix with `bankRoutes`, and the client's sync and matching stay as they are.
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
  isConfigured(): boolean;
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

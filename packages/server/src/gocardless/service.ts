import { randomUUID } from 'node:crypto';
import type { SecretStore } from '../storage/storage.ts';
import {
  hashIban,
  normalizeAccount,
  normalizeTransaction,
  sortTransactions,
  startingBalance,
  type Institution,
  type NormalizedAccount,
  type NormalizedTransaction,
} from './normalize.ts';
import {
  AccountGoneError,
  AccountNotLinkedError,
  NotConfiguredError,
  RequisitionNotLinkedError,
} from '../bank/errors.ts';
import type { BankDataProvider, TransactionsResult } from '../bank/provider.ts';
import { ProviderError, type ProviderClient, type Requisition, type Secrets } from './provider.ts';

/** Shown first in the bank list when the client asks for demo banks. */
export const SANDBOX_BANK = {
  id: 'SANDBOXFINANCE_SFIN0000',
  name: 'DEMO bank (used for testing bank-sync)',
};

/**
 * The GoCardless adapter of the bank-data proxy: the server holds the provider secrets, the
 * client only sees results.
 */
export class GoCardless implements BankDataProvider {
  constructor(
    private readonly accounts: SecretStore,
    private readonly client: ProviderClient,
  ) {}

  private async secrets(): Promise<Secrets> {
    const secretId = await this.accounts.getSecret('gocardless_secretId');
    const secretKey = await this.accounts.getSecret('gocardless_secretKey');
    if (!secretId || !secretKey) throw new NotConfiguredError();
    return { secretId, secretKey };
  }

  async isConfigured(): Promise<boolean> {
    return (
      (await this.accounts.getSecret('gocardless_secretId')) !== null &&
      (await this.accounts.getSecret('gocardless_secretKey')) !== null
    );
  }

  async banks(country: string, showDemo: boolean): Promise<unknown[]> {
    const banks = await this.client.institutions(await this.secrets(), country);
    return showDemo ? [SANDBOX_BANK, ...banks] : banks;
  }

  async createWebToken(
    institutionId: string,
    accessValidForDays: number | null,
    origin: string,
  ): Promise<{ link: string; requisitionId: string }> {
    const s = await this.secrets();
    const institution = await this.client.institution(s, institutionId);
    const maxDays = Number(institution.max_access_valid_for_days) || 90;
    const agreement = await this.client.createAgreement(s, {
      institutionId,
      maxHistoricalDays: Number(institution.transaction_total_days) || 90,
      accessValidForDays: Math.min(accessValidForDays ?? maxDays, maxDays),
    });
    const features = Array.isArray(institution.supported_features)
      ? institution.supported_features
      : [];
    const requisition = await this.client.createRequisition(s, {
      redirect: `${origin}/gocardless/link`,
      institutionId,
      agreement: agreement.id,
      reference: randomUUID(),
      accountSelection: features.includes('account_selection'),
    });
    return { link: String(requisition.link ?? ''), requisitionId: requisition.id };
  }

  private async linkedRequisition(s: Secrets, requisitionId: string): Promise<Requisition> {
    const requisition = await this.client.requisition(s, requisitionId);
    // LN: the user finished the bank's consent flow and accounts are attached.
    if (requisition.status !== 'LN') throw new RequisitionNotLinkedError(requisition.status);
    return requisition;
  }

  async linkedAccounts(
    requisitionId: string,
  ): Promise<{ requisition: Requisition; accounts: NormalizedAccount[] }> {
    const s = await this.secrets();
    const requisition = await this.linkedRequisition(s, requisitionId);
    const detailed = await Promise.all(
      requisition.accounts.map(async (id) => {
        const [details, metadata] = await Promise.all([
          this.client.accountDetails(s, id),
          this.client.accountMetadata(s, id),
        ]);
        return { ...details, ...metadata, id };
      }),
    );
    const institutionIds = [...new Set(detailed.map((a) => a.institution_id))];
    const institutions = new Map<string, Institution>(
      await Promise.all(
        institutionIds.map(async (id) => [id, await this.client.institution(s, id)] as const),
      ),
    );
    const accounts = detailed.map((a) => {
      const normalized = normalizeAccount(a, institutions.get(a.institution_id) ?? null);
      return { ...normalized, iban: normalized.iban ? hashIban(normalized.iban) : null };
    });
    return { requisition, accounts };
  }

  async transactions(args: {
    requisitionId: string;
    accountId: string;
    startDate?: string;
    endDate?: string;
    includeBalance: boolean;
  }): Promise<TransactionsResult> {
    const s = await this.secrets();
    const requisition = await this.linkedRequisition(s, args.requisitionId);
    if (!requisition.accounts.includes(args.accountId)) {
      throw new AccountNotLinkedError(args.accountId, args.requisitionId);
    }
    const [raw, balances, metadata] = await Promise.all([
      this.client.transactions(s, args.accountId, args.startDate, args.endDate),
      args.includeBalance ? this.client.balances(s, args.accountId) : Promise.resolve(null),
      this.client.accountMetadata(s, args.accountId),
    ]).catch((e: unknown) => {
      // The consent still lists the account but the bank does not know it any more.
      if (e instanceof ProviderError && e.kind === 'not-found') {
        throw new AccountGoneError(args.accountId);
      }
      throw e;
    });
    const keep = (t: NormalizedTransaction | null): t is NormalizedTransaction => t !== null;
    const booked = sortTransactions(raw.booked.map(normalizeTransaction).filter(keep));
    const pending = sortTransactions(raw.pending.map(normalizeTransaction).filter(keep));
    const all = sortTransactions([
      ...booked.map((t) => ({ ...t, booked: true })),
      ...pending.map((t) => ({ ...t, booked: false })),
    ]);
    const result: TransactionsResult = {
      iban: metadata.iban ? hashIban(metadata.iban) : null,
      institutionId: requisition.institution_id,
      transactions: { booked, pending, all },
    };
    if (balances) {
      result.balances = balances;
      result.startingBalance = startingBalance(booked, balances);
    }
    return result;
  }

  async removeRequisition(requisitionId: string): Promise<{ summary?: string; detail?: string }> {
    const s = await this.secrets();
    await this.client.requisition(s, requisitionId);
    return this.client.deleteRequisition(s, requisitionId);
  }
}

/** The providers the app can link through, in the order the provider choice lists them. */
import { type BankProvider, goCardless } from './bank-provider.ts';
import { enableBanking } from './enablebanking-provider.ts';
import { simpleFin } from './simplefin-provider.ts';

export const BANK_PROVIDERS: readonly BankProvider[] = [simpleFin, enableBanking, goCardless];

/** A provider by its id, or null. */
export function providerById(id: unknown): BankProvider | null {
  return BANK_PROVIDERS.find((p) => p.id === id) ?? null;
}

/** The provider an account is linked through (Actual's `account_sync_source`; none is GoCardless). */
export function providerOfAccount(syncSource: string | null | undefined): BankProvider {
  return BANK_PROVIDERS.find((p) => p.syncSource === syncSource) ?? goCardless;
}

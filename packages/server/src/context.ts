import type { AccountDb } from './account-db.ts';
import type { BlobStore } from './blob-store.ts';
import type { ServerConfig } from './config.ts';
import type { BankDataProvider } from './bank/provider.ts';
import type { GroupStore } from './group-db.ts';

/** Everything one server instance owns; routes receive it instead of reaching for globals. */
export interface ServerContext {
  config: ServerConfig;
  accounts: AccountDb;
  groups: GroupStore;
  blobs: BlobStore;
  /** The bank-data provider behind `/gocardless/*` (GoCardless, the first adapter). */
  gocardless: BankDataProvider;
}

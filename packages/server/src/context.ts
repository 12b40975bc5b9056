import type { AccountDb } from './account-db.ts';
import type { BlobStore } from './blob-store.ts';
import type { ServerConfig } from './config.ts';
import type { BankDataProvider } from './bank/provider.ts';
import type { EnableBanking } from './enablebanking/service.ts';
import type { GroupStore } from './group-db.ts';
import type { SimpleFin } from './simplefin/service.ts';

/** Everything one server instance owns; routes receive it instead of reaching for globals. */
export interface ServerContext {
  config: ServerConfig;
  accounts: AccountDb;
  groups: GroupStore;
  blobs: BlobStore;
  /** The bank-data provider behind `/gocardless/*` (GoCardless, the first adapter). */
  gocardless: BankDataProvider;
  /** `/simplefin/*`: the SimpleFIN Bridge adapter. */
  simplefin: SimpleFin;
  /** `/enablebanking/*`: the Enable Banking adapter. */
  enableBanking: EnableBanking;
}

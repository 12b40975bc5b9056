import type { ServerConfig } from './config.ts';
import type { BankDataProvider } from './bank/provider.ts';
import type { BankScheduler } from './bank-schedule/scheduler.ts';
import type { EnableBanking } from './enablebanking/service.ts';
import type { SimpleFin } from './simplefin/service.ts';
import type { AccountStore, MessageStore, SnapshotStore, Storage } from './storage/storage.ts';

/** Everything one server instance owns; routes receive it instead of reaching for globals. */
export interface ServerContext {
  config: ServerConfig;
  /** The backend (SQLite and files, or PostgreSQL); the three stores below are its parts. */
  storage: Storage;
  accounts: AccountStore;
  groups: MessageStore;
  blobs: SnapshotStore;
  /** The bank-data provider behind `/gocardless/*` (GoCardless, the first adapter). */
  gocardless: BankDataProvider;
  /** `/simplefin/*`: the SimpleFIN Bridge adapter. */
  simplefin: SimpleFin;
  /** `/enablebanking/*`: the Enable Banking adapter. */
  enableBanking: EnableBanking;
  /** Scheduled bank sync: fetches registered links and holds their rows for the app. */
  bankSchedule: BankScheduler;
}

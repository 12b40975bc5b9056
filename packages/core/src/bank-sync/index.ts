export { createBankSyncModule } from './handlers.ts';
export type { AccountSyncStatusEvent, AccountsSyncingEvent } from './events.ts';
export {
  LINK_FAILED,
  LINK_TIMEOUT,
  bankErrorMessage,
  providerError,
  type BankSyncError,
} from './errors.ts';
export { bankTransactions, currentBalance, toImportTransaction } from './normalize.ts';
export { POLL_INTERVAL_MS, POLL_LIMIT_MS, createLinkPoller, type PollAnswer } from './poll.ts';
export { type BankProxy, bankProxy } from './proxy.ts';
export { linkedAccounts, syncAccount, syncAccounts, type SyncOutcome } from './sync.ts';

export { createBankSyncModule } from './handlers.ts';
export type { AccountSyncStatusEvent, AccountsSyncingEvent } from './events.ts';
export {
  LINK_FAILED,
  LINK_TIMEOUT,
  bankErrorKind,
  bankErrorMessage,
  type BankErrorKind,
  providerError,
  type BankSyncError,
} from './errors.ts';
export { bankTransactions, currentBalance, toImportTransaction } from './normalize.ts';
export { POLL_INTERVAL_MS, POLL_LIMIT_MS, createLinkPoller, type PollAnswer } from './poll.ts';
export { type BankProvider, type BankProxy, bankProxy, providerOf } from './proxy.ts';
export { linkedAccounts, syncAccount, syncAccounts, type SyncOutcome } from './sync.ts';

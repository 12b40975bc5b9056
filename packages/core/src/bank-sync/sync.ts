import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { ImportTransaction } from '../import/normalize.ts';
import { importTransactions } from '../import/reconcile.ts';
import { startingBalancePayee } from '../payees/queries.ts';
import { type StoredTx, dayOf, fromDateInt, toDateInt } from '../transactions/model.ts';
import { type BankSyncError, bankSyncStatusOf, providerError } from './errors.ts';
import { type PendingReason, applyPending, loadPending, planPending } from './pending.ts';
import { type ReviewRecord, markForReview } from './review.ts';
import { bankTransactions, currentBalance, onePerBankId } from './normalize.ts';
import type { AccountSyncStatusEvent } from './events.ts';
import { type BankProvider, type BankProxy, dataOf, providerOf } from './proxy.ts';

export interface SyncOutcome {
  errors: BankSyncError[];
  newTransactions: string[];
  matchedTransactions: string[];
  updatedAccounts: string[];
  /** Each account that synced: the bank's transactions it added and those it matched. */
  accounts: { id: string; added: number; matched: number }[];
  /**
   * Pending rows that posted under another id, date or amount and were replaced in place:
   * why, and the date and amount they had while pending (what 'why it matched' shows).
   */
  replacedPending: { id: string; reason: PendingReason; was: { date: string; amount: number } }[];
  /** Pending rows the bank stopped listing without posting them: removed. */
  droppedPending: string[];
}

export interface LinkedAccount {
  id: string;
  account_id: string;
  /** The link's `banks.bank_id`: GoCardless's requisition, SimpleFIN's organisation. */
  requisitionId: string;
  offbudget: number;
  /** `accounts.account_sync_source` (null: a GoCardless link made before the column). */
  syncSource: string | null;
  /** `accounts.bank_sync_status`: how the last sync went, in Actual's words (null: never). */
  syncStatus: string | null;
}

/** The proxy of each provider, made on first use (null when no server is configured). */
export type ProxyFor = (provider: BankProvider) => Promise<BankProxy | null>;

const DAY = 86_400_000;
const shiftDays = (date: string, days: number): string =>
  dayOf(Date.parse(`${date}T00:00:00Z`) + days * DAY);

/** Linked, open accounts: one by id, or all of them. */
export function linkedAccounts(budget: Budget, id: string | null): LinkedAccount[] {
  // `account_sync_source` is the file's own column or Coffer's side column (schema/extensions.ts).
  const cols = budget.db.columns;
  return budget.sqlite.all<LinkedAccount>(
    `SELECT t.id, t.account_id, b.bank_id AS requisitionId, t.offbudget,
       ${cols.columnSql('accounts', 'account_sync_source')} AS syncSource,
       ${cols.columnSql('accounts', 'bank_sync_status')} AS syncStatus
     FROM accounts t${cols.joinSql('accounts')}
     JOIN banks b ON t.bank = b.id AND b.tombstone = 0
     WHERE t.tombstone = 0 AND t.closed = 0 AND t.account_id IS NOT NULL
       ${id ? 'AND t.id = ?' : ''} ORDER BY t.sort_order, t.id`,
    id ? [id] : [],
  );
}

/**
 * The download window: 30 days on the first sync; afterwards from 31 days before the latest
 * transaction, but never before the oldest one (which the starting balance is dated on).
 */
function startDate(budget: Budget, accountId: string): string | null {
  const span = budget.sqlite.first<{ first: number | null; last: number | null }>(
    'SELECT MIN(date) AS first, MAX(date) AS last FROM transactions WHERE acct = ? AND tombstone = 0',
    [accountId],
  );
  if (!span?.last) return null;
  const from = shiftDays(fromDateInt(span.last), -31);
  const first = fromDateInt(span.first);
  return from < first ? first : from;
}

function insertStartingBalance(
  budget: Budget,
  acct: LinkedAccount,
  amount: number,
  date: string,
): string {
  const payee = startingBalancePayee(budget);
  const { clock, random } = budget.env.platform;
  const id = random.uuid();
  budget.db.insert('transactions', {
    id,
    acct: acct.id,
    amount,
    category: acct.offbudget ? null : payee.category,
    description: payee.id,
    date: toDateInt(date),
    cleared: 1,
    starting_balance_flag: 1,
    isParent: 0,
    isChild: 0,
    sort_order: clock.now(),
    tombstone: 0,
  });
  return id;
}

/** The download window of one account (see `startDate`). */
interface SyncWindow {
  today: string;
  start: string;
  firstSync: boolean;
}

function windowOf(budget: Budget, acct: LinkedAccount): SyncWindow {
  const today = dayOf(budget.env.platform.clock.now());
  const from = startDate(budget, acct.id);
  return { today, start: from ?? shiftDays(today, -30), firstSync: from === null };
}

/** One account's answer from the server: its data, or the error to report. */
/**
 * A provider's answer for one account. `partial`: only some of the bank's rows (the server's
 * scheduled sync holds the new ones), so a pending row missing from it has not gone.
 */
type Download = { data: Record<string, unknown>; partial?: boolean } | { error: BankSyncError };

const failed = (accountId: string, internal: string): Download => ({
  error: { accountId, message: bankErrorFallback, internal },
});

/** An account's answer object: its data, or the provider's error payload as an error. */
function downloadOf(accountId: string, data: Record<string, unknown>): Download {
  return typeof data.error_type === 'string' ? { error: providerError(accountId, data) } : { data };
}

async function download(proxy: BankProxy, acct: LinkedAccount, w: SyncWindow): Promise<Download> {
  const res = await proxy.post(
    '/transactions',
    proxy.provider === 'gocardless'
      ? {
          requisitionId: acct.requisitionId,
          accountId: acct.account_id,
          startDate: w.start,
          endDate: w.today,
        }
      : { accountId: acct.account_id, startDate: w.start },
  );
  if (!res.ok) return failed(acct.id, res.error.reason);
  return downloadOf(acct.id, dataOf(res.value));
}

/**
 * SimpleFIN accounts in one request (the bridge limits how often it may be asked): the answer
 * holds each account's data by its bank id, and `errors` by bank id; a failure of the whole
 * request is every account's error.
 */
async function downloadBatch(
  proxy: BankProxy,
  accts: readonly { acct: LinkedAccount; w: SyncWindow }[],
): Promise<Map<string, Download>> {
  const res = await proxy.post('/transactions', {
    accountId: accts.map((a) => a.acct.account_id),
    startDate: accts.map((a) => a.w.start),
  });
  const data = res.ok ? dataOf(res.value) : {};
  const errors = (data.errors ?? {}) as Record<string, Record<string, unknown>[] | undefined>;
  const out = new Map<string, Download>();
  for (const { acct } of accts) {
    const own = data[acct.account_id];
    const error = errors[acct.account_id]?.[0];
    out.set(
      acct.id,
      !res.ok
        ? failed(acct.id, res.error.reason)
        : typeof data.error_type === 'string'
          ? downloadOf(acct.id, data)
          : error
            ? downloadOf(acct.id, error)
            : own && typeof own === 'object'
              ? downloadOf(acct.id, own as Record<string, unknown>)
              : failed(acct.id, 'no answer for the account'),
    );
  }
  return out;
}

/** Normalise and import one account's download. */
function applyDownload(
  budget: Budget,
  provider: BankProvider,
  acct: LinkedAccount,
  w: SyncWindow,
  data: Record<string, unknown>,
  out: SyncOutcome,
  emit?: Emit,
  partial = false,
): void {
  const txs = onePerBankId(bankTransactions(data));
  const { pending, known } = loadPending(budget, acct.id, w.start);
  const planned = planPending(pending, txs, known);
  // A partial answer replaces the pending rows that posted in it, and drops none.
  const plan = partial ? { ...planned, dropped: [] } : planned;
  const replacing = new Set(plan.replaced.map((r) => r.index));
  const rest = txs.filter((_, i) => !replacing.has(i));
  const review: ReviewRecord[] = [];
  const result = importTransactions(budget, acct.id, rest, {
    emit,
    rawPayeeName: true,
    // A row matched by amount and date waits for review; the bank's own id is no guess.
    onMatch: ({ index, reason, before, changed }) => {
      if (reason === 'imported-id' || !changed) return;
      review.push({ id: before.id, kind: 'matched', reason, before, bank: rest[index] });
    },
    // The pending rows that posted or went are settled below, not matched by the import.
    unmatchable: new Set([...plan.replaced.map((r) => r.row.id), ...plan.dropped.map((r) => r.id)]),
  });
  if (result.errors.length > 0) {
    out.errors.push({
      accountId: acct.id,
      message: bankErrorFallback,
      internal: result.errors[0]!.message,
    });
    return;
  }
  for (const { row, reason, index } of plan.replaced) {
    const before = budget.sqlite.first<StoredTx>(
      `${budget.db.columns.rowsSql('transactions')} WHERE t.id = ?`,
      [row.id],
    );
    review.push({ id: row.id, kind: 'replaced', reason, before, bank: txs[index] });
  }
  const settled = applyPending(budget, plan, txs, emit);
  for (const { row, reason } of plan.replaced) {
    out.replacedPending.push({ id: row.id, reason, was: { date: row.date, amount: row.amount } });
  }
  out.droppedPending.push(...settled.dropped);
  // Added after the import, not before, so no downloaded transaction can be matched to it.
  if (w.firstSync) {
    const oldest = txs.reduce((min, t) => (t.date && t.date < min ? t.date : min), w.today);
    out.newTransactions.push(
      insertStartingBalance(budget, acct, startingBalance(provider, data, txs), oldest),
    );
  }
  const balance = currentBalance(data);
  if (balance !== null) budget.db.update('accounts', { id: acct.id, balance_current: balance });
  const matched = [...result.updated, ...settled.replaced];
  const wrote =
    result.added.length > 0 || matched.length > 0 || settled.dropped.length > 0 || w.firstSync;
  // Where Actual keeps it. A sync that found nothing new writes nothing (no undo step, no
  // reload), unless the account was in trouble before.
  if (wrote || acct.syncStatus !== 'ok') {
    budget.db.update('accounts', {
      id: acct.id,
      last_sync: String(budget.env.platform.clock.now()),
      bank_sync_status: 'ok',
    });
  }
  // New bank rows, and the rows a guess changed, wait for the person's approval.
  for (const id of result.added) review.push({ id, kind: 'new' });
  markForReview(budget, acct.id, review);
  out.newTransactions.push(...result.added);
  out.matchedTransactions.push(...matched);
  out.accounts.push({ id: acct.id, added: result.added.length, matched: matched.length });
  if (wrote) out.updatedAccounts.push(acct.id);
}

/** Download, normalise and import one account's transactions; errors are returned. */
export async function syncAccount(
  budget: Budget,
  proxy: BankProxy,
  acct: LinkedAccount,
  out: SyncOutcome,
  emit?: Emit,
  prefetched?: Download,
): Promise<void> {
  const w = windowOf(budget, acct);
  const got = prefetched ?? (await download(proxy, acct, w));
  if ('error' in got) out.errors.push(got.error);
  else applyDownload(budget, proxy.provider, acct, w, got.data, out, emit, got.partial === true);
}

/** The SimpleFIN accounts' downloads, fetched together when there are several. */
async function prefetch(
  budget: Budget,
  proxyFor: ProxyFor,
  accounts: readonly LinkedAccount[],
): Promise<Map<string, Download>> {
  const simple = accounts.filter((a) => providerOf(a.syncSource) === 'simplefin');
  if (simple.length < 2) return new Map();
  const proxy = await proxyFor('simplefin');
  if (!proxy) return new Map();
  return downloadBatch(
    proxy,
    simple.map((acct) => ({ acct, w: windowOf(budget, acct) })),
  );
}

/**
 * The balance before the downloaded transactions. GoCardless's server computes it; SimpleFIN and
 * Enable Banking send the current balance (`startingBalance`, in cents), so the downloaded
 * transactions, pending ones included since they are imported too, are taken off it.
 */
function startingBalance(
  provider: BankProvider,
  data: Record<string, unknown>,
  txs: readonly ImportTransaction[],
): number {
  const given = typeof data.startingBalance === 'number' ? data.startingBalance : 0;
  if (provider === 'gocardless') return given;
  return txs.reduce((sum, t) => sum - (t.amount ?? 0), given);
}

const bankErrorFallback =
  'There was an internal error. Please get in touch with support if the problem continues.';

export const NO_SERVER = 'No server is configured';

export const emptyOutcome = (): SyncOutcome => ({
  errors: [],
  newTransactions: [],
  matchedTransactions: [],
  updatedAccounts: [],
  accounts: [],
  replacedPending: [],
  droppedPending: [],
});

/**
 * Sync accounts one at a time (the provider limits how often an account may be read, so
 * nothing is gained by overlapping them), pushing which accounts are still to go and, after
 * each, whether it failed. A failed account is reported and the next one still syncs.
 */
export async function syncAccounts(
  budget: Budget,
  proxyFor: ProxyFor,
  accounts: readonly LinkedAccount[],
  emit?: Emit,
): Promise<SyncOutcome> {
  const out = emptyOutcome();
  const ids = accounts.map((a) => a.id);
  const fetched = await prefetch(budget, proxyFor, accounts);
  for (const [i, acct] of accounts.entries()) {
    emit?.('accounts-syncing', { ids: ids.slice(i) });
    const before = out.errors.length;
    const proxy = await proxyFor(providerOf(acct.syncSource));
    if (proxy) await syncAccount(budget, proxy, acct, out, emit, fetched.get(acct.id));
    else out.errors.push({ accountId: acct.id, message: NO_SERVER });
    const error = out.errors[before];
    // Where Actual keeps it, so an Actual client sharing the budget shows the same problem.
    const problem = error && bankSyncStatusOf(error);
    if (problem && problem !== acct.syncStatus) {
      budget.db.update('accounts', { id: acct.id, bank_sync_status: problem });
    }
    const status: AccountSyncStatusEvent = error
      ? {
          id: acct.id,
          failed: true,
          errorType: error.category,
          errorCode: error.code,
          message: error.message,
        }
      : { id: acct.id, failed: false };
    emit?.('account-sync-status', status);
  }
  if (accounts.length > 0) emit?.('accounts-syncing', { ids: [] });
  return out;
}

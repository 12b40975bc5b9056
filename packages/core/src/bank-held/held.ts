/**
 * Rows the server's scheduled bank sync holds for this budget: the app registers its linked
 * accounts, imports what the server holds through the manual sync's own import (rules, dedup
 * by bank id), and then tells the server to forget it.
 */
import type { Budget } from '../budget-file/budget.ts';
import type { Emit } from '../handlers-core/events.ts';
import { type BankProvider, type BankProxy, dataOf, providerOf } from '../bank-sync/proxy.ts';
import { emptyOutcome, linkedAccounts, syncAccount, type SyncOutcome } from '../bank-sync/sync.ts';
import { dayOf, fromDateInt } from '../transactions/model.ts';
import type { Result } from '../server-client/http.ts';

/** The server's `/bank-schedule/*` routes, signed in. */
export interface HeldServer {
  post(path: string, body: unknown): Promise<Result<Record<string, unknown>>>;
}

export interface HeldImport {
  /** Transactions the held rows added to the budget (rows already there are not counted). */
  imported: number;
  /** Pending rows the held ones replaced or updated. */
  matched: number;
  /** Whether the server has the schedule on (false: an old server, or it is off). */
  scheduled: boolean;
}

type Scheduled = Exclude<BankProvider, 'gocardless'>;

interface Link {
  provider: Scheduled;
  accountId: string;
  since: string;
}

const DAY = 86_400_000;

/**
 * The budget's SimpleFIN and Enable Banking links, each with the first day the server should
 * fetch: a week before the account's latest transaction (pending rows post up to days later).
 */
export function scheduledLinks(budget: Budget): (Link & { id: string })[] {
  const today = budget.env.platform.clock.now();
  return linkedAccounts(budget, null).flatMap((a) => {
    const provider = providerOf(a.syncSource);
    if (provider === 'gocardless') return [];
    const last = budget.sqlite.first<{ last: number | null }>(
      'SELECT MAX(date) AS last FROM transactions WHERE acct = ? AND tombstone = 0',
      [a.id],
    )?.last;
    const latest = last ? Date.parse(`${fromDateInt(last)}T00:00:00Z`) : today;
    return [{ id: a.id, provider, accountId: a.account_id, since: dayOf(latest - 7 * DAY) }];
  });
}

interface HeldAnswer {
  rows: { provider: string; accountId: string; transaction: unknown }[];
  upTo: number;
}

function heldAnswer(data: Record<string, unknown>): HeldAnswer | null {
  const { rows, upTo } = data;
  if (!Array.isArray(rows) || typeof upTo !== 'number') return null;
  const valid = rows.filter(
    (r): r is HeldAnswer['rows'][number] =>
      !!r &&
      typeof r === 'object' &&
      typeof r.provider === 'string' &&
      typeof r.accountId === 'string',
  );
  return { rows: valid, upTo };
}

/** Only `provider` is read by an import of rows already downloaded. */
const offline = (provider: BankProvider): BankProxy => ({
  provider,
  post: async () => ({ ok: false, error: { reason: 'held rows are never downloaded' } }),
  secret: async () => ({ ok: false, error: { reason: 'held rows are never downloaded' } }),
});

/**
 * Registers the budget's links, imports the held rows into their accounts and releases them
 * on the server. Call inside a mutator. A failed release leaves the rows held: the next import
 * finds their bank ids in the budget and adds nothing twice.
 */
export async function importHeld(
  budget: Budget,
  fileId: string,
  server: HeldServer,
  emit?: Emit,
): Promise<{ result: HeldImport; outcome: SyncOutcome }> {
  const outcome = emptyOutcome();
  const links = scheduledLinks(budget);
  const registered = await server.post('/links', {
    fileId,
    links: links.map(({ provider, accountId, since }) => ({ provider, accountId, since })),
  });
  const none = (scheduled: boolean) => ({
    result: { imported: 0, matched: 0, scheduled },
    outcome,
  });
  if (!registered.ok) return none(false);
  const scheduled = dataOf(registered.value).enabled === true;
  const res = await server.post('/held', { fileId });
  const held = res.ok ? heldAnswer(dataOf(res.value)) : null;
  if (!held || held.rows.length === 0) return none(scheduled);

  const accounts = linkedAccounts(budget, null);
  for (const link of links) {
    const rows = held.rows
      .filter((r) => r.provider === link.provider && r.accountId === link.accountId)
      .map((r) => r.transaction);
    const acct = accounts.find((a) => a.id === link.id);
    if (rows.length === 0 || !acct) continue;
    const data = { transactions: { all: rows } };
    await syncAccount(budget, offline(link.provider), acct, outcome, emit, { data });
  }
  await server.post('/release', { fileId, upTo: held.upTo });
  const imported = outcome.accounts.reduce((n, a) => n + a.added, 0);
  const matched = outcome.accounts.reduce((n, a) => n + a.matched, 0);
  return { result: { imported, matched, scheduled }, outcome };
}

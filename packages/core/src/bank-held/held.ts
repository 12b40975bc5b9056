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
  /**
   * The names of linked accounts the server will not fetch on its schedule: on a budget shared
   * with this user, only its owner may add an account to the schedule (the server would read
   * it with the owner's bank secrets). They still sync from their account page.
   */
  notScheduled: string[];
}

interface Link {
  provider: BankProvider;
  accountId: string;
  since: string;
  /** GoCardless's requisition (the consent holding the account); null for the others. */
  requisitionId: string | null;
}

const DAY = 86_400_000;

/**
 * The budget's bank links, each with the first day the server should fetch: a week before the
 * account's latest transaction (pending rows post up to days later).
 */
export function scheduledLinks(budget: Budget): (Link & { id: string })[] {
  const today = budget.env.platform.clock.now();
  return linkedAccounts(budget, null).map((a) => {
    const provider = providerOf(a.syncSource);
    const last = budget.sqlite.first<{ last: number | null }>(
      'SELECT MAX(date) AS last FROM transactions WHERE acct = ? AND tombstone = 0',
      [a.id],
    )?.last;
    const latest = last ? Date.parse(`${fromDateInt(last)}T00:00:00Z`) : today;
    return {
      id: a.id,
      provider,
      accountId: a.account_id,
      since: dayOf(latest - 7 * DAY),
      requisitionId: provider === 'gocardless' ? a.requisitionId : null,
    };
  });
}

export interface HeldAnswer {
  rows: { provider: string; accountId: string; transaction: unknown }[];
  upTo: number;
}

type HeldRow = HeldAnswer['rows'][number];

/** The well-formed rows of a list (the one check, where the rows come in). */
export function heldRows(rows: readonly unknown[]): HeldRow[] {
  return rows.filter(
    (r): r is HeldRow =>
      !!r &&
      typeof r === 'object' &&
      typeof (r as HeldRow).provider === 'string' &&
      typeof (r as HeldRow).accountId === 'string',
  );
}

function heldAnswer(data: Record<string, unknown>): HeldAnswer | null {
  const { rows, upTo } = data;
  if (!Array.isArray(rows) || typeof upTo !== 'number') return null;
  return { rows: heldRows(rows), upTo };
}

/** Only `provider` is read by an import of rows already downloaded. */
const offline = (provider: BankProvider): BankProxy => ({
  provider,
  post: async () => ({ ok: false, error: { reason: 'held rows are never downloaded' } }),
  secret: async () => ({ ok: false, error: { reason: 'held rows are never downloaded' } }),
});

/** What the server holds for the file, once the budget's links are registered. */
export interface Fetched {
  scheduled: boolean;
  held: HeldAnswer | null;
  /** Names of the linked accounts the server left out of its schedule. */
  notScheduled: string[];
}

/**
 * The budget's accounts behind the server's `notScheduled` (provider and bank account id), by
 * name, sorted; entries that match no link of this budget are dropped (the one check, where
 * the server's answer comes in).
 */
function namesNotScheduled(
  budget: Budget,
  links: readonly (Link & { id: string })[],
  given: unknown,
): string[] {
  if (!Array.isArray(given)) return [];
  const ids = new Set<string>();
  for (const entry of heldRows(given)) {
    const link = links.find(
      (l) => l.provider === entry.provider && l.accountId === entry.accountId,
    );
    if (link) ids.add(link.id);
  }
  const names = [...ids].map(
    (id) =>
      budget.sqlite.first<{ name: string }>('SELECT name FROM accounts WHERE id = ?', [id])?.name ??
      id,
  );
  return names.sort((a, b) => a.localeCompare(b));
}

/**
 * Registers the budget's links and reads what the server holds for the file. Network only:
 * call outside the writer queue, so a slow server never holds other writes up.
 */
export async function fetchHeld(
  budget: Budget,
  fileId: string,
  server: HeldServer,
): Promise<Fetched> {
  const links = scheduledLinks(budget);
  const registered = await server.post('/links', {
    fileId,
    links: links.map(({ provider, accountId, since, requisitionId }) =>
      requisitionId === null
        ? { provider, accountId, since }
        : { provider, accountId, since, requisitionId },
    ),
  });
  if (!registered.ok) return { scheduled: false, held: null, notScheduled: [] };
  const answer = dataOf(registered.value);
  const scheduled = answer.enabled === true;
  const notScheduled = scheduled ? namesNotScheduled(budget, links, answer.notScheduled) : [];
  const res = await server.post('/held', { fileId });
  const held = res.ok ? heldAnswer(dataOf(res.value)) : null;
  return { scheduled, held: held && held.rows.length > 0 ? held : null, notScheduled };
}

/** Imports held rows into their linked accounts; call inside a mutator. */
export async function applyHeld(
  budget: Budget,
  given: readonly unknown[],
  emit?: Emit,
): Promise<SyncOutcome> {
  const rows = heldRows(given);
  const outcome = emptyOutcome();
  const accounts = linkedAccounts(budget, null);
  for (const link of scheduledLinks(budget)) {
    const own = rows
      .filter((r) => r.provider === link.provider && r.accountId === link.accountId)
      .map((r) => r.transaction);
    const acct = accounts.find((a) => a.id === link.id);
    if (own.length === 0 || !acct) continue;
    const data = { transactions: { all: own } };
    // Held rows are only what came in since the last fetch, not the bank's whole list.
    await syncAccount(budget, offline(link.provider), acct, outcome, emit, { data, partial: true });
  }
  return outcome;
}

export function summary(
  outcome: SyncOutcome,
  scheduled: boolean,
  notScheduled: string[] = [],
): HeldImport {
  const imported = outcome.accounts.reduce((n, a) => n + a.added, 0);
  const matched = outcome.accounts.reduce((n, a) => n + a.matched, 0);
  return { imported, matched, scheduled, notScheduled };
}

/**
 * Registers the budget's links, imports the held rows into their accounts and releases them
 * on the server, in one go (the handler splits it around the writer queue). A failed release
 * leaves the rows held: the next import finds their bank ids in the budget and adds nothing
 * twice.
 */
export async function importHeld(
  budget: Budget,
  fileId: string,
  server: HeldServer,
  emit?: Emit,
): Promise<{ result: HeldImport; outcome: SyncOutcome }> {
  const { scheduled, held, notScheduled } = await fetchHeld(budget, fileId, server);
  const outcome = held ? await applyHeld(budget, held.rows, emit) : emptyOutcome();
  if (held) await server.post('/release', { fileId, upTo: held.upTo });
  return { result: summary(outcome, scheduled, notScheduled), outcome };
}

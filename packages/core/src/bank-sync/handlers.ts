import { createAccount } from '../accounts/create.ts';
import { handlerError } from '../handlers-core/errors.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { LINK_FAILED } from './errors.ts';
import { createLinkPoller } from './poll.ts';
import {
  type BankProvider,
  type BankProxy,
  SYNC_SOURCE,
  bankProxy,
  dataOf,
  providerOf,
} from './proxy.ts';
import { enableBankingHandlers } from './enablebanking.ts';
import type { BankSyncParts } from './parts.ts';
import { reviewHandlers } from './review-handlers.ts';
import { simpleFinHandlers } from './simplefin.ts';
import { NO_SERVER, type SyncOutcome, linkedAccounts, syncAccounts } from './sync.ts';

const notConfigured = () => handlerError('not-configured', NO_SERVER);

async function withProxy<R>(ctx: HandlerContext, fn: (p: BankProxy) => Promise<R>) {
  return withProviderProxy(ctx, 'gocardless', fn);
}

async function withProviderProxy<R>(
  ctx: HandlerContext,
  provider: BankProvider,
  fn: (p: BankProxy) => Promise<R>,
) {
  const proxy = await bankProxy(ctx, provider);
  return proxy ? fn(proxy) : notConfigured();
}

/** The queued half of `gocardless-accounts-sync` (see there). */
const SYNC_RUN = 'bank-sync/run';

interface LinkedBankAccount {
  account_id: string;
  name?: string;
  official_name?: string;
  mask?: string;
  institution?: { id?: string; name?: string } | string;
}

/**
 * The bank-sync handlers. Made per core: the link poll in progress and the sync-in-progress
 * flag belong to one core instance. Handlers that write are undoable mutators, so a link or a
 * sync (every account's transactions, starting balances and bank balances) is one undo step
 * and runs on the single-writer queue.
 */
export function createBankSyncModule() {
  const poller = createLinkPoller();
  let syncing = false;

  function bankRow(ctx: HandlerContext, requisitionId: string, name: string): string {
    const budget = ctx.requireBudget();
    const found = budget.sqlite.first<{ id: string }>(
      'SELECT id FROM banks WHERE bank_id = ? AND tombstone = 0',
      [requisitionId],
    );
    return found?.id ?? budget.db.insert('banks', { bank_id: requisitionId, name, tombstone: 0 });
  }

  /**
   * Tell the UI that accounts and transactions changed, as a sync would (registers and the
   * sidebar reload on it); a local-only budget keeps its sync status 'disabled'.
   */
  function announce(ctx: HandlerContext) {
    const budget = ctx.requireBudget();
    ctx.emit('sync-event', {
      type: 'success',
      tables: ['transactions', 'accounts', 'payees'],
      syncDisabled: !budget.prefs.groupId,
    });
  }

  /**
   * Sync linked accounts (the given ones, or all for null), each through its own provider's
   * routes; call only from inside a mutator.
   */
  async function runSync(ctx: HandlerContext, ids: readonly string[] | null): Promise<SyncOutcome> {
    const budget = ctx.requireBudget();
    const accounts = linkedAccounts(budget, null).filter((a) => !ids || ids.includes(a.id));
    const proxies = new Map<BankProvider, Promise<BankProxy | null>>();
    const proxyFor = (provider: BankProvider) => {
      let proxy = proxies.get(provider);
      if (!proxy) proxies.set(provider, (proxy = bankProxy(ctx, provider)));
      return proxy;
    };
    return syncAccounts(budget, proxyFor, accounts, ctx.emit);
  }

  /** A sync already in progress answers false without running; checked before queueing. */
  async function guardedSync(
    ctx: HandlerContext,
    ids: readonly string[] | null,
  ): Promise<SyncOutcome | false> {
    if (syncing) return false;
    syncing = true;
    try {
      return (await ctx.call(SYNC_RUN, { ids: ids ? [...ids] : null })) as SyncOutcome;
    } finally {
      syncing = false;
    }
  }

  const parts: BankSyncParts = {
    withProxy: withProviderProxy,
    bankRow,
    runSync,
    announce,
    guardedSync,
  };

  return defineModule('bank-sync', {
    ...simpleFinHandlers(parts),
    ...enableBankingHandlers(parts),

    'gocardless-status': handler({
      run: (_a: undefined, ctx) =>
        withProxy(ctx, async (p) => {
          const res = await p.post('/status', {});
          return { configured: res.ok && dataOf(res.value).configured === true };
        }),
    }),

    'gocardless-get-banks': handler({
      args: v.object({ country: v.string(), showDemo: v.optional(v.boolean()) }),
      run: ({ country, showDemo }, ctx) =>
        withProxy(ctx, async (p) => {
          const res = await p.post('/get-banks', { country, showDemo: showDemo ?? false });
          if (!res.ok || !Array.isArray(res.value.data)) {
            return { error: res.ok ? 'failed' : res.error.reason };
          }
          return { data: res.value.data as unknown[] };
        }),
    }),

    'gocardless-create-web-token': handler({
      args: v.object({
        upgradingAccountId: v.optional(v.nullable(v.string())),
        institutionId: v.string(),
        accessValidForDays: v.number(),
      }),
      run: ({ institutionId, accessValidForDays }, ctx) =>
        withProxy(ctx, async (p) => {
          const res = await p.post('/create-web-token', { institutionId, accessValidForDays });
          const data = res.ok ? dataOf(res.value) : {};
          if (typeof data.link !== 'string' || typeof data.requisitionId !== 'string') {
            return { error: res.ok ? 'failed' : res.error.reason };
          }
          return { link: data.link, requisitionId: data.requisitionId };
        }),
    }),

    /** Poll every 3 s until the user finished at the bank, for up to 10 minutes. */
    'gocardless-poll-web-token': handler({
      args: v.object({
        upgradingAccountId: v.optional(v.nullable(v.string())),
        requisitionId: v.string(),
      }),
      run: ({ requisitionId }, ctx) =>
        withProxy(ctx, (p) => poller.poll(p, ctx.platform.timers, requisitionId)),
    }),

    'gocardless-poll-web-token-stop': handler({
      run: () => {
        poller.stop();
        return 'ok';
      },
    }),

    /** The older name the external-message modals also send on close. */
    'poll-web-token-stop': handler({
      run: () => {
        poller.stop();
        return 'ok';
      },
    }),

    'gocardless-accounts-link': handler({
      args: v.object({
        requisitionId: v.string(),
        account: v.unknown(),
        upgradingId: v.optional(v.nullable(v.string())),
        /** A new account (no upgradingId) is made off budget. */
        offBudget: v.optional(v.nullable(v.boolean())),
      }),
      undoable: true,
      needsBudget: true,
      async run({ requisitionId, account, upgradingId, offBudget }, ctx) {
        const acct = account as LinkedBankAccount;
        if (!acct || typeof acct.account_id !== 'string') {
          return handlerError('invalid-account', LINK_FAILED);
        }
        const budget = ctx.requireBudget();
        const institution = typeof acct.institution === 'object' ? acct.institution : undefined;
        const id = budget.db.batch(() => {
          const bank = bankRow(ctx, requisitionId, institution?.name ?? 'Bank');
          const target =
            upgradingId ??
            createAccount(budget, {
              name: acct.name ?? acct.official_name ?? 'Bank',
              offBudget: offBudget ?? false,
            });
          budget.db.update('accounts', {
            id: target,
            account_id: acct.account_id,
            bank,
            mask: acct.mask ?? null,
            official_name: acct.official_name ?? null,
            account_sync_source: SYNC_SOURCE.gocardless,
          });
          return target;
        });
        await runSync(ctx, [id]);
        announce(ctx);
        return 'ok';
      },
    }),

    /** The 23.x connect call: link each chosen account of a requisition. */
    'gocardless-accounts-connect': handler({
      args: v.object({
        institution: v.unknown(),
        publicToken: v.string(),
        accountIds: v.array(v.string()),
        offbudgetIds: v.optional(v.array(v.string())),
      }),
      undoable: true,
      needsBudget: true,
      async run({ institution, publicToken, accountIds, offbudgetIds }, ctx) {
        const budget = ctx.requireBudget();
        const name = (institution as { name?: string } | null)?.name ?? 'Bank';
        const ids = budget.db.batch(() => {
          const bank = bankRow(ctx, publicToken, name);
          return accountIds.map((accountId) => {
            const id = createAccount(budget, {
              name: accountId,
              offBudget: offbudgetIds?.includes(accountId) ?? false,
            });
            budget.db.update('accounts', {
              id,
              account_id: accountId,
              bank,
              account_sync_source: SYNC_SOURCE.gocardless,
            });
            return id;
          });
        });
        await runSync(ctx, ids);
        announce(ctx);
        return ids;
      },
    }),

    /**
     * One account, or all (no id or '__all'). A sync already in progress answers false
     * without running, so the check is made here, before queueing; the sync itself is the
     * undoable mutator behind it.
     */
    'gocardless-accounts-sync': handler({
      args: v.object({ id: v.optional(v.nullable(v.string())) }),
      needsBudget: true,
      run: ({ id }, ctx): Promise<SyncOutcome | false> =>
        guardedSync(ctx, id && id !== '__all' ? [id] : null),
    }),

    [SYNC_RUN]: handler({
      args: v.object({ ids: v.nullable(v.array(v.string())) }),
      undoable: true,
      needsBudget: true,
      async run({ ids }, ctx) {
        const out = await runSync(ctx, ids);
        if (out.updatedAccounts.length > 0) announce(ctx);
        return out;
      },
    }),

    /** Drop the link; the requisition is removed on the server once no account uses it. */
    'account-unlink': handler({
      args: v.object({ id: v.string() }),
      undoable: true,
      needsBudget: true,
      async run({ id }, ctx) {
        const budget = ctx.requireBudget();
        const cols = budget.db.columns;
        const row = budget.sqlite.first<{
          bank: string | null;
          bank_id: string | null;
          source: string | null;
        }>(
          `SELECT t.bank, b.bank_id, ${cols.columnSql('accounts', 'account_sync_source')} AS source
           FROM accounts t${cols.joinSql('accounts')} LEFT JOIN banks b ON t.bank = b.id
           WHERE t.id = ?`,
          [id],
        );
        if (!row?.bank) return 'ok';
        budget.db.update('accounts', {
          id,
          account_id: null,
          bank: null,
          balance_current: null,
          account_sync_source: null,
          // As Actual leaves an unlinked account: no sync state either.
          bank_sync_status: null,
        });
        announce(ctx);
        // Only a GoCardless requisition lives on the server; other providers keep no link there.
        if (providerOf(row.source) !== 'gocardless') return 'ok';
        const users = budget.sqlite.first<{ n: number }>(
          'SELECT COUNT(*) AS n FROM accounts WHERE bank = ? AND tombstone = 0',
          [row.bank],
        );
        if ((users?.n ?? 0) === 0 && row.bank_id) {
          const proxy = await bankProxy(ctx);
          await proxy?.post('/remove-account', { requisitionId: row.bank_id });
        }
        return 'ok';
      },
    }),

    ...reviewHandlers(),

    'secret-set': handler({
      args: v.object({ name: v.string(), value: v.nullable(v.string()) }),
      async run({ name, value }, ctx) {
        const proxy = await bankProxy(ctx);
        if (!proxy) return notConfigured();
        const res = await proxy.secret(name, value);
        return res.ok ? (res.value.data ?? 'ok') : { error: res.error.reason };
      },
    }),
  });
}

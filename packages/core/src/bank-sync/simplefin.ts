import { handlerError } from '../handlers-core/errors.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { LINK_FAILED } from './errors.ts';
import { linkExternalAccount } from './link-external.ts';
import { SYNC_SOURCE, dataOf } from './proxy.ts';
import type { BankSyncParts } from './parts.ts';
import type { SyncOutcome } from './sync.ts';

/** A SimpleFIN account as the link modal hands it over (Actual's client shape). */
const externalAccount = v.object({
  account_id: v.string(),
  name: v.optional(v.nullable(v.string())),
  institution: v.optional(v.nullable(v.string())),
  orgDomain: v.optional(v.nullable(v.string())),
  orgId: v.optional(v.nullable(v.string())),
});

/** One account's part of a sync outcome, as `simplefin-batch-sync` answers per account. */
function outcomeOf(ctx: HandlerContext, out: SyncOutcome, id: string) {
  const sqlite = ctx.requireBudget().sqlite;
  const mine = (txId: string) =>
    sqlite.first<{ acct: string }>('SELECT acct FROM transactions WHERE id = ?', [txId])?.acct ===
    id;
  return {
    errors: out.errors.filter((e) => e.accountId === id),
    newTransactions: out.newTransactions.filter(mine),
    matchedTransactions: out.matchedTransactions.filter(mine),
    updatedAccounts: out.updatedAccounts.filter((a) => a === id),
  };
}

/**
 * SimpleFIN Bridge through the server's `/simplefin/*` routes, named as Actual's handlers:
 * status, the bridge's accounts, linking one to a new or existing account (synced at once),
 * and syncing SimpleFIN accounts. The server holds the access URL; errors arrive as
 * `error_type`/`error_code` payloads (see errors.ts for their texts).
 */
export function simpleFinHandlers(parts: BankSyncParts) {
  return {
    'simplefin-status': handler({
      run: (_a: undefined, ctx) =>
        parts.withProxy(ctx, 'simplefin', async (p) => {
          const res = await p.post('/status', {});
          return { configured: res.ok && dataOf(res.value).configured === true };
        }),
    }),

    /** The bridge's accounts, or the error payload; an unreachable server is TIMED_OUT. */
    'simplefin-accounts': handler({
      run: (_a: undefined, ctx) =>
        parts.withProxy(ctx, 'simplefin', async (p) => {
          const res = await p.post('/accounts', {});
          if (!res.ok) return { error_type: 'TIMED_OUT', error_code: 'TIMED_OUT' };
          const data = dataOf(res.value);
          if (Array.isArray(data.accounts)) return { accounts: data.accounts as unknown[] };
          return {
            error_type: String(data.error_type ?? 'UNKNOWN'),
            error_code: String(data.error_code ?? 'UNKNOWN'),
            reason: typeof data.reason === 'string' ? data.reason : undefined,
          };
        }),
    }),

    'simplefin-accounts-link': handler({
      args: v.object({
        externalAccount,
        upgradingId: v.optional(v.nullable(v.string())),
        offBudget: v.optional(v.nullable(v.boolean())),
      }),
      undoable: true,
      needsBudget: true,
      async run({ externalAccount: acct, upgradingId, offBudget }, ctx) {
        const org = acct.orgDomain ?? acct.orgId;
        if (!org) return handlerError('invalid-account', LINK_FAILED);
        return linkExternalAccount(ctx, parts, {
          provider: 'simplefin',
          bankId: org,
          institution: acct.institution,
          accountId: acct.account_id,
          name: acct.name,
          upgradingId,
          offBudget,
        });
      },
    }),

    /**
     * Sync SimpleFIN accounts (the given ones, or all): one answer per account with its own
     * errors and rows; false while another sync runs.
     */
    'simplefin-batch-sync': handler({
      args: v.object({ ids: v.optional(v.array(v.string())) }),
      needsBudget: true,
      async run({ ids }, ctx) {
        const wanted = simpleFinAccounts(ctx, ids ?? []);
        if (wanted.length === 0) return [];
        const out = await parts.guardedSync(ctx, wanted);
        if (out === false) return false;
        return wanted.map((accountId) => ({ accountId, res: outcomeOf(ctx, out, accountId) }));
      },
    }),
  };
}

/** The open accounts linked through SimpleFIN, limited to `ids` when given. */
function simpleFinAccounts(ctx: HandlerContext, ids: readonly string[]): string[] {
  const budget = ctx.requireBudget();
  const cols = budget.db.columns;
  const rows = budget.sqlite.all<{ id: string }>(
    `SELECT t.id FROM accounts t${cols.joinSql('accounts')}
     WHERE t.tombstone = 0 AND t.closed = 0 AND t.account_id IS NOT NULL
       AND ${cols.columnSql('accounts', 'account_sync_source')} = ?
     ORDER BY t.offbudget, t.sort_order, t.id`,
    [SYNC_SOURCE.simplefin],
  );
  const all = rows.map((r) => r.id);
  return ids.length > 0 ? all.filter((id) => ids.includes(id)) : all;
}

import { createAccount } from '../accounts/create.ts';
import { handlerError } from '../handlers-core/errors.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { LINK_FAILED, LINK_TIMEOUT } from './errors.ts';
import { type BankProxy, bankProxy, dataOf } from './proxy.ts';
import { type SyncOutcome, linkedAccounts, syncAccount } from './sync.ts';

export const POLL_INTERVAL_MS = 3000;
export const POLL_LIMIT_MS = 10 * 60 * 1000;

const notConfigured = () => handlerError('not-configured', 'No server is configured');

async function withProxy<R>(ctx: HandlerContext, fn: (p: BankProxy) => Promise<R>) {
  const proxy = await bankProxy(ctx);
  return proxy ? fn(proxy) : notConfigured();
}

type PollAnswer = { data: Record<string, unknown> } | { error: string; message?: string };

interface LinkedBankAccount {
  account_id: string;
  name?: string;
  official_name?: string;
  mask?: string;
  institution?: { id?: string; name?: string } | string;
}

/**
 * The bank-sync handlers. Made per core: the poll in progress and the sync-in-progress flag
 * belong to one core instance.
 */
export function createBankSyncModule() {
  let poll: { stop: () => void } | null = null;
  let syncing = false;

  function bankRow(ctx: HandlerContext, requisitionId: string, name: string): string {
    const budget = ctx.requireBudget();
    const found = budget.sqlite.first<{ id: string }>(
      'SELECT id FROM banks WHERE bank_id = ? AND tombstone = 0',
      [requisitionId],
    );
    return found?.id ?? budget.db.insert('banks', { bank_id: requisitionId, name, tombstone: 0 });
  }

  async function sync(ctx: HandlerContext, id: string | null): Promise<SyncOutcome | false> {
    if (syncing) return false;
    syncing = true;
    try {
      const budget = ctx.requireBudget();
      const out: SyncOutcome = {
        errors: [],
        newTransactions: [],
        matchedTransactions: [],
        updatedAccounts: [],
      };
      const proxy = await bankProxy(ctx);
      for (const acct of linkedAccounts(budget, id)) {
        if (!proxy) {
          out.errors.push({ accountId: acct.id, message: 'No server is configured' });
          continue;
        }
        await syncAccount(budget, proxy, acct, out, ctx.emit);
      }
      return out;
    } finally {
      syncing = false;
    }
  }

  return defineModule('bank-sync', {
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
        withProxy(ctx, (p) => {
          poll?.stop();
          const { timers } = ctx.platform;
          // Counted in polls, not wall time, so a suspended app does not time out at once.
          let polls = 0;
          return new Promise<PollAnswer>((resolve) => {
            let handle: unknown = null;
            let done = false;
            const finish = (value: PollAnswer) => {
              if (done) return;
              done = true;
              if (handle !== null) timers.clearTimeout(handle);
              if (poll === self) poll = null;
              resolve(value);
            };
            const self = { stop: () => finish({ error: 'stopped' }) };
            poll = self;
            const tick = async () => {
              if (done) return;
              if (polls * POLL_INTERVAL_MS >= POLL_LIMIT_MS) {
                return finish({ error: 'timeout', message: LINK_TIMEOUT });
              }
              polls += 1;
              const res = await p.post('/get-accounts', { requisitionId });
              if (done) return;
              if (!res.ok) return finish({ error: 'unknown', message: LINK_FAILED });
              const data = dataOf(res.value);
              if (Array.isArray(data.accounts)) return finish({ data });
              handle = timers.setTimeout(() => void tick(), POLL_INTERVAL_MS);
            };
            void tick();
          });
        }),
    }),

    'gocardless-poll-web-token-stop': handler({
      run: () => {
        poll?.stop();
        return 'ok';
      },
    }),

    'gocardless-accounts-link': handler({
      args: v.object({
        requisitionId: v.string(),
        account: v.unknown(),
        upgradingId: v.optional(v.nullable(v.string())),
      }),
      needsBudget: true,
      async run({ requisitionId, account, upgradingId }, ctx) {
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
            createAccount(budget, { name: acct.name ?? acct.official_name ?? 'Bank' });
          budget.db.update('accounts', {
            id: target,
            account_id: acct.account_id,
            bank,
            mask: acct.mask ?? null,
            official_name: acct.official_name ?? null,
          });
          return target;
        });
        await sync(ctx, id);
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
            budget.db.update('accounts', { id, account_id: accountId, bank });
            return id;
          });
        });
        for (const id of ids) await sync(ctx, id);
        return ids;
      },
    }),

    'gocardless-accounts-sync': handler({
      args: v.object({ id: v.optional(v.nullable(v.string())) }),
      needsBudget: true,
      run: ({ id }, ctx) => sync(ctx, id && id !== '__all' ? id : null),
    }),

    /** Drop the link; the requisition is removed on the server once no account uses it. */
    'account-unlink': handler({
      args: v.object({ id: v.string() }),
      needsBudget: true,
      async run({ id }, ctx) {
        const budget = ctx.requireBudget();
        const row = budget.sqlite.first<{ bank: string | null; bank_id: string | null }>(
          'SELECT a.bank, b.bank_id FROM accounts a LEFT JOIN banks b ON a.bank = b.id WHERE a.id = ?',
          [id],
        );
        if (!row?.bank) return 'ok';
        budget.db.update('accounts', { id, account_id: null, bank: null, balance_current: null });
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

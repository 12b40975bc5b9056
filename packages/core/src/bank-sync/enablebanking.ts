import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { linkExternalAccount } from './link-external.ts';
import { type BankProxy, dataOf } from './proxy.ts';
import type { BankSyncParts } from './parts.ts';

/** The data of an answer, or `{error}` with the reason when the server could not be asked. */
async function pass(p: BankProxy, path: string, body: unknown, signal?: AbortSignal) {
  const res = await p.post(path, body, signal);
  return res.ok ? dataOf(res.value) : { error: res.error.reason };
}

/** An Enable Banking account as the link modal hands it over (Actual's client shape). */
const externalAccount = v.object({
  account_id: v.string(),
  name: v.optional(v.nullable(v.string())),
  institution: v.optional(v.nullable(v.string())),
});

/**
 * Enable Banking through the server's `/enablebanking/*` routes, named as Actual's handlers:
 * set-up, countries and banks, the consent (start, then completion by the app's redirect or by
 * the server's long poll), and linking an account of a session. Syncing goes through
 * `gocardless-accounts-sync`, which reads each account through its own provider.
 */
export function enableBankingHandlers(parts: BankSyncParts) {
  const eb = <R>(
    ctx: Parameters<BankSyncParts['withProxy']>[0],
    fn: (p: BankProxy) => Promise<R>,
  ) => parts.withProxy(ctx, 'enablebanking', fn);

  // The long polls running, by consent state, so closing the waiting modal can end its poll.
  const polls = new Map<string, AbortController>();

  return {
    'enablebanking-status': handler({
      run: (_a: undefined, ctx) =>
        eb(ctx, async (p) => {
          const res = await p.post('/status', {});
          return { configured: res.ok && dataOf(res.value).configured === true };
        }),
    }),

    /** Checked by the server with a request signed with the key before anything is stored. */
    'enablebanking-configure': handler({
      args: v.object({ applicationId: v.string(), secretKey: v.string() }),
      run: (config, ctx) => eb(ctx, (p) => pass(p, '/configure', config)),
    }),

    'enablebanking-countries': handler({
      run: (_a: undefined, ctx) => eb(ctx, (p) => pass(p, '/countries', {})),
    }),

    'enablebanking-aspsps': handler({
      args: v.object({ country: v.string() }),
      run: ({ country }, ctx) => eb(ctx, (p) => pass(p, '/aspsps', { country })),
    }),

    'enablebanking-start-auth': handler({
      args: v.object({
        aspspId: v.string(),
        country: v.string(),
        redirectUrl: v.string(),
        maxConsentValidity: v.optional(v.integer()),
        psuType: v.optional(v.literal('personal', 'business')),
      }),
      run: ({ aspspId, country, redirectUrl, maxConsentValidity, psuType }, ctx) =>
        eb(ctx, (p) =>
          pass(p, '/start-auth', {
            aspsp: { name: aspspId, country },
            redirectUrl,
            maxConsentValidity,
            psuType: psuType ?? 'personal',
          }),
        ),
    }),

    /** The app got the bank's redirect: the session with its accounts and balances. */
    'enablebanking-complete-auth': handler({
      args: v.object({ code: v.string(), state: v.string() }),
      run: (body, ctx) => eb(ctx, (p) => pass(p, '/complete-auth', body)),
    }),

    /** Waits (the server holds the request up to 5 minutes) for the consent to complete. */
    'enablebanking-poll-auth': handler({
      args: v.object({ state: v.string() }),
      run: ({ state }, ctx) =>
        eb(ctx, async (p) => {
          polls.get(state)?.abort();
          const controller = new AbortController();
          polls.set(state, controller);
          try {
            const answer = await pass(p, '/poll-auth', { state }, controller.signal);
            return controller.signal.aborted ? { error: 'stopped' } : answer;
          } finally {
            if (polls.get(state) === controller) polls.delete(state);
          }
        }),
    }),

    'enablebanking-poll-auth-stop': handler({
      args: v.object({ state: v.string() }),
      run: ({ state }) => {
        polls.get(state)?.abort();
        polls.delete(state);
        return 'ok';
      },
    }),

    'enablebanking-accounts-link': handler({
      args: v.object({
        externalAccount,
        upgradingId: v.optional(v.nullable(v.string())),
        offBudget: v.optional(v.nullable(v.boolean())),
      }),
      undoable: true,
      needsBudget: true,
      // One bank row per account: each Enable Banking account has its own session (as in Actual).
      run: ({ externalAccount: acct, upgradingId, offBudget }, ctx) =>
        linkExternalAccount(ctx, parts, {
          provider: 'enablebanking',
          bankId: acct.account_id,
          institution: acct.institution,
          accountId: acct.account_id,
          name: acct.name,
          upgradingId,
          offBudget,
        }),
    }),
  };
}

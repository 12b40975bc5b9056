import { GLOBAL_STATE_FILE, GlobalState } from '../global-state/global-state.ts';
import { handlerError } from '../handlers-core/errors.ts';
import type { HandlerContext } from '../handlers-core/registry.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { dataOf } from '../bank-sync/proxy.ts';
import { Http } from '../server-client/http.ts';
import { applyHeld, fetchHeld, summary, type HeldImport, type HeldServer } from './held.ts';

/** The server's scheduled-sync setting, as Settings shows it. */
export interface BankScheduleStatus {
  enabled: boolean;
  intervalMinutes: number;
  /** Whether this user may change it (an admin, or anyone on a single-password server). */
  canChange: boolean;
}

const NO_SERVER = 'No server is configured';

/** The queued half of `bank-held-import`. */
const APPLY = 'bank-held/apply';

function isHeldImport(value: unknown): value is HeldImport {
  return !!value && typeof value === 'object' && typeof (value as HeldImport).imported === 'number';
}

/** `/bank-schedule/*` with the stored server URL and token; null when no server is set. */
async function heldServer(ctx: HandlerContext): Promise<HeldServer | null> {
  const { fs, log, fetch } = ctx.platform;
  const state = await GlobalState.load(fs, fs.join(ctx.documentDir, GLOBAL_STATE_FILE), log);
  const url = state.get('server-url');
  if (!url) return null;
  const headers = { 'X-ACTUAL-TOKEN': state.get('user-token') ?? '' };
  const http = new Http(fetch, url.replace(/\/+$/, ''));
  return { post: (path, body) => http.postJson(`/bank-schedule${path}`, body, { headers }) };
}

function statusOf(data: Record<string, unknown>): BankScheduleStatus | null {
  const { enabled, intervalMinutes, canChange } = data;
  if (typeof enabled !== 'boolean' || typeof intervalMinutes !== 'number') return null;
  return { enabled, intervalMinutes, canChange: canChange === true };
}

/**
 * Scheduled bank sync, the app's half: `bank-held-import` registers the open budget's links
 * with the server and imports the rows it held (one undo step, as a manual sync);
 * `bank-schedule-status` and `-set` read and change the server's opt-in setting.
 */
export function createBankHeldModule() {
  return defineModule('bank-held', {
    /**
     * Registers the links and reads the held rows outside the writer queue (a slow server
     * never holds other writes up), imports them in the queued `bank-held/apply` (one undo
     * step, as a manual sync), then releases them on the server.
     */
    'bank-held-import': handler({
      needsBudget: true,
      async run(_a: undefined, ctx): Promise<HeldImport> {
        const budget = ctx.requireBudget();
        const fileId = budget.prefs.cloudFileId;
        const server = fileId ? await heldServer(ctx) : null;
        if (!fileId || !server) {
          return { imported: 0, matched: 0, scheduled: false, notScheduled: [] };
        }
        const { scheduled, held, notScheduled } = await fetchHeld(budget, fileId, server);
        const none = { imported: 0, matched: 0, scheduled, notScheduled };
        if (!held) return none;
        const applied = await ctx.call(APPLY, { budgetId: budget.id, rows: held.rows });
        if (!isHeldImport(applied)) return none;
        await server.post('/release', { fileId, upTo: held.upTo });
        return { ...applied, scheduled, notScheduled };
      },
    }),

    [APPLY]: handler({
      args: v.object({ budgetId: v.string(), rows: v.array(v.unknown()) }),
      undoable: true,
      needsBudget: true,
      async run({ budgetId, rows }, ctx): Promise<HeldImport | null> {
        const budget = ctx.requireBudget();
        // Another budget opened while the rows were read: they are not this one's.
        if (budget.id !== budgetId) return null;
        const outcome = await applyHeld(budget, rows, ctx.emit);
        if (outcome.updatedAccounts.length > 0) {
          ctx.emit('sync-event', {
            type: 'success',
            tables: ['transactions', 'accounts', 'payees'],
            syncDisabled: !budget.prefs.groupId,
          });
        }
        return summary(outcome, true);
      },
    }),

    'bank-schedule-status': handler({
      async run(_a: undefined, ctx) {
        const server = await heldServer(ctx);
        if (!server) return handlerError('not-configured', NO_SERVER);
        const res = await server.post('/status', {});
        const status = res.ok ? statusOf(dataOf(res.value)) : null;
        return (
          status ?? handlerError('server-error', res.ok ? 'unexpected answer' : res.error.reason)
        );
      },
    }),

    'bank-schedule-set': handler({
      args: v.object({ enabled: v.boolean(), intervalMinutes: v.number() }),
      async run({ enabled, intervalMinutes }, ctx) {
        const server = await heldServer(ctx);
        if (!server) return handlerError('not-configured', NO_SERVER);
        const res = await server.post('/settings', { enabled, intervalMinutes });
        const status = res.ok ? statusOf(dataOf(res.value)) : null;
        return (
          status ?? handlerError('server-error', res.ok ? 'unexpected answer' : res.error.reason)
        );
      },
    }),
  });
}

import { handler } from '../handlers-core/registry.ts';
import { v } from '../handlers-core/validate.ts';
import { runQuery } from '../query/exec.ts';
import { CompileError, QueryParamError } from '../query/errors.ts';
import { q, type QueryState } from '../query/query.ts';
import { dateToInt, nativeDateToInt } from '../query/types.ts';
import { apiError } from './errors.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A query the script got wrong is its mistake to fix, not a crash: report it as a value. */
function runScriptQuery(sqlite: Parameters<typeof runQuery>[0], query: QueryState) {
  try {
    return runQuery(sqlite, query);
  } catch (err) {
    if (err instanceof CompileError || err instanceof QueryParamError) return apiError(err.message);
    throw err;
  }
}

/** Reads: raw AQL, an account's transactions, an account's balance. */
export function queryHandlers() {
  return {
    'api/query': handler({
      args: v.object({ query: v.object({ table: v.string() }) }),
      needsBudget: true,
      run({ query }, ctx) {
        return runScriptQuery(ctx.requireBudget().sqlite, query as QueryState);
      },
    }),

    // Whole splits: parents carry their children in `subtransactions`.
    'api/transactions-get': handler({
      args: v.object({
        accountId: v.optional(v.nullable(v.string())),
        startDate: v.optional(v.nullable(v.string())),
        endDate: v.optional(v.nullable(v.string())),
      }),
      needsBudget: true,
      run({ accountId, startDate, endDate }, ctx) {
        const filters: unknown[] = [];
        if (accountId) filters.push({ account: accountId });
        if (startDate) filters.push({ date: { $gte: startDate } });
        if (endDate) filters.push({ date: { $lte: endDate } });
        const query = q('transactions')
          .filter({ $and: filters })
          .select('*')
          .options({ splits: 'grouped' });
        const result = runScriptQuery(ctx.requireBudget().sqlite, query.serialize());
        return 'error' in result ? result : result.data;
      },
    }),

    // Split parents are skipped: their children carry the amounts.
    'api/account-balance': handler({
      args: v.object({ id: v.string(), cutoff: v.optional(v.unknown()) }),
      needsBudget: true,
      run({ id, cutoff }, ctx) {
        let day: number;
        if (cutoff === undefined || cutoff === null) {
          day = nativeDateToInt(new Date(ctx.platform.clock.now()));
        } else if (cutoff instanceof Date && !Number.isNaN(cutoff.getTime())) {
          day = nativeDateToInt(cutoff);
        } else if (typeof cutoff === 'string' && DAY.test(cutoff)) {
          day = dateToInt(cutoff);
        } else {
          return apiError(
            `account-balance: cutoff must be a Date or YYYY-MM-DD, got ${String(cutoff)}`,
          );
        }
        const row = ctx
          .requireBudget()
          .sqlite.first<{ balance: number | null }>(
            'SELECT sum(amount) AS balance FROM transactions' +
              ' WHERE acct = ? AND isParent = 0 AND tombstone = 0 AND date <= ?',
            [id, day],
          );
        return row?.balance ?? 0;
      },
    }),
  };
}

import { createAppCore } from '../../../app.ts';
import type { Budget } from '../../../budget-file/budget.ts';
import { type DiskPlatform, diskPlatform } from '../../../files/test-helpers/node-platform.ts';
import { defineModule, handler } from '../../../handlers-core/registry.ts';

/** The app core on a temp folder on disk, with helpers to read what an import produced. */
export function importCore() {
  const platform: DiskPlatform = diskPlatform({ prefix: 'coffer-import-' });
  let open: Budget | null = null;
  const core = createAppCore({ platform, documentDir: platform.dir }).register(
    defineModule('test-peek', {
      'test/peek': handler({ run: (_a: undefined, ctx) => void (open = ctx.budget) }),
    }),
  );
  const events: string[] = [];
  core.events.onAny((name) => events.push(name));
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args) as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const budget = async (): Promise<Budget> => {
    await core.sendUnknown('test/peek');
    if (!open) throw new Error('no open budget');
    return open;
  };
  return {
    core,
    platform,
    events,
    send,
    /** Balance of every live account by name (children counted, parents not), to a day. */
    async balances(through = '9999-12-31'): Promise<Record<string, number>> {
      const rows = (await budget()).sqlite.all<{ name: string; total: number }>(
        `SELECT a.name, COALESCE(SUM(t.amount), 0) AS total FROM accounts a
         LEFT JOIN transactions t ON t.acct = a.id AND t.tombstone = 0 AND t.isParent = 0
           AND t.date <= ?
         WHERE a.tombstone = 0 GROUP BY a.id`,
        [Number(through.replaceAll('-', ''))],
      );
      return Object.fromEntries(rows.map((r) => [r.name, r.total]));
    },
    budget,
    /** Closes the budget first: an open one may still be writing into the folder. */
    cleanup: async () => {
      await core.sendUnknown('close-budget');
      platform.cleanup();
    },
  };
}

/** Budgeted amounts of a month from the live sheet: "group/category" → cents, non-zero only. */
export async function budgetedOf(
  send: (name: string, args?: unknown) => Promise<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  month: string,
): Promise<string[]> {
  const m = await send('api/budget-month', { month });
  const out: string[] = [];
  for (const g of m.categoryGroups) {
    if (g.is_income) continue;
    for (const c of g.categories) if (c.budgeted) out.push(`${g.name}/${c.name}=${c.budgeted}`);
  }
  return out.sort();
}

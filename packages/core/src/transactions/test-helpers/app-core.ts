import { createAppCore } from '../../app.ts';
import { Budget } from '../../budget-file/budget.ts';
import { createDefaultCategories } from '../../budget-file/default-categories.ts';
import { createTestPlatform, type TestPlatform } from '../../db/test-helpers/test-platform.ts';
import type { CoreEvents } from '../../handlers-core/events.ts';
import { defineModule, handler } from '../../handlers-core/registry.ts';
import { isSyncedTable } from '../../schema/synced-tables.ts';
import type { StoredTx } from '../model.ts';
import type { Timers } from '../../platform/index.ts';

/**
 * The app core with an in-memory budget open (default categories, fixed clock at
 * 2023-08-06, seeded ids), for handler tests. Its timers never fire unless `timers` is given.
 */
export async function openAppCore(options: { seed?: number; timers?: Timers } = {}) {
  const platform: TestPlatform = createTestPlatform({ seed: options.seed ?? 7 });
  // The budget's own timers (its background builds, the cells' turns), run by the test.
  if (options.timers) platform.timers = options.timers;
  const base = createAppCore({ platform, documentDir: '/docs' });
  const budget = Budget.memory(
    { platform, documentDir: '/docs', emit: base.events.emit },
    { id: 'test', budgetName: 'Test' },
  );
  createDefaultCategories(budget.db);
  const core = base.register(
    defineModule('test-open', {
      'test/open': handler({ mutator: true, run: (_a: undefined, ctx) => ctx.openBudget(budget) }),
    }),
  );
  await core.sendUnknown('test/open');
  const pushed: Array<{ name: keyof CoreEvents; payload: unknown }> = [];
  core.events.onAny((name, payload) => pushed.push({ name, payload }));
  const sql = budget.sqlite;
  const category = (name: string) =>
    sql.first<{ id: string }>('SELECT id FROM categories WHERE name = ? AND tombstone = 0', [name])!
      .id;
  const group = (name: string) =>
    sql.first<{ id: string }>('SELECT id FROM category_groups WHERE name = ?', [name])!.id;
  return {
    core,
    budget,
    platform,
    pushed,
    sql,
    category,
    group,
    /** The stored row of a transaction (with `reconciled`, kept beside it in 23.8.1). */
    tx: (id: string) =>
      sql.first<StoredTx>(`${budget.db.columns.rowsSql('transactions')} WHERE t.id = ?`, [id])!,
    /** Stored rows of an account's live transactions, newest first. */
    txsOf: (acct: string) =>
      sql.all<StoredTx>(
        `${budget.db.columns.rowsSql('transactions')}
         WHERE t.acct = ? AND t.tombstone = 0 ORDER BY t.sort_order DESC, t.id`,
        [acct],
      ),
    /** The transfer payee of an account. */
    transferPayee: (acct: string) =>
      sql.first<{ id: string }>('SELECT id FROM payees WHERE transfer_acct = ?', [acct])!.id,
    /** Every synced table and the message log, to prove a rejected call changed nothing. */
    snapshot: () => dumpDatabase(budget),
  };
}

export function dumpDatabase(budget: Budget): string {
  const tables = budget.sqlite
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .map((t) => t.name)
    .filter(
      (name) =>
        isSyncedTable(name) ||
        name.startsWith('coffer_') ||
        name === 'messages_crdt' ||
        name === 'messages_clock',
    );
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const order = table === 'messages_crdt' ? 'timestamp' : 'id';
    out[table] = budget.sqlite.all(`SELECT * FROM ${table} ORDER BY ${order}`);
  }
  return JSON.stringify(out);
}

export type AppFixture = Awaited<ReturnType<typeof openAppCore>>;

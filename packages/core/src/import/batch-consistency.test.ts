/**
 * An import writes its rows as one batch, and the derived data (month sums, search index, the
 * budget sheet) take the whole batch as one change event. The same messages applied one at a
 * time, each its own change event (as a slow sync would deliver them), must leave exactly the
 * same rows, month sums, search index and budget figures; and both must equal a rebuild from
 * scratch.
 */
import { deserializeValue } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';

import { monthSums } from '../month-sums/slot.ts';
import { rebuildMonthSums } from '../month-sums/store.ts';
import { MONTH_SUMS_TABLE } from '../query/month-sums.ts';
import { SEARCH_NOTES_TABLE, SEARCH_ROWS_TABLE } from '../query/search.ts';
import { rebuildNotesIndex } from '../search/notes-index.ts';
import { searchIndex } from '../search/slot.ts';
import { isSyncedTable } from '../schema/synced-tables.ts';
import { addTransactions } from '../transactions/add.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';
import { makeScenario, resolveNames } from './test-helpers/scenario.ts';

/** A budget with the scenario's payees, categories, rules and existing rows; derived data on. */
async function budgetBefore(seed: number) {
  const scenario = makeScenario(seed);
  const f = await openAppCore({ seed: 11 });
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  const group = (await send('category-group-create', { name: 'Spending' })) as string;
  const ids = { payee: new Map<string, string>(), category: new Map<string, string>() };
  for (const name of scenario.categories) {
    ids.category.set(name, (await send('category-create', { name, groupId: group })) as string);
  }
  for (const name of scenario.payees) {
    ids.payee.set(name, (await send('payee-create', { name })) as string);
  }
  const added = addTransactions(
    f.budget,
    account,
    scenario.existing.map(({ category, ...t }) =>
      category ? { ...t, category: ids.category.get(category)! } : t,
    ),
    { runTransfers: false },
  );
  expect(Array.isArray(added)).toBe(true);
  for (const rule of scenario.rules) {
    const result = (await send('rule-add', resolveNames(rule, ids))) as { error?: unknown };
    expect(result.error).toBeUndefined();
  }
  // Current from here on: every later change event is applied to them.
  searchIndex(f.budget).ensure();
  monthSums(f.budget).ensure();
  return { f, send, account, incoming: scenario.incoming };
}

/** The synced tables and the message log, each in a stable order. */
function rows(f: AppFixture): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const tables = f.sql
    .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .map((t) => t.name)
    .filter((name) => isSyncedTable(name) || name === 'messages_crdt');
  for (const table of tables) {
    const order = table === 'messages_crdt' ? 'timestamp' : 'id';
    out[table] = f.sql.all(`SELECT * FROM "${table}" ORDER BY ${order}`);
  }
  return out;
}

/** The derived data by content (the index's own rowids depend on the order rows came in). */
function derived(f: AppFixture) {
  return {
    sums: f.sql.all(
      `SELECT * FROM ${MONTH_SUMS_TABLE} ORDER BY account, month, day, payee, positive`,
    ),
    notes: f.sql.all(
      `SELECT r.id, n.notes FROM ${SEARCH_ROWS_TABLE} r
       JOIN ${SEARCH_NOTES_TABLE} n ON n.rowid = r.rid ORDER BY r.id`,
    ),
  };
}

async function figures(send: (name: string, args?: unknown) => Promise<unknown>) {
  const out: unknown[] = [];
  for (const month of ['2023-05', '2023-06', '2023-07', '2023-08']) {
    out.push(await send('api/budget-month', { month }));
  }
  return out;
}

describe('a batch import and the same writes one by one', () => {
  it.each([20230806, 7])(
    'seed %i: the same rows, month sums, search index and budget figures',
    async (seed) => {
      const batch = await budgetBefore(seed);
      const single = await budgetBefore(seed);
      // The two budgets start identical (seeded ids, fixed clock).
      expect(rows(single.f)).toEqual(rows(batch.f));
      const newest = batch.f.sql.first<{ t: string }>(
        'SELECT MAX(timestamp) AS t FROM messages_crdt',
      )!.t;

      const result = (await batch.send('transactions-import', {
        accountId: batch.account,
        transactions: batch.incoming,
      })) as { errors: unknown[]; added: string[]; updated: string[] };
      expect(result.errors).toEqual([]);
      expect(result.added.length).toBeGreaterThan(100);
      expect(result.updated.length).toBeGreaterThan(40);

      // Every message the import wrote, one change event each.
      const messages = batch.f.budget.db.getMessagesSince(newest);
      expect(messages.length).toBeGreaterThan(result.added.length * 4);
      for (const m of messages) {
        single.f.budget.db.applyMessages([{ ...m, value: deserializeValue(String(m.value)) }], {
          source: 'remote',
        });
      }

      expect(rows(single.f)).toEqual(rows(batch.f));
      const fromBatch = derived(batch.f);
      expect(derived(single.f)).toEqual(fromBatch);
      expect(await figures(single.send)).toEqual(await figures(batch.send));
      // The import's rows reached the derived data.
      expect(fromBatch.notes).toEqual(
        expect.arrayContaining([expect.objectContaining({ notes: 'store refund' })]),
      );
      expect(fromBatch.sums.length).toBeGreaterThan(0);

      // Both equal the derived data built again from every row.
      rebuildMonthSums(batch.f.sql);
      rebuildNotesIndex(batch.f.sql);
      expect(derived(batch.f)).toEqual(fromBatch);
    },
    60_000,
  );
});

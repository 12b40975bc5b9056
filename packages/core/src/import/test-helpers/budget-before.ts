import { expect } from 'vitest';

import { monthSums } from '../../month-sums/slot.ts';
import { searchIndex } from '../../search/slot.ts';
import { isSyncedTable } from '../../schema/synced-tables.ts';
import { addTransactions } from '../../transactions/add.ts';
import { type AppFixture, openAppCore } from '../../transactions/test-helpers/app-core.ts';
import { makeScenario, resolveNames, type Scenario } from './scenario.ts';

/** A budget with the scenario's payees, categories, rules and existing rows; derived data on. */
export async function budgetBefore(seed: number) {
  const scenario = makeScenario(seed);
  const made = await scenarioBudget(scenario);
  // Current from here on: every later change event is applied to them.
  searchIndex(made.f.budget).ensure();
  monthSums(made.f.budget).ensure();
  return { ...made, incoming: scenario.incoming };
}

/** A budget with the scenario's payees, categories, rules and existing rows. */
export async function scenarioBudget(scenario: Scenario) {
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
  return { f, send, account };
}

/** The synced tables and the message log, each in a stable order. */
export function rows(f: AppFixture): Record<string, unknown[]> {
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

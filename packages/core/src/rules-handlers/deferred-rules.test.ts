import { describe, expect, it } from 'vitest';

import { addTransactions } from '../transactions/add.ts';
import { TransactionHooksSlot } from '../transactions/hooks.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { budgetRules } from './budget-rules.ts';

async function setup() {
  const f = await openAppCore();
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  await send('rule-add', {
    stage: null,
    conditionsOp: 'and',
    conditions: [{ field: 'imported_payee', op: 'contains', value: 'hardware' }],
    actions: [{ op: 'set', field: 'notes', value: 'tools' }],
  });
  return { f, account, hooks: f.budget.get(TransactionHooksSlot) };
}

describe('the rules of an open budget load when first needed', () => {
  it('the open leaves them unloaded; the first transaction added loads and runs them', async () => {
    const { f, account, hooks } = await setup();
    // The open's stand-ins: the loaded index puts its own hooks in their place.
    const atOpen = { runRules: hooks.runRules, learn: hooks.learnCategories };
    expect(atOpen.runRules).toBeTypeOf('function');
    expect(atOpen.learn).toBeTypeOf('function');
    const [id] = addTransactions(f.budget, account, [
      { date: '2023-08-01', amount: -500, payee_name: 'Big Hardware Store' },
    ]) as string[];
    expect(f.tx(id!).notes).toBe('tools');
    expect(hooks.runRules).not.toBe(atOpen.runRules);
    expect(hooks.runRules).toBe(budgetRules(f.budget).runRules);
    expect(hooks.learnCategories).toBe(budgetRules(f.budget).learn);
  });

  it('a rule written after the load still runs (the index follows the table)', async () => {
    const { f, account } = await setup();
    budgetRules(f.budget);
    await f.core.sendUnknown('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'imported_payee', op: 'contains', value: 'bakery' }],
      actions: [{ op: 'set', field: 'notes', value: 'bread' }],
    });
    const ids = addTransactions(f.budget, account, [
      { date: '2023-08-01', amount: -500, payee_name: 'Big Hardware Store' },
      { date: '2023-08-02', amount: -700, payee_name: 'Corner Bakery' },
    ]) as string[];
    expect(ids.map((id) => f.tx(id).notes)).toEqual(['tools', 'bread']);
  });
});

import { describe, expect, it } from 'vitest';

import { addTransactions } from '../transactions/add.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';

type Send = (name: string, args?: unknown) => Promise<unknown>;

async function setup() {
  const f = await openAppCore();
  const send: Send = (name, args) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  const payee = async (name: string) => (await send('payee-create', { name })) as string;
  return { f, send, account, payee };
}

const rulesRows = (f: AppFixture) =>
  f.sql.all<{ id: string; conditions: string; actions: string; tombstone: number }>(
    'SELECT id, conditions, actions, tombstone FROM rules ORDER BY id',
  );

describe('rule-add and rule-update', () => {
  it('returns one error entry per row and writes nothing when a row is bad', async () => {
    const { f, send } = await setup();
    const result = await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [
        { field: 'notes', op: 'contains', value: 'rent' },
        { field: 'amount', op: 'is', value: 'x' },
        { field: 'date', op: 'gt', value: '2023' },
      ],
      actions: [
        { op: 'set', field: 'notes', value: 'ok' },
        { op: 'set', field: 'date', value: 'tomorrow' },
      ],
    });
    expect(result).toEqual({
      error: {
        conditionErrors: [null, 'not-number', 'date-format'],
        actionErrors: [null, 'date-format'],
      },
    });
    expect(rulesRows(f)).toEqual([]);
  });

  it('stores internal field names, lists the rule and runs it', async () => {
    const { f, send, account, payee } = await setup();
    const shop = await payee('Shop');
    const groceries = f.category('Groceries');
    const added = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: shop, type: 'id', inputKey: 'x' }],
      actions: [{ op: 'set', field: 'category', value: groceries }],
    })) as { id: string };
    expect(typeof added.id).toBe('string');
    const [row] = rulesRows(f);
    expect(JSON.parse(row!.conditions)).toEqual([
      { field: 'description', op: 'is', value: shop, type: 'id' },
    ]);
    expect(await send('rules-get')).toEqual([
      {
        id: added.id,
        stage: null,
        conditionsOp: 'and',
        conditions: [{ field: 'payee', op: 'is', value: shop, type: 'id' }],
        actions: [{ op: 'set', field: 'category', value: groceries, type: 'id' }],
      },
    ]);
    expect(await send('rule-get', { id: added.id })).toMatchObject({ id: added.id });
    expect(await send('rule-get', { id: 'nope' })).toBeNull();
    const ran = (await send('rules-run', {
      transaction: { payee: shop, account, amount: -100, date: '2023-08-01' },
    })) as { category: string };
    expect(ran.category).toBe(groceries);
  });

  it('rule-update reports per-row errors, keeps the rule, and updates parts', async () => {
    const { f, send } = await setup();
    const { id } = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'notes', op: 'is', value: 'a' }],
      actions: [{ op: 'set', field: 'notes', value: 'b' }],
    })) as { id: string };
    const bad = await send('rule-update', {
      id,
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'cleared', op: 'is', value: 'yes' }],
      actions: [{ op: 'set', field: 'amount', value: null }],
    });
    expect(bad).toEqual({
      error: { conditionErrors: ['not-boolean'], actionErrors: ['no-null'] },
    });
    expect(await send('rule-update', { id, stage: 'post' })).toEqual({});
    const rule = (await send('rule-get', { id })) as { stage: string; conditions: unknown[] };
    expect(rule.stage).toBe('post');
    expect(rule.conditions).toEqual([{ field: 'notes', op: 'is', value: 'a', type: 'string' }]);
    expect(await send('rule-update', { id: 'missing', stage: null })).toMatchObject({
      error: { type: 'rule-not-found' },
    });
    expect(rulesRows(f)).toHaveLength(1);
  });

  it('validates without writing', async () => {
    const { f, send } = await setup();
    expect(
      await send('rule-validate', {
        conditions: [{ field: 'payee', op: 'oneOf', value: 'p' }],
        actions: [{ op: 'set', field: 'nothing', value: 1 }],
      }),
    ).toEqual({ error: { conditionErrors: ['no-empty-array'], actionErrors: ['invalid-field'] } });
    expect(await send('rule-validate', { conditions: [], actions: [] })).toEqual({ error: null });
    expect(rulesRows(f)).toEqual([]);
  });
});

describe('deleting rules', () => {
  it('refuses schedule-linked rules and deletes the rest', async () => {
    const { f, send } = await setup();
    const plain = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'notes', op: 'is', value: 'a' }],
      actions: [{ op: 'set', field: 'notes', value: 'b' }],
    })) as { id: string };
    const linked = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'date', op: 'is', value: '2023-09-01' }],
      actions: [{ op: 'link-schedule', value: 'sched-1' }],
    })) as { id: string };
    f.budget.db.insert('schedules', { id: 'sched-1', rule: linked.id, completed: 0, tombstone: 0 });

    expect(await send('rule-delete-all', [plain.id, linked.id])).toEqual({
      someDeletionsFailed: true,
    });
    expect(rulesRows(f).map((r) => [r.id, r.tombstone])).toEqual(
      [
        [plain.id, 1],
        [linked.id, 0],
      ].sort(),
    );
    expect(((await send('rules-get')) as { id: string }[]).map((r) => r.id)).toEqual([linked.id]);
    expect(await send('rule-delete', { id: linked.id })).toBe(false);
    expect(await send('rule-delete-all', [])).toEqual({ someDeletionsFailed: false });
  });

  it('undo brings a deleted rule back into the index', async () => {
    const { send } = await setup();
    const { id } = (await send('rule-add', {
      stage: 'pre',
      conditionsOp: 'or',
      conditions: [{ field: 'notes', op: 'is', value: 'a' }],
      actions: [{ op: 'set', field: 'notes', value: 'b' }],
    })) as { id: string };
    expect(await send('rule-delete', id)).toBe(true);
    expect(await send('rules-get')).toEqual([]);
    await send('undo');
    expect(((await send('rules-get')) as { id: string }[]).map((r) => r.id)).toEqual([id]);
  });
});

describe('rule-add-payee-rename', () => {
  it('creates a pre rule, then merges new names into it', async () => {
    const { send, payee } = await setup();
    const target = await payee('Amazon');
    const other = await payee('Other');
    const first = await send('rule-add-payee-rename', { fromNames: ['AMZN 1', ''], to: target });
    const second = await send('rule-add-payee-rename', {
      fromNames: ['AMZN 2', 'AMZN 1'],
      to: target,
    });
    expect(second).toBe(first);
    const third = await send('rule-add-payee-rename', { fromNames: ['x'], to: other });
    expect(third).not.toBe(first);
    const rule = (await send('rule-get', { id: first })) as {
      stage: string;
      conditions: { value: unknown }[];
    };
    expect(rule.stage).toBe('pre');
    expect(rule.conditions[0]!.value).toEqual(['AMZN 1', 'AMZN 2']);
    const ran = (await send('rules-run', {
      transaction: { imported_payee: 'amzn 2', payee: null },
    })) as { payee: string };
    expect(ran.payee).toBe(target);
  });
});

describe('rules follow the budget', () => {
  it('a rule synced from another device runs at once', async () => {
    const { f, send, account } = await setup();
    const ts = (n: number) => `2023-08-06T09:59:00.000Z-000${n}-0123456789abcdef`;
    const rule = 'remote-rule';
    f.budget.db.applyMessages(
      [
        { timestamp: ts(1), dataset: 'rules', row: rule, column: 'stage', value: null },
        { timestamp: ts(2), dataset: 'rules', row: rule, column: 'conditions_op', value: 'and' },
        {
          timestamp: ts(3),
          dataset: 'rules',
          row: rule,
          column: 'conditions',
          value: JSON.stringify([{ field: 'acct', op: 'is', value: account }]),
        },
        {
          timestamp: ts(4),
          dataset: 'rules',
          row: rule,
          column: 'actions',
          value: JSON.stringify([{ op: 'set', field: 'notes', value: 'synced' }]),
        },
        { timestamp: ts(5), dataset: 'rules', row: rule, column: 'tombstone', value: 0 },
      ],
      { source: 'remote' },
    );
    const ran = (await send('rules-run', { transaction: { account, notes: null } })) as {
      notes: string;
    };
    expect(ran.notes).toBe('synced');
  });

  it('a payee merge re-points rules to the merge target', async () => {
    const { send, payee } = await setup();
    const a = await payee('A');
    const b = await payee('B');
    await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: b }],
      actions: [{ op: 'set', field: 'notes', value: 'was b' }],
    });
    await send('payees-merge', { targetId: a, mergeIds: [b] });
    const [rule] = (await send('rules-get')) as { conditions: { value: string }[] }[];
    expect(rule!.conditions[0]!.value).toBe(a);
    const ran = (await send('rules-run', { transaction: { payee: a } })) as { notes: string };
    expect(ran.notes).toBe('was b');
  });

  it('runs on transactions added through addTransactions, by payee name', async () => {
    const { f, send, account } = await setup();
    const household = f.category('Household');
    await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'imported_payee', op: 'contains', value: 'hardware' }],
      actions: [{ op: 'set', field: 'category', value: household }],
    });
    const ids = addTransactions(f.budget, account, [
      { date: '2023-08-01', amount: -500, payee_name: 'Big Hardware Store' },
      { date: '2023-08-02', amount: -700, payee_name: 'Bakery' },
    ]) as string[];
    expect(ids.map((id) => f.tx(id).category)).toEqual([household, null]);
  });

  it('contains on an id field looks at the name', async () => {
    const { send, payee } = await setup();
    const shop = await payee('Corner Shop');
    await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'contains', value: 'corner' }],
      actions: [{ op: 'set', field: 'notes', value: 'named' }],
    });
    const ran = (await send('rules-run', { transaction: { payee: shop } })) as { notes: string };
    expect(ran.notes).toBe('named');
    await send('payees-batch-change', { updated: [{ id: shop, name: 'Kiosk' }] });
    const renamed = (await send('rules-run', { transaction: { payee: shop } })) as {
      notes?: string;
    };
    expect(renamed.notes).toBeUndefined();
  });
});

describe('rule-apply-actions and filters from conditions', () => {
  it('sets the fields on the chosen transactions', async () => {
    const { f, send, account } = await setup();
    const ids = addTransactions(f.budget, account, [
      { date: '2023-08-01', amount: -500, notes: 'a' },
      { date: '2023-08-02', amount: -700, notes: 'b' },
    ]) as string[];
    const bills = f.category('Utilities');
    await send('rule-apply-actions', {
      transactionIds: [ids[0]],
      actions: [
        { op: 'set', field: 'category', value: bills },
        { op: 'set', field: 'notes', value: 'applied' },
      ],
    });
    expect([f.tx(ids[0]!).category, f.tx(ids[0]!).notes]).toEqual([bills, 'applied']);
    expect(f.tx(ids[1]!).notes).toBe('b');
    expect(
      await send('rule-apply-actions', {
        transactionIds: ids,
        actions: [{ op: 'set', field: 'amount', value: 'x' }],
      }),
    ).toBeNull();
  });

  it('makes query filters and reports bad conditions', async () => {
    const { send } = await setup();
    expect(
      await send('make-filters-from-conditions', {
        conditions: [
          { field: 'notes', op: 'contains', value: 'Rent' },
          { field: 'amount', op: 'gt', value: 'x' },
        ],
      }),
    ).toEqual({
      filters: [{ notes: { $transform: '$lower', $like: '%rent%' } }],
      errors: ['not-number'],
    });
  });
});

describe('rules-trace', () => {
  it('tells which rules ran on a stored transaction, in order, and what each changed', async () => {
    const { f, send, account, payee } = await setup();
    const household = f.category('Household');
    const hardware = await payee('Hardware');
    const rename = (await send('rule-add', {
      stage: 'pre',
      conditionsOp: 'and',
      conditions: [{ field: 'imported_payee', op: 'contains', value: 'hardware' }],
      actions: [{ op: 'set', field: 'payee', value: hardware }],
    })) as { id: string };
    const categorize = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [
        { field: 'payee', op: 'is', value: hardware },
        { field: 'amount', op: 'lt', value: 0 },
      ],
      actions: [{ op: 'set', field: 'category', value: household }],
    })) as { id: string };
    const refunds = (await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [
        { field: 'payee', op: 'is', value: hardware },
        { field: 'amount', op: 'gt', value: 0 },
      ],
      actions: [{ op: 'set', field: 'notes', value: 'refund' }],
    })) as { id: string };
    const [id] = addTransactions(f.budget, account, [
      { date: '2023-08-01', amount: -500, payee_name: 'BIG HARDWARE 42' },
    ]) as string[];
    expect(f.tx(id!).category).toBe(household);

    const trace = (await send('rules-trace', { transactionId: id })) as {
      transaction: { id: string; payee: string; category: string };
      ran: Array<{ rule: { id: string }; conditions: boolean[]; changes: unknown[] }>;
      nearMisses: Array<{ rule: { id: string }; conditions: boolean[] }>;
      result: { category: string };
    };
    expect(trace.transaction).toMatchObject({ id, payee: hardware, category: household });
    expect(trace.ran.map((s) => s.rule.id)).toEqual([rename.id, categorize.id]);
    expect(trace.ran[1]).toMatchObject({
      conditions: [true, true],
      changes: [{ field: 'category', from: household, to: household }],
    });
    expect(trace.nearMisses).toEqual([
      expect.objectContaining({ rule: expect.objectContaining({ id: refunds.id }) }),
    ]);
    expect(trace.nearMisses[0]!.conditions).toEqual([true, false]);
    expect(trace.result.category).toBe(household);
  });

  it('follows payee merges and refuses a transaction that does not exist', async () => {
    const { f, send, account, payee } = await setup();
    const kept = await payee('Kept');
    const merged = await payee('Merged');
    const [id] = addTransactions(f.budget, account, [
      { date: '2023-08-01', amount: -500, payee: merged },
    ]) as string[];
    await send('rule-add', {
      stage: null,
      conditionsOp: 'and',
      conditions: [{ field: 'payee', op: 'is', value: kept }],
      actions: [{ op: 'set', field: 'notes', value: 'kept' }],
    });
    // The transaction keeps the merged payee's id; the trace sees the payee the merge kept.
    await send('payees-merge', { targetId: kept, mergeIds: [merged] });
    expect(f.tx(id!).description).toBe(merged);
    const trace = (await send('rules-trace', { transactionId: id })) as {
      transaction: { payee: string };
      ran: unknown[];
    };
    expect(trace.transaction.payee).toBe(kept);
    expect(trace.ran).toHaveLength(1);
    expect(await send('rules-trace', { transactionId: 'nope' })).toMatchObject({
      error: { type: 'transaction-not-found' },
    });
    await send('transaction-delete', { id });
    expect(await send('rules-trace', { transactionId: id })).toMatchObject({
      error: { type: 'transaction-not-found' },
    });
  });
});

import { describe, expect, it } from 'vitest';

import { openAppCore } from '../transactions/test-helpers/app-core.ts';

type Send = (name: string, args?: unknown) => Promise<unknown>;

async function setup() {
  const f = await openAppCore();
  const send: Send = (name, args) => f.core.sendUnknown(name, args);
  const account = (await send('account-create', { name: 'Checking' })) as string;
  return { f, send, account };
}

interface PublicRule {
  id: string;
  stage: string | null;
  conditions: { field: string; op: string; value: unknown }[];
  actions: { field: string; value: unknown }[];
}

describe('category learning', () => {
  it('makes a payee rule once three of the latest five agree, and corrects it later', async () => {
    const { f, send, account } = await setup();
    const cafe = (await send('payee-create', { name: 'Cafe' })) as string;
    const eatingOut = f.category('Eating Out');
    const groceries = f.category('Groceries');
    const day = (d: number) => `2023-07-${String(d).padStart(2, '0')}`;
    const add = (d: number) => ({ account, payee: cafe, amount: -300, date: day(d) });
    await send('transactions-batch-update', {
      added: [1, 2, 3, 4, 5].map((d) => ({ ...add(d), id: `t${d}` })),
    });
    const categorise = async (ids: number[], category: string) =>
      send('transactions-batch-update', {
        updated: ids.map((d) => ({ id: `t${d}`, category })),
        learnCategories: true,
      });

    await categorise([1, 2], eatingOut);
    expect(await send('rules-get')).toEqual([]);
    await categorise([3], eatingOut);
    const [learned] = (await send('rules-get')) as PublicRule[];
    expect(learned).toMatchObject({
      stage: null,
      conditions: [{ field: 'payee', op: 'is', value: cafe }],
      actions: [{ field: 'category', value: eatingOut }],
    });

    // Without the flag nothing is learned.
    await send('transactions-batch-update', {
      updated: [4, 5].map((d) => ({ id: `t${d}`, category: groceries })),
    });
    expect(((await send('rules-get')) as PublicRule[])[0]!.actions[0]!.value).toBe(eatingOut);
    // The latest five now hold groceries 3 times (t3 back to groceries) and the rule follows.
    await categorise([3], groceries);
    const rules = (await send('rules-get')) as PublicRule[];
    expect(rules).toHaveLength(1);
    expect(rules[0]!.id).toBe(learned!.id);
    expect(rules[0]!.actions[0]!.value).toBe(groceries);
  });

  it('never learns a rule for a transfer payee', async () => {
    const { f, send, account } = await setup();
    const savings = (await send('account-create', { name: 'Savings', offBudget: true })) as string;
    const transfer = f.transferPayee(savings);
    const general = f.category('General');
    await send('transactions-batch-update', {
      added: [1, 2, 3].map((d) => ({
        id: `t${d}`,
        account,
        payee: transfer,
        amount: -100,
        date: `2023-07-0${d}`,
        category: general,
      })),
      learnCategories: true,
    });
    expect(await send('rules-get')).toEqual([]);
  });
});

describe('saved filters', () => {
  const state = (name: string, value: string, extra: object = {}) => ({
    state: {
      name,
      conditionsOp: 'and',
      conditions: [{ field: 'notes', op: 'contains', value }],
      ...extra,
    },
  });

  it('creates, lists sorted by name ignoring punctuation, updates and deletes', async () => {
    const { f, send } = await setup();
    const b = (await send('filter-create', state('  b-side', 'x'))) as string;
    const a = (await send('filter-create', state('"A" list', 'y'))) as string;
    const c = (await send('filter-create', state('c', 'z'))) as string;
    const list = (await send('filters-get')) as { id: string; name: string }[];
    expect(list.map((x) => x.id)).toEqual([a, b, c]);
    expect(list[0]).toEqual({
      id: a,
      name: '"A" list',
      conditionsOp: 'and',
      conditions: [{ field: 'notes', op: 'contains', value: 'y' }],
    });

    expect(await send('filter-update', state('aardvark', 'z2', { id: c }))).toBe('ok');
    expect(((await send('filters-get')) as { id: string }[]).map((x) => x.id)).toEqual([c, a, b]);
    expect(await send('filter-delete', b)).toBe('ok');
    expect(((await send('filters-get')) as { id: string }[]).map((x) => x.id)).toEqual([c, a]);
    const stored = f.sql.first<{ conditions: string }>(
      'SELECT conditions FROM transaction_filters WHERE id = ?',
      [a],
    );
    expect(JSON.parse(stored!.conditions)).toEqual([
      { field: 'notes', op: 'contains', value: 'y' },
    ]);
  });

  it('refuses missing names, taken names, empty and duplicate conditions', async () => {
    const { f, send } = await setup();
    await send('filter-create', state('Rent', 'rent'));
    const before = f.snapshot();
    expect(await send('filter-create', state('  ', 'q'))).toMatchObject({
      error: { type: 'filter-name-required', message: 'Filter name is required' },
    });
    expect(await send('filter-create', state('Rent', 'q'))).toMatchObject({
      error: { message: 'There is already a filter named Rent' },
    });
    expect(
      await send('filter-create', {
        state: { name: 'Empty', conditionsOp: 'and', conditions: [] },
      }),
    ).toMatchObject({ error: { type: 'filter-conditions-required' } });
    expect(await send('filter-create', state('Other', 'rent'))).toMatchObject({
      error: { message: 'Duplicate filter warning: conditions already exist. Filter name: Rent' },
    });
    expect(await send('filter-update', state('X', 'q', { id: 'missing' }))).toMatchObject({
      error: { type: 'filter-not-found' },
    });
    expect(f.snapshot()).toBe(before);
  });
});

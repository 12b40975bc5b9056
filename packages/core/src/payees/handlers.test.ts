import { beforeEach, describe, expect, it } from 'vitest';
import { q } from '../query/query.ts';
import { type AppFixture, openAppCore } from '../transactions/test-helpers/app-core.ts';

let f: AppFixture;
let acct: string;
let shop: string;
let market: string;
beforeEach(async () => {
  f = await openAppCore();
  acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
  shop = (await f.core.send('payee-create', { name: ' Shop ' })) as string;
  market = (await f.core.send('payee-create', { name: 'market' })) as string;
});

const addTx = (id: string, payee: string | null) =>
  f.core.send('transaction-add', { id, account: acct, date: '2023-08-01', amount: -100, payee });

const rule = (conditions: unknown[], actions: unknown[]) =>
  f.budget.db.insert('rules', {
    stage: null,
    conditions_op: 'and',
    conditions,
    actions,
    tombstone: 0,
  });

describe('payees-get and payee-create', () => {
  it('lists regular payees by name, then transfer payees named after their account', async () => {
    const list = (await f.core.send('payees-get')) as Array<{
      id: string;
      name: string;
      transfer_acct: string | null;
    }>;
    expect(list.map((p) => p.name)).toEqual(['market', 'Shop', 'Checking']);
    expect(list[2]).toMatchObject({ transfer_acct: acct });
  });

  it('trims names, refuses empty ones, writes the self-mapping row, and undoes', async () => {
    expect(f.sql.first('SELECT name FROM payees WHERE id = ?', [shop])).toEqual({ name: 'Shop' });
    expect(f.sql.first('SELECT targetId FROM payee_mapping WHERE id = ?', [shop])).toEqual({
      targetId: shop,
    });
    expect(await f.core.send('payee-create', { name: '  ' })).toMatchObject({
      error: { type: 'invalid-name', message: 'A payee name cannot be only spaces' },
    });
    expect(await f.core.send('payee-create', { name: '' })).toMatchObject({
      error: { type: 'invalid-name', message: 'A payee needs a name' },
    });
    await f.core.send('undo');
    expect(f.sql.first('SELECT tombstone FROM payees WHERE id = ?', [market])).toEqual({
      tombstone: 1,
    });
  });
});

describe('payees-batch-change', () => {
  it('adds, renames and deletes in one undoable step', async () => {
    const result = (await f.core.send('payees-batch-change', {
      added: [{ name: 'Cafe' }],
      updated: [{ id: shop, name: 'Shop & Co' }],
      deleted: [{ id: market }],
    })) as { added: string[] };
    expect(f.sql.first('SELECT name FROM payees WHERE id = ?', [result.added[0]!])).toEqual({
      name: 'Cafe',
    });
    expect(f.sql.first('SELECT name FROM payees WHERE id = ?', [shop])).toEqual({
      name: 'Shop & Co',
    });
    expect(f.sql.first('SELECT tombstone FROM payees WHERE id = ?', [market])).toEqual({
      tombstone: 1,
    });
    await f.core.send('undo');
    expect(f.sql.first('SELECT name FROM payees WHERE id = ?', [shop])).toEqual({ name: 'Shop' });
    expect(f.sql.first('SELECT tombstone FROM payees WHERE id = ?', [market])).toEqual({
      tombstone: 0,
    });
    expect(f.sql.first('SELECT tombstone FROM payees WHERE id = ?', [result.added[0]!])).toEqual({
      tombstone: 1,
    });
  });

  it('refuses transfer payees and unknown ids, writing nothing', async () => {
    const before = f.snapshot();
    const transfer = f.transferPayee(acct);
    expect(
      await f.core.send('payees-batch-change', {
        updated: [
          { id: shop, name: 'X' },
          { id: transfer, name: 'Y' },
        ],
      }),
    ).toMatchObject({ error: { type: 'payee-transfer-readonly' } });
    expect(await f.core.send('payees-batch-change', { deleted: [{ id: transfer }] })).toMatchObject(
      {
        error: { type: 'payee-transfer-readonly' },
      },
    );
    expect(await f.core.send('payees-batch-change', { deleted: [{ id: 'nope' }] })).toMatchObject({
      error: { type: 'payee-not-found' },
    });
    expect(
      await f.core.sendUnknown('payees-batch-change', { updated: [{ id: shop, name: 5 }] }),
    ).toMatchObject({
      error: { type: 'APIError' },
    });
    expect(f.snapshot()).toBe(before);
  });
});

describe('payees-merge', () => {
  it('re-points the mapping (never the transactions) so queries show the target', async () => {
    const third = (await f.core.send('payee-create', { name: 'Third' })) as string;
    await addTx('t1', shop);
    await addTx('t2', market);
    await addTx('t3', third);
    await f.core.send('payees-merge', { targetId: shop, mergeIds: [third] });
    // Merge again: what was merged into `third` before follows it to the new target.
    await f.core.send('payees-merge', { targetId: market, mergeIds: [shop] });
    expect(f.tx('t1').description).toBe(shop);
    expect(f.tx('t3').description).toBe(third);
    const { data } = (await f.core.send(
      'query',
      q('transactions').select(['id', 'payee']).serialize(),
    )) as {
      data: Array<{ id: string; payee: string }>;
    };
    expect(data.map((t) => t.payee)).toEqual([market, market, market]);
    expect(
      f.sql.all('SELECT id, targetId FROM payee_mapping WHERE targetId = ? ORDER BY id', [market]),
    ).toHaveLength(3);
    expect(
      f.sql.all('SELECT id FROM payees WHERE tombstone = 0 AND transfer_acct IS NULL'),
    ).toEqual([{ id: market }]);
  });

  it('undo brings the merged payees back', async () => {
    await f.core.send('payees-merge', { targetId: shop, mergeIds: [market] });
    await f.core.send('undo');
    expect(f.sql.first('SELECT tombstone FROM payees WHERE id = ?', [market])).toEqual({
      tombstone: 0,
    });
  });

  it('refuses transfer payees and unknown ids', async () => {
    const before = f.snapshot();
    expect(
      await f.core.send('payees-merge', { targetId: f.transferPayee(acct), mergeIds: [shop] }),
    ).toMatchObject({
      error: { type: 'payee-transfer-readonly' },
    });
    expect(
      await f.core.send('payees-merge', { targetId: shop, mergeIds: [f.transferPayee(acct)] }),
    ).toMatchObject({
      error: { type: 'payee-transfer-readonly' },
    });
    expect(await f.core.send('payees-merge', { targetId: shop, mergeIds: ['nope'] })).toMatchObject(
      {
        error: { type: 'payee-not-found' },
      },
    );
    expect(f.snapshot()).toBe(before);
  });
});

describe('orphans and rules', () => {
  it('lists payees without transactions and pushes orphaned-payees when a change leaves one', async () => {
    await addTx('t1', shop);
    expect(await f.core.send('payees-get-orphaned')).toEqual([{ id: market, name: 'market' }]);
    expect(await f.core.send('payees-check-orphaned', { ids: [shop, market] })).toEqual([market]);
    f.pushed.length = 0;
    await f.core.send('transaction-update', { id: 't1', payee: market });
    expect(f.pushed.filter((p) => p.name === 'orphaned-payees')).toEqual([
      { name: 'orphaned-payees', payload: { orphanedIds: [shop], updatedPayeeIds: [market] } },
    ]);
  });

  it('counts and lists the rules that mention a payee, through merges', async () => {
    const cat = f.category('Groceries');
    const r1 = rule(
      [{ op: 'is', field: 'description', value: shop, type: 'id' }],
      [{ op: 'set', field: 'category', value: cat, type: 'id' }],
    );
    rule(
      [{ op: 'oneOf', field: 'description', value: [shop, market], type: 'id' }],
      [{ op: 'set', field: 'notes', value: 'n', type: 'string' }],
    );
    rule(
      [{ op: 'contains', field: 'imported_description', value: 'x', type: 'string' }],
      [{ op: 'set', field: 'description', value: market, type: 'id' }],
    );
    expect(await f.core.send('payees-get-rule-counts')).toEqual({ [shop]: 2, [market]: 2 });
    const rules = (await f.core.send('payees-get-rules', { id: shop })) as Array<{
      id: string;
      conditions: unknown[];
    }>;
    expect(rules).toHaveLength(2);
    expect(rules.find((r) => r.id === r1)?.conditions).toEqual([
      { op: 'is', field: 'payee', value: shop, type: 'id' },
    ]);
    await f.core.send('payees-merge', { targetId: market, mergeIds: [shop] });
    expect(await f.core.send('payees-get-rule-counts')).toEqual({ [market]: 3 });
    expect(await f.core.send('payees-get-rules', { id: 'nope' })).toMatchObject({
      error: { type: 'payee-not-found' },
    });
  });
});

describe('orphanedAmong', () => {
  it('agrees with the full orphan list, for live, merged, split and deleted uses', async () => {
    const { orphanedAmong, orphanedPayeeIds } = await import('./queries.ts');
    const third = (await f.core.send('payee-create', { name: 'Third' })) as string;
    const fourth = (await f.core.send('payee-create', { name: 'Fourth' })) as string;
    await addTx('t1', shop);
    await f.core.send('transactions-batch-update', {
      added: [
        { id: 'p', account: acct, date: '2023-08-01', amount: -1, is_parent: true },
        {
          id: 'c',
          account: acct,
          date: '2023-08-01',
          amount: -1,
          is_child: true,
          parent_id: 'p',
          payee: third,
        },
      ],
    });
    await addTx('t4', fourth);
    await f.core.send('transaction-delete', { id: 't4' });
    await f.core.send('payees-merge', { targetId: market, mergeIds: [shop] });
    const all = [shop, market, third, fourth, f.transferPayee(acct)];
    expect(orphanedAmong(f.budget, all).sort()).toEqual(orphanedPayeeIds(f.budget).sort());
    expect(orphanedAmong(f.budget, all)).toEqual([fourth]);
    await f.core.send('transaction-delete', { id: 'p' });
    expect(orphanedAmong(f.budget, all).sort()).toEqual([third, fourth].sort());
  });
});

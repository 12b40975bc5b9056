import { describe, expect, it } from 'vitest';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';

describe('tools/fix-split-transactions', () => {
  it('fills blank child payees, syncs cleared flags, deletes children of dead parents, and counts each', async () => {
    const f = await openAppCore();
    const acct = (await f.core.send('account-create', { name: 'Checking' })) as string;
    const shop = (await f.core.send('payee-create', { name: 'Shop' })) as string;
    // Damage of the kind older versions or odd sync orders left behind, written directly.
    const db = f.budget.db;
    const row = (id: string, extra: Record<string, unknown>) =>
      db.insert('transactions', {
        id,
        acct,
        date: 20230801,
        amount: -100,
        isParent: 0,
        isChild: 0,
        cleared: 1,
        tombstone: 0,
        ...extra,
      });
    db.batch(() => {
      row('p1', { isParent: 1, amount: -200, description: shop, cleared: 0 });
      row('c1', { isChild: 1, parent_id: 'p1', description: null, cleared: 0 });
      row('c2', { isChild: 1, parent_id: 'p1', description: shop, cleared: 1 });
      row('dead', { isParent: 1, tombstone: 1 });
      row('c3', { isChild: 1, parent_id: 'dead' });
      row('c4', { isChild: 1, parent_id: 'missing' });
    });
    const result = await f.core.send('tools/fix-split-transactions');
    expect(result).toEqual({ numBlankPayees: 1, numCleared: 1, numDeleted: 2 });
    expect(f.tx('c1')).toMatchObject({ description: shop, cleared: 0 });
    expect(f.tx('c2').cleared).toBe(0);
    expect(f.tx('c3').tombstone).toBe(1);
    // A child whose parent row does not exist goes too.
    expect(f.tx('c4').tombstone).toBe(1);
    expect(await f.core.send('tools/fix-split-transactions')).toEqual({
      numBlankPayees: 0,
      numCleared: 0,
      numDeleted: 0,
    });
  });
});

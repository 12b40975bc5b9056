import { describe, expect, it } from 'vitest';
import { runQuery } from '../query/exec.ts';
import { q } from '../query/query.ts';
import type { ChangeEvent } from '../sync/types.ts';
import { openAppCore } from '../transactions/test-helpers/app-core.ts';
import { deltaApplies, isDeltaQuery, MAX_DELTA_ROWS } from './cell-deltas.ts';
import { QueryCellsSlot } from './query-cells.ts';

/** The sidebar's cells and the register's cleared balances, as the web app makes them. */
function cellQueries(accounts: string[]) {
  const uncategorized = {
    'account.offbudget': false,
    category: null,
    $or: [{ 'payee.transfer_acct.offbudget': true, 'payee.transfer_acct': null }],
  };
  const sum = { $sum: '$amount' };
  const cells: Record<string, ReturnType<typeof q>> = {
    all: q('transactions').filter({ 'account.closed': false }).calculate(sum),
    onBudget: q('transactions')
      .filter({ 'account.offbudget': false, 'account.closed': false })
      .calculate(sum),
    offBudget: q('transactions')
      .filter({ 'account.offbudget': true, 'account.closed': false })
      .calculate(sum),
    uncatBalance: q('transactions').filter(uncategorized).calculate(sum),
    uncatCount: q('transactions').filter(uncategorized).calculate({ $count: '$id' }),
    clearedAll: q('transactions')
      .filter({ 'account.closed': false })
      .filter({ cleared: true })
      .calculate(sum),
  };
  for (const a of accounts) {
    cells[`balance-${a}`] = q('transactions')
      .filter({ account: a })
      .options({ splits: 'none' })
      .calculate(sum);
  }
  return cells;
}

/** A seeded generator, so a failure names a sequence that can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('query cells kept by the rows a write touched', () => {
  it('recognises sums of amounts and counts over transactions only', () => {
    const t = q('transactions');
    expect(isDeltaQuery(t.calculate({ $sum: '$amount' }).serialize())).toBe(true);
    expect(isDeltaQuery(t.filter({ a: 1 }).calculate({ $count: '$id' }).serialize())).toBe(true);
    expect(isDeltaQuery(t.calculate({ $sum: '$other' }).serialize())).toBe(false);
    expect(isDeltaQuery(t.select(['amount']).serialize())).toBe(false);
    expect(isDeltaQuery(t.withDead().calculate({ $sum: '$amount' }).serialize())).toBe(false);
    expect(isDeltaQuery(q('payees').calculate({ $count: '$id' }).serialize())).toBe(false);
  });

  it('applies to local writes of transactions (and new rows elsewhere), not to others', () => {
    const event = (over: Partial<ChangeEvent>, changes: Array<[string, unknown[]]>) =>
      ({ source: 'local', undo: null, ...over, changes: new Map(changes) }) as ChangeEvent;
    const tx = { id: 't', old: { id: 't' }, new: { id: 't' } };
    const newPayee = { id: 'p', old: null, new: { id: 'p' } };
    const renamed = { id: 'p', old: { id: 'p' }, new: { id: 'p' } };
    expect(
      deltaApplies(
        event({}, [
          ['transactions', [tx]],
          ['payees', [newPayee]],
        ]),
      ),
    ).toBe(true);
    expect(deltaApplies(event({}, [['payees', [renamed]]]))).toBe(false);
    expect(deltaApplies(event({ source: 'remote' }, [['transactions', [tx]]]))).toBe(true);
    expect(deltaApplies(event({ source: 'remote' }, [['payees', [newPayee]]]))).toBe(false);
    expect(deltaApplies(event({ undo: 'undo' }, [['payees', [newPayee]]]))).toBe(false);
    const many = Array.from({ length: MAX_DELTA_ROWS + 1 }, () => tx);
    expect(deltaApplies(event({}, [['transactions', many]]))).toBe(false);
  });

  it('match the whole query after every kind of edit, undo and redo', async () => {
    const f = await openAppCore();
    const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
    const checking = (await send('account-create', {
      name: 'Checking',
      balance: 100000,
    })) as string;
    const savings = (await send('account-create', { name: 'Savings', balance: 5000 })) as string;
    const house = (await send('account-create', {
      name: 'House',
      balance: 2000000,
      offBudget: true,
    })) as string;
    const accounts = [checking, savings, house];
    const queries = cellQueries(accounts);
    for (const [name, query] of Object.entries(queries)) {
      await send('create-query', { sheetName: 'test', name, query: query.serialize() });
    }
    const cells = f.budget.get(QueryCellsSlot);
    const shop = (await send('payee-create', { name: 'Shop' })) as string;
    const payees = [shop, null, ...accounts.map((a) => f.transferPayee(a))];
    const categories = [f.category('Groceries'), f.category('General'), null];
    const random = rng(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const ids: string[] = [];
    let n = 0;

    const check = (step: string) => {
      for (const [name, query] of Object.entries(queries)) {
        const full = runQuery(f.sql, query).data;
        expect({ step, name, value: cells.get(`test!${name}`) }).toEqual({
          step,
          name,
          value: full,
        });
      }
    };

    for (let step = 0; step < 120; step++) {
      const r = random();
      const live = ids.filter(
        (id) =>
          f.sql.first<{ tombstone: number }>('SELECT tombstone FROM transactions WHERE id = ?', [
            id,
          ])?.tombstone === 0,
      );
      const base = () => ({
        account: pick(accounts),
        date: `2023-08-0${1 + Math.floor(random() * 5)}`,
        amount: Math.round((random() - 0.6) * 20000),
        cleared: random() < 0.5,
      });
      let what: string;
      if (r < 0.25 || live.length === 0) {
        const id = `t${++n}`;
        ids.push(id);
        what = 'add';
        await send('transactions-batch-update', {
          added: [{ id, ...base(), payee: pick(payees), category: pick(categories) }],
        });
      } else if (r < 0.35) {
        const id = `s${++n}`;
        ids.push(id);
        what = 'add split';
        const parent = { id, ...base(), payee: shop, is_parent: true };
        const line = (k: number, amount: number) => ({
          id: `${id}-${k}`,
          account: parent.account,
          date: parent.date,
          amount,
          is_child: true,
          parent_id: id,
          payee: k === 2 ? pick(payees) : shop,
          category: pick(categories),
        });
        await send('transactions-batch-update', {
          added: [
            parent,
            line(1, Math.round(parent.amount / 2)),
            line(2, parent.amount - Math.round(parent.amount / 2)),
          ],
        });
      } else if (r < 0.6) {
        const id = pick(live);
        const field = pick(['amount', 'category', 'account', 'cleared', 'payee', 'date'] as const);
        const value = {
          amount: Math.round((random() - 0.5) * 9000),
          category: pick(categories),
          account: pick(accounts),
          cleared: random() < 0.5,
          payee: pick(payees),
          date: '2023-08-04',
        }[field];
        what = `update ${field}`;
        await send('transactions-batch-update', { updated: [{ id, [field]: value }] });
      } else if (r < 0.7) {
        what = 'delete';
        await send('transactions-batch-update', { deleted: [{ id: pick(live) }] });
      } else if (r < 0.82) {
        what = 'undo';
        await send('undo');
      } else if (r < 0.9) {
        what = 'redo';
        await send('redo');
      } else if (r < 0.95) {
        what = 'new payee';
        const id = `t${++n}`;
        ids.push(id);
        await send('transactions-batch-update', {
          added: [{ id, ...base(), payee: `p${n}` }],
          newPayees: [{ id: `p${n}`, name: `Payee ${n}` }],
        });
      } else {
        what = 'close and reopen';
        await send('account-update', { id: savings, closed: true });
        check(`${step} closed`);
        await send('account-reopen', { id: savings });
      }
      check(`${step} ${what}`);
    }
  });
});

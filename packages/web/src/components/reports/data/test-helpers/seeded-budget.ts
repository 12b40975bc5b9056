import type { QueryState } from '@coffer/core/ui';
import { openAppCore } from '@coffer/core/testing';
import type { Account, Categories, Payee } from '../../../../store/types.ts';
import type {
  BudgetedMonthsRunner,
  BudgetedRunner,
  BudgetMeta,
  QueryRunner,
  TagSumsRunner,
} from '../source.ts';

/**
 * The real core (in-memory budget, clock at 2023-08-06) with a small budget whose figures a
 * test can work out by hand: three accounts (one off budget), transfers between them, a split,
 * a refund, a deleted transaction, income, and budgeted amounts. Reports run their queries on
 * it through the same `query`, `budgeted-sums` and `getCells` handlers the page uses.
 */
export async function seededBudget() {
  const f = await openAppCore();
  const send = (name: string, args?: unknown) => f.core.sendUnknown(name, args);
  const checking = (await send('account-create', { name: 'Checking', balance: 100000 })) as string;
  const card = (await send('account-create', { name: 'Card' })) as string;
  const house = (await send('account-create', {
    name: 'House',
    offBudget: true,
    balance: 30000000,
  })) as string;
  const shop = (await send('payee-create', { name: 'Shop' })) as string;
  const cafe = (await send('payee-create', { name: 'Cafe' })) as string;
  const employer = (await send('payee-create', { name: 'Employer' })) as string;
  const food = f.category('Groceries');
  const bills = f.category('Utilities');
  const general = f.category('General');
  const income = f.category('Income');
  const toCard = f.transferPayee(card);
  const toHouse = f.transferPayee(house);
  await send('transactions-batch-update', {
    added: [
      { id: 'a1', account: checking, date: '2023-05-03', amount: -4000, payee: shop, category: food, notes: '#trip' },
      { id: 'a2', account: checking, date: '2023-05-20', amount: 250000, payee: employer, category: income },
      { id: 'a3', account: card, date: '2023-06-02', amount: -12000, payee: shop, category: bills, notes: 'Power #home #trip' },
      { id: 'a4', account: card, date: '2023-06-02', amount: 1500, payee: shop, category: food },
      { id: 'a5', account: checking, date: '2023-06-15', amount: -20000, payee: toCard, notes: '#home' },
      { id: 'a6', account: checking, date: '2023-07-01', amount: -50000, payee: toHouse },
      { id: 'a7', account: checking, date: '2023-07-09', amount: -3000, payee: cafe },
      { id: 's1', account: card, date: '2023-07-10', amount: -9000, payee: cafe, is_parent: true },
      { id: 's1a', account: card, date: '2023-07-10', amount: -6000, payee: cafe, is_child: true, parent_id: 's1', category: food, notes: 'Lunch #trip' },
      { id: 's1b', account: card, date: '2023-07-10', amount: -3000, payee: cafe, is_child: true, parent_id: 's1', category: general },
      { id: 'a8', account: checking, date: '2023-08-01', amount: 250000, payee: employer, category: income, notes: '#salary' },
      { id: 'a9', account: checking, date: '2023-08-02', amount: -7000, payee: shop, category: food },
      { id: 'gone', account: checking, date: '2023-08-03', amount: -99900, payee: shop, category: food },
      { id: 'old', account: checking, date: '2022-11-20', amount: -1000, payee: cafe, category: general },
    ],
  }); // prettier-ignore
  await send('transaction-delete', { id: 'gone' });
  for (const [month, amount] of [
    ['2023-06', 10000],
    ['2023-07', 10000],
    ['2023-08', 15000],
  ] as const) {
    await send('budget/budget-amount', { month, category: food, amount });
  }
  await send('budget/budget-amount', { month: '2023-07', category: bills, amount: 20000 });

  const run: QueryRunner = async <T>(query: QueryState) => {
    const res = (await send('query', query)) as { data?: T; error?: { message: string } };
    if (res.error) throw new Error(res.error.message);
    return res.data as T;
  };
  const tagSums: TagSumsRunner = async (query, byMonth) => {
    const res = await f.core.send('report/tag-sums', { query, byMonth });
    if ('error' in res) throw new Error(res.error.message);
    return res;
  };
  const getCells = async (names: string[]) => {
    const cells = (await send('getCells', { names })) as Array<{ name: string; value: unknown }>;
    return Object.fromEntries(cells.map((c) => [c.name, c.value]));
  };
  const budgeted: BudgetedRunner = async ({ start, end }, categories) => {
    const res = await f.core.send('budgeted-sums', { start, end, categories: [...categories] });
    if ('error' in res) throw new Error(res.error.message);
    return new Map(res.map((r) => [r.category, r.amount]));
  };
  const budgetedMonths: BudgetedMonthsRunner = async ({ start, end }, categories) => {
    const res = await f.core.send('budgeted-sums', {
      start,
      end,
      categories: [...categories],
      byMonth: true,
    });
    if ('error' in res) throw new Error(res.error.message);
    return res.flatMap((r) => (r.month ? [{ ...r, month: r.month }] : []));
  };
  const meta = async (): Promise<BudgetMeta> => ({
    accounts: (await send('accounts-get')) as Account[],
    payees: (await send('payees-get')) as Payee[],
    groups: ((await send('get-categories')) as Categories).grouped,
  });
  /** Straight SQL on the stored rows: live, not split parents, children of live parents. */
  const sumSql = (where: string, params: unknown[] = []) =>
    f.sql.first<{ s: number | null }>(
      `SELECT SUM(t.amount) AS s FROM transactions t
       LEFT JOIN transactions p ON p.id = t.parent_id AND t.isChild = 1
       WHERE t.tombstone = 0 AND t.isParent = 0 AND (t.isChild = 0 OR p.tombstone = 0) AND ${where}`,
      params as never,
    )?.s ?? 0;
  return {
    ...f,
    send,
    run,
    tagSums,
    getCells,
    budgeted,
    budgetedMonths,
    meta,
    sumSql,
    ids: {
      checking,
      card,
      house,
      shop,
      cafe,
      employer,
      food,
      bills,
      general,
      income,
      toCard,
      toHouse,
    },
  };
}

import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetedOf, importCore } from './test-helpers/import-core.ts';
import { ynab4BudgetName } from './ynab4.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- a hand-built Budget.yfull */
const acct = (id: string, name: string, onBudget: boolean, hidden = false) => ({
  entityId: id,
  accountName: name,
  onBudget,
  hidden,
  sortableIndex: Number(id.slice(-1)),
  isTombstone: false,
});
const tx = (id: string, accountId: string, amount: number, extra: any = {}) => ({
  entityId: id,
  accountId,
  amount,
  date: '2023-07-10',
  cleared: 'Cleared',
  isTombstone: false,
  ...extra,
});

const yfull: any = {
  accounts: [
    acct('A1', 'Checking', true),
    acct('A2', 'Savings', true),
    acct('A3', 'Broker', false, true),
  ],
  masterCategories: [
    {
      entityId: 'M1',
      name: 'Bills',
      type: 'OUTFLOW',
      sortableIndex: 1,
      subCategories: [
        { entityId: 'C1', name: 'Rent', masterCategoryId: 'M1', sortableIndex: 1, note: 'due 1st' },
        { entityId: 'C2', name: 'Power', masterCategoryId: 'M1', sortableIndex: 2 },
        { entityId: 'C9', name: 'Gone', masterCategoryId: 'M1', isTombstone: true },
      ],
    },
    {
      entityId: 'MasterCategory/__Hidden__',
      name: 'Hidden Categories',
      type: 'OUTFLOW',
      sortableIndex: 9,
      subCategories: [
        { entityId: 'C3', name: 'Bills ` Old ` M1', masterCategoryId: 'MasterCategory/__Hidden__' },
      ],
    },
    {
      entityId: 'MasterCategory/__Internal__',
      name: 'Internal',
      type: 'INFLOW',
      subCategories: [],
    },
  ],
  payees: [
    { entityId: 'P1', name: 'Landlord' },
    { entityId: 'P2', name: 'Employer' },
    { entityId: 'Payee/Transfer:A1', name: 'Transfer : Checking', targetAccountId: 'A1' },
    { entityId: 'Payee/Transfer:A2', name: 'Transfer : Savings', targetAccountId: 'A2' },
    { entityId: 'Payee/Transfer:A3', name: 'Transfer : Broker', targetAccountId: 'A3' },
  ],
  transactions: [
    tx('T1', 'A1', 2500.5, { payeeId: 'P2', categoryId: 'Category/__ImmediateIncome__' }),
    tx('T2', 'A1', -1200, { payeeId: 'P1', categoryId: 'C1', memo: 'July rent' }),
    tx('T3', 'A1', -300, {
      payeeId: 'Payee/Transfer:A2',
      targetAccountId: 'A2',
      transferTransactionId: 'T4',
    }),
    tx('T4', 'A2', 300, {
      payeeId: 'Payee/Transfer:A1',
      targetAccountId: 'A1',
      transferTransactionId: 'T3',
    }),
    tx('T5', 'A1', -150.25, {
      categoryId: 'Category/__Split__',
      subTransactions: [
        { entityId: 'S1', amount: -50.25, categoryId: 'C2', memo: 'power' },
        { entityId: 'S2', amount: -100, targetAccountId: 'A3', transferTransactionId: 'T6' },
        { entityId: 'S3', amount: -999, categoryId: 'C2', isTombstone: true },
      ],
    }),
    tx('T6', 'A3', 100, {
      payeeId: 'Payee/Transfer:A1',
      targetAccountId: 'A1',
      transferTransactionId: 'S2',
    }),
    tx('T7', 'A1', -5000, { payeeId: 'P1', categoryId: 'C1', isTombstone: true }),
    tx('T8', 'A1', -20, {
      payeeId: 'P1',
      categoryId: 'C3',
      cleared: 'Uncleared',
      date: '2023-08-02',
    }),
  ],
  monthlyBudgets: [
    {
      month: '2023-07-01',
      monthlySubCategoryBudgets: [
        { categoryId: 'C1', budgeted: 1200, overspendingHandling: 'Confined' },
        { categoryId: 'C2', budgeted: 60.5 },
      ],
    },
    {
      month: '2023-08-01',
      monthlySubCategoryBudgets: [
        { categoryId: 'C1', budgeted: 1250 },
        { categoryId: 'C3', budgeted: 20, overspendingHandling: 'AffectsBuffer' },
        { categoryId: 'C2', budgeted: 999, isTombstone: true },
      ],
    },
  ],
};

function ynab4Zip(full: any): Uint8Array {
  const root = 'My Budget~1A2B3C4D.ynab4';
  const data = `${root}/data1~ABCD`;
  const files: Record<string, Uint8Array> = {
    [`${root}/Budget.ymeta`]: strToU8(JSON.stringify({ relativeDataFolderName: 'data1~ABCD' })),
    // An older full copy and a partial device: the newest full one must win.
    [`${data}/devices/A.ydevice`]: strToU8(
      JSON.stringify({ deviceGUID: 'OLD', hasFullKnowledge: true, knowledge: 'A-3,B-1' }),
    ),
    [`${data}/devices/B.ydevice`]: strToU8(
      JSON.stringify({ deviceGUID: 'PART', hasFullKnowledge: false, knowledge: 'A-90,B-90' }),
    ),
    [`${data}/devices/C.ydevice`]: strToU8(
      JSON.stringify({ deviceGUID: 'NEW', hasFullKnowledge: true, knowledge: 'A-10,B-9' }),
    ),
    [`${data}/OLD/Budget.yfull`]: strToU8(JSON.stringify({ accounts: [], transactions: [] })),
    [`${data}/NEW/Budget.yfull`]: strToU8(JSON.stringify(full)),
  };
  return zipSync(files);
}

/** The expected figures, computed from the yfull itself. */
function expectations(full: any) {
  const balances: Record<string, number> = {};
  for (const a of full.accounts) balances[a.accountName] = 0;
  for (const t of full.transactions) {
    if (t.isTombstone) continue;
    const name = full.accounts.find((a: any) => a.entityId === t.accountId).accountName;
    balances[name] = Math.round(balances[name]! + t.amount * 100);
  }
  const names: Record<string, string> = {
    C1: 'Bills/Rent',
    C2: 'Bills/Power',
    C3: 'Hidden Categories/Bills/Old',
  };
  const months: Record<string, string[]> = {};
  for (const m of full.monthlyBudgets) {
    months[m.month.slice(0, 7)] = m.monthlySubCategoryBudgets
      .filter((b: any) => !b.isTombstone && b.budgeted)
      .map((b: any) => `${names[b.categoryId]}=${Math.round(b.budgeted * 100)}`)
      .sort();
  }
  return { balances, months };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('YNAB4 import', () => {
  it('imports a zipped .ynab4 budget with its balances, budgets, splits and transfers', async () => {
    const t = importCore();
    cleanup = t.cleanup;
    const res = await t.send('import-budget', {
      bytes: ynab4Zip(yfull),
      filepath: '/downloads/My Budget~1A2B3C4D.ynab4.zip',
      type: 'ynab4',
    });
    expect(res).toEqual({});
    const want = expectations(yfull);
    expect(await t.balances()).toEqual(want.balances);
    for (const [month, rows] of Object.entries(want.months)) {
      expect(await budgetedOf(t.send, month)).toEqual(rows);
    }
    const budget = await t.budget();
    expect(budget.prefs.budgetName).toBe('My Budget');
    const sql = budget.sqlite;
    const acct = (name: string) =>
      sql.first<{ id: string; offbudget: number; closed: number }>(
        'SELECT id, offbudget, closed FROM accounts WHERE name = ?',
        [name],
      )!;
    expect(acct('Broker')).toMatchObject({ offbudget: 1, closed: 1 });
    expect(acct('Checking')).toMatchObject({ offbudget: 0, closed: 0 });
    // Transfers link both ways, and use the other account's transfer payee.
    const linked = sql.all<{
      amount: number;
      payee_acct: string;
      other_acct: string;
      back: string;
      id: string;
    }>(
      `SELECT t.id, t.amount, p.transfer_acct AS payee_acct, o.acct AS other_acct, o.transferred_id AS back
       FROM transactions t JOIN transactions o ON o.id = t.transferred_id
       JOIN payees p ON p.id = t.description`,
    );
    expect(linked).toHaveLength(4);
    for (const l of linked) {
      expect(l.back).toBe(l.id);
      expect(l.payee_acct).toBe(l.other_acct);
    }
    const income = sql.first<{ n: number }>(
      `SELECT count(*) AS n FROM transactions t JOIN categories c ON c.id = t.category
       WHERE c.name = 'Income' AND t.amount = 250050`,
    );
    expect(income?.n).toBe(1);
    const children = sql.all<{ amount: number }>(
      'SELECT amount FROM transactions WHERE isChild = 1',
    );
    expect(children.map((c) => c.amount).sort()).toEqual([-10000, -5025]);
    const carry = sql.first<{ carryover: number }>(
      `SELECT b.carryover FROM zero_budgets b JOIN categories c ON c.id = b.category
       WHERE c.name = 'Rent' AND b.month = 202307`,
    );
    expect(carry?.carryover).toBe(1);
    const hidden = sql.first<{ hidden: number }>(
      "SELECT hidden FROM categories WHERE name = 'Bills/Old'",
    );
    expect(hidden?.hidden).toBe(1);
    expect(
      sql.first<{ note: string }>("SELECT note FROM notes WHERE note = 'due 1st'"),
    ).toBeTruthy();
  });

  it('reports not-ynab4 for other zips and non-zips', async () => {
    const t = importCore();
    cleanup = t.cleanup;
    const notZip = await t.send('import-budget', { bytes: strToU8('hello'), type: 'ynab4' });
    expect(notZip.error).toEqual({
      type: 'not-ynab4',
      message: 'This file is not valid. Please select a compressed ynab4 zip file.',
    });
    const otherZip = zipSync({ 'a.txt': strToU8('x') });
    expect((await t.send('import-budget', { bytes: otherZip, type: 'ynab4' })).error.type).toBe(
      'not-ynab4',
    );
  });

  it('names the budget from the file', () => {
    expect(ynab4BudgetName('/x/Budget~51938D82.ynab4.zip')).toBe('Budget');
    expect(ynab4BudgetName('C:\\y\\Home.ynab4.zip')).toBe('Home');
  });
});

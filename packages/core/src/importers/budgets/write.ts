import type { Budget } from '../../budget-file/budget.ts';
import { SORT_INCREMENT } from '../../budget-file/default-categories.ts';
import { toDbMonth } from '../../calendar/months.ts';
import { insertPayee } from '../../payees/queries.ts';
import type { BudgetDb } from '../../sync/budget-db.ts';
import { toDateInt } from '../../transactions/model.ts';
import { INCOME_CATEGORY, type ImportPlan, type PlanLine, type PlanTransaction } from './plan.ts';
import { writeSchedules } from './write-schedules.ts';

export interface WriteSummary {
  accounts: number;
  categories: number;
  payees: number;
  transactions: number;
  budgets: number;
  schedules: number;
}

/**
 * Write a whole plan into a freshly created budget as one write batch (one SQLite transaction,
 * one message per cell): importing is a bulk load, so rows go straight through the write path
 * with every id chosen up front. Splits get their parent's account, date and cleared flag;
 * both sides of a transfer carry each other's id.
 */
export function writePlan(budget: Budget, plan: ImportPlan): WriteSummary {
  const db = budget.db;
  const { random, clock } = budget.env.platform;
  const ids = new Map<string, string>();
  const idOf = (key: string): string => {
    let id = ids.get(key);
    if (!id) ids.set(key, (id = random.uuid()));
    return id;
  };
  const income = budget.sqlite.first<{ id: string }>(
    "SELECT id FROM categories WHERE is_income = 1 AND tombstone = 0 ORDER BY name = 'Income' DESC, sort_order LIMIT 1",
  )?.id;
  const accountKeys = new Set(plan.accounts.map((a) => a.key));
  const categoryKeys = new Set(plan.categories.map((c) => c.key));
  const payeeKeys = new Set(plan.payees.filter((p) => !p.transferAccount).map((p) => p.key));
  const txKeys = new Set<string>();
  for (const t of plan.transactions) {
    txKeys.add(t.key);
    for (const s of t.subtransactions ?? []) txKeys.add(s.key);
  }
  const offBudget = new Set(plan.accounts.filter((a) => a.offBudget).map((a) => a.key));
  const transferPayee = new Map<string, string>();

  const category = (key: string | null | undefined): string | null => {
    if (!key) return null;
    if (key === INCOME_CATEGORY) return income ?? null;
    return categoryKeys.has(key) ? idOf(key) : null;
  };
  const payeeOf = (line: PlanLine): string | null => {
    if (line.transferAccount && accountKeys.has(line.transferAccount)) {
      return transferPayee.get(line.transferAccount) ?? null;
    }
    if (!line.payee) return null;
    return payeeKeys.has(line.payee) ? idOf(line.payee) : null;
  };
  const transferOf = (line: PlanLine): string | null =>
    line.transferTransaction && txKeys.has(line.transferTransaction)
      ? idOf(line.transferTransaction)
      : null;

  let budgets = 0;
  let transactions = 0;
  let schedules = 0;
  db.batch(() => {
    plan.accounts.forEach((a, i) => {
      const id = idOf(a.key);
      db.insert('accounts', {
        id,
        name: a.name,
        type: 'checking',
        offbudget: a.offBudget,
        closed: a.closed,
        sort_order: (i + 1) * SORT_INCREMENT,
        tombstone: 0,
      });
      transferPayee.set(a.key, insertPayee(db, { name: '', transfer_acct: id }));
      if (a.note) db.insert('notes', { id: `account-${id}`, note: a.note });
    });
    for (const p of plan.payees) {
      if (p.transferAccount) continue;
      insertPayee(db, { id: idOf(p.key), name: p.name });
    }
    plan.groups.forEach((g, i) => {
      const id = idOf(g.key);
      db.insert('category_groups', {
        id,
        name: g.name,
        is_income: false,
        hidden: g.hidden,
        sort_order: (i + 1) * SORT_INCREMENT,
        tombstone: 0,
      });
      if (g.note) db.insert('notes', { id, note: g.note });
    });
    const perGroup = new Map<string, number>();
    for (const c of plan.categories) {
      const id = idOf(c.key);
      const n = (perGroup.get(c.group) ?? 0) + 1;
      perGroup.set(c.group, n);
      db.insert('categories', {
        id,
        name: c.name,
        is_income: false,
        cat_group: idOf(c.group),
        hidden: c.hidden,
        sort_order: n * SORT_INCREMENT,
        tombstone: 0,
      });
      db.insert('category_mapping', { id, transferId: id });
      if (c.note) db.insert('notes', { id, note: c.note });
    }
    let order = clock.now();
    for (const t of plan.transactions) {
      if (!accountKeys.has(t.account)) continue;
      transactions += writeTransaction(db, t, {
        id: idOf(t.key),
        acct: idOf(t.account),
        offBudget: offBudget.has(t.account),
        sortOrder: order--,
        lineId: (line) => idOf(line.key),
        category,
        payeeOf,
        transferOf,
      });
    }
    for (const b of plan.budgets) {
      const cat = category(b.category);
      if (!cat) continue;
      const month = toDbMonth(b.month);
      if (b.amount === 0 && b.carryover === undefined) continue;
      db.insert('zero_budgets', {
        id: `${month}-${cat}`,
        month,
        category: cat,
        amount: b.amount,
        ...(b.carryover === undefined ? {} : { carryover: b.carryover }),
      });
      budgets++;
    }
    schedules = writeSchedules(budget, plan.schedules, {
      account: (key) => (accountKeys.has(key) ? idOf(key) : null),
      payee: payeeOf,
    });
  });
  return {
    accounts: plan.accounts.length,
    categories: plan.categories.length,
    payees: payeeKeys.size,
    transactions,
    budgets,
    schedules,
  };
}

interface TxContext {
  id: string;
  acct: string;
  offBudget: boolean;
  sortOrder: number;
  lineId(line: PlanLine): string;
  category(key: string | null | undefined): string | null;
  payeeOf(line: PlanLine): string | null;
  transferOf(line: PlanLine): string | null;
}

function writeTransaction(db: BudgetDb, t: PlanTransaction, ctx: TxContext): number {
  const subs = t.subtransactions ?? [];
  const shared = {
    acct: ctx.acct,
    date: toDateInt(t.date),
    cleared: t.cleared,
    starting_balance_flag: false,
    tombstone: 0,
  };
  const childSum = subs.reduce((sum, s) => sum + s.amount, 0);
  const difference = t.amount - childSum;
  db.insert('transactions', {
    ...shared,
    id: ctx.id,
    amount: t.amount,
    category: subs.length > 0 || ctx.offBudget ? null : ctx.category(t.category),
    description: ctx.payeeOf(t),
    notes: t.notes ?? null,
    imported_description: t.importedPayee ?? null,
    transferred_id: subs.length > 0 ? null : ctx.transferOf(t),
    isParent: subs.length > 0,
    isChild: false,
    sort_order: ctx.sortOrder,
    error:
      subs.length > 0 && difference !== 0
        ? { type: 'SplitTransactionError', version: 1, difference }
        : null,
  });
  for (const s of subs) {
    db.insert('transactions', {
      ...shared,
      id: ctx.lineId(s),
      amount: s.amount,
      category: ctx.offBudget ? null : ctx.category(s.category),
      description: ctx.payeeOf(s),
      notes: s.notes ?? null,
      transferred_id: ctx.transferOf(s),
      isParent: false,
      isChild: true,
      parent_id: ctx.id,
      sort_order: ctx.sortOrder,
    });
  }
  return 1 + subs.length;
}

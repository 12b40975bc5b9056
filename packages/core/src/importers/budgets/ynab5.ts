import { linkOpenTransfers } from './link-transfers.ts';
import { INCOME_CATEGORY, type ImportPlan, type PlanLine, emptyPlan } from './plan.ts';
import { ynab5Schedules } from './ynab5-schedules.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the export's shape is checked field by field */
type Json = Record<string, any>;

export type Ynab5Error = 'parse-error' | 'not-ynab5';

/** The group nYNAB keeps its own bookkeeping categories in; none of them are imported. */
const INTERNAL_GROUP = 'Internal Master Category';
const READY_TO_ASSIGN = /^Inflow: (Ready to Assign|To be Budgeted)$/;

const live = (rows: unknown): Json[] =>
  Array.isArray(rows) ? (rows as Json[]).filter((r) => r && !r.deleted) : [];

/** nYNAB counts in milliunits; a budget file counts in cents. */
const cents = (milliunits: unknown): number => Math.round(Number(milliunits ?? 0) / 10);

/** Read an nYNAB export (the API's `{budget}` document, optionally under `data`). */
export function readYnab5(text: string): { name: string; budget: Json } | { error: Ynab5Error } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { error: 'parse-error' };
  }
  let budget = doc as Json | null;
  if (budget && typeof budget === 'object' && budget.data?.budget) budget = budget.data.budget;
  else if (budget && typeof budget === 'object' && budget.budget) budget = budget.budget;
  const arrays = ['accounts', 'payees', 'category_groups', 'categories', 'transactions'];
  if (!budget || typeof budget !== 'object' || !arrays.every((k) => Array.isArray(budget![k]))) {
    return { error: 'not-ynab5' };
  }
  const name = typeof budget.name === 'string' && budget.name.trim() ? budget.name : 'Imported';
  return { name, budget };
}

export function ynab5Plan(budget: Json): ImportPlan {
  const plan = emptyPlan();
  for (const a of live(budget.accounts)) {
    plan.accounts.push({
      key: a.id,
      name: String(a.name),
      offBudget: !a.on_budget,
      closed: Boolean(a.closed),
      note: a.note ?? null,
    });
  }
  for (const p of live(budget.payees)) {
    plan.payees.push({ key: p.id, name: String(p.name), transferAccount: p.transfer_account_id });
  }
  const internal = new Set<string>();
  for (const g of live(budget.category_groups)) {
    if (g.name === INTERNAL_GROUP) internal.add(g.id);
    else plan.groups.push({ key: g.id, name: String(g.name), hidden: Boolean(g.hidden) });
  }
  const categoryKey = new Map<string, string>();
  for (const c of live(budget.categories)) {
    if (internal.has(c.category_group_id)) {
      if (READY_TO_ASSIGN.test(String(c.name))) categoryKey.set(c.id, INCOME_CATEGORY);
      continue;
    }
    if (!plan.groups.some((g) => g.key === c.category_group_id)) continue;
    categoryKey.set(c.id, c.id);
    plan.categories.push({
      key: c.id,
      group: c.category_group_id,
      name: String(c.name),
      hidden: Boolean(c.hidden),
      note: c.note ?? null,
    });
  }
  const transferOfPayee = new Map<string, string>();
  for (const p of live(budget.payees)) {
    if (p.transfer_account_id) transferOfPayee.set(p.id, p.transfer_account_id);
  }
  const line = (t: Json): PlanLine => {
    const transferAccount =
      t.transfer_account_id ?? (t.payee_id ? transferOfPayee.get(t.payee_id) : undefined) ?? null;
    return {
      key: t.id,
      amount: cents(t.amount),
      payee: transferAccount ? null : t.payee_id || null,
      category: t.category_id ? (categoryKey.get(t.category_id) ?? null) : null,
      notes: t.memo || null,
      transferAccount,
      transferTransaction: transferAccount ? t.transfer_transaction_id || null : null,
    };
  };
  const subsOf = new Map<string, Json[]>();
  for (const s of live(budget.subtransactions)) {
    const list = subsOf.get(s.transaction_id) ?? [];
    list.push(s);
    subsOf.set(s.transaction_id, list);
  }
  for (const t of live(budget.transactions)) {
    const subs =
      subsOf.get(t.id) ?? (Array.isArray(t.subtransactions) ? live(t.subtransactions) : []);
    const parent = line(t);
    plan.transactions.push({
      ...parent,
      account: t.account_id,
      date: String(t.date).slice(0, 10),
      cleared: t.cleared === 'cleared' || t.cleared === 'reconciled',
      importedPayee: t.import_payee_name_original || t.import_payee_name || null,
      ...(subs.length > 0
        ? { subtransactions: splitLines(parent, subs.map(line)), transferAccount: null }
        : {}),
    });
  }
  linkOpenTransfers(plan);
  plan.schedules = ynab5Schedules(live(budget.scheduled_transactions), transferOfPayee, cents);
  for (const m of live(budget.months)) {
    const month = String(m.month).slice(0, 7);
    for (const c of live(m.categories)) {
      const key = categoryKey.get(c.id);
      if (!key || key === INCOME_CATEGORY) continue;
      plan.budgets.push({ month, category: key, amount: cents(c.budgeted) });
    }
  }
  return plan;
}

/**
 * nYNAB counts the parent's amount in the account's balance. A hand-edited export can hold
 * split lines that do not add up to it; the gap becomes one more, uncategorized line with the
 * parent's payee, so the balance is the file's while every given line keeps its category
 * (rather than a split error, which would leave the balance at the lines' sum).
 */
function splitLines(parent: PlanLine, lines: PlanLine[]): PlanLine[] {
  const rest = parent.amount - lines.reduce((sum, l) => sum + l.amount, 0);
  if (rest === 0) return lines;
  return [
    ...lines,
    { key: `${parent.key}/remainder`, amount: rest, payee: parent.payee ?? null, category: null },
  ];
}

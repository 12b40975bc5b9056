import { strFromU8, unzipSync } from 'fflate';
import { INCOME_CATEGORY, type ImportPlan, type PlanLine, emptyPlan } from './plan.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- Budget.yfull is checked field by field */
type Json = Record<string, any>;

const HIDDEN_MASTER = 'MasterCategory/__Hidden__';
const INCOME_IDS = new Set(['Category/__ImmediateIncome__', 'Category/__DeferredIncome__']);

const live = (rows: unknown): Json[] =>
  Array.isArray(rows) ? (rows as Json[]).filter((r) => r && !r.isTombstone) : [];
const bySortable = (rows: Json[]): Json[] =>
  [...rows].sort((a, b) => Number(a.sortableIndex ?? 0) - Number(b.sortableIndex ?? 0));
/** YNAB4 stores amounts as decimal numbers of the currency unit. */
const cents = (amount: unknown): number => Math.round(Number(amount ?? 0) * 100);

/** The sum of the version numbers a device knows ("A-86,B-10" → 96): higher is more recent. */
function recentness(knowledge: unknown): number {
  if (typeof knowledge !== 'string') return -1;
  return knowledge
    .split(',')
    .reduce((sum, part) => sum + (Number.parseInt(part.split('-')[1] ?? '', 10) || 0), 0);
}

function parseJson(bytes: Uint8Array | undefined): Json | null {
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(strFromU8(bytes));
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
}

/**
 * Read a zipped `.ynab4` folder: `Budget.ymeta` names the data folder; among the devices with
 * full knowledge the most recent one holds the budget as `<device>/Budget.yfull`.
 */
export function readYnab4(bytes: Uint8Array): Json | { error: 'not-ynab4' } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    return { error: 'not-ynab4' };
  }
  const names = Object.keys(entries).map((n) => n.replace(/\\/g, '/'));
  const files = new Map(Object.values(entries).map((data, i) => [names[i]!, data]));
  const metaName = names.find((n) => /(^|\/)Budget\.ymeta$/.test(n));
  const meta = parseJson(metaName ? files.get(metaName) : undefined);
  if (!metaName || typeof meta?.relativeDataFolderName !== 'string') return { error: 'not-ynab4' };
  const root = metaName.slice(0, -'Budget.ymeta'.length);
  const dataDir = `${root}${meta.relativeDataFolderName.replace(/^\/|\/$/g, '')}/`;
  let best: { guid: string; score: number } | null = null;
  for (const name of names) {
    if (!name.startsWith(`${dataDir}devices/`)) continue;
    const device = parseJson(files.get(name));
    if (!device?.hasFullKnowledge || typeof device.deviceGUID !== 'string') continue;
    const score = recentness(device.knowledge);
    if (!best || score > best.score) best = { guid: device.deviceGUID, score };
  }
  if (!best) return { error: 'not-ynab4' };
  const full = parseJson(files.get(`${dataDir}${best.guid}/Budget.yfull`));
  if (!full || !Array.isArray(full.accounts) || !Array.isArray(full.transactions)) {
    return { error: 'not-ynab4' };
  }
  return full;
}

/** "Budget~51938D82.ynab4.zip" → "Budget". */
export function ynab4BudgetName(fileName: string | undefined): string {
  const base = (fileName ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  const name = base
    .replace(/\.zip$/i, '')
    .replace(/\.ynab4$/i, '')
    .split('~')[0]
    ?.trim();
  return name || 'Imported';
}

/** Hidden sub-categories are named "Master ` Sub ` <entity id>"; keep "Master/Sub". */
function categoryName(name: string, hiddenMaster: boolean): string {
  if (!hiddenMaster) return name;
  const parts = name.split(' ` ');
  if (parts.length > 1) parts.pop();
  return parts.join('/').trim();
}

export function ynab4Plan(data: Json): ImportPlan {
  const plan = emptyPlan();
  for (const a of bySortable(live(data.accounts))) {
    plan.accounts.push({
      key: a.entityId,
      name: String(a.accountName),
      offBudget: !a.onBudget,
      closed: Boolean(a.hidden),
      note: a.note ?? null,
    });
  }
  const categoryKeys = new Set<string>();
  for (const m of bySortable(live(data.masterCategories))) {
    const subs = bySortable(live(m.subCategories));
    if (m.type !== 'OUTFLOW' || subs.length === 0) continue;
    const hidden = m.entityId === HIDDEN_MASTER;
    plan.groups.push({ key: m.entityId, name: String(m.name), hidden, note: m.note ?? null });
    for (const c of subs) {
      categoryKeys.add(c.entityId);
      plan.categories.push({
        key: c.entityId,
        group: m.entityId,
        name: categoryName(String(c.name), hidden),
        hidden,
        note: c.note ?? null,
      });
    }
  }
  const payeeName = new Map<string, string>();
  for (const p of live(data.payees)) {
    payeeName.set(p.entityId, String(p.name));
    plan.payees.push({ key: p.entityId, name: String(p.name), transferAccount: p.targetAccountId });
  }
  const category = (id: unknown): string | null => {
    if (typeof id !== 'string') return null;
    if (INCOME_IDS.has(id)) return INCOME_CATEGORY;
    return categoryKeys.has(id) ? id : null;
  };
  const line = (t: Json, parent?: Json): PlanLine => {
    const isTransfer = Boolean(t.transferTransactionId);
    const target = t.targetAccountId ?? (isTransfer ? parent?.targetAccountId : undefined);
    return {
      key: t.entityId,
      amount: cents(t.amount),
      payee: isTransfer ? null : (t.payeeId ?? null),
      category: category(t.categoryId),
      notes: t.memo || null,
      transferAccount: isTransfer ? (target ?? null) : null,
      transferTransaction: isTransfer ? t.transferTransactionId : null,
    };
  };
  for (const t of live(data.transactions)) {
    const subs = live(t.subTransactions);
    plan.transactions.push({
      ...line(t),
      account: t.accountId,
      date: String(t.date).slice(0, 10),
      cleared: t.cleared === 'Cleared' || t.cleared === 'Reconciled',
      importedPayee: t.payeeId && !t.transferTransactionId ? payeeName.get(t.payeeId) : null,
      ...(subs.length > 0 ? { subtransactions: subs.map((s) => line(s, t)) } : {}),
    });
  }
  for (const mb of live(data.monthlyBudgets)) {
    const month = String(mb.month).slice(0, 7);
    for (const b of live(mb.monthlySubCategoryBudgets)) {
      if (!categoryKeys.has(b.categoryId)) continue;
      const handling = b.overspendingHandling;
      plan.budgets.push({
        month,
        category: b.categoryId,
        amount: cents(b.budgeted),
        ...(handling === 'Confined' ? { carryover: true } : {}),
        ...(handling === 'AffectsBuffer' ? { carryover: false } : {}),
      });
    }
  }
  return plan;
}

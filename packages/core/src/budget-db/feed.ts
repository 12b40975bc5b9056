/**
 * Feeds one committed change event (local, remote, undo alike) into the budget sheet.
 *
 * Transaction rows move the sums by their old contribution out and their new one in, each
 * judged against the world as it was (old) or is (new): accounts, category mapping and split
 * parents touched by the same event are read from the event's old rows. When the context of
 * rows *outside* the event changes (an account's offbudget flips, a mapping is re-pointed, a
 * split parent dies or returns), the categories affected are summed again from the database;
 * deltas for those categories are then skipped, since the fresh sum already has them.
 */
import { isBudgetType, type BudgetSheet, type BudgetType } from '../budget/index.ts';
import type { SqliteDatabase } from '../platform/index.ts';
import type { ChangeEvent, Row, RowChange } from '../sync/types.ts';
import {
  budgetRowInput,
  budgetTable,
  bufferedInput,
  categoriesOfAccounts,
  categoriesOfChildren,
  readBudgetRows,
  readMapping,
  readSpentFor,
} from './load.ts';
import { spendingOf, type RowContext, type RowContribution } from './spending-rows.ts';

const isZero = (v: unknown): boolean => v === 0 || v === 0n;

/** Accounts and category mapping as the sheet last saw them (small tables, kept in memory). */
export class SpendingMirror {
  readonly offbudget = new Map<string, unknown>();
  readonly mapping = new Map<string, string | null>();

  static load(db: SqliteDatabase): SpendingMirror {
    const m = new SpendingMirror();
    for (const a of db.all<{ id: string; offbudget: unknown }>(
      'SELECT id, offbudget FROM accounts',
    )) {
      m.offbudget.set(a.id, a.offbudget);
    }
    for (const [id, target] of readMapping(db)) m.mapping.set(id, target);
    return m;
  }
}

function byId(changes: readonly RowChange[] | undefined): Map<string, RowChange> {
  const out = new Map<string, RowChange>();
  for (const c of changes ?? []) out.set(c.id, c);
  return out;
}

const counted = (row: Row | null): boolean => row !== null && isZero(row.offbudget);
const aliveParent = (row: Row | null): boolean => row !== null && isZero(row.tombstone);

export interface FeedOptions {
  db: SqliteDatabase;
  sheet: BudgetSheet;
  mirror: SpendingMirror;
  /** Called with the new type when a synced `budgetType` pref switches it. */
  onTypeSwitch?: (type: BudgetType) => void;
}

export function feedChange(event: ChangeEvent, opts: FeedOptions): void {
  const { db, sheet, mirror } = opts;
  sheet.batch(() => {
    const type = event.prefs.budgetType;
    if (isBudgetType(type) && type !== sheet.budgetType) {
      sheet.setBudgetType(type, readBudgetRows(db, type));
      opts.onTypeSwitch?.(type);
    }
    feedStructure(event, sheet);
    feedBudgetRows(event, sheet);
    feedSpending(event, opts, mirror);
  });
}

function feedStructure(event: ChangeEvent, sheet: BudgetSheet): void {
  for (const { id, new: row } of event.changes.get('category_groups') ?? []) {
    if (row && isZero(row.tombstone)) sheet.addGroup({ id, isIncome: !!row.is_income });
    else sheet.removeGroup(id);
  }
  for (const { id, new: row } of event.changes.get('categories') ?? []) {
    if (row && isZero(row.tombstone)) {
      const groupId = typeof row.cat_group === 'string' ? row.cat_group : '';
      sheet.addCategory({ id, groupId, isIncome: !!row.is_income });
    } else {
      sheet.removeCategory(id);
    }
  }
}

function feedBudgetRows(event: ChangeEvent, sheet: BudgetSheet): void {
  for (const change of event.changes.get(budgetTable(sheet.budgetType)) ?? []) {
    const before = change.old ? budgetRowInput(change.old) : null;
    const after = change.new ? budgetRowInput(change.new) : null;
    if (before && (!after || before.month !== after.month || before.category !== after.category)) {
      sheet.setBudgetRow(before.month, before.category, null);
    }
    if (after) sheet.setBudgetRow(after.month, after.category, after);
  }
  for (const change of event.changes.get('zero_budget_months') ?? []) {
    const after = change.new ? bufferedInput(change.new) : null;
    const before = change.old ? bufferedInput(change.old) : null;
    if (after) sheet.setBuffered(after.month, after.amount);
    else if (before) sheet.setBuffered(before.month, 0);
  }
}

function feedSpending(event: ChangeEvent, opts: FeedOptions, mirror: SpendingMirror): void {
  const accounts = byId(event.changes.get('accounts'));
  const mappings = byId(event.changes.get('category_mapping'));
  const txs = byId(event.changes.get('transactions'));
  if (accounts.size === 0 && mappings.size === 0 && txs.size === 0) return;

  for (const { id, new: row } of accounts.values()) {
    if (row) mirror.offbudget.set(id, row.offbudget);
    else mirror.offbudget.delete(id);
  }
  for (const { id, new: row } of mappings.values()) {
    if (row) mirror.mapping.set(id, (row.transferId as string | null) ?? null);
    else mirror.mapping.delete(id);
  }

  const resum = new Set<string>();
  const flipped = [...accounts.values()].filter((c) => counted(c.old) !== counted(c.new));
  if (flipped.length > 0) {
    for (const c of categoriesOfAccounts(
      opts.db,
      flipped.map((f) => f.id),
    ))
      resum.add(c);
  }
  for (const { old, new: row } of mappings.values()) {
    const before = old?.transferId;
    const after = row?.transferId;
    if (before === after) continue;
    if (typeof before === 'string') resum.add(before);
    if (typeof after === 'string') resum.add(after);
  }
  const parents = [...txs.values()].filter((c) => aliveParent(c.old) !== aliveParent(c.new));
  if (parents.length > 0) {
    for (const c of categoriesOfChildren(
      opts.db,
      parents.map((p) => p.id),
    ))
      resum.add(c);
  }

  const parentTombstone = (id: string, phase: 'old' | 'new'): unknown => {
    const inEvent = txs.get(id);
    if (inEvent) return inEvent[phase]?.tombstone;
    return opts.db.first<{ tombstone: unknown }>(
      'SELECT tombstone FROM transactions WHERE id = ?',
      [id],
    )?.tombstone;
  };
  const ctx = (phase: 'old' | 'new'): RowContext => ({
    offbudget: (id) => {
      const c = accounts.get(id);
      return c ? c[phase]?.offbudget : mirror.offbudget.get(id);
    },
    mapped: (id) => {
      const c = mappings.get(id);
      if (!c) return mirror.mapping.get(id);
      const row = c[phase];
      return row ? ((row.transferId as string | null) ?? null) : undefined;
    },
    parentTombstone: (id) => parentTombstone(id, phase),
  });
  const oldCtx = ctx('old');
  const newCtx = ctx('new');

  const deltas = new Map<string, RowContribution>();
  const add = (c: RowContribution | null, sign: number): void => {
    if (!c || resum.has(c.category) || c.amount === 0) return;
    const key = `${c.month}\u0000${c.category}`;
    const d = deltas.get(key);
    if (d) d.amount += sign * c.amount;
    else deltas.set(key, { ...c, amount: sign * c.amount });
  };
  for (const { old, new: row } of txs.values()) {
    if (old) add(spendingOf(old, oldCtx), -1);
    if (row) add(spendingOf(row, newCtx), 1);
  }
  for (const d of deltas.values()) opts.sheet.adjustSpent(d.month, d.category, d.amount);

  if (resum.size > 0) {
    const categories = [...resum];
    const rows = readSpentFor(opts.db, categories, mirror.mapping);
    const per = new Map<string, { month: string; amount: number }[]>();
    for (const c of categories) per.set(c, []);
    for (const r of rows) per.get(r.category)?.push({ month: r.month, amount: r.amount });
    for (const [category, list] of per) opts.sheet.replaceSpent(category, list);
  }
}

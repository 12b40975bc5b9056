/**
 * A core with the budget module and an in-memory budget open (fixed clock at 2023-08-06,
 * seeded ids), seeded with a small category tree and three accounts, for the wiring tests.
 */
import type { BudgetType, CellValue } from '../../budget/index.ts';
import type { BudgetSheet } from '../../budget/index.ts';
import { Budget } from '../../budget-file/budget.ts';
import { monthForSheet } from '../../calendar/months.ts';
import { categoriesModule } from '../../categories/handlers.ts';
import { createTestPlatform, type TestPlatform } from '../../db/test-helpers/test-platform.ts';
import { createCore } from '../../handlers-core/core.ts';
import { defineModule, handler } from '../../handlers-core/registry.ts';
import type { SqliteDatabase } from '../../platform/index.ts';
import { queryModule } from '../../query-handler/handlers.ts';
import type { BudgetDb } from '../../sync/budget-db.ts';
import { undoModule } from '../../undo/handlers.ts';
import { loadBudgetSheet } from '../sheet-load.ts';
import { budgetModule } from '../module.ts';
import { budgetEngine } from '../slot.ts';

export const IDS = {
  incomeGroup: 'g-income',
  groups: ['g-bills', 'g-fun'],
  income: ['salary', 'bonus'],
  expenses: ['rent', 'food', 'power', 'games', 'books'],
  onBudget: ['checking', 'card'],
  offBudget: ['savings'],
} as const;

/** Groups, categories (with mapping rows) and accounts, written through the write path. */
export function seedStructure(db: BudgetDb): void {
  db.batch(() => {
    db.insert('category_groups', { id: IDS.incomeGroup, name: 'Income', is_income: 1 });
    IDS.groups.forEach((id, i) => db.insert('category_groups', { id, name: `Group ${i}` }));
    const cats: [string, string, number][] = [
      ...IDS.income.map((id): [string, string, number] => [id, IDS.incomeGroup, 1]),
      ...IDS.expenses.map((id, i): [string, string, number] => [id, IDS.groups[i % 2]!, 0]),
    ];
    cats.forEach(([id, group, income], i) => {
      db.insert('categories', { id, name: id, cat_group: group, is_income: income, sort_order: i });
      db.insert('category_mapping', { id, transferId: id });
    });
    for (const id of IDS.onBudget) db.insert('accounts', { id, name: id, offbudget: 0 });
    for (const id of IDS.offBudget) db.insert('accounts', { id, name: id, offbudget: 1 });
  });
}

export async function openBudgetCore(
  options: { seed?: number; budgetType?: BudgetType; platform?: TestPlatform } = {},
) {
  const platform = options.platform ?? createTestPlatform({ seed: options.seed ?? 3 });
  const core = createCore({ platform, documentDir: '/docs' })
    .register(undoModule)
    .register(categoriesModule)
    .register(queryModule)
    .register(budgetModule);
  const budget = Budget.memory(
    { platform, documentDir: '/docs', emit: core.events.emit },
    { id: 'test', budgetName: 'Test', budgetType: options.budgetType },
  );
  seedStructure(budget.db);
  const opened = core.register(
    defineModule('test-open', {
      'test/open': handler({ mutator: true, run: (_a: undefined, ctx) => ctx.openBudget(budget) }),
    }),
  );
  await opened.sendUnknown('test/open');
  const pushes: { name: string; value: unknown }[] = [];
  core.events.on('cells-changed', (changes) => pushes.push(...changes));
  return { core, budget, platform, pushes, engine: () => budgetEngine(budget) };
}

export function sheetValues(sheet: BudgetSheet): Map<string, CellValue> {
  return new Map(sheet.snapshot('').values);
}

/** Every cell of a sheet computed from scratch out of the database, over the given months. */
export function freshValues(
  db: SqliteDatabase,
  type: BudgetType,
  now: number,
  bounds: { start: string; end: string } | null,
): Map<string, CellValue> {
  const { sheet } = loadBudgetSheet(db, type, now, null);
  if (bounds) sheet.ensureMonths(bounds);
  return sheetValues(sheet);
}

/** The cells of the months a (lazily built) sheet has built, as `sheetValues` gives them. */
export function builtValues(
  values: Map<string, CellValue>,
  built: { start: string; end: string } | null,
): Map<string, CellValue> {
  const out = new Map<string, CellValue>();
  if (!built) return out;
  for (const [name, value] of values) {
    const m = monthForSheet(name.slice(0, name.indexOf('!')));
    if (m !== null && m >= built.start && m <= built.end) out.set(name, value);
  }
  return out;
}

/** Map → sorted entries, so a failing comparison prints a readable diff. */
export function sorted(values: Map<string, CellValue>): [string, CellValue][] {
  return [...values].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Every synced row and the message log, to prove a rejected call changed nothing. */
export function dumpRows(db: SqliteDatabase): string {
  const tables = ['transactions', 'zero_budgets', 'reflect_budgets', 'zero_budget_months'];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = db.all(`SELECT * FROM ${t} ORDER BY id`);
  out.messages = db.all('SELECT COUNT(*) AS n FROM messages_crdt');
  return JSON.stringify(out);
}

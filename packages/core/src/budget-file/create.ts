import { prepareDatabase } from '../schema/prepare.ts';
import { BudgetDb } from '../sync/budget-db.ts';
import type { BudgetEnv } from './budget.ts';
import { createDefaultCategories } from './default-categories.ts';
import { type BudgetPrefs, DB_FILE, readPrefs, writePrefs } from './prefs.ts';

/** The fixed id (and name) of the test budget, replaced on every test-mode create. */
export const TEST_BUDGET_ID = '_test-budget';
const DEFAULT_NAME = 'My Finances';

/** The local budgets in the document folder: folders holding a `db.sqlite`. */
export async function listBudgets(env: BudgetEnv): Promise<BudgetPrefs[]> {
  const { fs } = env.platform;
  if (!(await fs.exists(env.documentDir))) return [];
  const out: BudgetPrefs[] = [];
  for (const id of await fs.listDir(env.documentDir)) {
    const dir = fs.join(env.documentDir, id);
    if (await fs.exists(fs.join(dir, DB_FILE))) out.push(await readPrefs(fs, dir, id));
  }
  return out;
}

async function uniqueName(env: BudgetEnv): Promise<string> {
  const taken = new Set((await listBudgets(env)).map((b) => b.budgetName));
  let name = DEFAULT_NAME;
  for (let i = 1; taken.has(name); i++) name = `${DEFAULT_NAME} ${i}`;
  return name;
}

/** A folder id from the name: unsafe characters become '-', plus a short random suffix. */
async function idFromName(env: BudgetEnv, name: string): Promise<string> {
  const { fs, random } = env.platform;
  const base = `${name.replace(/[^A-Za-z0-9]/g, '-')}-${random.uuid().slice(0, 7)}`;
  let id = base;
  for (let i = 1; await fs.exists(fs.join(env.documentDir, id)); i++) id = `${base}${i}`;
  return id;
}

export interface CreateBudgetOptions {
  budgetName?: string;
  /** Use the fixed test id, replacing an earlier test budget. */
  testMode?: boolean;
  testBudgetId?: string;
}

/**
 * Write a new budget folder: `db.sqlite` at the latest migration with views and the default
 * categories, and `metadata.json` with its id and name. Returns the new id.
 */
export async function createBudgetFiles(
  env: BudgetEnv,
  options: CreateBudgetOptions,
): Promise<string> {
  const { fs, sqlite } = env.platform;
  let id: string;
  let budgetName: string;
  if (options.testMode) {
    budgetName = options.budgetName || 'Test Budget';
    id = options.testBudgetId || TEST_BUDGET_ID;
    const existing = fs.join(env.documentDir, id);
    if (await fs.exists(existing)) await fs.removeDir(existing);
  } else {
    budgetName = options.budgetName || (await uniqueName(env));
    id = await idFromName(env, budgetName);
  }
  const dir = fs.join(env.documentDir, id);
  await fs.mkdir(dir);
  try {
    const database = sqlite.open(fs.join(dir, DB_FILE));
    try {
      const prepared = prepareDatabase(database, { create: true });
      if (!prepared.ok) throw new Error(prepared.message);
      const { clock, random, log } = env.platform;
      createDefaultCategories(BudgetDb.open(database, { clock, random, log }));
    } finally {
      database.close();
    }
    await writePrefs(fs, dir, { id, budgetName });
  } catch (err) {
    // Leave no half-made budget behind.
    await fs.removeDir(dir);
    throw err;
  }
  return id;
}

import type { FileSystem } from '../platform/index.ts';

/**
 * The contents of `metadata.json`. Besides the listed fields, 23.8-era local prefs
 * (`dateFormat`, `budget.collapsed`, `csv-mappings-<acct>`, `flags.<feature>`, ...) live here
 * too; they are kept as they are.
 */
export interface BudgetPrefs {
  id: string;
  budgetName: string;
  budgetType?: 'rollover' | 'report';
  cloudFileId?: string;
  groupId?: string;
  encryptKeyId?: string | null;
  lastSyncedTimestamp?: string;
  lastUploaded?: string;
  resetClock?: boolean;
  lastScheduleRun?: string;
  userId?: string;
  [key: string]: unknown;
}

export const METADATA_FILE = 'metadata.json';
export const DB_FILE = 'db.sqlite';

/**
 * Read a budget's prefs. A missing or broken file still lets the budget open, named after
 * its id; the id always comes from the folder, so a moved folder stays consistent.
 */
export async function readPrefs(fs: FileSystem, dir: string, id: string): Promise<BudgetPrefs> {
  let prefs: BudgetPrefs = { id, budgetName: id };
  try {
    const parsed: unknown = JSON.parse(await fs.readText(fs.join(dir, METADATA_FILE)));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      prefs = { ...(parsed as BudgetPrefs) };
    }
  } catch {
    // fall through to the defaults
  }
  if (typeof prefs.budgetName !== 'string') prefs.budgetName = id;
  prefs.id = id;
  return prefs;
}

export async function writePrefs(fs: FileSystem, dir: string, prefs: BudgetPrefs): Promise<void> {
  await fs.writeFile(fs.join(dir, METADATA_FILE), JSON.stringify(prefs));
}

import { createTestPlatform, type TestPlatform } from '../../db/test-helpers/test-platform.ts';
import { prepareDatabase } from '../../schema/prepare.ts';
import { BudgetDb } from '../budget-db.ts';

/** A migrated in-memory budget database with its write path, on a test platform. */
export function memoryBudgetDb(options: { seed?: number; platform?: TestPlatform } = {}): {
  db: BudgetDb;
  platform: TestPlatform;
} {
  const platform = options.platform ?? createTestPlatform({ seed: options.seed });
  const sqlite = platform.sqlite.open(':memory:');
  const prepared = prepareDatabase(sqlite, { create: true });
  if (!prepared.ok) throw new Error(prepared.message);
  const db = BudgetDb.open(sqlite, {
    clock: platform.clock,
    random: platform.random,
    log: platform.log,
  });
  return { db, platform };
}

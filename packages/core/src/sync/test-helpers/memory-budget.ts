import { createTestPlatform, type TestPlatform } from '../../db/test-helpers/test-platform.ts';
import type { SqliteDatabase } from '../../platform/index.ts';
import { prepareDatabase } from '../../schema/prepare.ts';
import { BudgetDb } from '../budget-db.ts';

/**
 * A migrated in-memory budget database with its write path, on a test platform. `reshape`
 * changes the file before it is opened (as a newer Actual's migrations would), and the file
 * is prepared again after it.
 */
export function memoryBudgetDb(
  options: { seed?: number; platform?: TestPlatform; reshape?: (db: SqliteDatabase) => void } = {},
): {
  db: BudgetDb;
  platform: TestPlatform;
} {
  const platform = options.platform ?? createTestPlatform({ seed: options.seed });
  const sqlite = platform.sqlite.open(':memory:');
  let prepared = prepareDatabase(sqlite, { create: true });
  if (prepared.ok && options.reshape) {
    options.reshape(sqlite);
    prepared = prepareDatabase(sqlite);
  }
  if (!prepared.ok) throw new Error(prepared.message);
  const db = BudgetDb.open(sqlite, {
    clock: platform.clock,
    random: platform.random,
    log: platform.log,
  });
  return { db, platform };
}

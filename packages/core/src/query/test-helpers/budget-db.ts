import type { SqliteDatabase } from '../../platform/sqlite.ts';
import { testSqliteDriver } from '../../db/test-helpers/test-platform.ts';
import { prepareDatabase } from '../../schema/prepare.ts';

/** A fresh in-memory budget database with Actual 23.8.1's tables and views. */
export function openTestBudget(): SqliteDatabase {
  const db = testSqliteDriver().open(':memory:');
  const prepared = prepareDatabase(db, { create: true });
  if (!prepared.ok) throw new Error(prepared.message);
  return db;
}

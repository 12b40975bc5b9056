import type { FileSystem, Logger, SqliteDatabase } from '../platform/index.ts';
import { appliedMigrations } from '../schema/migrate.ts';
import { MIGRATIONS, RENAMED_MIGRATIONS } from '../schema/migrations.ts';
import { makeBackup } from './store.ts';

/**
 * Whether opening this database will run migrations: its applied list (with renamed ids
 * mapped) is a strict prefix of ours. A newer, divergent or non-budget file runs none.
 */
export function hasPendingMigrations(db: SqliteDatabase): boolean {
  const hasTable = db.first(
    "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = '__migrations__'",
  );
  if (!hasTable) return false;
  const applied = appliedMigrations(db).map((id) => RENAMED_MIGRATIONS.get(id) ?? id);
  if (applied.length >= MIGRATIONS.length) return false;
  return applied.every((id, i) => MIGRATIONS[i]!.id === id);
}

/**
 * Back up a budget's database, as it is on disk, before an upgrade changes it: a migration
 * that goes wrong (or a file an older app must still read) can then be undone with
 * `backup-load`. Returns the backup's id, or null when nothing is pending. A failed backup is
 * logged and the open goes on: refusing to open would lock the user out of their budget.
 */
export async function backupBeforeMigration(
  env: { fs: FileSystem; log: Logger; now: number },
  dir: string,
  db: SqliteDatabase,
): Promise<string | null> {
  try {
    // An unreadable file fails here too; opening it reports that, not the backup.
    if (!hasPendingMigrations(db)) return null;
    return await makeBackup(env.fs, dir, env.now, { sqlite: db });
  } catch (err) {
    env.log.warn('Backup before migrating failed', { dir, error: String(err) });
    return null;
  }
}

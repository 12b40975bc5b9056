import type { SqliteDatabase } from '../platform/index.ts';
import { INITIAL_SCHEMA } from './init.ts';
import { MIGRATIONS, RENAMED_MIGRATIONS } from './migrations.ts';

export type MigrateOutcome =
  /** Ran `ran` (possibly none); the file is now at our latest migration. */
  | { kind: 'migrated'; ran: number[] }
  /** A newer Actual wrote this file: it has our migrations and more. Opened as is. */
  | { kind: 'newer'; extra: number[] }
  /** The applied list diverges from ours: neither side can safely open it. */
  | { kind: 'out-of-sync'; applied: number[] };

/** Create the base tables of an empty database (a brand-new budget file). */
export function initSchema(db: SqliteDatabase): void {
  db.transaction(() => db.exec(INITIAL_SCHEMA));
}

export function appliedMigrations(db: SqliteDatabase): number[] {
  return db
    .all<{ id: number }>('SELECT id FROM __migrations__ ORDER BY id')
    .map((r) => Number(r.id));
}

function patchRenamed(db: SqliteDatabase): void {
  for (const [oldId, newId] of RENAMED_MIGRATIONS) {
    if (db.first('SELECT 1 FROM __migrations__ WHERE id = ?', [oldId])) {
      db.transaction(() => {
        db.run('DELETE FROM __migrations__ WHERE id = ?', [oldId]);
        db.run('INSERT OR IGNORE INTO __migrations__ (id) VALUES (?)', [newId]);
      });
    }
  }
}

const isPrefix = (short: readonly number[], long: readonly number[]): boolean =>
  short.length <= long.length && short.every((id, i) => long[i] === id);

/** Bring a budget database up to our latest migration, each step in its own transaction. */
export function migrate(db: SqliteDatabase): MigrateOutcome {
  patchRenamed(db);
  const applied = appliedMigrations(db);
  const ours = MIGRATIONS.map((m) => m.id);
  if (!isPrefix(applied, ours)) {
    if (isPrefix(ours, applied)) return { kind: 'newer', extra: applied.slice(ours.length) };
    return { kind: 'out-of-sync', applied };
  }
  const ran: number[] = [];
  for (const migration of MIGRATIONS.slice(applied.length)) {
    db.transaction(() => {
      migration.up(db);
      db.run('INSERT INTO __migrations__ (id) VALUES (?)', [migration.id]);
    });
    ran.push(migration.id);
  }
  return { kind: 'migrated', ran };
}

import { DB_FILE } from '../budget-file/prefs.ts';
import type { FileSystem, SqliteDatabase } from '../platform/index.ts';

/** An open database to copy from (an open `Budget` is one). */
export interface OpenDatabase {
  readonly sqlite: Pick<SqliteDatabase, 'serialize'>;
}

/**
 * Backups of one budget: whole-database copies in `<budget>/backups/`, named from the moment
 * they were taken. Policy: one every 15 minutes while a budget is open, one before any
 * operation that replaces or rewrites the database (import, sync reset and key change in
 * `sync-client/reset.ts`, migrations on open in `before-migration.ts`), and only the newest
 * `MAX_BACKUPS` are kept.
 */
export const BACKUP_DIR = 'backups';
export const MAX_BACKUPS = 10;
export const BACKUP_INTERVAL_MS = 15 * 60 * 1000;
/** The database as it was before a backup was loaded, so loading one can be undone. */
export const LATEST_BACKUP = 'db.latest.sqlite';

export interface BackupInfo {
  id: string;
  /** ISO timestamp of the copy; null for the pre-restore copy. */
  date: string | null;
  isLatest: boolean;
}

const BACKUP_NAME = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z(?:-\d+)?\.sqlite$/;

function dateOf(id: string): string | null {
  const m = BACKUP_NAME.exec(id);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}

export function budgetDirOf(fs: FileSystem, documentDir: string, id: string): string {
  return fs.join(documentDir, id);
}

/** The budget's backups, newest first, the pre-restore copy (if any) at the top. */
export async function listBackups(fs: FileSystem, dir: string): Promise<BackupInfo[]> {
  const folder = fs.join(dir, BACKUP_DIR);
  if (!(await fs.exists(folder))) return [];
  const names = await fs.listDir(folder);
  const dated = names
    .map((id) => ({ id, date: dateOf(id) }))
    .filter((b): b is { id: string; date: string } => b.date !== null)
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((b) => ({ ...b, isLatest: false }));
  return names.includes(LATEST_BACKUP)
    ? [{ id: LATEST_BACKUP, date: null, isLatest: true }, ...dated]
    : dated;
}

async function freshId(fs: FileSystem, folder: string, now: number): Promise<string> {
  const stem = new Date(now).toISOString().replace(/[:.]/g, '-');
  let id = `${stem}.sqlite`;
  for (let n = 1; await fs.exists(fs.join(folder, id)); n++) id = `${stem}-${n}.sqlite`;
  return id;
}

/**
 * Write a backup of the budget in `dir`: the open budget's database is serialised in one
 * synchronous call (a consistent snapshot between writes); a closed one is copied from disk.
 * Then the oldest backups beyond the limit go. Returns the new backup's id, or null when
 * there is nothing to back up.
 */
export async function makeBackup(
  fs: FileSystem,
  dir: string,
  now: number,
  open?: OpenDatabase | null,
): Promise<string | null> {
  const dbPath = fs.join(dir, DB_FILE);
  if (!open && !(await fs.exists(dbPath))) return null;
  const folder = fs.join(dir, BACKUP_DIR);
  await fs.mkdir(folder);
  const id = await freshId(fs, folder, now);
  if (open) await fs.writeFile(fs.join(folder, id), open.sqlite.serialize());
  else await fs.copyFile(dbPath, fs.join(folder, id));
  await pruneBackups(fs, dir);
  return id;
}

export async function pruneBackups(fs: FileSystem, dir: string, keep = MAX_BACKUPS): Promise<void> {
  const dated = (await listBackups(fs, dir)).filter((b) => !b.isLatest);
  for (const old of dated.slice(keep)) await fs.remove(fs.join(dir, BACKUP_DIR, old.id));
}

/**
 * Put a backup in place of the budget's database (which must be closed). The current
 * database is kept as the pre-restore copy unless one exists; restoring that copy removes it.
 * Returns false when the backup does not exist.
 */
export async function restoreBackup(
  fs: FileSystem,
  dir: string,
  backupId: string,
): Promise<boolean> {
  if (backupId.includes('/') || backupId.includes('\\')) return false;
  const folder = fs.join(dir, BACKUP_DIR);
  const source = fs.join(folder, backupId);
  if (!(await fs.exists(source))) return false;
  const dbPath = fs.join(dir, DB_FILE);
  const latest = fs.join(folder, LATEST_BACKUP);
  if (backupId === LATEST_BACKUP) {
    await fs.copyFile(latest, dbPath);
    await fs.remove(latest);
    return true;
  }
  if (!(await fs.exists(latest)) && (await fs.exists(dbPath))) await fs.copyFile(dbPath, latest);
  await fs.copyFile(source, dbPath);
  return true;
}

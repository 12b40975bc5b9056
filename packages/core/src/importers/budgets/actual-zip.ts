import { DB_FILE, METADATA_FILE } from '../../budget-file/prefs.ts';
import { readBudgetZip } from '../../files/budget-zip.ts';
import type { HandlerContext } from '../../handlers-core/registry.ts';
import { makeBackup } from '../../backups/store.ts';
import { type ImportErrorType } from './errors.ts';

const ZIP_ERRORS: Record<string, ImportErrorType> = {
  'not-zip-file': 'not-zip-file',
  'invalid-zip-file': 'invalid-zip-file',
  'invalid-meta-file': 'invalid-metadata-file',
};

/**
 * Put an Actual or Coffer export in `<documentDir>/<meta.id>/`. A local budget with the same
 * id is replaced, its backups kept (and one more made of the database being replaced). The
 * copy starts as a local file: cloud ids and sync marks go, `resetClock` stays set.
 */
export async function writeActualZip(
  ctx: HandlerContext,
  bytes: Uint8Array,
): Promise<{ id: string } | { error: ImportErrorType }> {
  const archive = readBudgetZip(bytes);
  if ('error' in archive) return { error: ZIP_ERRORS[archive.error] ?? 'invalid-zip-file' };
  const { meta, db } = archive;
  const id = meta.id;
  if (typeof id !== 'string' || !id || /[/\\]/.test(id) || id === '.' || id === '..') {
    return { error: 'invalid-metadata-file' };
  }
  // The database must at least be SQLite; anything else would only fail on load.
  try {
    const copy = ctx.platform.sqlite.deserialize(db);
    try {
      copy.first('SELECT count(*) FROM sqlite_master');
    } finally {
      copy.close();
    }
  } catch {
    return { error: 'invalid-zip-file' };
  }
  const { fs, clock } = ctx.platform;
  const dir = fs.join(ctx.documentDir, id);
  if (ctx.budget?.id === id) await ctx.closeBudget();
  if (await fs.exists(dir)) {
    await makeBackup(fs, dir, clock.now());
  } else {
    await fs.mkdir(dir);
  }
  const {
    cloudFileId: _cloud,
    groupId: _group,
    lastUploaded: _uploaded,
    lastSyncedTimestamp: _synced,
    encryptKeyId: _key,
    ...rest
  } = meta;
  await fs.writeFile(fs.join(dir, DB_FILE), db);
  await fs.writeFile(fs.join(dir, METADATA_FILE), JSON.stringify({ ...rest, resetClock: true }));
  return { id };
}

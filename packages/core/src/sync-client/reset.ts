import { Timestamp, makeClock, merkle, serializeClock } from '@coffer/crdt';
import { makeBackup } from '../backups/store.ts';
import type { Budget } from '../budget-file/budget.ts';
import type { EncryptionKey } from '../encryption/cipher.ts';
import { type CloudError, cloudError } from '../files/errors.ts';
import type { CloudSession } from '../files/session.ts';
import { uploadBudget } from '../files/upload.ts';
import type { Emit } from '../handlers-core/events.ts';
import type { Platform } from '../platform/index.ts';
import { insertMany } from '../sync/merkle-batch.ts';

/** Tables whose deleted rows a reset drops for good (nothing can refer to them afterwards). */
const TOMBSTONED = [
  'transactions',
  'accounts',
  'payees',
  'categories',
  'category_groups',
  'schedules',
  'rules',
];

export interface ResetEnv {
  budget: Budget;
  session: CloudSession;
  platform: Platform;
  emit: Emit;
}

/** A new key from `key-make`: the server stores the salt and test beside the file. */
export interface NewKeyState {
  key: EncryptionKey;
  salt: string;
  testContent: string;
}

/** Throw away the message log and clock: the file as it is becomes the start of a new history. */
function clearLocalSyncState(budget: Budget): void {
  const { sqlite, db } = budget;
  const tables = new Set(
    sqlite
      .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .map((r) => r.name),
  );
  sqlite.transaction(() => {
    sqlite.run('DELETE FROM messages_crdt');
    sqlite.run('DELETE FROM messages_clock');
    for (const table of TOMBSTONED) {
      if (tables.has(table)) sqlite.run(`DELETE FROM "${table}" WHERE tombstone = 1`);
    }
  });
  sqlite.exec('VACUUM');
  db.reloadClock();
  db.undo.clear();
}

function keyCallFailure(reason: string): CloudError {
  return cloudError(reason === 'unauthorized' ? 'unauthorized' : 'network');
}

/**
 * Sync reset (and, with `newKey`, a key change): make this device's copy the truth for every
 * device. The server forgets the file's group (and takes the new key), the local message log
 * starts over, and the file is uploaded again; other devices then see `file-has-reset` (or
 * `file-has-new-key`) and re-download. Without a new key, the local key must match the
 * server's first, so a file is never uploaded with the wrong key or none.
 */
export async function resetSync(env: ResetEnv, newKey?: NewKeyState): Promise<object | CloudError> {
  const { budget, session, platform } = env;
  const server = session.server();
  const token = session.token;
  if (!server) return cloudError('no-server');
  if (!token) return cloudError('unauthorized');
  const prefs = budget.prefs;
  let cloudFileId = prefs.cloudFileId || null;

  if (cloudFileId && !newKey) {
    const current = await server.getKey(token, cloudFileId);
    if (!current.ok) return keyCallFailure(current.error.reason);
    const localKeyId = prefs.encryptKeyId || null;
    const valid =
      (current.value.id ?? null) === localKeyId && (!localKeyId || session.keys.has(localKeyId));
    if (!valid) return cloudError('file-has-new-key');
  }
  // A reset drops the message log and deleted rows for good: keep a copy of the file first,
  // before the server changes either, so a failed backup leaves everything as it was.
  if (budget.dir !== null) await makeBackup(platform.fs, budget.dir, platform.clock.now(), budget);
  let registered = false;
  if (cloudFileId) {
    const reset = await server.resetFile(token, cloudFileId);
    if (!reset.ok) return keyCallFailure(reset.error.reason);
    if (newKey) {
      const created = await server.createKey(token, {
        fileId: cloudFileId,
        keyId: newKey.key.id,
        keySalt: newKey.salt,
        testContent: newKey.testContent,
      });
      if (!created.ok) return keyCallFailure(created.error.reason);
      registered = true;
    }
  } else if (newKey) {
    // A file the server has never seen: name it now so the key can be stored under it.
    cloudFileId = platform.random.uuid();
  }

  clearLocalSyncState(budget);
  await budget.savePrefs(
    {
      ...(cloudFileId ? { cloudFileId } : {}),
      groupId: undefined,
      lastSyncedTimestamp: undefined,
      lastUploaded: undefined,
    },
    { avoidSync: true },
  );
  if (newKey && cloudFileId) {
    await session.rememberKey(cloudFileId, newKey.key);
    await budget.savePrefs({ encryptKeyId: newKey.key.id }, { avoidSync: true });
  }

  const uploaded = await uploadBudget(session, platform, { budget });
  env.emit('prefs-updated', { prefs: { ...budget.prefs } });
  if ('error' in uploaded) return uploaded;
  if (newKey && !registered) {
    const created = await server.createKey(token, {
      fileId: uploaded.cloudFileId,
      keyId: newKey.key.id,
      keySalt: newKey.salt,
      testContent: newKey.testContent,
    });
    if (!created.ok) return keyCallFailure(created.error.reason);
  }
  return {};
}

/**
 * Sync repair: rebuild the merkle from every logged timestamp and store it, for a clock whose
 * merkle no longer matches its own log. Returns whether anything changed.
 */
export function repairMerkle(budget: Budget): { changed: boolean; messages: number } {
  const { sqlite, db } = budget;
  const rows = sqlite.all<{ timestamp: string }>('SELECT timestamp FROM messages_crdt');
  const stamps: Timestamp[] = [];
  for (const row of rows) {
    const ts = Timestamp.parse(row.timestamp);
    if (ts) stamps.push(ts);
  }
  const rebuilt = merkle.prune(insertMany({}, stamps));
  const before = db.merkle.hash ?? 0;
  const clock = makeClock(Timestamp.parse(db.timestamp)!, rebuilt);
  sqlite.run('INSERT OR REPLACE INTO messages_clock (id, clock) VALUES (1, ?)', [
    serializeClock(clock),
  ]);
  db.reloadClock();
  return { changed: (rebuilt.hash ?? 0) !== before, messages: stamps.length };
}

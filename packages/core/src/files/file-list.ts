import type { FileUser } from '../server-client/admin-client.ts';

/** A budget folder on this device, as `get-budgets` lists it. */
export interface LocalBudget {
  id: string;
  name: string;
  cloudFileId?: string;
  groupId?: string;
  encryptKeyId?: string | null;
  /** When this device last opened it (ISO time), if it has since Coffer started keeping it. */
  lastOpened?: string;
}

/** A cloud file as `get-remote-files` lists it. */
export interface RemoteFile {
  fileId: string;
  groupId: string | null;
  name: string;
  deleted: boolean;
  encryptKeyId: string | null;
  /** This device holds the key the file is encrypted with. */
  hasKey: boolean;
  /** With users on: the owner's user id and who may use the file (the owner first). */
  owner?: string;
  usersWithAccess?: FileUser[];
}

/**
 * - local: only on this device;
 * - synced: the cloud file and its current group;
 * - detached: the cloud file, but its group was reset since (re-download or upload again);
 * - broken: has cloud ids but the server lists no such file;
 * - unknown: the server list could not be loaded (offline);
 * - remote: only on the server.
 */
export type FileState = 'local' | 'synced' | 'detached' | 'broken' | 'unknown' | 'remote';

export interface FileEntry {
  /** The local budget id; absent for a remote-only file. */
  id?: string;
  cloudFileId?: string;
  groupId?: string | null;
  name: string;
  state: FileState;
  encryptKeyId?: string | null;
  hasKey?: boolean;
  /** When this device last opened its local copy (ISO time). */
  lastOpened?: string;
  /** With users on: the owner's user id and who may use the file (the owner first). */
  owner?: string;
  usersWithAccess?: FileUser[];
}

/** The sharing fields of a server's file, only when the server sent them. */
function sharing(server: RemoteFile): Pick<FileEntry, 'owner' | 'usersWithAccess'> {
  return {
    ...(server.owner ? { owner: server.owner } : {}),
    ...(server.usersWithAccess ? { usersWithAccess: server.usersWithAccess } : {}),
  };
}

const byName = (a: FileEntry, b: FileEntry): number => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  const ix = a.id ?? a.cloudFileId ?? '';
  const iy = b.id ?? b.cloudFileId ?? '';
  return ix < iy ? -1 : ix > iy ? 1 : 0;
};

/**
 * Merge the local budgets with the server's list (null when it could not be loaded) into
 * what the file manager shows. Files deleted on the server are dropped, with their local copy;
 * the list is sorted by name, case-insensitively, with broken files last.
 */
export function reconcileFiles(
  local: readonly LocalBudget[],
  remote: readonly RemoteFile[] | null,
): FileEntry[] {
  const matched = new Set<string>();
  const entries: Array<FileEntry & { deleted?: boolean }> = local.map((file) => {
    const base = {
      id: file.id,
      name: file.name,
      cloudFileId: file.cloudFileId,
      groupId: file.groupId,
      encryptKeyId: file.encryptKeyId,
      ...(file.lastOpened ? { lastOpened: file.lastOpened } : {}),
    };
    if (!file.cloudFileId) return { ...base, state: 'local' as const };
    if (remote === null) return { ...base, state: 'unknown' as const, hasKey: true };
    const server = remote.find((r) => r.fileId === file.cloudFileId);
    if (!server) return { ...base, state: 'broken' as const };
    matched.add(server.fileId);
    return {
      ...base,
      name: server.name || file.name,
      deleted: server.deleted,
      encryptKeyId: server.encryptKeyId,
      hasKey: server.hasKey,
      state: server.groupId === file.groupId ? ('synced' as const) : ('detached' as const),
      ...sharing(server),
    };
  });
  for (const server of remote ?? []) {
    if (matched.has(server.fileId)) continue;
    entries.push({
      cloudFileId: server.fileId,
      groupId: server.groupId,
      name: server.name,
      deleted: server.deleted,
      encryptKeyId: server.encryptKeyId,
      hasKey: server.hasKey,
      state: 'remote',
      ...sharing(server),
    });
  }
  const kept = entries
    .filter((e) => !e.deleted)
    .map(({ deleted: _deleted, ...entry }) => entry)
    .sort(byName);
  return [...kept.filter((e) => e.state !== 'broken'), ...kept.filter((e) => e.state === 'broken')];
}

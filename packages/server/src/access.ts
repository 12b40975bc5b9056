import type { FastifyRequest } from 'fastify';
import { liveFile } from './files.ts';
import { requestToken } from './http.ts';
import type { AccountStore, FileRow, User } from './storage/storage.ts';

/** Who is asking: on a single-password server everyone signed in is the one user. */
export interface Caller {
  multiuser: boolean;
  user: User | null;
  admin: boolean;
}

export async function callerOf(accounts: AccountStore, request: FastifyRequest): Promise<Caller> {
  const token = requestToken(request);
  // An expired session is no session: the caller is nobody.
  const session =
    token && (await accounts.hasSession(token)) ? await accounts.session(token) : null;
  if (!(await accounts.multiuser())) return { multiuser: false, user: null, admin: true };
  const user = session?.userId ? await accounts.getUser(session.userId) : null;
  const usable = user && user.enabled ? user : null;
  return { multiuser: true, user: usable, admin: usable?.role === 'ADMIN' };
}

/** The owner, a user it is shared with, or an admin may use a file. */
export async function mayUse(
  accounts: AccountStore,
  caller: Caller,
  file: FileRow,
): Promise<boolean> {
  if (!caller.multiuser || caller.admin) return true;
  if (!caller.user) return false;
  if (file.owner === caller.user.id) return true;
  return (await accounts.listAccess(file.id)).includes(caller.user.id);
}

/**
 * A live file the caller may use, or null. A file they may not use answers exactly as a
 * missing one: its existence is not told to a user who has no access to it.
 */
export async function liveFileFor(
  accounts: AccountStore,
  request: FastifyRequest,
  fileId: unknown,
): Promise<FileRow | null> {
  const file = await liveFile(accounts, fileId);
  if (!file) return null;
  return (await mayUse(accounts, await callerOf(accounts, request), file)) ? file : null;
}

/** The owner and the users a file is shared with, as Actual lists them with each file. */
export async function usersWithAccess(
  accounts: AccountStore,
  file: FileRow,
): Promise<{ userId: string; userName: string; displayName: string | null; owner: boolean }[]> {
  const ids = [
    ...new Set([...(file.owner ? [file.owner] : []), ...(await accounts.listAccess(file.id))]),
  ];
  const users = await Promise.all(ids.map((id) => accounts.getUser(id)));
  return users
    .filter((u): u is User => u !== null)
    .map((u) => ({
      userId: u.id,
      userName: u.userName,
      displayName: u.displayName,
      owner: u.id === file.owner,
    }));
}

import type { FileEntry, User } from '../../store/types.ts';

/** Who is signed in, as far as users and sharing go. */
export interface Me {
  /** Users are on for this server (the session names a user). */
  multiuser: boolean;
  id: string | null;
  admin: boolean;
}

/**
 * Read from `/account/validate`'s answer: with users on it names the user (`userId`) and their
 * role (`permission`); a single-password server names nobody and every session may do all.
 */
export function whoAmI(user: User | null | undefined): Me {
  const id = typeof user?.userId === 'string' && user.userId ? user.userId : null;
  if (!user || user.offline || !id) {
    return { multiuser: false, id: null, admin: Boolean(user) && !user?.offline };
  }
  return { multiuser: true, id, admin: user.permission === 'ADMIN' };
}

/** Only the owner of a server's file or an admin changes who may use it. */
export function canShare(file: FileEntry, me: Me): boolean {
  if (!me.multiuser || !file.cloudFileId || file.state === 'local' || file.state === 'broken') {
    return false;
  }
  return me.admin || (file.owner !== undefined && file.owner === me.id);
}

/** A user as people read them: the display name, else the username. */
export function personName(u: { userName: string; displayName: string | null }): string {
  return u.displayName?.trim() || u.userName;
}

/**
 * The file list's line about sharing: whose file it is when it is someone else's, and with how
 * many others it is shared when it is mine. Nothing on a single-password server.
 */
export function sharingLine(file: FileEntry, me: Me): string | null {
  const users = file.usersWithAccess;
  if (!me.multiuser || !users?.length) return null;
  const owner = users.find((u) => u.owner);
  const others = users.filter((u) => !u.owner).length;
  if (owner && owner.userId !== me.id) return `Owner: ${personName(owner)}`;
  if (others === 0) return null;
  return others === 1 ? 'Shared with 1 user' : `Shared with ${others} users`;
}

/** The message for a refused users or sharing call (the core's error text when it has one). */
export function adminErrorText(failure: { type: string; message?: string } | null): string {
  if (!failure) return '';
  return failure.message || `An unknown error occurred: ${failure.type}`;
}

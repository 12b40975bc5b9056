import { randomUUID } from 'node:crypto';
import type { AccountStore, User } from '../storage/storage.ts';
import type { Identity } from './flow.ts';

/**
 * The Coffer user an OpenID identity signs in as, or null when it may not sign in.
 * - A subject seen before signs in as its user (while that user is enabled).
 * - The first OpenID sign-in of the server is its owner: it turns users on with them as the
 *   owning admin, or claims the owner made when users were turned on with the password (the
 *   sign-in was started with the server password, see `/account/login`).
 * - Later, a new subject signs in as the user an admin created with that user name, once: from
 *   then on the subject, not the name, says who it is.
 */
export async function userForIdentity(
  accounts: AccountStore,
  identity: Identity,
): Promise<string | null> {
  const linked = await accounts.userIdBySubject(identity.subject);
  if (linked) {
    const user = await accounts.getUser(linked);
    return user?.enabled ? user.id : null;
  }
  if (!(await accounts.hasSubjects())) {
    if (!(await accounts.multiuser())) {
      const owner: User = {
        id: randomUUID(),
        userName: identity.userName,
        displayName: identity.displayName,
        role: 'ADMIN',
        enabled: true,
        owner: true,
      };
      if (
        (await accounts.enableUsers(owner)) &&
        (await accounts.linkSubject(owner.id, identity.subject))
      ) {
        return owner.id;
      }
    }
    const owner = (await accounts.listUsers()).find((u) => u.owner);
    if (owner && (await accounts.linkSubject(owner.id, identity.subject))) return owner.id;
    return null;
  }
  const named = await accounts.getUserByName(identity.userName);
  if (!named?.enabled) return null;
  return (await accounts.linkSubject(named.id, identity.subject)) ? named.id : null;
}

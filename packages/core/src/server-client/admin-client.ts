import { type Http, type Result, failure, ok } from './http.ts';

/** A user's role on a server with users on (Actual's names). */
export type UserRole = 'ADMIN' | 'BASIC';

/** A user as `/admin/users/` lists them. */
export interface ServerUser {
  id: string;
  userName: string;
  displayName: string | null;
  role: UserRole;
  enabled: boolean;
  /** The server's owner: always an enabled admin, never removed. */
  owner: boolean;
}

/** What an admin sets on a user (add and edit). */
export interface UserFields {
  userName: string;
  displayName: string | null;
  role: UserRole;
  enabled: boolean;
}

/** A user a file could be shared with, as `/admin/access/users` lists them. */
export interface AvailableUser {
  userId: string;
  userName: string;
  displayName: string | null;
  haveAccess: boolean;
}

/** One user with access to a file, as the file list's `usersWithAccess` names them. */
export interface FileUser {
  userId: string;
  userName: string;
  displayName: string | null;
  owner: boolean;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
/** Actual's server sends these flags as booleans in some answers and 0/1 in others. */
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1';

export function toServerUser(raw: unknown): ServerUser | null {
  const r = record(raw);
  const id = str(r.id);
  const userName = str(r.userName);
  if (!id || userName === null) return null;
  return {
    id,
    userName,
    displayName: str(r.displayName),
    role: r.role === 'ADMIN' ? 'ADMIN' : 'BASIC',
    enabled: flag(r.enabled),
    owner: flag(r.owner),
  };
}

export function toFileUser(raw: unknown): FileUser | null {
  const r = record(raw);
  const userId = str(r.userId);
  const userName = str(r.userName);
  if (!userId || userName === null) return null;
  return { userId, userName, displayName: str(r.displayName), owner: flag(r.owner) };
}

function toAvailableUser(raw: unknown): AvailableUser | null {
  const user = toFileUser(raw);
  if (!user) return null;
  return {
    userId: user.userId,
    userName: user.userName,
    displayName: user.displayName,
    haveAccess: flag(record(raw).haveAccess),
  };
}

const present = <T>(value: T | null): value is T => value !== null;

/**
 * The `/admin/*` routes (users, roles and file sharing) by the paths and payloads Actual 26.9's
 * web client uses, so the same calls work against Actual's server and Coffer's.
 */
export class AdminClient {
  constructor(private readonly http: Http) {}

  private auth(token: string): Record<string, string> {
    return { 'X-ACTUAL-TOKEN': token };
  }

  /** A JSON list the server answers bare (not in `{status, data}`). */
  private async list(path: string, token: string): Promise<Result<unknown[]>> {
    const res = await this.http.getAnyJsonValue(path, { headers: this.auth(token) });
    if (!res.ok) return res;
    if (!Array.isArray(res.value)) {
      const reason = str(record(res.value).reason);
      return failure(reason ?? 'parse-json', { meta: res.value });
    }
    return ok(res.value);
  }

  private async send(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string,
    body: unknown,
  ): Promise<Result<Record<string, unknown>>> {
    const res = await this.http.sendJson(method, path, body, { headers: this.auth(token) });
    if (!res.ok) return res;
    return ok(record(res.value.data));
  }

  /** Whether the server has an owner yet (users were turned on); no session needed. */
  async ownerCreated(): Promise<Result<boolean>> {
    const res = await this.http.getAnyJsonValue('/admin/owner-created/');
    if (!res.ok) return res;
    return typeof res.value === 'boolean' ? ok(res.value) : failure('parse-json');
  }

  /**
   * Coffer's switch that turns users on (Actual turns them on with OpenID): the signed-in
   * password holder becomes the owner. Answers the owner's user id.
   */
  async enableUsers(
    token: string,
    owner: { userName: string; displayName?: string },
  ): Promise<Result<string>> {
    const res = await this.send('POST', '/admin/multiuser', token, owner);
    if (!res.ok) return res;
    const id = str(res.value.id);
    return id ? ok(id) : failure('parse-json');
  }

  async users(token: string): Promise<Result<ServerUser[]>> {
    const res = await this.list('/admin/users/', token);
    return res.ok ? ok(res.value.map(toServerUser).filter(present)) : res;
  }

  /** The new user's id. */
  async addUser(token: string, user: UserFields): Promise<Result<string>> {
    const res = await this.send('POST', '/admin/users/', token, user);
    if (!res.ok) return res;
    const id = str(res.value.id);
    return id ? ok(id) : failure('parse-json');
  }

  async updateUser(token: string, user: UserFields & { id: string }): Promise<Result<void>> {
    const res = await this.send('PATCH', '/admin/users/', token, user);
    return res.ok ? ok(undefined) : res;
  }

  async deleteUsers(token: string, ids: string[]): Promise<Result<void>> {
    const res = await this.send('DELETE', '/admin/users', token, { ids });
    return res.ok ? ok(undefined) : res;
  }

  /** Every enabled user but the file's owner, each marked whether the file is shared with them. */
  async availableUsers(token: string, fileId: string): Promise<Result<AvailableUser[]>> {
    const path = `/admin/access/users?fileId=${encodeURIComponent(fileId)}`;
    const res = await this.list(path, token);
    return res.ok ? ok(res.value.map(toAvailableUser).filter(present)) : res;
  }

  async addAccess(token: string, fileId: string, userId: string): Promise<Result<void>> {
    const res = await this.send('POST', '/admin/access/', token, { fileId, userId });
    return res.ok ? ok(undefined) : res;
  }

  async removeAccess(token: string, fileId: string, ids: string[]): Promise<Result<void>> {
    const path = `/admin/access?fileId=${encodeURIComponent(fileId)}`;
    const res = await this.send('DELETE', path, token, { ids });
    return res.ok ? ok(undefined) : res;
  }

  async transferOwnership(token: string, fileId: string, newUserId: string): Promise<Result<void>> {
    const res = await this.send('POST', '/admin/access/transfer-ownership/', token, {
      fileId,
      newUserId,
    });
    return res.ok ? ok(undefined) : res;
  }
}

import { ownedBytes } from '../encryption/bytes.ts';
import { type EncryptMeta, isEncryptMeta } from '../encryption/cipher.ts';
import { AdminClient, type FileUser, toFileUser } from './admin-client.ts';
import { Http, type Result, failure, ok } from './http.ts';

/** A file as `/sync/list-user-files` lists it (deleted ones included on 23.8-era servers). */
export interface ServerFile {
  fileId: string;
  groupId: string | null;
  name: string;
  deleted: boolean;
  encryptKeyId: string | null;
  /** With users on: the owner's user id and who may use the file (the owner first). */
  owner?: string;
  usersWithAccess?: FileUser[];
}

export interface ServerFileInfo extends ServerFile {
  encryptMeta: EncryptMeta | null;
}

/** One way to sign in, as `/account/needs-bootstrap` and `/account/login-methods` list them. */
export interface LoginMethod {
  method: string;
  active: boolean;
  displayName: string;
}

export interface BootstrapState {
  bootstrapped: boolean;
  loginMethod?: string;
  availableLoginMethods?: LoginMethod[];
  multiuser?: boolean;
}

function toLoginMethods(raw: unknown[]): LoginMethod[] {
  return raw.flatMap((m) => {
    if (!m || typeof m !== 'object') return [];
    const entry = m as Record<string, unknown>;
    const method = str(entry.method);
    if (!method) return [];
    return [
      { method, active: Boolean(entry.active), displayName: str(entry.displayName) ?? method },
    ];
  });
}

export interface UploadRequest {
  fileId: string;
  groupId: string | null;
  name: string;
  encryptMeta: EncryptMeta | null;
  body: Uint8Array;
}

export interface KeyInfo {
  id: string | null;
  salt: string | null;
  test: string | null;
}

/** The sync format version Actual's client declares on upload. */
export const SYNC_FORMAT_VERSION = '2';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toServerFile(raw: Record<string, unknown>): ServerFile {
  const file: ServerFile = {
    fileId: String(raw.fileId),
    groupId: str(raw.groupId),
    name: str(raw.name) ?? '',
    // 23.8 sends booleans, later servers 0/1.
    deleted: Boolean(raw.deleted),
    encryptKeyId: str(raw.encryptKeyId),
  };
  // Only a server with users on names owners; a single-password server's list stays as it was.
  const owner = str(raw.owner);
  if (owner) file.owner = owner;
  if (Array.isArray(raw.usersWithAccess) && raw.usersWithAccess.length > 0) {
    const users = raw.usersWithAccess.map(toFileUser).filter((u) => u !== null);
    file.usersWithAccess = [...users.filter((u) => u.owner), ...users.filter((u) => !u.owner)];
  }
  return file;
}

function dataOf(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data;
  return data && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

function map<T, U>(result: Result<T>, fn: (value: T) => U): Result<U> {
  return result.ok ? ok(fn(result.value)) : result;
}

/**
 * The sync server's HTTP protocol (`/account/*`, `/sync/*`, `/info`), typed. Stateless apart
 * from the base URL; the caller passes the token to each call that needs one.
 */
export class ServerClient {
  private readonly http: Http;
  /** Users, roles and sharing (`/admin/*`), on a server with users on. */
  readonly admin: AdminClient;

  constructor(fetch: typeof globalThis.fetch, baseUrl: string) {
    this.http = new Http(fetch, baseUrl.replace(/\/+$/, ''));
    this.admin = new AdminClient(this.http);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  private auth(token: string | null | undefined): Record<string, string> {
    return token ? { 'X-ACTUAL-TOKEN': token } : {};
  }

  async needsBootstrap(): Promise<Result<BootstrapState>> {
    const res = await this.http.getAnyJson('/account/needs-bootstrap');
    if (!res.ok) return res;
    if (res.value.status !== 'ok') return failure(str(res.value.reason) ?? 'unknown');
    const data = dataOf(res.value);
    const out: BootstrapState = { bootstrapped: Boolean(data.bootstrapped) };
    if (typeof data.loginMethod === 'string') out.loginMethod = data.loginMethod;
    if (Array.isArray(data.availableLoginMethods)) {
      out.availableLoginMethods = toLoginMethods(data.availableLoginMethods);
    }
    if (typeof data.multiuser === 'boolean') out.multiuser = data.multiuser;
    return ok(out);
  }

  async bootstrap(password: string): Promise<Result<string | null>> {
    const res = await this.http.postJson('/account/bootstrap', { password });
    return map(res, (body) => str(dataOf(body).token));
  }

  /** The token, or null when the password is wrong (23.8 answers 200 with a null token). */
  async login(password: string): Promise<Result<string | null>> {
    const res = await this.http.postJson('/account/login', { loginMethod: 'password', password });
    return map(res, (body) => str(dataOf(body).token));
  }

  /**
   * Starts an OpenID sign-in: the provider's URL to send the browser to. The server sends it
   * back to `<returnUrl>/openid-cb?token=…`. The first sign-in of a server needs its password.
   */
  async loginOpenId(returnUrl: string, password?: string): Promise<Result<string | null>> {
    const res = await this.http.postJson('/account/login', {
      loginMethod: 'openid',
      returnUrl,
      ...(password ? { password } : {}),
    });
    return map(res, (body) => str(dataOf(body).returnUrl));
  }

  /** An admin turns OpenID sign-in on with the provider's settings (Actual's `openId` object). */
  async enableOpenId(token: string | null, openId: object): Promise<Result<void>> {
    const res = await this.http.postJson(
      '/openid/enable',
      { openId },
      { headers: this.auth(token) },
    );
    return map(res, () => undefined);
  }

  /** Ends the session on the server (Coffer's servers; others answer 404, which is fine). */
  async logout(token: string): Promise<Result<void>> {
    const res = await this.http.postJson('/account/logout', {}, { headers: this.auth(token) });
    return map(res, () => undefined);
  }

  async changePassword(token: string | null, password: string): Promise<Result<void>> {
    const res = await this.http.postJson(
      '/account/change-password',
      { password },
      { headers: this.auth(token) },
    );
    return map(res, () => undefined);
  }

  /** The session check: `{status:'ok', data}` or `{status:'error', reason}`, whatever the HTTP status. */
  async validate(
    token: string,
  ): Promise<
    Result<{ valid: true; user: Record<string, unknown> } | { valid: false; reason: string }>
  > {
    const res = await this.http.getAnyJson('/account/validate', { headers: this.auth(token) });
    if (!res.ok) return res;
    if (res.value.status === 'ok') return ok({ valid: true, user: dataOf(res.value) });
    return ok({ valid: false, reason: str(res.value.reason) ?? 'unknown' });
  }

  async version(): Promise<Result<string>> {
    const res = await this.http.getAnyJson('/info');
    if (!res.ok) return res;
    const build = res.value.build as { version?: unknown } | undefined;
    return typeof build?.version === 'string' ? ok(build.version) : failure('parse-failure');
  }

  async listFiles(token: string): Promise<Result<ServerFile[]>> {
    const res = await this.http.getJson('/sync/list-user-files', { headers: this.auth(token) });
    if (!res.ok) return res;
    const data = res.value.data;
    if (!Array.isArray(data)) return failure('parse-json');
    return ok(data.map((f) => toServerFile(f as Record<string, unknown>)));
  }

  async fileInfo(token: string, fileId: string): Promise<Result<ServerFileInfo>> {
    const res = await this.http.getJson('/sync/get-user-file-info', {
      headers: { ...this.auth(token), 'X-ACTUAL-FILE-ID': fileId },
    });
    return map(res, (body) => {
      const data = dataOf(body);
      let meta: unknown = data.encryptMeta;
      // Some servers hand the meta back as the JSON text it was uploaded as.
      if (typeof meta === 'string') {
        try {
          meta = JSON.parse(meta);
        } catch {
          meta = null;
        }
      }
      return { ...toServerFile(data), encryptMeta: isEncryptMeta(meta) ? meta : null };
    });
  }

  async download(token: string, fileId: string): Promise<Result<Uint8Array>> {
    return this.http.bytes('/sync/download-user-file', {
      method: 'GET',
      headers: { ...this.auth(token), 'X-ACTUAL-FILE-ID': fileId },
    });
  }

  /** Upload a file (a zip, encrypted or not). Answers the file's group id. */
  async upload(token: string, req: UploadRequest): Promise<Result<string>> {
    const headers: Record<string, string> = {
      ...this.auth(token),
      'Content-Type': 'application/encrypted-file',
      'X-ACTUAL-FILE-ID': req.fileId,
      'X-ACTUAL-NAME': encodeURIComponent(req.name),
      'X-ACTUAL-FORMAT': SYNC_FORMAT_VERSION,
    };
    if (req.encryptMeta) headers['X-ACTUAL-ENCRYPT-META'] = JSON.stringify(req.encryptMeta);
    if (req.groupId) headers['X-ACTUAL-GROUP-ID'] = req.groupId;
    const res = await this.http.postBytesForJson('/sync/upload-user-file', req.body, headers);
    if (!res.ok) return res;
    const groupId = str(res.value.groupId) ?? str(dataOf(res.value).groupId);
    return groupId ? ok(groupId) : failure('internal', { meta: res.value });
  }

  async deleteFile(token: string, fileId: string): Promise<Result<void>> {
    const res = await this.http.postJson(
      '/sync/delete-user-file',
      { fileId },
      { headers: this.auth(token) },
    );
    return map(res, () => undefined);
  }

  async renameFile(token: string, fileId: string, name: string): Promise<Result<void>> {
    const res = await this.http.postJson(
      '/sync/update-user-filename',
      { fileId, name },
      { headers: this.auth(token) },
    );
    return map(res, () => undefined);
  }

  async getKey(token: string, fileId: string): Promise<Result<KeyInfo>> {
    const res = await this.http.postJson(
      '/sync/user-get-key',
      { fileId },
      { headers: this.auth(token) },
    );
    return map(res, (body) => {
      const data = dataOf(body);
      return { id: str(data.id), salt: str(data.salt), test: str(data.test) };
    });
  }

  async createKey(
    token: string,
    req: { fileId: string; keyId: string; keySalt: string; testContent: string },
  ): Promise<Result<void>> {
    const res = await this.http.postJson('/sync/user-create-key', req, {
      headers: this.auth(token),
    });
    return map(res, () => undefined);
  }

  async resetFile(token: string, fileId: string): Promise<Result<void>> {
    const res = await this.http.postJson(
      '/sync/reset-user-file',
      { fileId },
      { headers: this.auth(token) },
    );
    return map(res, () => undefined);
  }

  /** One `/sync/sync` exchange: an encoded SyncRequest in, an encoded SyncResponse out. */
  async sync(token: string | null, request: Uint8Array): Promise<Result<Uint8Array>> {
    return this.http.bytes('/sync/sync', {
      method: 'POST',
      headers: { ...this.auth(token), 'Content-Type': 'application/actual-sync' },
      body: ownedBytes(request),
    });
  }
}

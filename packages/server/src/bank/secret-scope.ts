/**
 * Whose bank-provider secrets a request or a scheduled run uses.
 *
 * Actual 26.9 keeps SimpleFIN, Enable Banking and GoCardless secrets server-wide (only an admin
 * may set them once users are on) and has per-budget-file secrets (`name:fileId`, chosen with the
 * `X-Actual-File-Id` header, managed by the file's owner or an admin) that only Pluggy.ai reads.
 * A SimpleFIN Bridge or an Enable Banking application belongs to a person, so Coffer adds a
 * third scope, the user's own (`name:user:userId`, never a file id: those hold no `:`):
 * - one password (users off): the server's secrets, as before and as in Actual;
 * - an admin: the server's secrets, as in Actual;
 * - a basic user: their own, and never the server's or another user's (Actual refuses them);
 * - a file's own secrets (Actual's format) come first for that file's scheduled sync.
 * A scheduled run uses the file owner's scope, whoever registered the links, so a user the file
 * is shared with cannot add links (`../bank-schedule/routes.ts`).
 */
import type { Caller } from '../access.ts';
import type { AccountStore, SecretStore } from '../storage/storage.ts';

export type SecretScope =
  { kind: 'server' } | { kind: 'user'; userId: string } | { kind: 'file'; fileId: string };

export const SERVER_SCOPE: SecretScope = { kind: 'server' };

/** The providers' secret names: a scope "has" a provider when it holds any of them. */
export const PROVIDER_SECRETS = {
  simplefin: ['simplefin_token', 'simplefin_accessKey'],
  enablebanking: ['enablebanking_applicationId', 'enablebanking_secretKey'],
  gocardless: ['gocardless_secretId', 'gocardless_secretKey'],
} as const;

export type SecretProvider = keyof typeof PROVIDER_SECRETS;

/** The stored key of a secret in a scope (the server's and a file's are Actual's keys). */
export function secretKey(name: string, scope: SecretScope): string {
  if (scope.kind === 'server') return name;
  if (scope.kind === 'file') return `${name}:${scope.fileId}`;
  return `${name}:user:${scope.userId}`;
}

/** The secrets of one scope, as the provider services read and write them. */
export function scopedSecrets(store: SecretStore, scope: SecretScope): SecretStore {
  if (scope.kind === 'server') return store;
  return {
    getSecret: (name) => store.getSecret(secretKey(name, scope)),
    setSecret: (name, value) => store.setSecret(secretKey(name, scope), value),
  };
}

/** The scope a signed-in caller's own secrets live in; null for a caller who is nobody. */
export function callerScope(caller: Caller): SecretScope | null {
  if (!caller.multiuser || caller.admin) return SERVER_SCOPE;
  return caller.user ? { kind: 'user', userId: caller.user.id } : null;
}

/**
 * The scopes a file's scheduled sync may use, first match wins: the file's own secrets, then
 * its owner's (the server's when the owner is an admin, when users are off, or when the file
 * has no owner).
 */
export async function fileScopes(accounts: AccountStore, fileId: string): Promise<SecretScope[]> {
  const fileScope: SecretScope = { kind: 'file', fileId };
  if (!(await accounts.multiuser())) return [fileScope, SERVER_SCOPE];
  const file = await accounts.getFile(fileId);
  const owner = file?.owner ? await accounts.getUser(file.owner) : null;
  if (!owner) return [fileScope, SERVER_SCOPE];
  if (!owner.enabled) return [fileScope];
  if (owner.role === 'ADMIN') return [fileScope, SERVER_SCOPE];
  return [fileScope, { kind: 'user', userId: owner.id }];
}

/**
 * The first scope holding the provider's secrets; the last scope when none does (the provider
 * then answers "not configured", and a secret claimed later is kept there).
 */
export async function resolveScope(
  store: SecretStore,
  scopes: readonly SecretScope[],
  provider: SecretProvider,
): Promise<SecretScope> {
  for (const scope of scopes) {
    const scoped = scopedSecrets(store, scope);
    for (const name of PROVIDER_SECRETS[provider]) {
      if ((await scoped.getSecret(name)) !== null) return scope;
    }
  }
  return scopes[scopes.length - 1] ?? SERVER_SCOPE;
}

/** A scope that holds nothing and keeps nothing: a caller who is nobody. */
export const NO_SECRETS: SecretStore = {
  getSecret: () => Promise.resolve(null),
  setSecret: () => Promise.resolve(),
};

/** Removes every provider secret a user kept (when the user is removed). */
export async function forgetUserSecrets(store: SecretStore, userId: string): Promise<void> {
  const own = scopedSecrets(store, { kind: 'user', userId });
  for (const names of Object.values(PROVIDER_SECRETS)) {
    for (const name of names) await own.setSecret(name, null);
  }
}

/**
 * Whose secrets: the stored keys (the server's and a file's are Actual's), the first scope that
 * holds a provider's secrets, and a removed user's secrets forgotten. The routes and the
 * schedule are tested over HTTP in `bank-schedule/secrets.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import type { SecretStore, User } from '../storage/storage.ts';
import {
  SERVER_SCOPE,
  callerScope,
  forgetUserSecrets,
  resolveScope,
  scopedSecrets,
  secretKey,
  type SecretScope,
} from './secret-scope.ts';

function memory(): SecretStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getSecret: async (name) => map.get(name) ?? null,
    setSecret: async (name, value) => {
      if (value === null) map.delete(name);
      else map.set(name, value);
    },
  };
}

const ben: SecretScope = { kind: 'user', userId: 'u-ben' };
const file: SecretScope = { kind: 'file', fileId: 'f-1' };

describe('secret scopes', () => {
  it("keeps the server's and a file's under Actual's keys, a user's under their own", () => {
    expect(secretKey('simplefin_token', SERVER_SCOPE)).toBe('simplefin_token');
    expect(secretKey('simplefin_token', file)).toBe('simplefin_token:f-1');
    expect(secretKey('simplefin_token', ben)).toBe('simplefin_token:user:u-ben');
  });

  it('takes the first scope holding any of the provider’s secrets, else the last', async () => {
    const store = memory();
    await store.setSecret('simplefin_accessKey', 'server');
    await scopedSecrets(store, ben).setSecret('enablebanking_applicationId', 'ben-app');
    expect(await resolveScope(store, [file, ben], 'enablebanking')).toEqual(ben);
    // Ben has no SimpleFIN secret: the server's is not in his list, so none is found.
    expect(await resolveScope(store, [file, ben], 'simplefin')).toEqual(ben);
    expect(await resolveScope(store, [file, SERVER_SCOPE], 'simplefin')).toEqual(SERVER_SCOPE);
    await scopedSecrets(store, file).setSecret('simplefin_token', 'file');
    expect(await resolveScope(store, [file, SERVER_SCOPE], 'simplefin')).toEqual(file);
  });

  it("gives a basic user their own scope, nobody none, an admin the server's", () => {
    const user: User = {
      id: 'u-ben',
      userName: 'ben',
      displayName: null,
      role: 'BASIC',
      enabled: true,
      owner: false,
    };
    expect(callerScope({ multiuser: false, user: null, admin: true })).toEqual(SERVER_SCOPE);
    expect(callerScope({ multiuser: true, user, admin: true })).toEqual(SERVER_SCOPE);
    expect(callerScope({ multiuser: true, user, admin: false })).toEqual(ben);
    expect(callerScope({ multiuser: true, user: null, admin: false })).toBeNull();
  });

  it("forgets every provider secret of a removed user and nobody else's", async () => {
    const store = memory();
    await scopedSecrets(store, ben).setSecret('simplefin_accessKey', 'x');
    await scopedSecrets(store, ben).setSecret('gocardless_secretKey', 'y');
    await store.setSecret('simplefin_accessKey', 'server');
    await forgetUserSecrets(store, 'u-ben');
    expect([...store.map.keys()]).toEqual(['simplefin_accessKey']);
  });
});

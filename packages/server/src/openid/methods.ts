import type { AccountStore, LoginMethod } from '../storage/storage.ts';
import { storedSettings, type OpenIdSettings } from './settings.ts';

export interface LoginMethodEntry {
  method: LoginMethod;
  active: 0 | 1;
  displayName: string;
}

export async function openIdSettings(accounts: AccountStore): Promise<OpenIdSettings | null> {
  return storedSettings(await accounts.getSetting('openid'));
}

/** The method a sign-in without `loginMethod` uses: OpenID once an admin turned it on. */
export async function activeMethod(accounts: AccountStore): Promise<LoginMethod> {
  const active = await accounts.getSetting('login-method');
  return active === 'openid' && (await openIdSettings(accounts)) ? 'openid' : 'password';
}

/**
 * Actual's `/account/login-methods` list: the password first, then OpenID when set up. With
 * `enforceOpenId` (Actual's `ACTUAL_OPENID_ENFORCE`) and both set up, OpenID alone.
 */
export async function loginMethods(
  accounts: AccountStore,
  enforceOpenId = false,
): Promise<LoginMethodEntry[]> {
  const active = await activeMethod(accounts);
  const methods: LoginMethodEntry[] = [];
  if ((await accounts.passwordHash()) !== null) {
    methods.push({
      method: 'password',
      active: active === 'password' ? 1 : 0,
      displayName: 'Password',
    });
  }
  if (await openIdSettings(accounts)) {
    methods.push({ method: 'openid', active: active === 'openid' ? 1 : 0, displayName: 'OpenID' });
  }
  return enforceOpenId && methods.length > 1
    ? methods.filter((m) => m.method === 'openid')
    : methods;
}

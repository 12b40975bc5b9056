/**
 * OpenID set up by the host rather than in the app: Actual 26.9's server reads its provider from
 * `ACTUAL_OPENID_*` (or its config file's `openId`) and turns OpenID on at every start, so a host
 * moving from Actual keeps their settings. Coffer reads the same names (and `COFFER_OPENID_*`)
 * and turns it on through the same check and discovery as `/openid/enable`.
 */
import type { AccountStore } from '../storage/storage.ts';
import { providerMetadata, type Fetch } from './discovery.ts';
import { parseOpenIdSettings } from './settings.ts';

/** The environment names after the `ACTUAL_`/`COFFER_` prefix, as Actual's config spells them. */
const MANUAL_KEYS = {
  name: 'OPENID_PROVIDER_NAME',
  authorization_endpoint: 'OPENID_AUTHORIZATION_ENDPOINT',
  token_endpoint: 'OPENID_TOKEN_ENDPOINT',
  userinfo_endpoint: 'OPENID_USERINFO_ENDPOINT',
  jwks_uri: 'OPENID_JWKS_URI',
} as const;

/**
 * The settings object `/openid/enable` takes, from the environment, or null when none is given.
 * Like Actual, a provider counts as given by a discovery URL or an authorization endpoint;
 * anything missing besides is left for the one check to name.
 */
export function openIdFromEnv(
  read: (name: string) => string | undefined,
): Record<string, unknown> | null {
  const discoveryURL = read('OPENID_DISCOVERY_URL');
  const manual = Object.fromEntries(
    Object.entries(MANUAL_KEYS)
      .map(([key, name]) => [key, read(name)] as const)
      .filter(([, value]) => value !== undefined),
  );
  if (!discoveryURL && !manual.authorization_endpoint) return null;
  const optional = (key: string, name: string) => {
    const value = read(name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    ...(discoveryURL ? { discoveryURL } : { issuer: manual }),
    ...optional('client_id', 'OPENID_CLIENT_ID'),
    ...optional('client_secret', 'OPENID_CLIENT_SECRET'),
    ...optional('server_hostname', 'OPENID_SERVER_HOSTNAME'),
    ...optional('authMethod', 'OPENID_AUTH_METHOD'),
  };
}

/**
 * Checks the settings, asks the provider (discovery, or the endpoints as given) and turns
 * OpenID on. Answers null, or Actual's reason for refusing: the caller decides whether that is
 * an answer (`/openid/enable`) or a line in the log (a start).
 */
export async function enableOpenId(
  accounts: AccountStore,
  input: unknown,
  fetcher: Fetch,
  log: (line: string) => void,
): Promise<string | null> {
  const settings = input === undefined ? 'invalid-login-settings' : parseOpenIdSettings(input);
  if (typeof settings === 'string') return settings;
  try {
    // A provider given by its endpoints is not asked anything, as in Actual: only discovery is.
    const metadata = await providerMetadata(fetcher, settings.issuer);
    if (settings.authMethod === 'oauth2' && !metadata.userinfo_endpoint) {
      throw new Error('oauth2 needs a userinfo endpoint');
    }
  } catch (e) {
    log(`openid: discovery failed: ${e instanceof Error ? e.message : String(e)}`);
    return 'configuration-error';
  }
  await accounts.setSetting('openid', JSON.stringify(settings));
  await accounts.setSetting('login-method', 'openid');
  return null;
}

/**
 * At a start with a configured provider: OpenID on, as Actual does. A refused configuration is
 * logged and the server starts as it was (the password still works), as Actual's does.
 */
export async function applyConfiguredOpenId(
  accounts: AccountStore,
  configured: Record<string, unknown> | null,
  fetcher: Fetch,
  log: (line: string) => void,
): Promise<void> {
  if (configured === null) return;
  const refused = await enableOpenId(accounts, configured, fetcher, log);
  log(
    refused === null
      ? 'OpenID configured from the server settings'
      : `OpenID from the server settings not turned on: ${refused}`,
  );
}

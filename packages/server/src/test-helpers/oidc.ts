import { generateKeyPairSync, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider, { type ProviderContext } from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider` from npm) on 127.0.0.1 and a free port, for the server
 * tests and the browser tests. Its development sign-in form accepts any login with any password:
 * the login becomes the subject and the user name.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's signing key, so tests can sign tokens the way it does (or almost). */
  signingKey: KeyObject;
  kid: string;
  /** Actual's `openId` settings for `/openid/enable`. */
  settings(serverUrl: string): Record<string, string>;
  /**
   * The same provider given by its endpoints instead of discovery (Actual's `issuer` object),
   * with `authMethod`; `jwks` adds Coffer's `jwks_uri`.
   */
  manualSettings(
    serverUrl: string,
    authMethod: 'openid' | 'oauth2',
    jwks?: boolean,
  ): Record<string, unknown>;
  stop(): Promise<void>;
}

export interface ProviderOptions {
  /** Coffer's callback URLs the client may be sent back to. */
  redirectUris: string[];
  /** Profile claims by login; a login not listed gets its login as its name. */
  profiles?: Record<string, { name?: string; email?: string }>;
}

export async function startOidcProvider(options: ProviderOptions): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;
  const kid = randomUUID();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid,
    use: 'sig',
    alg: 'RS256',
  };
  const clientId = `coffer-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const profiles = options.profiles ?? {};

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...jwk }] },
    cookies: { keys: [randomUUID()] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    async findAccount(_ctx, sub) {
      const profile = profiles[sub] ?? {};
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          preferred_username: sub,
          name: profile.name ?? sub,
          ...(profile.email ? { email: profile.email, email_verified: true } : {}),
        }),
      };
    },
    // Coffer is a first-party client: no consent screen after the sign-in form.
    async loadExistingGrant(ctx: ProviderContext) {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    signingKey: privateKey,
    kid,
    settings: (serverUrl: string) => ({
      issuer,
      client_id: clientId,
      client_secret: clientSecret,
      server_hostname: serverUrl,
    }),
    // oidc-provider's default routes (its discovery document lists the same).
    manualSettings: (serverUrl, authMethod, jwks = false) => ({
      issuer: {
        name: issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
        ...(jwks ? { jwks_uri: `${issuer}/jwks` } : {}),
      },
      client_id: clientId,
      client_secret: clientSecret,
      server_hostname: serverUrl,
      authMethod,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One cookie jar's worth of HTTP against the provider, following its redirects by hand. */
async function follow(
  url: string,
  jar: Map<string, string>,
  init: RequestInit = {},
): Promise<{ status: number; location: string | null; text: string; url: string }> {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
  const location = res.headers.get('location');
  return {
    status: res.status,
    location: location ? new URL(location, url).toString() : null,
    text: await res.text(),
    url,
  };
}

/**
 * Signs `login` in at the provider as a browser would (the development form), starting from
 * the authorization URL Coffer handed out; returns the URL the provider sends the browser back
 * to (Coffer's `/openid/callback?code=…&state=…`), without visiting it.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  issuer: string,
): Promise<string> {
  const jar = new Map<string, string>();
  let step = await follow(authorizationUrl, jar);
  for (let hops = 0; hops < 10; hops++) {
    if (step.location && !step.location.startsWith(issuer)) return step.location;
    if (step.location) {
      step = await follow(step.location, jar);
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(step.text)?.[1];
    if (!action) throw new Error(`no sign-in form at the provider (${step.status})`);
    const form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    step = await follow(new URL(action.replace(/&amp;/g, '&'), step.url).toString(), jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
  throw new Error('the provider never sent the browser back');
}

/** What a browser ends with after signing in through Coffer and the provider. */
export interface OpenIdSignIn {
  /** Coffer's answer at `/openid/callback`: 302 to the app, or 400. */
  status: number;
  /** Where Coffer sends the browser (the app's `/openid-cb`), or null. */
  location: string | null;
  /** The session token handed to the app (`/openid-cb?token=`), or null. */
  token: string | null;
  body: string;
}

/**
 * The whole browser round: `/account/login` with `loginMethod: 'openid'`, the provider's form,
 * then Coffer's callback. `password` is the server password the first sign-in needs.
 */
export async function signInWithOpenId(
  serverUrl: string,
  provider: TestOidcProvider,
  login: string,
  password?: string,
): Promise<OpenIdSignIn> {
  const start = await fetch(`${serverUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginMethod: 'openid', returnUrl: serverUrl, password }),
  });
  const started: unknown = await start.json();
  const url =
    started && typeof started === 'object' && 'data' in started
      ? (started.data as { returnUrl?: unknown }).returnUrl
      : undefined;
  if (typeof url !== 'string') throw new Error(`sign-in not started: ${JSON.stringify(started)}`);
  const back = await signInAtProvider(url, login, provider.issuer);
  const res = await fetch(back, { redirect: 'manual' });
  const location = res.headers.get('location');
  return {
    status: res.status,
    location,
    token: location ? new URL(location).searchParams.get('token') : null,
    body: await res.text(),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient, PASSWORD } from './test-helpers/clients.ts';
import { type RunningServer, startActualServer } from './test-helpers/servers.ts';

type Failure = { error: { type: string; reason: string } };

const bootstrapAnswer = () =>
  new Response(JSON.stringify({ status: 'ok', data: { bootstrapped: true } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('server setup without a server', () => {
  it('reports no server everywhere, and remembers the choice', async () => {
    const c = makeClient({ name: 'none' });
    try {
      expect(await c.send('get-server-url')).toBeNull();
      expect(await c.send('get-did-bootstrap')).toBe(false);
      expect(await c.send('subscribe-needs-bootstrap')).toEqual({
        bootstrapped: true,
        hasServer: false,
      });
      expect(await c.send('subscribe-get-user')).toBeNull();
      expect(((await c.send('get-server-version')) as Failure).error.type).toBe('no-server');
      expect(await c.send('set-server-url', { url: null })).toEqual({ url: null });
      expect(await c.send('get-did-bootstrap')).toBe(true);
      expect(await c.send('subscribe-get-user')).toEqual({ offline: false });
      expect(await c.send('get-remote-files')).toBeNull();
      await c.must('create-budget', { budgetName: 'Offline' });
      expect(((await c.send('upload-budget')) as Failure).error.type).toBe('unauthorized');
    } finally {
      await c.close();
    }
  });

  it('retries a bare host with https:// and keeps the URL that answered', async () => {
    const seen: string[] = [];
    const c = makeClient({
      name: 'https',
      fetch: (async (input: string | URL | Request) => {
        seen.push(String(input));
        if (String(input).startsWith('https://budget.example')) return bootstrapAnswer();
        throw new TypeError('fetch failed');
      }) as typeof globalThis.fetch,
    });
    try {
      expect(await c.send('set-server-url', { url: 'budget.example/' })).toEqual({
        url: 'https://budget.example',
      });
      expect(await c.send('get-server-url')).toBe('https://budget.example');
      expect(seen).toEqual(['https://budget.example/account/needs-bootstrap']);
      // With a scheme there is no second try.
      const res = (await c.send('set-server-url', { url: 'http://budget.example' })) as Failure;
      expect(res.error.type).toBe('network-failure');
      expect(await c.send('get-server-url')).toBe('https://budget.example');
    } finally {
      await c.close();
    }
  });

  it('refuses something that is not a sync server', async () => {
    const c = makeClient({
      name: 'html',
      fetch: (async () =>
        new Response('<html>hello</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        })) as typeof globalThis.fetch,
    });
    try {
      const res = (await c.send('set-server-url', { url: 'https://example.org' })) as Failure;
      expect(res.error.type).toBe('parse-failure');
      expect(await c.send('get-server-url')).toBeNull();
      expect(
        await c.send('set-server-url', { url: 'https://example.org', validate: false }),
      ).toEqual({
        url: 'https://example.org',
      });
    } finally {
      await c.close();
    }
  });
});

describe('accounts on @actual-app/sync-server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startActualServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('bootstrap, sign-in, user, version, change password, sign-out', async () => {
    const c = makeClient({ name: 'acct' });
    try {
      expect(await c.send('set-server-url', { url: `${server.url}/` })).toEqual({
        url: server.url,
      });
      expect(await c.send('subscribe-needs-bootstrap')).toMatchObject({
        bootstrapped: false,
        hasServer: true,
      });
      expect(((await c.send('subscribe-bootstrap', { password: '' })) as Failure).error.type).toBe(
        'invalid-password',
      );
      expect(await c.send('subscribe-bootstrap', { password: PASSWORD })).toEqual({});
      expect(((await c.send('subscribe-bootstrap', { password: 'x' })) as Failure).error.type).toBe(
        'already-bootstrapped',
      );
      expect(await c.send('subscribe-get-user')).toMatchObject({ offline: false });

      expect(
        ((await c.send('subscribe-sign-in', { password: 'wrong' })) as Failure).error.type,
      ).toBe('invalid-password');
      expect(await c.send('subscribe-sign-in', { password: PASSWORD })).toEqual({});
      expect(await c.send('get-server-version')).toEqual({ version: '25.6.0' });

      expect(await c.send('subscribe-change-password', { password: 'new password' })).toEqual({});
      expect(await c.send('subscribe-sign-in', { password: 'new password' })).toEqual({});
      expect(await c.send('subscribe-change-password', { password: PASSWORD })).toEqual({});

      await c.session.state.set({ 'encrypt-keys': { f: { id: 'k', base64: 'AAAA' } } });
      expect(await c.send('subscribe-sign-out')).toBe('ok');
      expect(c.session.state.get('user-token')).toBeUndefined();
      expect(c.session.state.get('encrypt-keys')).toBeUndefined();
      expect(await c.send('subscribe-get-user')).toBeNull();
      expect(await c.send('get-remote-files')).toBeNull();
    } finally {
      await c.close();
    }
  });

  it('a server that stopped answering leaves a signed-in user offline, not signed out', async () => {
    const c = makeClient({ name: 'offline' });
    try {
      await c.session.init(c.platform, c.documentDir);
      await c.session.state.set({ 'server-url': 'http://127.0.0.1:1', 'user-token': 'tok' });
      expect(await c.send('subscribe-get-user')).toEqual({ offline: true });
      expect(((await c.send('get-server-version')) as Failure).error.type).toBe('network-failure');
      expect(((await c.send('subscribe-sign-in', { password: 'x' })) as Failure).error.type).toBe(
        'network-failure',
      );
    } finally {
      await c.close();
    }
  });

  it('get-all-files says when this device last opened each budget', async () => {
    const c = makeClient({ name: 'opened' });
    try {
      const a = await c.must<{ id: string }>('create-budget', { budgetName: 'A' });
      const b = await c.must<{ id: string }>('create-budget', { budgetName: 'B' });
      await c.must('load-budget', { id: a.id });
      await c.must('close-budget');
      const files = await c.must<Array<{ id: string; lastOpened?: string }>>('get-all-files');
      const when = (id: string) => files.find((f) => f.id === id)?.lastOpened ?? '';
      expect(when(a.id)).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(when(b.id)).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(when(a.id) >= when(b.id)).toBe(true);
      // Kept on the device, not in the budget: an export carries none of it.
      const meta = JSON.parse(
        await c.platform.fs.readText(c.platform.fs.join(c.documentDir, a.id, 'metadata.json')),
      ) as Record<string, unknown>;
      expect(meta.lastOpened).toBeUndefined();
    } finally {
      await c.close();
    }
  });

  it('global prefs round-trip through global state', async () => {
    const c = makeClient({ name: 'prefs' });
    try {
      expect(await c.send('load-global-prefs')).toEqual({
        floatingSidebar: false,
        maxMonths: null,
        theme: 'light',
        documentDir: c.documentDir,
        // The release check waits for the person's choice.
        updateCheck: null,
      });
      await c.must('save-global-prefs', { floatingSidebar: true, maxMonths: 3, theme: 'dark' });
      expect(await c.send('load-global-prefs')).toMatchObject({
        floatingSidebar: true,
        maxMonths: 3,
        theme: 'dark',
        updateCheck: null,
      });
      await c.must('save-global-prefs', { updateCheck: false });
      expect(await c.send('load-global-prefs')).toMatchObject({ updateCheck: false });
      await c.must('save-global-prefs', { updateCheck: true });
      expect(await c.send('load-global-prefs')).toMatchObject({ updateCheck: true, theme: 'dark' });
    } finally {
      await c.close();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';

let t: TestServer;
afterEach(async () => t?.stop());

describe('/account', () => {
  it('bootstraps once, then reports it', async () => {
    t = await startTestServer();
    let res = await call(t.url, 'GET', '/account/needs-bootstrap');
    expect(res.json).toEqual({
      status: 'ok',
      data: {
        bootstrapped: false,
        loginMethod: 'password',
        availableLoginMethods: [],
        multiuser: false,
      },
    });

    res = await call(t.url, 'POST', '/account/bootstrap', { json: { password: '' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', reason: 'invalid-password' });

    res = await call(t.url, 'POST', '/account/bootstrap', { json: { password: 'pw1' } });
    expect(res.status).toBe(200);
    expect(res.json.data.token).toMatch(/^[0-9a-f-]{36}$/);

    res = await call(t.url, 'POST', '/account/bootstrap', { json: { password: 'pw2' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', reason: 'already-bootstrapped' });

    res = await call(t.url, 'GET', '/account/needs-bootstrap');
    expect(res.json.data.bootstrapped).toBe(true);
    res = await call(t.url, 'GET', '/account/login-methods');
    expect(res.json).toEqual({
      status: 'ok',
      methods: [{ method: 'password', active: 1, displayName: 'Password' }],
    });
  });

  it('signs in with the password only, with or without loginMethod', async () => {
    t = await startTestServer();
    let res = await call(t.url, 'POST', '/account/login', { json: { password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('invalid-password');

    await bootstrap(t.url, 'secret');
    res = await call(t.url, 'POST', '/account/login', { json: { password: 'wrong' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', reason: 'invalid-password' });
    res = await call(t.url, 'POST', '/account/login', { json: {} });
    expect(res.json.reason).toBe('invalid-password');

    res = await call(t.url, 'POST', '/account/login', { json: { password: 'secret' } });
    const token = res.json.data.token as string;
    res = await call(t.url, 'POST', '/account/login', {
      json: { password: 'secret', loginMethod: 'password' },
    });
    expect(res.status).toBe(200);

    res = await call(t.url, 'GET', '/account/validate', { token });
    expect(res.json.status).toBe('ok');
    expect(res.json.data.validated).toBe(true);
  });

  it('refuses a missing or wrong token with 401 token-not-found, in header or body', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    // One character changed ('x', or 'y' for a token that already ends in 'x').
    const wrong = token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x');
    for (const opts of [{}, { token: 'nope' }, { token: wrong }]) {
      const res = await call(t.url, 'GET', '/account/validate', opts);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        status: 'error',
        reason: 'unauthorized',
        details: 'token-not-found',
      });
    }
    // The older clients send the token in the JSON body.
    const res = await call(t.url, 'POST', '/sync/user-get-key', {
      json: { token, fileId: 'none' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe('file-not-found');
  });

  it('a password change rotates every token', async () => {
    t = await startTestServer();
    const first = await bootstrap(t.url, 'old');
    const second = (await call(t.url, 'POST', '/account/login', { json: { password: 'old' } })).json
      .data.token as string;

    let res = await call(t.url, 'POST', '/account/change-password', {
      json: { token: first, password: '' },
    });
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe('invalid-password');

    res = await call(t.url, 'POST', '/account/change-password', {
      json: { token: first, password: 'new' },
    });
    expect(res.json).toEqual({ status: 'ok', data: {} });
    for (const old of [first, second]) {
      expect((await call(t.url, 'GET', '/account/validate', { token: old })).status).toBe(401);
    }
    res = await call(t.url, 'POST', '/account/login', { json: { password: 'old' } });
    expect(res.json.reason).toBe('invalid-password');
    res = await call(t.url, 'POST', '/account/login', { json: { password: 'new' } });
    const fresh = res.json.data.token as string;
    expect((await call(t.url, 'GET', '/account/validate', { token: fresh })).status).toBe(200);
  });

  it('rate-limits sign-in attempts', async () => {
    t = await startTestServer({ loginRateLimit: { max: 3, windowMs: 60_000 } });
    await bootstrap(t.url, 'pw');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await call(t.url, 'POST', '/account/login', { json: { password: 'guess' } })).status,
      );
    }
    expect(statuses.slice(0, 2)).toEqual([400, 400]);
    const limited = await call(t.url, 'POST', '/account/login', { json: { password: 'pw' } });
    expect(limited.status).toBe(429);
    expect(limited.json.reason).toBe('too-many-requests');
    // Other endpoints are not limited.
    expect((await call(t.url, 'GET', '/account/needs-bootstrap')).status).toBe(200);
  });

  it('answers bad JSON with a clean 400 and keeps serving', async () => {
    t = await startTestServer();
    const res = await call(t.url, 'POST', '/account/login', {
      body: '{"password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', reason: 'invalid-json' });
    expect((await call(t.url, 'GET', '/health')).json).toEqual({ status: 'UP' });
  });

  it('logs method, path, status and time, never passwords or tokens', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url, 'hunter2-password');
    await call(t.url, 'GET', '/account/validate?token=' + token, { token });
    const log = t.logs.join('\n');
    expect(log).toMatch(/POST \/account\/bootstrap 200 [\d.]+ms/);
    expect(log).toMatch(/GET \/account\/validate 200 [\d.]+ms/);
    expect(log).not.toContain('hunter2');
    expect(log).not.toContain(token);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, call, startTestServer, type TestServer } from '../test-helpers/harness.ts';

let t: TestServer;
afterEach(async () => t?.stop());

describe('/secret', () => {
  it('stores secrets write-only and answers 204 or 404 for their presence', async () => {
    t = await startTestServer();
    const token = await bootstrap(t.url);
    let res = await call(t.url, 'GET', '/secret/gocardless_secretId', { token });
    expect(res.status).toBe(404);
    expect(res.text).toBe('key not found');

    res = await call(t.url, 'POST', '/secret', {
      token,
      json: { name: 'gocardless_secretId', value: 'id-1' },
    });
    expect(res.json).toEqual({ status: 'ok' });
    res = await call(t.url, 'GET', '/secret/gocardless_secretId', { token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    // 23.8 clients use the nordigen_* names for the same secrets.
    res = await call(t.url, 'POST', '/secret/', {
      token,
      json: { name: 'nordigen_secretKey', value: 'key-1' },
    });
    expect(res.status).toBe(200);
    expect((await call(t.url, 'GET', '/secret/gocardless_secretKey', { token })).status).toBe(204);
    expect((await call(t.url, 'GET', '/secret/nordigen_secretId', { token })).status).toBe(204);
    expect(await t.server.context.accounts.getSecret('gocardless_secretKey')).toBe('key-1');

    res = await call(t.url, 'POST', '/secret', {
      token,
      json: { name: 'gocardless_secretKey', value: null },
    });
    expect((await call(t.url, 'GET', '/secret/gocardless_secretKey', { token })).status).toBe(404);

    res = await call(t.url, 'POST', '/secret', { token, json: { value: 'x' } });
    expect(res.status).toBe(400);
    res = await call(t.url, 'POST', '/secret', { json: { name: 'a', value: 'x' } });
    expect(res.status).toBe(401);
    expect((await call(t.url, 'GET', '/secret/gocardless_secretId')).status).toBe(401);
  });
});

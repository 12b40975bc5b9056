import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, startTestServer, tempDir, type TestServer } from '../test-helpers/harness.ts';

let t: TestServer;
afterEach(async () => t?.stop());

function isolated(headers: Headers): void {
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-embedder-policy')).toBe('require-corp');
}

describe('the web app', () => {
  it('says the web app is not built when there is no build', async () => {
    t = await startTestServer();
    for (const path of ['/', '/budget', '/accounts/abc']) {
      const res = await call(t.url, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('web app is not built');
      isolated(res.headers);
    }
  });

  it('serves the build with isolation headers and falls back to index.html for app routes', async () => {
    const webRoot = tempDir('coffer-web-');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Coffer app</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")');
    t = await startTestServer({ webRoot });

    let res = await call(t.url, 'GET', '/assets/app-1234.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.text).toBe('console.log("app")');
    isolated(res.headers);

    for (const path of ['/', '/budget', '/accounts/abc', '/settings?tab=x']) {
      res = await call(t.url, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('Coffer app');
      isolated(res.headers);
    }

    res = await call(t.url, 'GET', '/assets/missing.js');
    expect(res.status).toBe(404);
    res = await call(t.url, 'GET', '/sync/not-an-endpoint');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: 'error', reason: 'not-found' });
    res = await call(t.url, 'GET', '/../../etc/passwd');
    expect(res.text).not.toContain('root:');
  });

  it('answers the status endpoints', async () => {
    t = await startTestServer();
    expect((await call(t.url, 'GET', '/health')).json).toEqual({ status: 'UP' });
    expect((await call(t.url, 'GET', '/mode')).text).toBe('development');
    const info = await call(t.url, 'GET', '/info');
    expect(info.json.build.version).toMatch(/^\d+\.\d+\.\d+/);
    const metrics = await call(t.url, 'GET', '/metrics');
    expect(metrics.json.mem.rss).toBeGreaterThan(0);
    const preflight = await fetch(t.url + '/sync/sync', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-actual-token,content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

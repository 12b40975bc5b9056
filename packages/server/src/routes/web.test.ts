import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

  it('sends precompressed files by Accept-Encoding, caches hashed assets for good and sends a strict CSP', async () => {
    const webRoot = tempDir('coffer-web-');
    mkdirSync(join(webRoot, 'assets'));
    const js = 'console.log("the app");'.repeat(50);
    const asset = join(webRoot, 'assets', 'index-Bx3k_9aZ.js');
    writeFileSync(asset, js);
    writeFileSync(asset + '.br', brotliCompressSync(js));
    writeFileSync(asset + '.gz', gzipSync(js));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Coffer app</title>');
    writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    t = await startTestServer({ webRoot, connectOrigins: ['https://budget.example.com'] });

    const br = await raw(t.url, '/assets/index-Bx3k_9aZ.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await raw(t.url, '/assets/index-Bx3k_9aZ.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await raw(t.url, '/assets/index-Bx3k_9aZ.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);

    for (const path of ['/', '/accounts/abc', '/sw.js']) {
      const res = await raw(t.url, path, 'br', 'https://elsewhere.example');
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    for (const path of ['/', '/budget', '/sw.js', '/assets/index-Bx3k_9aZ.js']) {
      const res = await raw(t.url, path, 'br', 'https://elsewhere.example');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), path).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('connect-src'), path).toEqual([
        "'self'",
        'https://api.github.com',
        'https://budget.example.com',
      ]);
      for (const [name, sources] of csp) {
        expect(
          sources.filter((s) => s.includes('*') || /^(https?|wss?):$/.test(s)),
          name,
        ).toEqual([]);
        expect(sources, name).not.toContain("'unsafe-inline'");
        expect(sources, `${path} ${name}`).not.toContain("'unsafe-eval'");
      }
    }

    // The core worker's script gets the same policy: nothing compiles code from strings.
    writeFileSync(join(webRoot, 'assets', 'worker-DyFw7CUG.js'), 'self.onmessage = () => {};');
    const worker = await raw(t.url, '/assets/worker-DyFw7CUG.js', 'br');
    expect(directives(worker.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
    ]);

    // The sync API keeps the CORS Actual's clients need, and no page CSP.
    const api = await raw(t.url, '/info', 'br', 'https://elsewhere.example');
    expect(api.headers['access-control-allow-origin']).toBe('*');
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-content-type-options']).toBe('nosniff');
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

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over plain node:http, which (unlike fetch) leaves the body as it came on the wire. */
function raw(base: string, path: string, acceptEncoding: string, origin?: string) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request(
      base + path,
      { headers: { 'accept-encoding': acceptEncoding, ...(origin ? { origin } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A CSP header as directive name to its sources. */
function directives(header: string | string[] | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

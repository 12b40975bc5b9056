import { describe, expect, it } from 'vitest';
import { ServerClient } from './server-client.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function client(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return handler(String(input), init ?? {});
  }) as typeof globalThis.fetch;
  return { server: new ServerClient(fetch, 'http://srv.test/'), calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('error mapping', () => {
  it('a fetch that throws is network-failure', async () => {
    const { server } = client(() => {
      throw new TypeError('fetch failed');
    });
    expect(await server.listFiles('t')).toMatchObject({
      ok: false,
      error: { reason: 'network-failure' },
    });
  });

  it('a body cut off mid-read is network-failure', async () => {
    const { server } = client(() => {
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":'));
          controller.error(new Error('socket hang up'));
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect(await server.listFiles('t')).toMatchObject({
      ok: false,
      error: { reason: 'network-failure' },
    });
  });

  it('500 is internal whatever the body says', async () => {
    const { server } = client(() => json({ status: 'error', reason: 'boom' }, 500));
    expect(await server.getKey('t', 'f')).toMatchObject({
      ok: false,
      error: { reason: 'internal', status: 500 },
    });
  });

  it('a JSON error body gives its reason; a text body is the reason verbatim', async () => {
    const a = client(() =>
      json({ status: 'error', reason: 'unauthorized', details: 'token-not-found' }, 401),
    );
    expect(await a.server.listFiles('bad')).toEqual({
      ok: false,
      error: { reason: 'unauthorized', status: 401, meta: 'token-not-found' },
    });
    const b = client(() => text('file-has-reset', 400));
    expect(await b.server.sync('t', new Uint8Array([1]))).toEqual({
      ok: false,
      error: { reason: 'file-has-reset', status: 400 },
    });
    const c = client(() => text('', 413));
    expect(await c.server.sync('t', new Uint8Array([1]))).toMatchObject({
      ok: false,
      error: { reason: 'http-413' },
    });
  });

  it('a 200 that is not JSON, or not status ok, is an error', async () => {
    const a = client(() => text('<html>', 200));
    expect(await a.server.deleteFile('t', 'f')).toMatchObject({
      ok: false,
      error: { reason: 'parse-json' },
    });
    const b = client(() => json({ status: 'error', reason: 'nope' }));
    expect(await b.server.deleteFile('t', 'f')).toMatchObject({
      ok: false,
      error: { reason: 'nope' },
    });
    const c = client(() => json({ status: 'error', description: 'described', reason: 'r' }));
    expect(await c.server.deleteFile('t', 'f')).toMatchObject({
      ok: false,
      error: { reason: 'described' },
    });
  });
});

describe('endpoints', () => {
  it('sends the token header and reads the data envelope', async () => {
    const { server, calls } = client(() =>
      json({
        status: 'ok',
        data: [{ fileId: 'f1', groupId: 'g', name: 'B', deleted: 1, encryptKeyId: null }],
      }),
    );
    expect(await server.listFiles('tok')).toEqual({
      ok: true,
      value: [{ fileId: 'f1', groupId: 'g', name: 'B', deleted: true, encryptKeyId: null }],
    });
    expect(calls[0]!.url).toBe('http://srv.test/sync/list-user-files');
    expect(new Headers(calls[0]!.init.headers).get('x-actual-token')).toBe('tok');
  });

  it('login: a null token (23.8) and a 400 invalid-password (later servers)', async () => {
    const old = client(() => json({ status: 'ok', data: { token: null } }));
    expect(await old.server.login('x')).toEqual({ ok: true, value: null });
    const current = client(() => json({ status: 'error', reason: 'invalid-password' }, 400));
    expect(await current.server.login('x')).toMatchObject({
      ok: false,
      error: { reason: 'invalid-password' },
    });
  });

  it('needs-bootstrap and validate read the body whatever the status', async () => {
    const a = client(() =>
      json({ status: 'ok', data: { bootstrapped: true, loginMethod: 'password' } }),
    );
    expect(await a.server.needsBootstrap()).toEqual({
      ok: true,
      value: { bootstrapped: true, loginMethod: 'password' },
    });
    const b = client(() => json({ status: 'error', reason: 'unauthorized' }, 401));
    expect(await b.server.validate('t')).toEqual({
      ok: true,
      value: { valid: false, reason: 'unauthorized' },
    });
    const c = client(() => text('not json', 200));
    expect(await c.server.needsBootstrap()).toMatchObject({
      ok: false,
      error: { reason: 'parse-failure' },
    });
  });

  it('upload sends the file headers and returns the group id', async () => {
    const { server, calls } = client(() => json({ status: 'ok', groupId: 'g-new' }));
    const meta = { keyId: 'k', algorithm: 'aes-256-gcm', iv: 'aXY=', authTag: 'dGFn' };
    const res = await server.upload('tok', {
      fileId: 'f1',
      groupId: null,
      name: 'My Budget & Co',
      encryptMeta: meta,
      body: new Uint8Array([1, 2, 3]),
    });
    expect(res).toEqual({ ok: true, value: 'g-new' });
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('x-actual-file-id')).toBe('f1');
    expect(headers.get('x-actual-name')).toBe('My%20Budget%20%26%20Co');
    expect(headers.get('x-actual-format')).toBe('2');
    expect(JSON.parse(headers.get('x-actual-encrypt-meta')!)).toEqual(meta);
    expect(headers.has('x-actual-group-id')).toBe(false);
  });

  it('file info accepts the meta as an object or as JSON text', async () => {
    const meta = { keyId: 'k', algorithm: 'aes-256-gcm', iv: 'aXY=', authTag: 'dGFn' };
    for (const encryptMeta of [meta, JSON.stringify(meta)]) {
      const { server } = client(() =>
        json({
          status: 'ok',
          data: { fileId: 'f', groupId: 'g', name: 'n', deleted: 0, encryptMeta },
        }),
      );
      const res = await server.fileInfo('t', 'f');
      expect(res.ok && res.value.encryptMeta).toEqual(meta);
    }
  });
});

describe('a dead pooled connection', () => {
  it('sync and GETs are tried once more after a network failure; other POSTs are not', async () => {
    let n = 0;
    const { server, calls } = client((url) => {
      n++;
      if (n % 2 === 1)
        throw new TypeError('fetch failed', { cause: new Error('other side closed') });
      return url.endsWith('/sync/sync')
        ? new Response(new Uint8Array([7]), { status: 200 })
        : json({ status: 'ok', data: [] });
    });
    expect(await server.sync('t', new Uint8Array([1]))).toEqual({
      ok: true,
      value: new Uint8Array([7]),
    });
    expect(await server.listFiles('t')).toEqual({ ok: true, value: [] });
    expect(calls.length).toBe(4);
    const res = await server.deleteFile('t', 'f');
    expect(res).toMatchObject({ ok: false, error: { reason: 'network-failure' } });
    expect(!res.ok && String(res.error.meta)).toContain('other side closed');
    expect(calls.length).toBe(5);
  });

  it('a budget upload is tried once more: building a big zip can outlast the idle connection', async () => {
    let n = 0;
    const { server, calls } = client(() => {
      n++;
      if (n === 1) throw new TypeError('fetch failed', { cause: new Error('write EPIPE') });
      return json({ status: 'ok', groupId: 'g1' });
    });
    const body = new Uint8Array([1, 2, 3]);
    const res = await server.upload('t', {
      fileId: 'f',
      groupId: null,
      name: 'Budget',
      encryptMeta: null,
      body,
    });
    expect(res).toEqual({ ok: true, value: 'g1' });
    expect(calls.length).toBe(2);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigInput } from '../config.ts';
import { createServer, type CofferServer, type ServerOptions } from '../server.ts';

export interface TestServer {
  server: CofferServer;
  url: string;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

export function tempDir(prefix = 'coffer-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A server on 127.0.0.1 with a free port, a fresh data directory and a cheap password hash. */
export async function startTestServer(
  input: ConfigInput = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const dataDir = input.dataDir ?? tempDir();
  const logs: string[] = [];
  const server = await createServer(
    {
      port: 0,
      hostname: '127.0.0.1',
      scryptCost: 1 << 10,
      webRoot: join(dataDir, 'no-web-build'),
      log: (line) => logs.push(line),
      ...input,
      dataDir,
    },
    options,
  );
  const url = await server.listen();
  return {
    server,
    url,
    dataDir,
    logs,
    async stop() {
      await server.close();
      if (!input.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Uint8Array | string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  /** The body as JSON, or undefined when it is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP request against a test server; never throws for an HTTP error status. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-actual-token'] = options.token;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body !== undefined) {
    body = options.body;
  }
  const res = await fetch(base + path, { method, headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, bytes, json };
}

/** Bootstraps the server with `password` and returns the session token. */
export async function bootstrap(base: string, password = 'correct horse'): Promise<string> {
  const res = await call(base, 'POST', '/account/bootstrap', { json: { password } });
  if (res.status !== 200) throw new Error(`bootstrap failed: ${res.status} ${res.text}`);
  return res.json.data.token as string;
}

/** Uploads a snapshot the way Actual's client does; returns the response. */
export function upload(
  base: string,
  token: string,
  fileId: string,
  content: Uint8Array | string,
  extra: Record<string, string> = {},
): Promise<CallResult> {
  return call(base, 'POST', '/sync/upload-user-file', {
    token,
    body: content,
    headers: {
      'content-type': 'application/encrypted-file',
      'x-actual-file-id': fileId,
      'x-actual-name': encodeURIComponent('My Budget'),
      'x-actual-format': '2',
      ...extra,
    },
  });
}

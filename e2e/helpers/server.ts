import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built Coffer server on 127.0.0.1, a free port and a fresh data directory, with
 * `options.env` added to its environment (e.g. `COFFER_GOCARDLESS_URL`). It serves
 * packages/web/dist, or `COFFER_E2E_WEB_ROOT` when set (a private build, so a rebuild of the
 * shared dist by someone else cannot pull the app out from under a running test).
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    /** Restart a stopped server: its data directory (kept on stop) and its port. */
    dataDir?: string;
    port?: number;
    /** A web build other than the shared one (e.g. a copy a test changes). */
    webRoot?: string;
  } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'coffer-e2e-'));
  const webRoot = options.webRoot ?? process.env.COFFER_E2E_WEB_ROOT;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'packages/server/dist/main.js',
      '--port',
      String(options.port ?? 0),
      '--hostname',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      ...(webRoot ? ['--web-root', webRoot] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) resolve(m[1].replace(/\/$/, ''));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return {
    url,
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

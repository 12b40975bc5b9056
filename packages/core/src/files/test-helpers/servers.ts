import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  name: string;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** The server's process exited because another one took its port first. */
class PortLost extends Error {}

/** Waits until the server answers, and fails if its process is gone (someone else answered). */
async function answering(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      if ((await fetch(`${url}/health`)).status < 500) break;
    } catch (e) {
      if (attempt > 200) throw e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // A process that lost the port dies within milliseconds of trying to bind.
  await new Promise((r) => setTimeout(r, 100));
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new PortLost(`the server on ${url} is not ours: ours exited`);
  }
}

/**
 * Starts a server, on a new port when the last one was lost. The free port is only free when
 * probed: a server started in parallel by another test file can take it first. The loser exits
 * on EADDRINUSE, sometimes after saying it listens (Actual's server prints "Listening" before it
 * binds), so a start counts only once the server answers and its process is still alive.
 */
async function run(
  name: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(name, args, env, ready);
    } catch (e) {
      if (attempt >= 5 || !(e instanceof PortLost)) throw e;
    }
  }
}

async function runOnce(
  name: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    args.map((a) => a.replace('{port}', String(port)).replace('{data}', dataDir)),
    {
      cwd: dataDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...Object.fromEntries(
          Object.entries(env).map(([k, v]) => [
            k,
            v.replace('{port}', String(port)).replace('{data}', dataDir),
          ]),
        ),
      },
    },
  );
  const output: string[] = [];
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(
      () => rej(new Error(`${name} did not start:\n${output.join('')}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (ready.test(output.join(''))) {
        clearTimeout(timer);
        res();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      const text = output.join('');
      rej(new (/EADDRINUSE/.test(text) ? PortLost : Error)(`${name} exited (${code}):\n${text}`));
    });
  });
  await answering(`http://127.0.0.1:${port}`, child);
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  if (process.env.COFFER_SERVER_LOG) {
    child.stdout!.on('data', (c: Buffer) => process.stderr.write(c));
    child.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
  }
  child.removeAllListeners('exit');
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `@actual-app/sync-server` (the real one) on 127.0.0.1 with a temporary data folder. `env`
 * adds settings, e.g. `ACTUAL_UPLOAD_FILE_SYNC_SIZE_LIMIT_MB`. With `unthrottled`, loopback is
 * a trusted proxy, so requests sent through `spreadAcrossIps` escape the 500-per-minute limit
 * (fault tests make thousands of requests; the limiter is not what they test).
 */
export function startActualServer(
  options: { env?: Record<string, string>; unthrottled?: boolean; current?: boolean } = {},
): Promise<RunningServer> {
  // `current`: today's server (`actual-sync-server-26`, @actual-app/sync-server 26.x). Its
  // engines field asks for Node 22; it runs on this machine's Node 20 for everything these
  // tests do (bootstrap, sign-in, upload, download, sync, key calls).
  const name = options.current ? 'actual-sync-server-26' : '@actual-app/sync-server';
  const pkg = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const bin = join(dirname(pkg), 'build', 'bin', 'actual-server.js');
  return run(
    'actual-sync-server',
    [bin],
    {
      NODE_ENV: 'production',
      ACTUAL_DATA_DIR: '{data}',
      ACTUAL_SERVER_FILES: '{data}/server-files',
      ACTUAL_USER_FILES: '{data}/user-files',
      ACTUAL_PORT: '{port}',
      ACTUAL_HOSTNAME: '127.0.0.1',
      ...(options.unthrottled ? { ACTUAL_TRUSTED_PROXIES: '127.0.0.1/32' } : {}),
      ...options.env,
    },
    /Listening on/,
  );
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The built Coffer server (`npm run build`), or null when it has not been built. */
export function cofferServerBuild(): string | null {
  const path = join(repoRoot, 'packages/server/dist/main.js');
  return existsSync(path) ? path : null;
}

export function startCofferServer(): Promise<RunningServer> {
  const bin = cofferServerBuild();
  if (!bin) throw new Error('packages/server/dist/main.js is missing: run npm run build');
  return run(
    'coffer-server',
    [bin, '--port', '{port}', '--hostname', '127.0.0.1', '--data-dir', '{data}'],
    {},
    /listening on/i,
  );
}

/** A fetch that tags each request with a different client address (see `unthrottled`). */
export function spreadAcrossIps(
  base: typeof globalThis.fetch = globalThis.fetch,
): typeof globalThis.fetch {
  let n = 0;
  return (input, init) => {
    n++;
    const headers = new Headers(init?.headers);
    headers.set('X-Forwarded-For', `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    return base(input, { ...init, headers });
  };
}

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { startTestServer, tempDir } from '../test-helpers/harness.ts';

/** A sync server for the interop suite to run against. */
export interface Target {
  name: string;
  url: string;
  dataDir: string;
  /**
   * Actual 23.8.1 (and Coffer) end every session when the password changes; the current
   * sync-server keeps existing tokens valid. The suite checks whichever the server promises.
   */
  rotatesTokenOnPasswordChange: boolean;
  stop(): Promise<void>;
}

export async function startCofferTarget(): Promise<Target> {
  const t = await startTestServer();
  return {
    name: 'coffer',
    url: t.url,
    dataDir: t.dataDir,
    rotatesTokenOnPasswordChange: true,
    stop: async () => {
      if (process.env.DEBUG_INTEROP) console.error(t.logs.join('\n'));
      await t.stop();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The sync-server the suites run by default; the bank suite runs 26.9 (`actual-sync-server-26`). */
export function actualServerBin(name = '@actual-app/sync-server'): string {
  const pkg = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return join(dirname(pkg), 'build', 'bin', 'actual-server.js');
}

interface ActualServer {
  url: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `@actual-app/sync-server` on 127.0.0.1 with a temporary data directory. The probed
 * port can be taken by a server another test file starts at the same moment; the loser prints
 * "Listening" and then dies on EADDRINUSE, so it is started again on a new port.
 */
export async function startActualServer(
  extraEnv: Record<string, string> = {},
  packageName?: string,
): Promise<ActualServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startActualServerOnce(extraEnv, packageName);
    } catch (e) {
      if (attempt >= 5 || !(e instanceof Error && /EADDRINUSE|not ours/.test(e.message))) throw e;
    }
  }
}

async function startActualServerOnce(
  extraEnv: Record<string, string>,
  packageName: string | undefined,
): Promise<ActualServer> {
  const dataDir = tempDir('actual-server-');
  const port = await freePort();
  const child = spawn(process.execPath, [actualServerBin(packageName)], {
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ACTUAL_DATA_DIR: dataDir,
      ACTUAL_SERVER_FILES: join(dataDir, 'server-files'),
      ACTUAL_USER_FILES: join(dataDir, 'user-files'),
      ACTUAL_PORT: String(port),
      ACTUAL_HOSTNAME: '127.0.0.1',
      ...extraEnv,
    },
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`sync-server did not start:\n${output.join('')}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sync-server exited (${code}):\n${output.join('')}`));
    });
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  // It prints "Listening" before the socket is bound: wait until it answers.
  for (let attempt = 0; child.exitCode === null; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch (e) {
      if (attempt > 200) throw e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // The answer may have come from another test's server: ours must still be alive.
  await new Promise((r) => setTimeout(r, 100));
  if (child.exitCode !== null) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`sync-server on port ${port} is not ours: ${output.join('')}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startActualTarget(): Promise<Target> {
  const s = await startActualServer();
  return {
    name: 'actual-sync-server',
    url: s.url,
    dataDir: s.dataDir,
    rotatesTokenOnPasswordChange: false,
    stop: () => s.stop(),
  };
}

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startActualServer } from '../../packages/server/src/interop/targets.ts';

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Peak resident memory of a process so far (Linux `VmHWM`), in MB. */
export function peakRssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Coffer's bundled server (`packages/server/dist/main.js`) in its own process; `root`: another
 * built checkout's (its server serves its own web build), for an A/B of two builds in one run.
 */
export async function startCoffer(root = '.'): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-'));
  const child = spawn(
    process.execPath,
    [
      resolve(root, 'packages/server/dist/main.js'),
      '--port',
      '0',
      '--hostname',
      '127.0.0.1',
      '--data-dir',
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`coffer server exited (${code}): ${out}`)));
  });
  // Request log lines are not part of the measurement.
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  return {
    name: 'coffer',
    url,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startActual(): Promise<ServerProcess> {
  const s = await startActualServer();
  return { name: 'actual-sync-server', url: s.url, pid: s.pid, stop: s.stop };
}

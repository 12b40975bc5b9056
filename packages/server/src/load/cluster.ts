/**
 * Several real server processes (`node` running the bundled server, each on port 0) on one
 * PostgreSQL database, behind the round-robin proxy: the hosted set-up of issue 31, for the
 * fail-over load test and `bench/server`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxy, type RoundRobinProxy } from './proxy.ts';

export interface ServerChild {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves when the process has exited, with its signal (e.g. `SIGKILL`) or exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
}

export interface Cluster {
  /** The proxy's address: what clients use. */
  url: string;
  proxy: RoundRobinProxy;
  processes: ServerChild[];
  /** Kills one process at once (SIGKILL: no shutdown, open transactions cut off). */
  kill(index: number): Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
}

/** Starts `node <mainScript> --port 0 …` and waits for the address it prints. */
export async function spawnServer(mainScript: string, args: string[]): Promise<ServerChild> {
  const child = spawn(
    process.execPath,
    [mainScript, '--port', '0', '--hostname', '127.0.0.1', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then((how) => reject(new Error(`server exited (${how}): ${out}${err}`)));
  });
  // Request log lines are not needed; the pipe is drained so the process never blocks on it.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return { url, pid: child.pid!, child, exited };
}

export async function startCluster(options: {
  mainScript: string;
  databaseUrl: string;
  processes: number;
}): Promise<Cluster> {
  const dirs: string[] = [];
  const processes: ServerChild[] = [];
  const stopAll = async () => {
    await Promise.all(
      processes.map(async (p) => {
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
        await p.exited;
      }),
    );
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // One at a time: the first runs the migrations, the others find them done.
    for (let i = 0; i < options.processes; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'coffer-cluster-'));
      dirs.push(dataDir);
      processes.push(
        await spawnServer(options.mainScript, [
          '--data-dir',
          dataDir,
          '--database-url',
          options.databaseUrl,
        ]),
      );
    }
  } catch (e) {
    await stopAll();
    throw e;
  }
  const proxy = await startProxy(processes.map((p) => p.url));
  return {
    url: proxy.url,
    proxy,
    processes,
    async kill(index) {
      const p = processes[index]!;
      p.child.kill('SIGKILL');
      return p.exited;
    },
    async stop() {
      await proxy.close();
      await stopAll();
    },
  };
}

import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { WorkerRequest, WorkerResponse } from './actual-worker.ts';

const require = createRequire(import.meta.url);

/** Compiles the worker once per test process; it only imports Node built-ins and the API. */
let compiled: Promise<string> | null = null;
function workerScript(): Promise<string> {
  compiled ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'coffer-interop-')), 'actual-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./actual-worker.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
    });
    return outfile;
  })();
  return compiled;
}

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

/** A real `@actual-app/api` client in a child process. */
export class ActualClient {
  private nextId = 1;
  private readonly pending = new Map<number, (r: WorkerResponse) => void>();
  /** The API logs a lot; the tail is kept to explain a failure. */
  readonly output: string[] = [];

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (msg: WorkerResponse) => this.pending.get(msg.id)?.(msg));
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 400) this.output.splice(0, 100);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code) => {
      for (const [id, resolve] of this.pending)
        resolve({ id, ok: false, error: `client exited (${code})` });
      this.pending.clear();
    });
  }

  static async start(): Promise<ActualClient> {
    const child = fork(await workerScript(), [], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, ACTUAL_API_PATH: require.resolve('@actual-app/api') },
    });
    const client = new ActualClient(child);
    await new Promise<void>((resolve, reject) => {
      client.pending.set(0, (msg) => (msg.ok ? resolve() : reject(new Error(msg.error))));
      child.once('error', reject);
    });
    return client;
  }

  private request(request: Distribute<WorkerRequest>): Promise<unknown> {
    const id = this.nextId++;
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      return Promise.reject(new Error(`client already exited (${this.child.exitCode})`));
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, (msg) => {
        this.pending.delete(id);
        if (msg.ok) resolve(msg.result);
        else
          reject(new Error(`${request.op} ${'name' in request ? request.name : ''}: ${msg.error}`));
      });
      this.child.send({ ...request, id });
    });
  }

  init(config: { serverURL: string; dataDir: string; password?: string }): Promise<unknown> {
    return this.request({ op: 'init', config });
  }

  /** A backend handler, e.g. `subscribe-sign-in` or `upload-budget`. */
  internal<T = unknown>(name: string, args?: unknown): Promise<T> {
    return this.request({ op: 'internal', name, args }) as Promise<T>;
  }

  /** A public API method, e.g. `createAccount` or `sync`. */
  method<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    return this.request({ op: 'method', name, args }) as Promise<T>;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await Promise.race([this.request({ op: 'exit' }).catch(() => undefined), exited]);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

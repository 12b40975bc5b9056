/**
 * The page the Chromium test drives: it starts the core worker through the package's own
 * `createWorkerClient` and exposes a few calls on `globalThis.coffer`.
 */
import { type WorkerClient, type WorkerLike, createWorkerClient } from '../src/index.ts';
import type { FloorRequest } from './import-floor.ts';

declare const Worker: new (url: URL, options: { type: 'module'; name: string }) => WorkerLike;

export interface StartOptions {
  fallbackMode?: boolean;
  persistMs?: number;
  lockWaitMs?: number;
  /** A worker whose browser lacks sync access handles (to see the init failure). */
  withoutOpfs?: boolean;
  /** The worker's clock follows this "page time" (see `InitMessage.pageClock`). */
  pageClock?: number;
  /** The worker's OPFS calls counted from its first line (opfs-count.ts; `opfsCalls`). */
  countOpfs?: boolean;
  /** The budget the page will open first, staged by the worker ahead (`InitMessage.budget`). */
  budget?: string;
}

export interface TestPage {
  start(options?: StartOptions): Promise<void>;
  send(name: string, args?: unknown): Promise<unknown>;
  pushes(): Array<{ name: string; args: unknown }>;
  /** The worker's OPFS calls by kind since its start or the last ask (`countOpfs` only). */
  opfsCalls(): Promise<unknown>;
  /** Run the worker's file-operation check (see platform-check.ts). */
  platformCheck(): Promise<unknown>;
  /** A step of the import benchmark's floor (see import-floor.ts). */
  importFloor(request: FloorRequest): Promise<unknown>;
  /**
   * Ends the core's worker, then leaves `sql` unfinished in the budget's database from a worker
   * of its own, which is ended mid-write (see cut-write.ts). `start()` again after it.
   */
  cutWrite(budgetDir: string, sql: string, journalMode: string): Promise<unknown>;
}

const pushes: Array<{ name: string; args: unknown }> = [];

/** Post `message` to the worker beside the core and wait for its `answer` message. */
function askWorker(message: object, answer: string): Promise<unknown> {
  const worker = client?.worker;
  if (!worker) throw new Error('start() first');
  return new Promise((resolve) => {
    const onMessage = (event: { data: { type?: string } }): void => {
      if (event.data?.type !== answer) return;
      worker.removeEventListener('message', onMessage);
      resolve(event.data);
    };
    worker.addEventListener('message', onMessage);
    worker.postMessage(message);
  });
}
let client: WorkerClient | null = null;

const page: TestPage = {
  async start(options = {}) {
    // Vite bundles the worker from this literal `new Worker(new URL(...))` form.
    const worker = new Worker(new URL('./test-worker.ts', import.meta.url), {
      type: 'module',
      name: options.withoutOpfs
        ? 'without-opfs'
        : options.countOpfs
          ? 'opfs-counted'
          : 'coffer-core',
    });
    client = createWorkerClient(worker, options);
    for (const name of ['fallback-write-error', 'app-init-failure', 'server-error'] as const) {
      client.listen(name, (args) => pushes.push({ name, args }));
    }
    await client.ready;
  },
  send(name, args) {
    if (!client) throw new Error('start() first');
    const untyped = client.send as (name: string, args?: unknown) => Promise<unknown>;
    return untyped(name, args);
  },
  pushes: () => [...pushes],
  opfsCalls: () => askWorker({ type: 'opfs-calls' }, 'opfs-calls-result'),
  platformCheck: () => askWorker({ type: 'platform-check' }, 'platform-check-result'),
  importFloor: (request) => askWorker({ type: 'import-floor', request }, 'import-floor-result'),
  async cutWrite(budgetDir, sql, journalMode) {
    client?.terminate();
    client = null;
    const worker = new Worker(new URL('./test-worker.ts', import.meta.url), {
      type: 'module',
      name: 'cut-write',
    });
    for (let attempt = 0; ; attempt++) {
      const answer = await new Promise<{ files?: string[]; error?: string }>((resolve) => {
        const onMessage = (event: {
          data: { type?: string; files?: string[]; error?: string };
        }) => {
          if (event.data?.type !== 'cut-write-result') return;
          worker.removeEventListener('message', onMessage);
          resolve(event.data);
        };
        worker.addEventListener('message', onMessage);
        worker.postMessage({ type: 'cut-write', budgetDir, sql, journalMode });
      });
      // The ended worker lets go of the pool's files a moment later.
      if (answer.error && attempt < 50) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      worker.terminate();
      return answer;
    }
  },
};

(globalThis as unknown as { coffer: TestPage }).coffer = page;

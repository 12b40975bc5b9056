/**
 * OPFS calls a step makes in the page's workers (the core's SQLite on its SAH pool): each
 * sync access handle method counted (read, write, flush, truncate, getSize, close), and the
 * handles created, so a save's file work is a count beside its time. The counters wrap the
 * methods of the worker's `FileSystemSyncAccessHandle` prototype, which the pool's handles,
 * opened before, share; they add a few calls' worth of JS to each, so only a run that asks
 * (`--opfs-calls`) installs them.
 */
import type { Page } from 'playwright-core';

export type OpfsCalls = Record<string, number>;

const METHODS = ['read', 'write', 'flush', 'truncate', 'getSize', 'close'];

/** Starts counting in every worker of `page` (again: from zero); `stop` answers the counts. */
export async function countOpfs(page: Page): Promise<{ stop(): Promise<OpfsCalls> }> {
  const workers = page.workers();
  for (const worker of workers) {
    await worker.evaluate((methods) => {
      type Counted = { __opfsCalls?: Record<string, number> };
      const scope = globalThis as unknown as Counted & {
        FileSystemSyncAccessHandle?: { prototype: Record<string, unknown> };
        FileSystemFileHandle?: { prototype: Record<string, unknown> };
      };
      const proto = scope.FileSystemSyncAccessHandle?.prototype;
      if (!proto) return;
      if (!scope.__opfsCalls) {
        const calls: Record<string, number> = {};
        scope.__opfsCalls = calls;
        const wrap = (target: Record<string, unknown>, name: string, label: string) => {
          const original = target[name] as (...a: unknown[]) => unknown;
          target[name] = function (this: unknown, ...args: unknown[]) {
            calls[label] = (calls[label] ?? 0) + 1;
            return original.apply(this, args);
          };
        };
        for (const m of methods) wrap(proto, m, m);
        const file = scope.FileSystemFileHandle?.prototype;
        if (file) wrap(file, 'createSyncAccessHandle', 'createSyncAccessHandle');
      }
      for (const key of Object.keys(scope.__opfsCalls)) scope.__opfsCalls[key] = 0;
    }, METHODS);
  }
  return {
    async stop() {
      const total: OpfsCalls = {};
      for (const worker of workers) {
        const calls = await worker.evaluate(
          () => (globalThis as { __opfsCalls?: Record<string, number> }).__opfsCalls ?? {},
        );
        for (const [k, n] of Object.entries(calls)) if (n > 0) total[k] = (total[k] ?? 0) + n;
      }
      return total;
    },
  };
}

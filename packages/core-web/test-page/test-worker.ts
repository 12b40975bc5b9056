/**
 * The core worker as the test page starts it. Started with the name 'without-opfs', it runs
 * as in a browser without sync access handles (older Safari or Firefox). The worker module
 * only listens for the init message, which arrives after this module ran. A 'platform-check'
 * message runs `platformCheck` beside the core; an 'import-floor' message runs a step of the
 * import benchmark's floor (import-floor.ts); a 'cut-write' message leaves a write unfinished
 * in a budget's database (cut-write.ts), for the page to end this worker mid-write. Started
 * with the name 'opfs-counted', its OPFS calls are counted from its first line (opfs-count.ts).
 */
// First: the core's calls are counted from its worker's first line (opfs-count.ts).
import { takeOpfsCalls } from './opfs-count.ts';
import '../src/worker.ts';
import { cutWrite } from './cut-write.ts';
import { createImportFloor, type FloorRequest } from './import-floor.ts';
import { platformCheck } from './platform-check.ts';

const scope = globalThis as unknown as {
  name?: string;
  FileSystemFileHandle?: { prototype: object };
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
};
if (scope.name === 'without-opfs' && scope.FileSystemFileHandle) {
  delete (scope.FileSystemFileHandle.prototype as { createSyncAccessHandle?: unknown })
    .createSyncAccessHandle;
}
scope.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== 'opfs-calls') return;
  scope.postMessage({ type: 'opfs-calls-result', calls: takeOpfsCalls?.() ?? null });
});

scope.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== 'platform-check') return;
  platformCheck().then(
    (result) => scope.postMessage({ type: 'platform-check-result', result }),
    (err: unknown) => scope.postMessage({ type: 'platform-check-result', error: String(err) }),
  );
});

const importFloor = createImportFloor();
scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; request?: FloorRequest } | null;
  if (data?.type !== 'import-floor' || !data.request) return;
  importFloor(data.request).then(
    (result) => scope.postMessage({ type: 'import-floor-result', result }),
    (err: unknown) => scope.postMessage({ type: 'import-floor-result', error: String(err) }),
  );
});

scope.addEventListener('message', (event) => {
  const data = event.data as {
    type?: unknown;
    budgetDir?: string;
    sql?: string;
    journalMode?: string;
  } | null;
  if (data?.type !== 'cut-write' || !data.budgetDir || !data.sql || !data.journalMode) return;
  cutWrite(data.budgetDir, data.sql, data.journalMode).then(
    (files) => scope.postMessage({ type: 'cut-write-result', files }),
    (err: unknown) => scope.postMessage({ type: 'cut-write-result', error: String(err) }),
  );
});

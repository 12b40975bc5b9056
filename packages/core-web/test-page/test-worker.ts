/**
 * The core worker as the test page starts it. Started with the name 'without-opfs', it runs
 * as in a browser without sync access handles (older Safari or Firefox). The worker module
 * only listens for the init message, which arrives after this module ran.
 */
import '../src/worker.ts';

const scope = globalThis as { name?: string; FileSystemFileHandle?: { prototype: object } };
if (scope.name === 'without-opfs' && scope.FileSystemFileHandle) {
  delete (scope.FileSystemFileHandle.prototype as { createSyncAccessHandle?: unknown })
    .createSyncAccessHandle;
}

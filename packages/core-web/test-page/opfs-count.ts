/**
 * OPFS calls the worker makes, counted by kind (issue 29: a phone's start spent as much CPU in
 * the browser's process, serving the core's file calls, as in the core's worker). Installed
 * before the core's module loads, when the test page starts the worker named 'opfs-counted':
 * each call that asks the browser's process (a directory step, a handle made or closed, a
 * file read whole) and each call on a sync access handle is counted, a directory's steps also
 * by the name they ask for; 'opfs-calls' answers the
 * counts so far and starts again from zero.
 */
type Proto = Record<string, unknown>;

const WRAPPED: Record<string, readonly string[]> = {
  StorageManager: ['getDirectory'],
  FileSystemDirectoryHandle: [
    'getDirectoryHandle',
    'getFileHandle',
    'removeEntry',
    'entries',
    'keys',
    'values',
  ],
  FileSystemFileHandle: ['createSyncAccessHandle', 'getFile', 'move'],
  FileSystemSyncAccessHandle: ['read', 'write', 'flush', 'truncate', 'getSize', 'close'],
};

function countOpfsCalls(scope: object): () => Record<string, number> {
  let calls: Record<string, number> = {};
  for (const [kind, methods] of Object.entries(WRAPPED)) {
    const proto = (scope as Record<string, { prototype?: Proto } | undefined>)[kind]?.prototype;
    if (!proto) continue;
    for (const method of methods) {
      const original = proto[method];
      if (typeof original !== 'function') continue;
      const label = `${kind}.${method}`;
      proto[method] = function (this: unknown, ...args: unknown[]) {
        calls[label] = (calls[label] ?? 0) + 1;
        // A directory's step also by the name asked for (`getFileHandle:.coffer-probe`).
        if (typeof args[0] === 'string') {
          const named = `${label}:${args[0]}`;
          calls[named] = (calls[named] ?? 0) + 1;
        }
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  }
  return () => {
    const counted = calls;
    calls = {};
    return counted;
  };
}

/**
 * The counts so far (then from zero again), or null in a worker not named 'opfs-counted'. This
 * module is imported before the core's worker module, so the counting starts before any call.
 */
export const takeOpfsCalls: (() => Record<string, number>) | null =
  (globalThis as { name?: string }).name === 'opfs-counted' ? countOpfsCalls(globalThis) : null;

import { describe, expect, it } from 'vitest';
import type { DirectoryHandle, FileHandle, SyncAccessHandle } from '../browser-types.ts';
import { waitForPoolHandles } from './pool-files.ts';

/** A budget folder's pool with `slots` slot files whose handle opens the test answers. */
function fakePool(slots: number) {
  const log: string[] = [];
  const answers: Array<{ slot: number; open(): void; refuse(): void }> = [];
  const handle = (slot: number): FileHandle =>
    ({
      kind: 'file',
      name: `slot${slot}`,
      createSyncAccessHandle: () => {
        log.push(`open ${slot}`);
        return new Promise<SyncAccessHandle>((resolve, reject) => {
          answers.push({
            slot,
            open: () =>
              resolve({ close: () => void log.push(`close ${slot}`) } as SyncAccessHandle),
            refuse: () => reject(new DOMException('held', 'NoModificationAllowedError')),
          });
        });
      },
    }) as unknown as FileHandle;
  const dir = (children: () => AsyncIterable<[string, FileHandle | DirectoryHandle]>) =>
    ({
      kind: 'directory',
      getDirectoryHandle: async () => opaque,
      entries: children,
    }) as unknown as DirectoryHandle;
  const opaque = dir(async function* () {
    for (let i = 0; i < slots; i++) yield [`slot${i}`, handle(i)];
  });
  const timers: Array<() => void> = [];
  return {
    root: opaque,
    log,
    answers,
    timers: {
      setTimeout: (fn: () => void) => timers.push(fn),
      clearTimeout: () => undefined,
    },
    waiting: timers,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the pool's handle check", () => {
  it("asks for every slot's handle at once, then closes each", async () => {
    const pool = fakePool(3);
    const done = waitForPoolHandles(pool.root, 'documents/home', pool.timers);
    await settle();
    // All three asked before any answered (one after another, each waited for the last).
    expect(pool.log).toEqual(['open 0', 'open 1', 'open 2']);
    pool.answers.forEach((a) => a.open());
    await done;
    expect(pool.log.slice(3).sort()).toEqual(['close 0', 'close 1', 'close 2']);
  });

  it('closes the handles that opened when one is held, and tries again', async () => {
    const pool = fakePool(3);
    const done = waitForPoolHandles(pool.root, 'documents/home', pool.timers);
    await settle();
    pool.answers[0]!.open();
    pool.answers[1]!.refuse();
    pool.answers[2]!.open();
    await settle();
    expect(pool.log.filter((l) => l.startsWith('close')).sort()).toEqual(['close 0', 'close 2']);
    // The next try, after the wait, finds every handle free.
    expect(pool.waiting).toHaveLength(1);
    pool.waiting[0]!();
    await settle();
    pool.answers.slice(3).forEach((a) => a.open());
    await done;
    expect(pool.log.filter((l) => l.startsWith('open'))).toHaveLength(6);
    expect(pool.log.filter((l) => l.startsWith('close'))).toHaveLength(5);
  });
});

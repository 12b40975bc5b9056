import { type LockManager, errorName } from '../browser-types.ts';

/** A held lock; `release` lets the next tab have it. */
export interface HeldLock {
  release(): void;
}

/**
 * One Web Lock per budget folder: the tab holding it owns the folder's database files. A tab
 * that is reloading lets go as its worker ends, so a short wait tells a reload apart from a
 * second tab that keeps the budget open.
 */
export class DirLocks {
  /** Without Web Locks (old engines, fallback mode only) every lock is granted. */
  constructor(
    private readonly locks: LockManager | undefined,
    private readonly prefix = 'coffer-budget:',
  ) {}

  /** The lock for `dir`, waiting up to `waitMs`; null when another tab keeps it. */
  async acquire(dir: string, waitMs: number): Promise<HeldLock | null> {
    if (!this.locks) return { release: () => undefined };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let granted: (lock: HeldLock | null) => void = () => undefined;
    let failed: (err: unknown) => void = () => undefined;
    const result = new Promise<HeldLock | null>((resolve, reject) => {
      granted = resolve;
      failed = reject;
    });
    const name = this.prefix + dir;
    const options = waitMs <= 0 ? { ifAvailable: true } : { signal: AbortSignal.timeout(waitMs) };
    this.locks
      .request(name, options, (lock) => {
        if (!lock) {
          granted(null);
          return undefined;
        }
        granted({ release });
        // Hold the lock until released (or until this worker ends).
        return held;
      })
      .catch((err: unknown) => {
        const name = errorName(err);
        if (name === 'TimeoutError' || name === 'AbortError') granted(null);
        else failed(err);
      });
    return result;
  }
}

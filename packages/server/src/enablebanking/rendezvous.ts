/**
 * Where a finished consent meets the client waiting for it. The bank redirects the person to
 * the server's callback (or the client posts the code itself); a client that started the
 * consent long-polls with the consent's `state`. Whichever comes first, the other finds it: a
 * result waits a short while for its poll, a poll waits (up to a limit) for its result. One
 * poll per state: a newer poll replaces an older one.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

interface Waiter<T> {
  id: number;
  settle: (outcome: Outcome<T>) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface RendezvousTimes {
  /** How long a poll waits for its consent. */
  pollMs: number;
  /** How long a finished consent waits for its poll. */
  keepMs: number;
}

export class Rendezvous<T> {
  private readonly finished = new Map<
    string,
    { outcome: Outcome<T>; timer: ReturnType<typeof setTimeout> }
  >();
  private readonly waiting = new Map<string, Waiter<T>>();
  private nextId = 0;

  constructor(private readonly times: RendezvousTimes) {}

  /** A consent finished (or failed): hand it to its poll, or keep it for a while. */
  finish(state: string, outcome: Outcome<T>): void {
    const waiter = this.waiting.get(state);
    if (waiter) {
      this.drop(state, waiter.id);
      waiter.settle(outcome);
      return;
    }
    const old = this.finished.get(state);
    if (old) clearTimeout(old.timer);
    const timer = setTimeout(() => this.finished.delete(state), this.times.keepMs);
    timer.unref?.();
    this.finished.set(state, { outcome, timer });
  }

  /**
   * Waits for the consent of `state`. `cancel` is called with a function that ends the wait
   * (the client went away); the promise then settles with an error nobody reads.
   */
  wait(state: string, onCancel: (cancel: () => void) => void): Promise<Outcome<T>> {
    const done = this.finished.get(state);
    if (done) {
      clearTimeout(done.timer);
      this.finished.delete(state);
      return Promise.resolve(done.outcome);
    }
    const previous = this.waiting.get(state);
    if (previous) {
      this.drop(state, previous.id);
      previous.settle({ ok: false, error: 'Replaced by a newer poll' });
    }
    return new Promise((resolve) => {
      const id = ++this.nextId;
      let settled = false;
      const settle = (outcome: Outcome<T>) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const timer = setTimeout(() => {
        this.drop(state, id);
        settle({ ok: false, error: 'Timed out waiting for the consent at the bank' });
      }, this.times.pollMs);
      this.waiting.set(state, { id, settle, timer });
      onCancel(() => {
        this.drop(state, id);
        settle({ ok: false, error: 'The client stopped waiting' });
      });
    });
  }

  private drop(state: string, id: number): void {
    const waiter = this.waiting.get(state);
    if (waiter && waiter.id === id) {
      clearTimeout(waiter.timer);
      this.waiting.delete(state);
    }
  }

  /** Ends every wait (the server is closing). */
  close(): void {
    for (const [state, waiter] of [...this.waiting]) {
      this.drop(state, waiter.id);
      waiter.settle({ ok: false, error: 'The server is shutting down' });
    }
    for (const { timer } of this.finished.values()) clearTimeout(timer);
    this.finished.clear();
  }
}

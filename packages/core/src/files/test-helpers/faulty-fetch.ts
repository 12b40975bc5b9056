/** A small seeded generator, so a failing run can be replayed. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

export interface FaultStats {
  requests: number;
  killedBefore: number;
  killedAfter: number;
  duplicated: number;
  held: number;
  replayed: number;
  stale: number;
}

/**
 * A fetch for `/sync/sync` that misbehaves like a bad network, at random (seeded):
 * - drops the request before it reaches the server;
 * - lets the server process it, then drops the answer;
 * - delivers it twice;
 * - holds it back (the client sees a failure) and delivers it later, after newer requests;
 * - answers with an older answer instead of the current one.
 * Other endpoints pass through. `enabled = false` turns the faults off.
 */
export function faultyFetch(seed: number, base: typeof globalThis.fetch = globalThis.fetch) {
  const random = rng(seed);
  const stats: FaultStats = {
    requests: 0,
    killedBefore: 0,
    killedAfter: 0,
    duplicated: 0,
    held: 0,
    replayed: 0,
    stale: 0,
  };
  const held: Array<() => Promise<Response>> = [];
  const answers: Uint8Array<ArrayBuffer>[] = [];
  const control = { enabled: true };
  const dropped = () => new TypeError('fetch failed: connection reset');

  async function deliver(send: () => Promise<Response>): Promise<Uint8Array<ArrayBuffer>> {
    const res = await send();
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status === 200) answers.push(bytes);
    return bytes;
  }

  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (!url.endsWith('/sync/sync') || !control.enabled) return base(input, init);
    stats.requests++;
    const send = () => base(input, init);
    // Deliver something held back earlier first: the server sees requests out of order.
    if (held.length > 0 && random() < 0.5) {
      stats.replayed++;
      await deliver(held.shift()!);
    }
    const roll = random();
    if (roll < 0.1) {
      stats.killedBefore++;
      throw dropped();
    }
    if (roll < 0.2) {
      stats.held++;
      held.push(send);
      throw dropped();
    }
    if (roll < 0.3) {
      stats.killedAfter++;
      await deliver(send);
      throw dropped();
    }
    let res = await send();
    if (res.status !== 200) return res;
    let bytes = new Uint8Array(await res.arrayBuffer());
    answers.push(bytes);
    if (roll < 0.4) {
      stats.duplicated++;
      res = await send();
      bytes = new Uint8Array(await res.arrayBuffer());
    } else if (roll < 0.48 && answers.length > 1) {
      stats.stale++;
      bytes = answers[Math.floor(random() * (answers.length - 1))]!;
    }
    return new Response(bytes, {
      status: 200,
      headers: { 'content-type': 'application/actual-sync' },
    });
  }) as typeof globalThis.fetch;

  /** Deliver everything still held back. */
  async function flush(): Promise<void> {
    while (held.length > 0) {
      stats.replayed++;
      await deliver(held.shift()!);
    }
  }

  return { fetch, stats, control, flush };
}

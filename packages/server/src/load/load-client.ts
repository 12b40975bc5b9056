/**
 * Simulated sync clients for load tests and benchmarks. Each keeps its own message set, merkle
 * trie and `since`, and syncs the way Actual's client does: send what is new, apply what comes
 * back, and when the server's trie differs, go back to the time the diff names and resend.
 */
import {
  decodeSyncResponse,
  encodeMessage,
  encodeSyncRequest,
  merkle,
  Timestamp,
  type MessageEnvelope,
  type TrieNode,
} from '@coffer/crdt';
import { randomBytes } from 'node:crypto';
import { insertAll, readStamp, type Stamp } from '../trie-batch.ts';

export interface LoadTarget {
  url: string;
  token: string;
  fileId: string;
  groupId: string;
}

export interface LoadOptions {
  clients: number;
  /** Messages each client creates over the run. */
  messagesPerClient: number;
  /** Messages per sync request. */
  batchSize: number;
  /** The sends of each client are spread over this long. */
  durationMs: number;
  /**
   * A failed sync is tried again this many times (default 0), a moment apart, as Actual's
   * client does on its next timer: with several processes behind a proxy, the retry reaches a
   * live one. Only failures left after the retries count as errors.
   */
  retries?: number;
}

export interface LoadResult {
  created: number;
  requests: number;
  errors: string[];
  /** Failed syncs that a retry then made good. */
  retried: string[];
  /** Round trips of every request, ms. */
  latencies: number[];
  serverMerkle: string;
  /** Root hash of each client's trie after its final sync. */
  clientHashes: number[];
  /** Every client knows exactly the messages all clients created. */
  clientsComplete: boolean;
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class SimClient {
  readonly node = randomBytes(8).toString('hex');
  private lastMillis = 0;
  private counter = 0;
  private since = Timestamp.zero.toString();
  readonly known = new Set<string>();
  private readonly own: MessageEnvelope[] = [];
  trie: TrieNode = {};
  serverMerkle = '{}';

  constructor(
    private readonly target: LoadTarget,
    private readonly stats: { requests: number; latencies: number[] },
  ) {}

  private nextTimestamp(): Timestamp {
    const now = Date.now();
    if (now > this.lastMillis) {
      this.lastMillis = now;
      this.counter = 0;
    } else {
      this.counter++;
    }
    return new Timestamp(this.lastMillis, this.counter, this.node);
  }

  /** Adds the timestamps not seen before to the set and the trie (batched: it is hot). */
  private learn(timestamps: string[]): void {
    const fresh: Stamp[] = [];
    for (const timestamp of timestamps) {
      if (this.known.has(timestamp)) continue;
      this.known.add(timestamp);
      fresh.push(readStamp(timestamp)!);
    }
    this.trie = insertAll(this.trie, fresh);
  }

  createBatch(size: number): MessageEnvelope[] {
    const batch: MessageEnvelope[] = [];
    for (let i = 0; i < size; i++) {
      const ts = this.nextTimestamp();
      const timestamp = ts.toString();
      const content = encodeMessage({
        dataset: 'transactions',
        row: `${this.node}-${this.own.length}`,
        column: 'amount',
        value: `N:${i}`,
      });
      const envelope = { timestamp, isEncrypted: false, content };
      this.own.push(envelope);
      batch.push(envelope);
    }
    this.learn(batch.map((m) => m.timestamp));
    return batch;
  }

  private async post(since: string, messages: MessageEnvelope[]) {
    const body = encodeSyncRequest({
      messages,
      fileId: this.target.fileId,
      groupId: this.target.groupId,
      keyId: '',
      since,
    });
    const started = performance.now();
    const res = await fetch(`${this.target.url}/sync/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/actual-sync', 'x-actual-token': this.target.token },
      body,
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    this.stats.requests++;
    this.stats.latencies.push(performance.now() - started);
    if (res.status !== 200)
      throw new Error(`sync ${res.status}: ${new TextDecoder().decode(bytes)}`);
    return decodeSyncResponse(bytes);
  }

  /** One sync: send `outgoing`, then repeat from the diff time until the tries agree. */
  async sync(outgoing: MessageEnvelope[]): Promise<void> {
    let since = this.since;
    let messages = outgoing;
    for (let round = 0; round < 100; round++) {
      const res = await this.post(since, messages);
      this.learn(res.messages.map((m) => m.timestamp));
      this.serverMerkle = res.merkle;
      const diff = merkle.diff(JSON.parse(res.merkle) as TrieNode, this.trie);
      if (diff === null) {
        this.since = [...this.known].reduce((a, b) => (a > b ? a : b), this.since);
        return;
      }
      since = new Timestamp(diff, 0, '0').toString();
      // Like Actual's client, resend everything of its own after the diff time.
      messages = this.own.filter((m) => m.timestamp > since);
    }
    throw new Error(`client ${this.node} did not converge`);
  }
}

/** Runs the clients concurrently against one group and reports what happened. */
export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const stats = { requests: 0, latencies: [] as number[] };
  const errors: string[] = [];
  const retried: string[] = [];
  const syncWithRetry = async (client: SimClient, batch: MessageEnvelope[]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.sync(batch);
      } catch (e) {
        const message = (e as Error).message;
        if (attempt >= (options.retries ?? 0)) return void errors.push(message);
        retried.push(message);
        await sleep(50 * (attempt + 1));
      }
    }
  };
  const clients = Array.from({ length: options.clients }, () => new SimClient(target, stats));
  const batches = Math.max(1, Math.ceil(options.messagesPerClient / options.batchSize));
  const pause = options.durationMs / batches;
  const started = performance.now();

  await Promise.all(
    clients.map(async (client, i) => {
      // Spread the clients' start times so they do not all send in the same instant.
      await sleep((pause * i) / options.clients);
      let left = options.messagesPerClient;
      while (left > 0) {
        const size = Math.min(options.batchSize, left);
        left -= size;
        const batch = client.createBatch(size);
        const roundStart = performance.now();
        await syncWithRetry(client, batch);
        await sleep(Math.max(0, pause - (performance.now() - roundStart)));
      }
    }),
  );
  // Everyone is done sending: one last sync each, so every client hears about every message.
  await Promise.all(clients.map((c) => syncWithRetry(c, [])));
  const created = options.clients * options.messagesPerClient;
  return {
    created,
    requests: stats.requests,
    errors,
    retried,
    latencies: stats.latencies,
    serverMerkle: clients[clients.length - 1]?.serverMerkle ?? '{}',
    clientHashes: clients.map((c) => c.trie.hash ?? 0),
    clientsComplete: clients.every((c) => c.known.size === created),
    elapsedMs: performance.now() - started,
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

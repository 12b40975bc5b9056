import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BATCH_BYTES } from '../files/session.ts';
import { type Client, connect, makeClient, snapshot } from '../files/test-helpers/clients.ts';
import { type RunningServer, startActualServer } from '../files/test-helpers/servers.ts';

/** Records the body size of every `/sync/sync` request. */
function recordingFetch() {
  const sizes: number[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input).endsWith('/sync/sync') && init?.body instanceof Uint8Array) {
      sizes.push(init.body.byteLength);
    }
    return globalThis.fetch(input, init);
  }) as typeof globalThis.fetch;
  return { fetch, sizes };
}

function importTransactions(client: Client, acct: string, count: number): void {
  client.budget.db.batch(() => {
    for (let i = 0; i < count; i++) {
      client.budget.db.insert('transactions', {
        acct,
        amount: (i % 997) * 100 - 50_000,
        notes: `imported row ${i} with a description long enough to matter`,
        imported_description: `BANK REF ${i.toString(36).toUpperCase()}`,
        date: 20230101 + (i % 28),
        financial_id: `fid-${i}`,
        isParent: 0,
        isChild: 0,
        cleared: 1,
        sort_order: i,
      });
    }
  });
}

const MB = 1024 * 1024;

describe('a large change syncs in bounded requests', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A server that refuses sync bodies over 1 MB; one request for this change would be ~5 MB.
    server = await startActualServer({ env: { ACTUAL_UPLOAD_FILE_SYNC_SIZE_LIMIT_MB: '1' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends 25,000+ messages in batches under the limit; another device gets them all', async () => {
    const net = recordingFetch();
    const a = makeClient({ name: 'big-a', fetch: net.fetch, cloud: { maxBatchBytes: 512 * 1024 } });
    const b = makeClient({ name: 'big-b' });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Big import' });
      const acct = a.budget.db.insert('accounts', { name: 'Checking', offbudget: 0, closed: 0 });
      await a.must('sync');
      net.sizes.length = 0;

      importTransactions(a, acct, 2_500);
      const pending = a.budget.sqlite.first<{ n: number }>(
        'SELECT count(*) AS n FROM messages_crdt WHERE timestamp > ?',
        [a.budget.prefs.lastSyncedTimestamp!],
      )!.n;
      expect(pending).toBeGreaterThanOrEqual(25_000);

      expect(await a.must('sync')).toMatchObject({ messages: 0 });
      expect(net.sizes.length).toBeGreaterThanOrEqual(8);
      expect(Math.max(...net.sizes)).toBeLessThan(1 * MB);
      expect(net.sizes.reduce((x, y) => x + y, 0)).toBeGreaterThan(3 * MB);

      await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId, keepOpen: true });
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);

  it('the default batch stays far below the default 20 MB server limit', () => {
    expect(DEFAULT_BATCH_BYTES).toBeLessThanOrEqual(5 * MB);
  });
});

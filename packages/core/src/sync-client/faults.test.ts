import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  connect,
  makeClient,
  messageLog,
  snapshot,
} from '../files/test-helpers/clients.ts';
import { faultyFetch, rng } from '../files/test-helpers/faulty-fetch.ts';
import {
  type RunningServer,
  spreadAcrossIps,
  startActualServer,
} from '../files/test-helpers/servers.ts';

const isError = (res: unknown): boolean =>
  typeof res === 'object' && res !== null && 'error' in res;

function edit(
  client: Client,
  random: () => number,
  acct: string,
  ids: string[],
  tag: string,
): void {
  const n = 1 + Math.floor(random() * 4);
  client.budget.db.batch(() => {
    for (let i = 0; i < n; i++) {
      ids.push(
        client.budget.db.insert('transactions', {
          acct,
          amount: Math.floor(random() * 10000) - 5000,
          notes: `${tag}-${ids.length}`,
          date: 20230801 + Math.floor(random() * 28),
          isParent: 0,
          isChild: 0,
          sort_order: ids.length,
        }),
      );
    }
  });
  // Also rewrite cells both sides may touch.
  if (ids.length > 0) {
    const id = ids[Math.floor(random() * ids.length)]!;
    client.budget.db.update('transactions', { id, notes: `${tag} edited` });
  }
}

describe('sync over a network that drops, duplicates and reorders', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startActualServer({ unthrottled: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([11, 97])(
    'converges with nothing lost or doubled (seed %i)',
    async (seed) => {
      const netA = faultyFetch(seed, spreadAcrossIps());
      const netB = faultyFetch(seed * 7 + 1, spreadAcrossIps());
      // Small batches, so a sync is several requests and faults land between them.
      const cloud = { maxBatchMessages: 25 };
      const a = makeClient({ name: 'fa', fetch: netA.fetch, cloud });
      const b = makeClient({ name: 'fb', fetch: netB.fetch, cloud });
      const random = rng(seed);
      try {
        await connect(a, server.url);
        await connect(b, server.url);
        await a.must('create-budget', { budgetName: `Faulty ${seed}` });
        const acct = a.budget.db.insert('accounts', { name: 'Checking', offbudget: 0, closed: 0 });
        const fileId = a.budget.prefs.cloudFileId!;
        const idsA: string[] = [];
        const idsB: string[] = [];
        edit(a, random, acct, idsA, 'a');
        // Upload again so the snapshot holds the account; the download then never depends on sync.
        await a.must('upload-budget');
        for (let i = 0; i < 50; i++) {
          const res = await b.send('download-budget', { fileId, keepOpen: true });
          if (!isError(res)) break;
        }

        let clean = 0;
        for (let attempt = 0; attempt < 300 && clean < 2; attempt++) {
          if (attempt < 25) {
            edit(a, random, acct, idsA, 'a');
            edit(b, random, acct, idsB, 'b');
          }
          const ra = await a.send('sync');
          const rb = await b.send('sync');
          const quiet = attempt >= 25 && !isError(ra) && !isError(rb);
          clean = quiet && a.budget.db.merkle.hash === b.budget.db.merkle.hash ? clean + 1 : 0;
        }
        expect(clean).toBe(2);
        const faults = netA.stats.killedBefore + netA.stats.killedAfter + netA.stats.held;
        expect(faults).toBeGreaterThan(0);
        expect(netA.stats.duplicated + netB.stats.duplicated).toBeGreaterThan(0);
        expect(netA.stats.replayed + netB.stats.replayed).toBeGreaterThan(0);

        // Same rows, same log, same merkle; every transaction once.
        expect(snapshot(b)).toEqual(snapshot(a));
        expect(messageLog(b)).toEqual(messageLog(a));
        const count = (c: Client) =>
          c.budget.sqlite.first<{ n: number }>('SELECT count(*) AS n FROM transactions')!.n;
        expect(count(a)).toBe(idsA.length + idsB.length);
        expect(new Set([...idsA, ...idsB]).size).toBe(idsA.length + idsB.length);

        // Late deliveries of held-back requests change nothing.
        await netA.flush();
        await netB.flush();
        netA.control.enabled = false;
        netB.control.enabled = false;
        expect(await a.must('sync')).toMatchObject({ messages: 0 });
        await b.must('sync');
        expect(snapshot(b)).toEqual(snapshot(a));
        expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
      } finally {
        await a.close();
        await b.close();
      }
    },
    300_000,
  );
});

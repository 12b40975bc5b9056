import { decodeSyncRequest, decodeSyncResponse } from '@coffer/crdt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundHold } from '../budget-file/background-hold.ts';
import { connect, makeClient, messageLog, snapshot } from '../files/test-helpers/clients.ts';
import {
  type RunningServer,
  cofferServerBuild,
  startActualServer,
  startCofferServer,
} from '../files/test-helpers/servers.ts';

/**
 * A download catches up while the budget is still closed, so the budget the app then opens
 * is already current: the sync on open has nothing left to apply.
 */
describe('download catches up before the budget opens', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = cofferServerBuild() ? await startCofferServer() : await startActualServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('applies the changes made after the upload before the open, not after', async () => {
    const a = makeClient({ name: 'up' });
    const b = makeClient({ name: 'late' });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Tail' });
      const acct = a.budget.db.insert('accounts', {
        name: 'Checking',
        offbudget: 0,
        closed: 0,
        sort_order: 1,
      });
      // The uploaded file predates these: they reach the server only through sync.
      for (let i = 0; i < 50; i++) {
        a.budget.db.insert('transactions', {
          acct,
          amount: -100 - i,
          date: 20240101 + i,
          isParent: 0,
          isChild: 0,
          sort_order: i,
        });
      }
      await a.must('sync');

      await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId!, keepOpen: true });
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(messageLog(b)).toEqual(messageLog(a));
      expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
      expect(b.budget.prefs.lastSyncedTimestamp).toBeTruthy();
      // The screen hears its sync on load start and succeed, with nothing applied after the
      // open: the tail was in before it opened.
      expect(b.events).toEqual([
        { type: 'start' },
        { type: 'success', tables: [], syncDisabled: false },
      ]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('hands its own open to the app: the file opens once, its changes unheard until it shows', async () => {
    const a = makeClient({ name: 'source' });
    const b = makeClient({ name: 'once' });
    let opens = 0;
    const sqlite = b.platform.sqlite;
    const open = sqlite.open.bind(sqlite);
    sqlite.open = (path) => {
      opens++;
      return open(path);
    };
    // Whether a budget was open in the app each time the screen heard of changed tables.
    const heard: boolean[] = [];
    b.core.events.on('tables-changed', () => heard.push(b.core.budget !== null));
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Once' });
      const acct = a.budget.db.insert('accounts', { name: 'Cash', offbudget: 0, closed: 0, sort_order: 1 }); // prettier-ignore
      await a.must('sync');
      // After the upload: the catch-up applies these.
      for (let i = 0; i < 5; i++) {
        a.budget.db.insert('transactions', { acct, amount: -10 - i, date: 20240101, isParent: 0, isChild: 0, sort_order: i }); // prettier-ignore
      }
      await a.must('sync');

      await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId!, keepOpen: true });
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(opens).toBe(1);
      expect(heard.every((open) => open)).toBe(true);
      // Once shown, its changes are heard.
      const count = heard.length;
      b.budget.db.insert('accounts', { name: 'Later', offbudget: 0, closed: 0, sort_order: 2 });
      expect(heard.slice(count)).toEqual([true]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('holds the background builds of the opened budget until its sync on load has ended', async () => {
    // At each /sync/sync: whether an open budget's background work was held.
    const held: boolean[] = [];
    const watching: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/sync/sync')) {
        const open = b.core.budget;
        held.push(open !== null && backgroundHold(open).held);
      }
      return fetch(input, init);
    };
    const a = makeClient({ name: 'first' });
    const b = makeClient({ name: 'second', fetch: watching });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Held' });
      a.budget.db.insert('accounts', { name: 'Cash', offbudget: 0, closed: 0, sort_order: 1 });
      await a.must('sync');

      await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId!, keepOpen: true });
      // The catch-up (closed: nothing open yet) is the one request: the sync on load reports it
      // instead of asking again.
      expect(held).toEqual([false]);
      // Released once the sync on load ended.
      expect(backgroundHold(b.budget).held).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('asks again on load when the catch-up failed, and the tail still arrives', async () => {
    let syncs = 0;
    const failingFirst: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/sync/sync') && syncs++ === 0) {
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const a = makeClient({ name: 'source' });
    const b = makeClient({ name: 'flaky', fetch: failingFirst });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'Flaky' });
      a.budget.db.insert('accounts', { name: 'Cash', offbudget: 0, closed: 0, sort_order: 1 });
      await a.must('sync');

      await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId!, keepOpen: true });
      // The failed catch-up, then the sync on load, which asked the server itself.
      expect(syncs).toBeGreaterThanOrEqual(2);
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
      expect(b.events.map((e) => e.type).filter((t) => t !== 'applied')).toEqual(['start', 'success']); // prettier-ignore
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it("asks from the file's own newest message when it carries no sync point: only the tail comes back", async () => {
    // Every /sync/sync the new device makes: the `since` it asks from and how many messages came back.
    const syncs: Array<{ since: string; received: number }> = [];
    const watching: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).endsWith('/sync/sync') && init?.body instanceof Uint8Array) {
        const answer = decodeSyncResponse(new Uint8Array(await res.clone().arrayBuffer()));
        syncs.push({ since: decodeSyncRequest(init.body).since, received: answer.messages.length }); // prettier-ignore
      }
      return res;
    };
    const a = makeClient({ name: 'script' });
    const b = makeClient({ name: 'joins', fetch: watching });
    try {
      await connect(a, server.url);
      await connect(b, server.url);
      await a.must('create-budget', { budgetName: 'No sync point' });
      const acct = a.budget.db.insert('accounts', { name: 'Cash', offbudget: 0, closed: 0, sort_order: 1 }); // prettier-ignore
      const add = (i: number) =>
        a.budget.db.insert('transactions', { acct, amount: -i, date: 20240101, isParent: 0, isChild: 0, sort_order: i }); // prettier-ignore
      for (let i = 0; i < 40; i++) add(i);
      await a.must('sync');
      // Uploaded as a script or an older client leaves a file: its whole log, but no sync point.
      await a.budget.savePrefs({ lastSyncedTimestamp: undefined }, { avoidSync: true });
      await a.must('upload-budget');
      const uploaded = messageLog(a).length;
      const newest = (messageLog(a).at(-1) as { timestamp: string }).timestamp;
      for (let i = 0; i < 3; i++) add(100 + i);
      await a.must('sync');
      const tail = messageLog(a).length - uploaded;

      await b.must('download-budget', { fileId: a.budget.prefs.cloudFileId!, keepOpen: true });
      expect(snapshot(b)).toEqual(snapshot(a));
      expect(b.budget.db.merkle.hash).toBe(a.budget.db.merkle.hash);
      expect(syncs[0]?.since).toBe(newest);
      // The catch-up alone: the sync on load does not ask again right after it.
      expect(syncs).toHaveLength(1);
      // The server sends the tail once, not the uploaded history again.
      expect(syncs.reduce((n, s) => n + s.received, 0)).toBe(tail);
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});

import { type SyncRequest, Timestamp, encodeMessage } from '@coffer/crdt';
import { describe, expect, it } from 'vitest';
import type { CloudOptions } from '../files/session.ts';
import type { BudgetSync } from './budget-sync.ts';
import { makeClient } from '../files/test-helpers/clients.ts';
import { type SyncAnswer, fakeSyncServer, serverTrie } from '../files/test-helpers/fake-server.ts';

async function cloudClient(
  answer: (req: SyncRequest, n: number) => SyncAnswer | Promise<SyncAnswer>,
  cloud: CloudOptions = {},
) {
  const server = fakeSyncServer(answer);
  const c = makeClient({ name: 'sched', fetch: server.fetch, cloud });
  await c.session.init(c.platform, c.documentDir);
  await c.session.state.set({ 'server-url': 'http://fake.test', 'user-token': 'tok' });
  await c.must('create-budget', { budgetName: 'Sched', avoidUpload: true });
  await c.budget.savePrefs({
    cloudFileId: 'file-1',
    groupId: 'group-1',
    lastSyncedTimestamp: c.budget.db.timestamp,
  });
  trie.seed(c.budget.db.merkle);
  return { c, server };
}

/** The fake server's merkle; each test's answers absorb what they are sent. */
let trie = serverTrie();

/** Timers that only fire when told to. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        pending.set(next, { fn, ms });
        return next++;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    },
    fireAll() {
      const all = [...pending.values()];
      pending.clear();
      for (const t of all) t.fn();
    },
  };
}

const remoteMessage = () => ({
  timestamp: new Timestamp(Date.now() - 1000, 0, '00000000000000cc').toString(),
  isEncrypted: false,
  content: encodeMessage({ dataset: 'payees', row: 'p-remote', column: 'name', value: 'S:Remote' }),
});

describe('when sync runs', () => {
  it('one second after the last local change (debounced), and at once on app-focused', async () => {
    trie = serverTrie();
    const { c, server } = await cloudClient((req) => ({ merkle: trie.absorb(req) }), {
      syncDelayMs: 1000,
    });
    const t = manualTimers();
    c.platform.timers = t.timers;
    try {
      c.budget.db.insert('payees', { name: 'One' });
      c.budget.db.insert('payees', { name: 'Two' });
      expect([...t.pending.values()].map((p) => p.ms)).toEqual([1000]);
      expect(server.requests.length).toBe(0);
      t.fireAll();
      await c.core.idle();
      expect(await c.session.current!.sync()).toEqual({ messages: 0, tables: [] });
      expect(server.requests[0]!.messages.length).toBe(2);
      expect(c.events.filter((e) => e.type === 'success').length).toBe(2);

      await c.must('app-focused');
      expect([...t.pending.values()].map((p) => p.ms)).toEqual([0]);
    } finally {
      await c.close();
    }
  });

  it('requests during a run share one follow-up run that includes the newest edits', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    trie = serverTrie();
    const { c, server } = await cloudClient(async (req, n) => {
      if (n === 0) await gate;
      return { merkle: trie.absorb(req) };
    });
    try {
      const first = c.session.current!.sync();
      await new Promise((r) => setTimeout(r, 20));
      c.budget.db.insert('payees', { name: 'During' });
      const second = c.session.current!.sync();
      const third = c.session.current!.sync();
      expect(third).toBe(second);
      release();
      await Promise.all([first, second]);
      // The first run saw the edit land mid-round and went round again to send it; the
      // follow-up ran once for both waiting callers and found nothing left.
      expect(server.requests.length).toBe(3);
      expect(server.requests[1]!.messages.length).toBe(1);
      expect(server.requests[2]!.messages.length).toBe(0);
      expect(await second).toEqual({ messages: 0, tables: [] });
      expect(c.events.filter((e) => e.type === 'start').length).toBe(2);
    } finally {
      await c.close();
    }
  });

  it('stops without applying anything when the file closes mid-sync', async () => {
    let closing: Promise<unknown> = Promise.resolve();
    const { c } = await cloudClient(async () => {
      closing = c.core.sendUnknown('close-budget');
      await closing;
      return { merkle: {}, messages: [remoteMessage()] };
    });
    const budget = c.budget;
    const sync = c.session.current!;
    try {
      expect(await sync.sync()).toEqual({ messages: 0, tables: [] });
      expect(budget.isOpen).toBe(false);
      expect(c.events.map((e) => e.type)).toEqual(['start', 'success']);
    } finally {
      await closing;
      await c.close();
    }
  });

  it('stops without applying anything when the group changes mid-sync (a reset)', async () => {
    const { c } = await cloudClient(async () => {
      await c.budget.savePrefs({ groupId: 'group-2' });
      return { merkle: {}, messages: [remoteMessage()] };
    });
    try {
      await c.send('sync');
      expect(
        c.budget.sqlite.first('SELECT * FROM payees WHERE id = ?', ['p-remote']),
      ).toBeUndefined();
      expect(c.events.some((e) => e.type === 'applied')).toBe(false);
    } finally {
      await c.close();
    }
  });

  it('the live check brings what another device wrote without spinning the Sync button', async () => {
    trie = serverTrie();
    const remote = remoteMessage();
    let sent = false;
    const { c } = await cloudClient((req) => {
      const merkle = trie.absorb(req);
      if (sent) return { merkle };
      sent = true;
      return {
        merkle: trie.absorb({ ...req, messages: [remote] }),
        messages: [remote],
      };
    });
    try {
      c.events.length = 0;
      expect(await c.send('sync-live')).toEqual({ messages: 1, tables: ['payees'] });
      expect(c.budget.sqlite.first('SELECT name FROM payees WHERE id = ?', ['p-remote'])).toEqual({
        name: 'Remote',
      });
      const types = c.events.map((e) => e.type);
      expect(types).not.toContain('start');
      expect(types.at(-1)).toBe('success');
    } finally {
      await c.close();
    }
  });

  it('on load, unless the screen asks for the first sync (syncOnLoad false)', async () => {
    for (const syncOnLoad of [true, false]) {
      trie = serverTrie();
      const { c, server } = await cloudClient((req) => ({ merkle: trie.absorb(req) }), {
        syncOnLoad,
      });
      try {
        const id = c.budget.id;
        await c.must('close-budget');
        c.events.length = 0;
        await c.must('load-budget', { id });
        // A sync on load says 'start' before the open answers (no timer, no await before it).
        expect(
          c.events.map((e) => e.type),
          `syncOnLoad ${syncOnLoad}`,
        ).toEqual(syncOnLoad ? ['start'] : []);
        const current = c.session.current as BudgetSync;
        if (syncOnLoad) await current.firstRun();
        expect(server.requests.length).toBe(syncOnLoad ? 1 : 0);
        // Without it, the screen's first sync is the first run (the re-upload check follows it).
        const asked = c.must('sync');
        expect(await current.firstRun()).toEqual({ messages: 0, tables: [] });
        expect(await asked).toEqual({ messages: 0, tables: [] });
        expect(server.requests.length).toBe(syncOnLoad ? 2 : 1);
      } finally {
        await c.close();
      }
    }
  });

  it('does nothing (and says nothing) without a server', async () => {
    const c = makeClient({ name: 'noserver' });
    try {
      await c.must('create-budget', { budgetName: 'Local' });
      expect(c.budget.prefs.cloudFileId).toBeUndefined();
      expect(await c.send('sync')).toEqual({ messages: 0, tables: [] });
      expect(c.events).toEqual([]);
    } finally {
      await c.close();
    }
  });
});

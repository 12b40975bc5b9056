import { q } from '@coffer/core';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestPage, driver, launchChromium, serve } from './test-helpers/browser.ts';

let site: { dir: string; cleanup(): void };
let server: { url: string; close(): Promise<void> };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await buildTestPage();
  server = await serve(site.dir);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  site?.cleanup();
});

/** A fresh browser profile (its own OPFS and IndexedDB) with one tab open on the page. */
async function newProfile() {
  const context = await browser.newContext();
  contexts.push(context);
  return { context, tab: driver(await context.newPage()) };
}

type Created = { id: string };
type Account = { id: string; name: string };

describe('core in Chromium (OPFS SAH pool, Web Locks, IndexedDB fallback)', () => {
  it('keeps a budget and a row written before a reload', async () => {
    const { tab } = await newProfile();
    await tab.open(server.url);
    const { id } = await tab.send<Created>('create-budget', {
      budgetName: 'Home',
      avoidUpload: true,
    });
    await tab.send('account-create', { name: 'Checking', balance: 12_345 });
    // metadata.json is written again (temp file moved over the old one).
    expect(await tab.send('save-prefs', { budgetName: 'Our home' })).toBe('ok');
    expect(await tab.opfsEntries()).toContain('documents');

    await tab.reload();
    expect(await tab.send('load-budget', { id })).toEqual({});
    expect(await tab.send('load-prefs')).toMatchObject({ id, budgetName: 'Our home' });
    // Backups read the last opened budget from the cloud session's global state.
    expect(await tab.send('get-last-opened-backup')).toBe(id);
    const accounts = await tab.send<Account[]>('accounts-get');
    expect(accounts.map((a) => a.name)).toEqual(['Checking']);

    // A test budget replaces the last one: its folder and pool are deleted and made anew.
    const test = await tab.send<Created>('create-budget', { testMode: true });
    await tab.send('account-create', { name: 'Scratch' });
    expect(await tab.send('create-budget', { testMode: true })).toEqual(test);
    expect(await tab.send('accounts-get')).toEqual([]);
    expect(await tab.send('load-budget', { id })).toEqual({});
    expect((await tab.send<Account[]>('accounts-get')).map((a) => a.name)).toEqual(['Checking']);
    expect(await tab.pushes()).toEqual([]);

    // Database files written, read, copied and removed through the file system.
    expect(await tab.platformCheck()).toEqual({
      type: 'platform-check-result',
      result: {
        sameBytes: true,
        listedWithCopy: ['copy.sqlite', 'db.sqlite'],
        copyRows: [{ v: 'one' }],
        copyExists: false,
        note: 'second',
        listed: ['db.sqlite', 'note.txt'],
        dirExistsAfterRemove: false,
        refused: 0,
      },
    });
  }, 40_000);

  it('a first big import (its indexes dropped and rebuilt) is kept and reads back', async () => {
    // 20,000 rows into an empty account: the write path drops and rebuilds the log's and the
    // transactions' indexes, which needs the wasm build's temporary storage for the sort.
    const { tab } = await newProfile();
    await tab.open(server.url);
    const { id } = await tab.send<Created>('create-budget', {
      budgetName: 'Big',
      avoidUpload: true,
    });
    const account = await tab.send<string>('account-create', { name: 'Checking' });
    const transactions = Array.from({ length: 20_000 }, (_, i) => ({
      date: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: -(i + 1),
      payee_name: `Shop ${i % 40}`,
      imported_id: `bank-${i}`,
    }));
    const result = await tab.send<{ errors: unknown[]; added: string[] }>('transactions-import', {
      accountId: account,
      transactions,
    });
    expect(result.errors).toEqual([]);
    expect(result.added).toHaveLength(20_000);

    await tab.reload();
    expect(await tab.send('load-budget', { id })).toEqual({});
    const march = await tab.send<{ data: number }>(
      'query',
      q('transactions')
        // One operator per field object (as in Actual): the range takes two.
        .filter({
          account,
          $and: [{ date: { $gte: '2024-03-01' } }, { date: { $lte: '2024-03-31' } }],
        })
        .calculate({ $count: '*' })
        .serialize(),
    );
    expect(march.data).toBe(transactions.filter((t) => t.date.startsWith('2024-03')).length);
  }, 120_000);

  it.each(['delete', 'persist'])(
    'a write cut off by the end of its worker is rolled back at the next open (journal %s)',
    async (journalMode) => {
      const { tab } = await newProfile();
      await tab.open(server.url);
      const { id } = await tab.send<Created>('create-budget', {
        budgetName: 'Cut',
        avoidUpload: true,
      });
      await tab.send('account-create', { name: 'Checking' });
      // The account renamed and a table of 300 pages written after it, in one transaction that
      // never commits: with a two-page cache the renamed page reaches the file before the end.
      const cut = (await tab.cutWrite(
        `/documents/${id}`,
        `UPDATE accounts SET name = 'Torn';
         CREATE TABLE filler (x);
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
         INSERT INTO filler SELECT zeroblob(1000) FROM n;`,
        journalMode,
      )) as { files?: string[]; error?: string };
      expect(cut.error).toBeUndefined();
      expect(cut.files).toContain('/db.sqlite-journal');

      await tab.reload();
      expect(await tab.send('load-budget', { id })).toEqual({});
      const accounts = await tab.send<Account[]>('accounts-get');
      expect(accounts.map((a) => a.name)).toEqual(['Checking']);
      // Written and read again after the recovery, through the kept journal.
      await tab.send('account-create', { name: 'Savings' });
      await tab.reload();
      expect(await tab.send('load-budget', { id })).toEqual({});
      const after = await tab.send<Account[]>('accounts-get');
      expect(after.map((a) => a.name).sort()).toEqual(['Checking', 'Savings']);
    },
    60_000,
  );

  it('a second tab on the same budget gets fallback-write-error and saves nothing', async () => {
    const { context, tab: first } = await newProfile();
    await first.open(server.url);
    const { id } = await first.send<Created>('create-budget', {
      budgetName: 'Shared',
      avoidUpload: true,
    });
    await first.send('account-create', { name: 'Kept' });

    const second = driver(await context.newPage());
    await second.open(server.url, { lockWaitMs: 500 });
    expect(await second.send('load-budget', { id })).toEqual({});
    expect((await second.pushes()).map((p) => p.name)).toEqual(['fallback-write-error']);
    // It shows the budget as the first tab saved it ...
    expect((await second.send<Account[]>('accounts-get')).map((a) => a.name)).toEqual(['Kept']);
    // ... and a change there is refused again, never reaching the first tab's files.
    await second.send('account-create', { name: 'Lost' });
    expect((await second.pushes()).length).toBeGreaterThan(1);
    expect((await second.pushes()).every((p) => p.name === 'fallback-write-error')).toBe(true);

    await first.send('account-create', { name: 'Also kept' });
    const names = (await first.send<Account[]>('accounts-get')).map((a) => a.name);
    expect(names.sort()).toEqual(['Also kept', 'Kept']);
    expect(await first.pushes()).toEqual([]);

    // Once the first tab closes the budget, the second can take it, and back again.
    await first.send('close-budget');
    await second.reload();
    expect(await second.send('load-budget', { id })).toEqual({});
    await second.send('account-create', { name: 'From the second tab' });
    await second.send('close-budget');
    expect(await second.pushes()).toEqual([]);
    expect(await first.send('load-budget', { id })).toEqual({});
    const after = (await first.send<Account[]>('accounts-get')).map((a) => a.name);
    expect(after.sort()).toEqual(['Also kept', 'From the second tab', 'Kept']);
    expect(await first.pushes()).toEqual([]);
  }, 40_000);

  it('a page going away lets go of its budget at once: the next page takes it, writable', async () => {
    const { context, tab: first } = await newProfile();
    await first.open(server.url);
    const { id } = await first.send<Created>('create-budget', {
      budgetName: 'Reloaded',
      avoidUpload: true,
    });
    await first.send('account-create', { name: 'Before' });
    // What the browser fires as the page unloads; the page itself stays, so only the message
    // to its worker can have let the budget go (a worker kept running holds it until it ends).
    await context
      .pages()[0]!
      .evaluate("dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))");

    const next = driver(await context.newPage());
    await next.open(server.url, { lockWaitMs: 2_000 });
    expect(await next.send('load-budget', { id })).toEqual({});
    await next.send('account-create', { name: 'After' });
    expect(await next.pushes()).toEqual([]);
    const names = (await next.send<Account[]>('accounts-get')).map((a) => a.name);
    expect(names.sort()).toEqual(['After', 'Before']);
  }, 40_000);

  it('takes the folder of the budget the init message names before the page asks to open it', async () => {
    // Issue 29: the budget's folder was taken (its Web Lock, its pool's install) only once the
    // page's load-budget came, after the core's handshake went to the page and back.
    const { context, tab: first } = await newProfile();
    await first.open(server.url);
    const { id } = await first.send<Created>('create-budget', {
      budgetName: 'Ahead',
      avoidUpload: true,
    });
    await first.send('account-create', { name: 'Checking' });
    await context.pages()[0]!.close();

    const page = await context.newPage();
    const next = driver(page);
    const lock = `coffer-budget:/documents/${id}`;
    const held = () =>
      page.evaluate(async () => {
        const nav = (
          globalThis as unknown as {
            navigator: { locks: { query(): Promise<{ held?: Array<{ name?: string }> }> } };
          }
        ).navigator;
        return ((await nav.locks.query()).held ?? []).map((lock) => lock.name);
      });
    // The closed page's worker has let go before this page's starts.
    await page.goto(server.url);
    await expect.poll(held, { timeout: 10_000 }).not.toContain(lock);
    await next.start({ budget: id });
    // Nothing asked of the core yet: the worker holds the folder's lock on its own.
    await expect.poll(held, { timeout: 10_000 }).toContain(lock);
    // The page's open finds it staged, writable.
    expect(await next.send('load-budget', { id })).toEqual({});
    expect((await next.send<Account[]>('accounts-get')).map((a) => a.name)).toEqual(['Checking']);
    await next.send('account-create', { name: 'Savings' });
    expect(await next.pushes()).toEqual([]);
  }, 40_000);

  it("a returning start's OPFS calls: no storage probe, no pool file read before the mount", async () => {
    // Issue 29: a phone's start spent as much CPU in the browser's process, answering the
    // core's file calls, as in the core's worker. Counted from the worker's first line until the
    // budget is open (the closed page's worker is gone: nothing is waited for).
    const { context, tab: first } = await newProfile();
    await first.open(server.url);
    const { id } = await first.send<Created>('create-budget', {
      budgetName: 'Counted',
      avoidUpload: true,
    });
    await first.send('account-create', { name: 'Checking', balance: 100 });
    await context.pages()[0]!.close();

    const next = driver(await context.newPage());
    await next.open(server.url, { countOpfs: true });
    expect(await next.send('load-budget', { id })).toEqual({});
    const { calls } = await next.opfsCalls();
    const count = (name: string) => calls?.[name] ?? 0;
    // The app's own probe (a file made, opened and removed) ran at the first start only; the
    // one removal left is SQLite's own check as its pool installs.
    expect(count('FileSystemDirectoryHandle.getFileHandle:.coffer-probe')).toBe(0);
    expect(count('FileSystemDirectoryHandle.removeEntry')).toBe(1);
    // The budgets' folder is looked up once by the app (it was at every path's walk from the
    // root, ten times), and once by SQLite's pool as it installs.
    expect(count('FileSystemDirectoryHandle.getDirectoryHandle:documents')).toBe(2);
    // Files read whole: metadata.json and the global state at most (whether the first page's
    // write of it landed before it closed), not the pool's six slot files' headers (they were
    // read to list the budget's databases before the mount opened the same files).
    expect(count('FileSystemFileHandle.getFile')).toBeLessThanOrEqual(2);
  }, 40_000);

  it("follows the page's clock when a test sends it, and the system clock otherwise", async () => {
    const { tab } = await newProfile();
    // A daily recurrence's first upcoming date is the core's today.
    const today = () =>
      tab.send<string[]>('schedule/get-upcoming-dates', {
        config: { start: '2000-01-01', frequency: 'daily' },
        count: 1,
      });
    const pageTime = new Date(2031, 2, 4, 12).getTime();
    await tab.open(server.url, { pageClock: pageTime });
    expect(await today()).toEqual(['2031-03-04']);
    await tab.reload();
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const [systemToday] = await today();
    expect(systemToday).toBe(
      `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    );
  }, 30_000);

  it('a browser without sync access handles gets app-init-failure', async () => {
    const { tab } = await newProfile();
    await tab.open(server.url, { withoutOpfs: true });
    expect(await tab.send('accounts-get')).toMatchObject({ error: { type: 'app-init-failure' } });
    expect(await tab.pushes()).toEqual([
      {
        name: 'app-init-failure',
        args: expect.objectContaining({ reason: 'opfs-unavailable', fallbackAvailable: true }),
      },
    ]);
  }, 30_000);

  it('the fallback mode keeps budgets in IndexedDB across reloads', async () => {
    const { tab } = await newProfile();
    const fallback = { fallbackMode: true, persistMs: 50 };
    await tab.open(server.url, fallback);
    const { id } = await tab.send<Created>('create-budget', {
      budgetName: 'Memory',
      avoidUpload: true,
    });
    await tab.send('account-create', { name: 'Closed before reload' });
    await tab.send('close-budget');

    await tab.reload(fallback);
    expect(await tab.send('load-budget', { id })).toEqual({});
    await tab.send('account-create', { name: 'Saved by the timer' });
    // Wait past the snapshot delay, then reload without closing the budget.
    await new Promise((resolve) => setTimeout(resolve, 500));

    await tab.reload(fallback);
    expect(await tab.send('load-budget', { id })).toEqual({});
    expect(await tab.send('load-prefs')).toMatchObject({ budgetName: 'Memory' });
    const names = (await tab.send<Account[]>('accounts-get')).map((a) => a.name);
    expect(names.sort()).toEqual(['Closed before reload', 'Saved by the timer']);
    // Nothing went to OPFS in this mode.
    expect(await tab.opfsEntries()).not.toContain('documents');
  }, 40_000);
});

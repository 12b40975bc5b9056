import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerReleaseTags,
  launchBrowser,
  MEDIUM,
  screenshotsAt,
  SIZES,
} from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

const built =
  existsSync('packages/server/dist/main.js') &&
  existsSync(join(process.env.COFFER_E2E_WEB_ROOT ?? 'packages/web/dist', 'index.html')) &&
  existsSync('packages/api/dist/index.cjs');

const WAIT = { timeout: 20_000 };
const PASSWORD = 'register finding password';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `n` days before today, as the core stores it. */
function daysAgo(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const PAYEES = [
  ['Kroger', 'Groceries'],
  ["Trader Joe's", 'Groceries'],
  ['Shell', 'Transport'],
  ['Netflix', 'Subscriptions'],
  ['Electric Co', 'Utilities'],
  ['Corner Cafe', 'Eating Out'],
  ['Pharmacy', 'Household'],
  ['Bookshop', 'General'],
] as const;

describe.runIf(built)(
  'the register: finding, bulk edits, accounts in Chromium',
  { timeout: 120_000 },
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let syncId = '';
    const errors: string[] = [];

    const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
    const main = () => page.getByRole('main');
    const grid = () => main().getByRole('grid');
    const rows = () => grid().locator('.reg-txn');
    const cell = (r: Locator, col: string) => r.locator(`[data-col=${col}]`);
    const k = () => page.keyboard;
    const headerBalance = () => page.getByTestId('account-balance');
    /** A cell in edit: a textbox, or a combobox (payee, category, notes with its tags). */
    const editFields = () => grid().getByRole('textbox').or(grid().getByRole('combobox'));
    const sidebarLink = (name: string) =>
      sidebar().getByRole('link', { name: new RegExp(`^${name}`) });

    /** 1280×800 and 1100×800 (and the phone when asked), for looking at. */
    const shoot = (name: string, phone = false) =>
      screenshotsAt(page, `register-${name}`, {
        desktop: SIZES.desktop,
        '1100': MEDIUM,
        ...(phone ? { phone: SIZES.phone } : {}),
      });

    /** The other device: Coffer's Node API on the same server, for data and for checking. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the built API bundle is untyped here
    async function otherDevice<T>(fn: (api: any) => Promise<T>): Promise<T> {
      const api = createRequire(import.meta.url)('../packages/api/dist/index.cjs');
      const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-finding-'));
      try {
        await api.init({ dataDir, serverURL: server.url, password: PASSWORD });
        await api.downloadBudget(syncId);
        const result = await fn(api);
        await api.sync();
        await api.shutdown();
        return result;
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser();
      context = await browser.newContext({ viewport: SIZES.desktop });
      await answerReleaseTags(context);
      page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await server?.stop();
    });

    it('shows a budget another device filled: every view, previews of schedules', async () => {
      await bootstrapServer(page, server.url, PASSWORD);
      await page.getByRole('button', { name: 'Create new file' }).click();
      await sidebar().waitFor(WAIT);
      for (const [name, balance, off] of [
        ['Checking', '2400', false],
        ['Savings', '5000', false],
        ['Credit Card', '-350', false],
        ['Brokerage', '18000', true],
      ] as const) {
        await sidebar().getByRole('button', { name: '+ Add account' }).click();
        await createLocalAccount(page, name, balance, { offBudget: off });
      }
      await sidebarLink('Checking').click();
      await sidebar().getByText('More').click();
      await sidebar().getByText('Settings').click();
      await page.getByRole('button', { name: /show advanced settings/i }).click();
      syncId = (await page.getByText('Sync ID:').locator('..').locator('code').textContent())!;

      await otherDevice(async (api) => {
        // The browser's new accounts reach the server with its next sync: wait until all have.
        const names = async () => {
          await api.sync();
          return (await api.getAccounts()).map((a: { name: string }) => a.name).sort();
        };
        await expect.poll(names, WAIT).toEqual(['Brokerage', 'Checking', 'Credit Card', 'Savings']);
        const accounts = await api.getAccounts();
        const id = (name: string) => accounts.find((a: { name: string }) => a.name === name).id;
        const categories = await api.getCategories();
        const cat = (name: string) => categories.find((c: { name: string }) => c.name === name).id;
        const txs = [];
        for (let i = 0; i < 72; i++) {
          const [payee, category] = PAYEES[i % PAYEES.length]!;
          txs.push({
            date: daysAgo(2 + i),
            amount: -(1200 + ((i * 737) % 9000)),
            payee_name: payee,
            category: cat(category),
            notes: i % 9 === 0 ? 'weekly shop' : undefined,
            cleared: i > 6,
          });
        }
        txs.push({
          date: daysAgo(15),
          amount: 325000,
          payee_name: 'Employer Inc',
          category: cat('Income'),
          cleared: true,
        });
        txs.push({
          date: daysAgo(45),
          amount: 325000,
          payee_name: 'Employer Inc',
          category: cat('Income'),
          cleared: true,
        });
        await api.addTransactions(id('Checking'), txs);
        await api.addTransactions(id('Credit Card'), [
          { date: daysAgo(3), amount: -4599, payee_name: 'Target', category: cat('Household') },
          {
            date: daysAgo(9),
            amount: -1250,
            payee_name: 'Corner Cafe',
            category: cat('Eating Out'),
          },
        ]);
        await api.addTransactions(id('Brokerage'), [
          { date: daysAgo(20), amount: 41250, payee_name: 'Dividends', cleared: true },
        ]);
        // A monthly rent schedule, next due in two days: a preview at the top of Checking.
        const landlord = await api.internal.send('payee-create', { name: 'Landlord' });
        await api.internal.send('schedule/create', {
          schedule: { name: 'Rent', posts_transaction: false },
          conditions: [
            { field: 'payee', op: 'is', value: landlord },
            { field: 'account', op: 'is', value: id('Checking') },
            { field: 'amount', op: 'is', value: -145000 },
            {
              field: 'date',
              op: 'isapprox',
              value: {
                start: daysAgo(-2),
                frequency: 'monthly',
                interval: 1,
                patterns: [],
                skipWeekend: false,
                weekendSolveMode: 'after',
                endMode: 'never',
              },
            },
          ],
        });
      });
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await sidebarLink('Checking').click();
      await grid()
        .getByRole('row', { name: /Kroger/ })
        .first()
        .waitFor(WAIT);
      const preview = grid().getByRole('row', { name: /^Scheduled: .*Landlord/ });
      await preview.waitFor(WAIT);
      expect(await preview.textContent()).toContain('Upcoming');
      expect(await cell(preview, 'payment').textContent()).toBe('1,450.00');
      await shoot('01-account', true);

      for (const [link, title, name] of [
        ['All accounts', 'All accounts', '02-all'],
        ['For budget', 'For budget', '03-budgeted'],
        ['Off budget', 'Off budget', '04-offbudget'],
      ] as const) {
        await sidebar()
          .getByRole('link', { name: new RegExp(`^${link}`) })
          .click();
        await main().getByRole('heading', { name: title }).waitFor(WAIT);
        await rows().first().waitFor(WAIT);
        await shoot(name);
      }
      // All accounts shows the Account column and no running balance.
      await sidebar()
        .getByRole('link', { name: /^All accounts/ })
        .click();
      await rows().first().waitFor(WAIT);
      expect(
        await grid()
          .getByRole('columnheader', { name: /Account/ })
          .count(),
      ).toBe(1);
      expect(
        await grid()
          .getByRole('columnheader', { name: /Balance/ })
          .count(),
      ).toBe(0);
      await page.goto(`${server.url}/accounts/uncategorized`);
      await main().getByRole('heading', { name: 'Uncategorized' }).waitFor(WAIT);
      await grid()
        .getByRole('row', { name: /Dividends/ })
        .waitFor({ state: 'detached', timeout: 1000 })
        .catch(() => undefined);
      await shoot('05-uncategorized');
      expect(errors).toEqual([]);
    });

    it('posts and skips a scheduled preview', async () => {
      await sidebarLink('Checking').click();
      const preview = grid().getByRole('row', { name: /^Scheduled: .*Landlord/ });
      await preview.waitFor(WAIT);
      await preview.getByRole('button', { name: 'Post now' }).click();
      await grid()
        .getByRole('row', { name: /Landlord -1,450\.00/ })
        .waitFor(WAIT);
      // The next month's occurrence is not due within a week: no preview now.
      await expect.poll(() => preview.count(), WAIT).toBe(0);
      await k().press('Control+z');
      await preview.waitFor(WAIT);
      await preview.getByRole('button', { name: 'Skip' }).click();
      await expect.poll(() => preview.count(), WAIT).toBe(0);
      await k().press('Control+z');
      await preview.waitFor(WAIT);
    });

    it('searches names, notes and amounts, and sorts by a column', async () => {
      const search = page.getByRole('searchbox', { name: 'Search transactions' });
      await search.fill('cafe');
      await expect.poll(() => rows().count(), WAIT).toBe(9);
      await expect
        .poll(
          async () => (await rows().allTextContents()).every((t) => t.includes('Corner Cafe')),
          WAIT,
        )
        .toBe(true);
      expect(await rows().count()).toBe(9);
      await shoot('06-search');
      await search.fill('weekly');
      await expect.poll(() => rows().count(), WAIT).toBe(8);
      await search.fill('12.00');
      await expect.poll(() => rows().count(), WAIT).toBe(1);
      await search.fill('');
      await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(20);

      await grid().getByRole('button', { name: 'Sort by Payee' }).click();
      await expect
        .poll(async () => (await cell(rows().first(), 'payee').textContent())?.trim(), WAIT)
        .toBe('Bookshop');
      expect(
        await grid().getByRole('columnheader', { name: /Payee/ }).getAttribute('aria-sort'),
      ).toBe('ascending');
      await grid().getByRole('button', { name: 'Sort by Payee' }).click();
      await expect
        .poll(async () => (await cell(rows().first(), 'payee').textContent())?.trim(), WAIT)
        .toBe("Trader Joe's");
      await grid().getByRole('button', { name: 'Sort by Payment' }).click();
      await expect
        .poll(async () => (await cell(rows().first(), 'payment').textContent())?.trim(), WAIT)
        .toBe('');
      await grid().getByRole('button', { name: 'Sort by Payment' }).click();
      await grid().getByRole('button', { name: 'Sort by Payment' }).click();
      // Back to the register's own order: the running balance is back.
      await grid()
        .getByRole('columnheader', { name: /Balance/ })
        .waitFor(WAIT);
    });

    it('filters with the rule editor’s fields, and saves, renames and deletes a filter', async () => {
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Category', exact: true }).click();
      const editor = page.getByRole('dialog', { name: 'Filter by Category' });
      await editor.getByRole('combobox', { name: 'Value' }).fill('Groc');
      // The first Enter picks Groceries; the second, with the list closed, applies.
      await k().press('Enter');
      await expect
        .poll(() => editor.getByRole('combobox', { name: 'Value' }).inputValue(), WAIT)
        .toBe('Groceries');
      expect(await editor.isVisible()).toBe(true);
      await k().press('Enter');
      await expect.poll(() => rows().count(), WAIT).toBe(18);
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Amount (outflow)' }).click();
      const amount = page.getByRole('dialog', { name: 'Filter by Amount (outflow)' });
      await amount.getByLabel('Operator').selectOption('gt');
      await amount.getByRole('textbox', { name: 'Value' }).fill('50');
      await amount.getByRole('button', { name: 'Apply' }).click();
      const chips = page.getByRole('group', { name: 'Filters' });
      await chips.getByText('Amount (outflow) is greater than 50.00').waitFor(WAIT);
      // Groceries are every 8th and 8th+1 of the 72; those over 50.00, as the device made them.
      const both = Array.from({ length: 72 }, (_, i) => i).filter(
        (i) => i % 8 < 2 && 1200 + ((i * 737) % 9000) > 5000,
      ).length;
      await expect.poll(() => rows().count(), WAIT).toBe(both);
      expect(both).toBeLessThan(18);
      // Either condition.
      await chips.getByRole('button', { name: /Match all conditions/ }).click();
      await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(18);
      await chips.getByRole('button', { name: /Match any conditions/ }).click();
      await expect.poll(() => rows().count(), WAIT).toBe(both);

      await chips.getByRole('button', { name: 'Saved filters ▾' }).click();
      await page.getByRole('menuitem', { name: 'Save new filter…' }).click();
      await page
        .getByRole('dialog', { name: 'Save filter' })
        .getByRole('button', { name: 'Save' })
        .click();
      await page.getByRole('alert').filter({ hasText: 'Filter name is required' }).waitFor(WAIT);
      await page.getByRole('textbox', { name: 'Filter name' }).fill('Big groceries');
      await k().press('Enter');
      await chips.getByText('Big groceries').waitFor(WAIT);
      await shoot('07-filter');
      await chips.getByRole('button', { name: 'Saved filters ▾' }).click();
      await page.getByRole('menuitem', { name: 'Clear filter' }).click();
      await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(both);
      await page.getByRole('button', { name: 'Saved filters ▾' }).click();
      await page.getByRole('menuitem', { name: 'Big groceries' }).click();
      await expect.poll(() => rows().count(), WAIT).toBe(both);
      await chips.getByRole('button', { name: 'Saved filters ▾' }).click();
      await page.getByRole('menuitem', { name: 'Rename filter…' }).click();
      await page.getByRole('textbox', { name: 'Filter name' }).fill('Large groceries');
      await k().press('Enter');
      await chips.getByText('Large groceries').waitFor(WAIT);
      await chips.getByRole('button', { name: 'Saved filters ▾' }).click();
      await page.getByRole('menuitem', { name: 'Delete filter' }).click();
      await expect.poll(() => chips.count(), WAIT).toBe(0);
    });

    it('opens filtered when another page asks (state.filter)', async () => {
      const groceries = await otherDevice(async (api) => {
        const categories = await api.getCategories();
        return categories.find((c: { name: string }) => c.name === 'Groceries').id as string;
      });
      // What the budget page does on a click on a Spent amount: navigate with state.filter.
      await page.evaluate(
        `(() => {
        history.pushState({ usr: { filter: { conditions: [{ field: 'category', op: 'is', value: '${groceries}', type: 'id' }], conditionsOp: 'and' } }, key: 'e2e', idx: 9 }, '', '/accounts');
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      })()`,
      );
      await page
        .getByRole('group', { name: 'Filters' })
        .getByText('Category is Groceries')
        .waitFor(WAIT);
      await expect.poll(() => rows().count(), WAIT).toBe(18);
      await page
        .getByRole('group', { name: 'Filters' })
        .getByRole('button', { name: /Remove filter/ })
        .click();
    });

    it('sets a category on 50 selected rows at once, and undoes it', async () => {
      await sidebarLink('Checking').click();
      await rows().first().waitFor(WAIT);
      await rows().nth(1).getByRole('checkbox').click();
      // Row 51 of the table (the 50th transaction from the one clicked) is out of view: scroll.
      await grid()
        .locator('.vtable-body')
        .evaluate((el) => (el.scrollTop = 40 * 32));
      const last = grid().locator('[aria-rowindex="52"]');
      await last.getByRole('checkbox').click({ modifiers: ['Shift'] });
      await page.getByRole('button', { name: /Actions for 50 selected/ }).click();
      await page.getByRole('menuitem', { name: 'Set category…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set category of 50 transactions' });
      await dialog.getByRole('combobox', { name: 'Category' }).fill('Household');
      await k().press('Enter');
      const household = async () =>
        (await grid().locator('.reg-txn [data-col=category]').allTextContents()).filter(
          (t) => t === 'Household',
        ).length;
      await grid()
        .locator('.vtable-body')
        .evaluate((el) => (el.scrollTop = 0));
      await expect.poll(household, WAIT).toBeGreaterThan(15);
      await shoot('08-bulk');
      await k().press('Control+z');
      await expect.poll(household, WAIT).toBeLessThan(5);
      await k().press('Control+Shift+z');
      await expect.poll(household, WAIT).toBeGreaterThan(15);
      await k().press('Control+z');
      await expect.poll(household, WAIT).toBeLessThan(5);
    });

    it('selects every transaction at once, and hides cleared ones', async () => {
      const selectAll = grid().getByRole('checkbox', { name: 'Select all' });
      const selected = page.getByRole('button', { name: /selected/ });
      // The bulk edit's 50 rows are still selected: the box clears them first.
      await selectAll.click();
      await expect.poll(() => selected.count(), WAIT).toBe(0);
      await selectAll.click();
      // 72 payments, two paychecks and the starting balance (the rent was posted and undone).
      await expect
        .poll(() => selected.getAttribute('aria-label'), WAIT)
        .toBe('Actions for 75 selected transactions');
      await selectAll.click();
      await expect.poll(() => selected.count(), WAIT).toBe(0);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Hide cleared transactions' }).click();
      await expect.poll(() => rows().count(), WAIT).toBe(7);
      expect(await grid().getByRole('button', { name: 'Cleared', exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Show cleared transactions' }).click();
      await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(7);
    });

    it('reads a screenful first, and moves by keyboard past it to the oldest row', async () => {
      const rowCount = async () => Number(await grid().getAttribute('aria-rowcount'));
      await sidebarLink('Savings').click();
      await sidebarLink('Checking').click();
      await rows().first().waitFor(WAIT);
      // 75 transactions, but the first page is what fits on the screen: the grid counts the
      // rows loaded (and the header) until the last page is in.
      expect(await rowCount()).toBeLessThan(60);
      await cell(rows().first(), 'notes').click();
      await k().press('Escape');
      const focused = () => page.evaluate('document.activeElement?.getAttribute("aria-rowindex")');
      await expect.poll(focused, WAIT).toBe('2');
      // Down a row at a time: the next page comes as the cursor nears the end of those loaded
      // (or, down from the last loaded row, the move waits for it).
      for (let i = 3; i <= 76; i++) {
        await k().press('ArrowDown');
        await expect.poll(focused, WAIT).toBe(String(i));
      }
      expect(await rowCount()).toBe(75 + 1);
      const oldest = grid().locator('[aria-rowindex="76"]');
      const cents = async (col: string) =>
        Math.round(Number(((await cell(oldest, col).textContent()) ?? '').replace(/,/g, '') || 0) * 100); // prettier-ignore
      // The running balance carried over every page: the oldest row's is its own amount.
      expect(await cents('balance')).toBe((await cents('deposit')) - (await cents('payment')));
      expect(await cents('balance')).not.toBe(0);
      await grid()
        .locator('.vtable-body')
        .evaluate((el) => (el.scrollTop = 0));
    });

    it('reconciles against the bank with an adjustment', async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Reconcile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reconcile' });
      const cleared = (await page.locator('.reg-balance-part').first().textContent())!
        .replace('Cleared', '')
        .trim();
      const clearedCents = Math.round(Number(cleared.replace(/,/g, '')) * 100);
      await dialog
        .getByRole('textbox', { name: 'Bank balance' })
        .fill(String((clearedCents + 1234) / 100));
      await k().press('Enter');
      const bar = page.getByRole('region', { name: 'Reconciling' });
      await bar.getByText('12.34', { exact: true }).waitFor(WAIT);
      await shoot('09-reconcile');
      await bar.getByRole('button', { name: 'Create adjustment transaction' }).click();
      await bar.getByText(/All reconciled/).waitFor(WAIT);
      await grid()
        .getByRole('row', { name: /12\.34/ })
        .first()
        .waitFor(WAIT);
      expect(await grid().getByText('Reconciliation balance adjustment').count()).toBe(1);
      await bar.getByRole('button', { name: 'Done reconciling' }).click();
      await expect.poll(() => bar.count(), WAIT).toBe(0);

      // The reconciled rows are locked: a lock where the cleared mark was, and editing one asks
      // first. Cancel leaves it as it was; Edit anyway opens the field, and the edit saves.
      expect(await grid().getByRole('button', { name: 'Cleared', exact: true }).count()).toBe(0);
      const paycheck = rows().filter({ hasText: 'Employer Inc' }).first();
      const notes = cell(paycheck, 'notes');
      await paycheck.getByRole('button', { name: 'Reconciled' }).waitFor(WAIT);
      const ask = page.getByRole('dialog', { name: 'Edit a reconciled transaction?' });
      await notes.click();
      await ask.waitFor(WAIT);
      await shoot('09b-locked');
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => ask.count(), WAIT).toBe(0);
      expect(await editFields().count()).toBe(0);
      expect(await notes.textContent()).toBe('');
      // By keyboard: Enter on the row asks again; Tab, Enter on Edit anyway lets the edit through.
      await k().press('Enter');
      await ask.waitFor(WAIT);
      await k().press('Tab');
      await k().press('Enter');
      await expect.poll(() => ask.count(), WAIT).toBe(0);
      const box = notes.getByRole('combobox', { name: 'Notes' });
      await box.waitFor(WAIT);
      await k().type('bonus month');
      // Enter saves and moves down, but not into the next locked row: that one would ask first.
      await k().press('Enter');
      await expect.poll(() => notes.textContent(), WAIT).toBe('bonus month');
      expect(await editFields().count()).toBe(0);
      expect(await ask.count()).toBe(0);
      // Saved in the core: after a reload the note is there and the row is still locked.
      await page.reload();
      await paycheck.getByRole('button', { name: 'Reconciled' }).waitFor(WAIT);
      expect(await notes.textContent()).toBe('bonus month');

      // Actions on the selection and the row menu ask too: Cancel changes nothing. (The register
      // is windowed, so 'nothing' is the balance and the two rows, not a count of painted rows.)
      // After the reload the rows (a screenful) can be in before the header's balance.
      await expect.poll(() => headerBalance().textContent(), WAIT).not.toBe('');
      const balanceBefore = await headerBalance().textContent();
      const locked = rows().filter({ has: page.getByRole('button', { name: 'Reconciled' }) });
      await locked.nth(0).getByRole('checkbox').click();
      await locked.nth(1).getByRole('checkbox').click();
      await page.getByRole('button', { name: /Actions for 2 selected/ }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const askDelete = page.getByRole('dialog', { name: 'Delete 2 reconciled transactions?' });
      await askDelete.waitFor(WAIT);
      await shoot('09c-locked-delete');
      await askDelete.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => askDelete.count(), WAIT).toBe(0);
      await page.getByRole('button', { name: /Actions for 2 selected/ }).click();
      await page.getByRole('menuitem', { name: 'Set notes…' }).click();
      const askEdit = page.getByRole('dialog', { name: 'Edit 2 reconciled transactions?' });
      await askEdit.waitFor(WAIT);
      await k().press('Escape');
      await expect.poll(() => askEdit.count(), WAIT).toBe(0);
      expect(await page.getByRole('dialog', { name: /^Set notes/ }).count()).toBe(0);
      // The row menu by keyboard: the question waits for its own answer.
      await paycheck.getByRole('button', { name: /^Actions for / }).focus();
      await k().press('Enter');
      await page.getByRole('menuitem', { name: 'Delete', exact: true }).focus();
      await k().press('Enter');
      const askOne = page.getByRole('dialog', { name: 'Delete a reconciled transaction?' });
      await askOne.waitFor(WAIT);
      await askOne.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => askOne.count(), WAIT).toBe(0);
      expect(await headerBalance().textContent()).toBe(balanceBefore);
      expect(await page.getByRole('button', { name: /Actions for 2 selected/ }).count()).toBe(1);
      expect(await notes.textContent()).toBe('bonus month');
      // 'Delete anyway' deletes both; undo brings them back, still locked.
      await page.getByRole('button', { name: /Actions for 2 selected/ }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await askDelete.getByRole('button', { name: 'Delete anyway' }).click();
      const adjustment = grid().getByText('Reconciliation balance adjustment');
      await expect.poll(() => adjustment.count(), WAIT).toBe(0);
      await k().press('Control+z');
      await expect.poll(() => adjustment.count(), WAIT).toBe(1);
      expect(await headerBalance().textContent()).toBe(balanceBefore);
    });

    it('closes an account with a transfer (and a category when it leaves the budget), reopens it', async () => {
      await sidebarLink('Credit Card').click();
      await rows().first().waitFor(WAIT);
      const balance = (await headerBalance().textContent())!;
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Close account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close Account' });
      // The account picker has focus and its list open; Escape closes the list.
      await page.getByRole('listbox').waitFor(WAIT);
      await k().press('Escape');
      await dialog.getByRole('button', { name: 'Close account' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Transfer is required' }).waitFor(WAIT);
      // Enter in the picker chooses, a second Enter submits: money leaving the budget needs a
      // category.
      await dialog.getByRole('combobox', { name: 'Transfer the balance to' }).fill('Brokerage');
      await k().press('Enter');
      await k().press('Enter');
      await dialog.getByRole('alert').filter({ hasText: 'Category is required' }).waitFor(WAIT);
      await shoot('10-close');
      await dialog.getByRole('combobox', { name: 'Transfer the balance to' }).fill('Savings');
      await k().press('Enter');
      await k().press('Enter');
      await main().getByText('Closed', { exact: true }).waitFor(WAIT);
      await expect.poll(() => headerBalance().textContent(), WAIT).toBe('0.00');
      expect(balance).not.toBe('0.00');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Reopen account' }).click();
      await expect.poll(() => main().getByText('Closed', { exact: true }).count(), WAIT).toBe(0);
      await k().press('Control+z');
      await main().getByText('Closed', { exact: true }).waitFor(WAIT);
      await k().press('Control+Shift+z');
      await expect.poll(() => main().getByText('Closed', { exact: true }).count(), WAIT).toBe(0);
    });

    it('renames an account in place, refusing a blank name', async () => {
      await main().getByRole('button', { name: 'Credit Card (rename)' }).click();
      const name = main().getByRole('textbox', { name: 'Account name' });
      await name.fill('   ');
      await k().press('Enter');
      await main().getByRole('alert').filter({ hasText: 'Name is required' }).waitFor(WAIT);
      await name.fill('Visa');
      await k().press('Enter');
      await sidebarLink('Visa').waitFor(WAIT);
      expect(errors).toEqual([]);
    });

    it('deletes a closed account after asking, and undoes it', async () => {
      // Visa's balance went to Savings when it was closed above: it closes again at once.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Close account' }).click();
      const close = page.getByRole('dialog', { name: 'Close Account' });
      await close.getByRole('button', { name: 'Close account' }).click();
      await main().getByText('Closed', { exact: true }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Account' });
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await page.waitForURL(/\/accounts$/, WAIT);
      await expect.poll(() => sidebarLink('Visa').count(), WAIT).toBe(0);
      await k().press('Control+z');
      await page.waitForURL(/\/accounts\/[^/]+$/, WAIT);
      await main().getByRole('heading', { name: /Visa/ }).waitFor(WAIT);
    });

    it('exports the register as CSV', async () => {
      await sidebarLink('Checking').click();
      await rows().first().waitFor(WAIT);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Export transactions' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Checking-\d{4}-\d{2}-\d{2}\.csv$/);
      const chunks: Buffer[] = [];
      for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
      const csv = Buffer.concat(chunks).toString('utf8').split('\r\n');
      expect(csv[0]).toBe('Account,Date,Payee,Notes,Category,Amount,Split,Cleared');
      expect(csv.filter((l) => l.startsWith('Checking,') && l.includes(',Kroger,'))).toHaveLength(
        9,
      );
    });

    it('looks right in the dark theme and on a phone', async () => {
      await page.goto(`${server.url}/settings`);
      await page.getByRole('button', { name: /show advanced settings/i }).click();
      await page.getByRole('button', { name: 'I understand the risks' }).click();
      await page.getByLabel('Dark mode').check();
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await sidebarLink('Checking').click();
      await rows().first().waitFor(WAIT);
      await page.getByRole('button', { name: '+ Add New' }).click();
      await shoot('11-dark', true);
      await k().press('Escape');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(errors).toEqual([]);
    });
  },
);

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReleaseTags, launchBrowser, screenshotsAt, SIZES } from './helpers/browser.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

// Needs `npm run build` first (the server bundle, packages/api/dist and packages/web/dist).
const built =
  existsSync('packages/server/dist/main.js') &&
  existsSync(join(process.env.COFFER_E2E_WEB_ROOT ?? 'packages/web/dist', 'index.html')) &&
  existsSync('packages/api/dist/index.cjs');

const WAIT = { timeout: 20_000 };
const PASSWORD = 'register entry password';

interface Entry {
  date: string;
  payee: string;
  notes?: string;
  category?: string;
  payment?: string;
  deposit?: string;
  /** A transfer between two on-budget accounts has no category to Tab through. */
  transfer?: boolean;
}

// Twenty transactions typed into Checking (starting balance 1,000.00). Amounts in cents below.
const ENTRIES: Entry[] = [
  { date: '11/01/2025', payee: 'Paycheck', category: 'Income', deposit: '2500' },
  { date: '11/02/2025', payee: 'Kroger', category: 'Groc', payment: '82.15', notes: 'week 1' },
  { date: '11/02/2025', payee: 'Shell', category: 'Transp', payment: '45' },
  { date: '11/03/2025', payee: 'Savings', transfer: true, payment: '300' },
  { date: '11/04/2025', payee: 'Kroger', category: 'Groc', payment: '61.20' },
  // 6th: the split (typed by its own steps below).
  { date: '11/06/2025', payee: 'Cafe', category: 'Eating', payment: '4.50' },
  { date: '11/06/2025', payee: 'Electric Co', category: 'Util', payment: '93.41' },
  { date: '11/07/2025', payee: 'Netflix', category: 'Subs', payment: '15.49' },
  { date: '11/08/2025', payee: 'Cafe', category: 'Eating', payment: '5.25', notes: 'with Sam' },
  { date: '11/09/2025', payee: 'Kroger', category: 'Groc', payment: '47.80' },
  { date: '11/10/2025', payee: 'Landlord', category: 'Housing', payment: '1200' },
  { date: '11/11/2025', payee: 'Shell', category: 'Transp', payment: '38.10' },
  { date: '11/12/2025', payee: 'Pharmacy', category: 'Household', payment: '12.99' },
  { date: '11/13/2025', payee: 'Cafe', category: 'Eating', payment: '3.75' },
  { date: '11/14/2025', payee: 'Refund Co', category: 'Household', deposit: '20' },
  { date: '11/15/2025', payee: 'Kroger', category: 'Groc', payment: '55' },
  { date: '11/16/2025', payee: 'Phone Co', category: 'Phone', payment: '40' },
  { date: '11/17/2025', payee: 'Cafe', category: 'Eating', payment: '4.50' },
  { date: '11/18/2025', payee: 'Bookshop', category: 'General', payment: '23.99' },
];
const SPLIT = { date: '11/05/2025', payee: 'Market', total: 120, lines: [70, 50] };

const cents = (s?: string) => Math.round(Number(s ?? 0) * 100);
const CHECKING_END =
  100000 +
  ENTRIES.reduce((sum, e) => sum + cents(e.deposit) - cents(e.payment), 0) -
  SPLIT.total * 100;
// The starting balance is dated today, after these: it is the top row, above them.
const OPENING = 100000;
const money = (c: number) =>
  (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe.runIf(built)(
  'the register: entering and editing in Chromium',
  { timeout: 120_000 },
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const errors: string[] = [];

    const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
    const grid = () => page.getByRole('main').getByRole('grid');
    const row = (name: RegExp) => grid().getByRole('row', { name });
    const sidebarBalance = (name: string) =>
      sidebar()
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .locator('.amount');
    const headerBalance = () => page.getByTestId('account-balance');
    const k = () => page.keyboard;
    const undo = () => k().press('Control+z');
    const redo = () => k().press('Control+Shift+z');
    const cell = (r: Locator, col: string) => r.locator(`[data-col=${col}]`);

    async function type(entry: Entry) {
      await k().type(entry.date);
      await k().press('Tab');
      await k().type(entry.payee);
      await k().press('Tab');
      if (entry.notes) await k().type(entry.notes);
      await k().press('Tab');
      if (!entry.transfer) {
        if (entry.category) await k().type(entry.category);
        await k().press('Tab');
      }
      if (entry.deposit) {
        await k().press('Tab');
        await k().type(entry.deposit);
      } else {
        await k().type(entry.payment ?? '');
      }
      await k().press('Enter');
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

    it('enters 20 transactions by keyboard only: new payees, a transfer, a split with a transfer line', async () => {
      await bootstrapServer(page, server.url, PASSWORD);
      await page.getByRole('button', { name: 'Create new file' }).click();
      await sidebar().waitFor(WAIT);
      for (const [name, balance, off] of [
        ['Checking', '1000', false],
        ['Savings', '500', false],
        ['House', '250000', true],
      ] as const) {
        await sidebar().getByRole('button', { name: '+ Add account' }).click();
        await createLocalAccount(page, name, balance, { offBudget: off });
      }
      await sidebar()
        .getByRole('link', { name: /^Checking/ })
        .click();
      await row(/Starting Balance/).waitFor(WAIT);

      // Keyboard only from here: the Add New button, then every field by typing, Tab and Enter.
      await page.getByRole('button', { name: '+ Add New' }).focus();
      await k().press('Enter');
      await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
      for (const entry of ENTRIES.slice(0, 5)) await type(entry);

      // The split: its total first, then a Groceries line and a transfer line to Savings.
      await k().type(SPLIT.date);
      await k().press('Tab');
      await k().type(SPLIT.payee);
      await k().press('Tab');
      await k().press('Tab');
      await k().type('Split');
      await k().press('Tab');
      await k().type(String(SPLIT.total));
      await k().press('Enter');
      await k().type('Groc');
      await k().press('Tab');
      await k().type(String(SPLIT.lines[0]));
      await k().press('Enter');
      // The next line holds what is left (50.00); its payee is the transfer.
      expect(await page.getByRole('status').filter({ hasText: 'Amount left' }).count()).toBe(0);
      await k().press('Shift+Tab');
      await k().press('Shift+Tab');
      await k().type('Savings');
      await screenshotsAt(page, 'register-20-split-entry');
      await k().press('Tab');
      await k().press('Enter');

      for (const entry of ENTRIES.slice(5)) await type(entry);
      await k().press('Escape');
      await k().press('Escape');

      await expect.poll(() => headerBalance().textContent(), WAIT).toBe(money(CHECKING_END));
      expect(await sidebarBalance('Checking').textContent()).toBe(money(CHECKING_END));
      expect(await sidebarBalance('Savings').textContent()).toBe(money(50000 + 30000 + 5000));
      // 20 transactions, the split's two lines and the starting balance.
      await expect.poll(() => grid().getByRole('row').count(), WAIT).toBeGreaterThan(20);
      const split = row(/Market/).first();
      expect(await cell(split, 'category').textContent()).toBe('Split');
      expect(await cell(split, 'payment').textContent()).toBe('120.00');
      const lines = grid().locator('.reg-line');
      expect(await lines.count()).toBe(2);
      expect(await cell(lines.nth(1), 'payee').textContent()).toContain('Savings');
      expect(await cell(lines.nth(1), 'category').textContent()).toBe('Transfer');
      // New payees were created once each.
      await page.goto(`${server.url}/payees`);
      const payees = page.getByRole('table', { name: 'Payees' });
      await payees.getByRole('row', { name: /Kroger/ }).waitFor(WAIT);
      expect(await payees.getByRole('row', { name: /Kroger/ }).count()).toBe(1);
      await page.goBack();
      await row(/Market/)
        .first()
        .waitFor(WAIT);
      expect(errors).toEqual([]);
    });

    it('keeps the newest row at the top with the running balance after it', async () => {
      const newest = row(/Bookshop/);
      expect(await cell(newest, 'balance').textContent()).toBe(money(CHECKING_END - OPENING));
      const before = row(/Cafe/).first();
      expect(await cell(before, 'balance').textContent()).toBe(
        money(CHECKING_END - OPENING + 2399),
      );
    });

    it('edits an amount by click, Enter moves down, and undo and redo return it', async () => {
      const r = row(/Bookshop/);
      await cell(r, 'payment').click();
      const input = page.getByRole('textbox', { name: 'Payment' });
      await input.waitFor(WAIT);
      await k().type('30');
      await k().press('Enter');
      // The cursor moved down a row, still on Payment.
      await expect
        .poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")'), WAIT)
        .toBe('Payment');
      await k().press('Escape');
      await k().press('Escape');
      await expect.poll(() => headerBalance().textContent(), WAIT).toBe(money(CHECKING_END - 601));
      expect(await cell(r, 'balance').textContent()).toBe(money(CHECKING_END - OPENING - 601));
      await undo();
      await expect.poll(() => headerBalance().textContent(), WAIT).toBe(money(CHECKING_END));
      await redo();
      await expect.poll(() => headerBalance().textContent(), WAIT).toBe(money(CHECKING_END - 601));
      await undo();
      await expect.poll(() => cell(r, 'payment').textContent(), WAIT).toBe('23.99');
    });

    it('refuses a bad amount in place, keeping the text and the row in edit', async () => {
      const r = row(/Pharmacy/);
      await cell(r, 'payment').click();
      await k().type('12..x');
      await k().press('Enter');
      await page.getByRole('alert').waitFor(WAIT);
      await screenshotsAt(page, 'register-21-refused');
      expect(await page.getByRole('textbox', { name: 'Payment' }).inputValue()).toBe('12..x');
      await k().press('Escape');
      expect(await page.getByRole('textbox', { name: 'Payment' }).inputValue()).toBe('12.99');
      await k().press('Escape');
      expect(await page.getByRole('alert').count()).toBe(0);
    });

    it('moves through rows with the arrows and edits with Enter, keyboard only', async () => {
      const r = row(/Bookshop/);
      await cell(r, 'notes').click();
      await k().press('Escape');
      await expect
        .poll(() => page.evaluate('document.activeElement?.getAttribute("role")'))
        .toBe('row');
      await k().press('ArrowDown');
      await k().press('Enter');
      await page.getByRole('combobox', { name: 'Notes' }).waitFor(WAIT);
      await k().type('oat milk');
      await k().press('Enter');
      await k().press('Escape');
      await k().press('Escape');
      await expect
        .poll(() => cell(row(/Cafe.*4\.50/).first(), 'notes').textContent(), WAIT)
        .toBe('oat milk');
      await undo();
      await expect
        .poll(() => cell(row(/Cafe.*4\.50/).first(), 'notes').textContent(), WAIT)
        .toBe('');
      await redo();
      await expect
        .poll(() => cell(row(/Cafe.*4\.50/).first(), 'notes').textContent(), WAIT)
        .toBe('oat milk');
    });

    it('duplicates and deletes through the row menu and the selection, each undone and redone', async () => {
      const count = () => row(/Netflix/).count();
      await row(/Netflix/)
        .getByRole('button', { name: /Actions for/ })
        .click();
      await screenshotsAt(page, 'register-22-row-menu');
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await expect.poll(count, WAIT).toBe(2);
      await undo();
      await expect.poll(count, WAIT).toBe(1);
      await redo();
      await expect.poll(count, WAIT).toBe(2);
      // Select both and delete them.
      await row(/Netflix/)
        .first()
        .getByRole('checkbox')
        .click();
      await row(/Netflix/)
        .last()
        .getByRole('checkbox')
        .click({ modifiers: ['Shift'] });
      await page.getByRole('button', { name: /Actions for 2 selected/ }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect.poll(count, WAIT).toBe(0);
      await undo();
      await expect.poll(count, WAIT).toBe(2);
      await redo();
      await expect.poll(count, WAIT).toBe(0);
      await undo();
      await expect.poll(count, WAIT).toBe(2);
      // Back to one Netflix row: the duplicate goes.
      await row(/Netflix/)
        .first()
        .getByRole('button', { name: /Actions for/ })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect.poll(count, WAIT).toBe(1);
    });

    it('edits a split line and follows a transfer: the other side changes at once', async () => {
      const transferLine = grid().locator('.reg-line').nth(1);
      await cell(transferLine, 'payment').click();
      await k().type('40');
      // Tab, not Enter: Enter on a split's last line would add a line for what is left.
      await k().press('Tab');
      await k().press('Escape');
      // The lines no longer add up: what is left shows, and Distribute settles it.
      const left = grid().getByRole('status').filter({ hasText: 'Amount left' });
      await left.waitFor(WAIT);
      await screenshotsAt(page, 'register-23-amount-left');
      expect(await left.textContent()).toContain('10.00');
      await expect.poll(() => sidebarBalance('Savings').textContent(), WAIT).toBe(money(84000));
      await grid().getByRole('button', { name: 'Distribute' }).click();
      await expect.poll(() => left.count(), WAIT).toBe(0);
      await expect.poll(() => sidebarBalance('Savings').textContent(), WAIT).toBe(money(84500));
      await undo();
      await expect.poll(() => left.count(), WAIT).toBe(1);
      await undo();
      await expect.poll(() => sidebarBalance('Savings').textContent(), WAIT).toBe(money(85000));
      await expect.poll(() => left.count(), WAIT).toBe(0);
    });

    it('keeps Tab in a new split: through its lines to Add split line, never into a saved row', async () => {
      const market = await row(/Market/).count();
      await page.getByRole('button', { name: '+ Add New' }).click();
      await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
      await k().type('11/20/2025');
      await k().press('Tab');
      await k().type('Market');
      await k().press('Tab');
      await k().press('Tab');
      await k().type('Split');
      await k().press('Tab');
      await k().type('30');
      await k().press('Enter');
      const footer = grid().getByRole('row', { name: 'New transaction actions' });
      // The hint says what Enter and Tab do in a split.
      expect(await footer.textContent()).toContain('Enter in the last line adds a line');
      expect(await footer.textContent()).toContain('Tab moves through the lines');
      const focused = () =>
        page.evaluate(
          'document.activeElement?.getAttribute("aria-label") || document.activeElement?.textContent',
        );
      await expect.poll(focused, WAIT).toBe('Category of split line');
      await k().type('Groc');
      await k().press('Tab');
      await k().type('10');
      // Past the last field of the last line: the footer's control, not the saved row below.
      await k().press('Tab');
      await k().press('Tab');
      await expect.poll(focused, WAIT).toBe('Add split line');
      expect(
        await grid().locator('.vtable-row:not(.reg-draft) input:not([type=checkbox])').count(),
      ).toBe(0);
      await screenshotsAt(page, 'register-24-split-tab');
      // The visible control adds a line holding what is left, its category in edit.
      await k().press('Enter');
      await expect.poll(() => grid().locator('.reg-draft.reg-line').count(), WAIT).toBe(2);
      await expect.poll(focused, WAIT).toBe('Category of split line');
      await k().type('Transp');
      await k().press('Tab');
      await k().press('Tab');
      await k().press('Tab');
      await expect.poll(focused, WAIT).toBe('Add split line');
      expect(
        await grid().locator('.vtable-row:not(.reg-draft) input:not([type=checkbox])').count(),
      ).toBe(0);
      // Cancel, by keyboard too: nothing was saved.
      await k().press('Tab');
      await expect.poll(focused, WAIT).toBe('Cancel');
      await k().press('Enter');
      await expect.poll(() => grid().locator('.reg-draft').count(), WAIT).toBe(0);
      expect(await row(/Market/).count()).toBe(market);
    });

    it('has the core’s balances after a reload, and shows a second device’s edits in an open register', async () => {
      await page.reload();
      await row(/Bookshop/).waitFor(WAIT);
      // The balance shows nothing, never a false 0.00, until the core has sent it.
      await expect.poll(() => headerBalance().textContent(), WAIT).toBe(money(CHECKING_END));
      const checkingId = page.url().split('/accounts/')[1]!;
      await sidebar().getByText('More').click();
      await sidebar().getByText('Settings').click();
      await page.getByRole('button', { name: /show advanced settings/i }).click();
      const syncId = (await page
        .getByText('Sync ID:')
        .locator('..')
        .locator('code')
        .textContent())!;
      await sidebar()
        .getByRole('link', { name: /^Checking/ })
        .click();
      await row(/Bookshop/).waitFor(WAIT);
      // Start editing a note, then let the other device's change arrive.
      await cell(row(/Landlord/), 'notes').click();
      await k().type('November rent');

      const api = createRequire(import.meta.url)('../packages/api/dist/index.cjs');
      const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-register-'));
      try {
        await api.init({ dataDir, serverURL: server.url, password: PASSWORD });
        await api.downloadBudget(syncId);
        const accounts = await api.getAccounts();
        const balances: Record<string, number> = {};
        for (const a of accounts)
          balances[a.name] = await api.getAccountBalance(a.id, '2099-12-31');
        expect(balances).toEqual({ Checking: CHECKING_END, Savings: 85000, House: 25000000 });
        await api.addTransactions(checkingId, [
          {
            date: '2025-11-19',
            amount: -1234,
            payee_name: 'Second Device',
            notes: 'from the phone',
          },
        ]);
        await api.sync();
        await api.shutdown();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      // The sync runs while the note is still being typed (a click would end the edit first).
      await page.getByRole('button', { name: 'Sync', exact: true }).dispatchEvent('click');
      await row(/Second Device/).waitFor(WAIT);
      expect(await cell(row(/Second Device/), 'balance').textContent()).toBe(
        money(CHECKING_END - OPENING - 1234),
      );
      // The note being typed is still there, and saves.
      expect(await page.getByRole('combobox', { name: 'Notes' }).inputValue()).toBe(
        'November rent',
      );
      await k().press('Enter');
      await expect
        .poll(() => cell(row(/Landlord/), 'notes').textContent(), WAIT)
        .toBe('November rent');
      expect(errors).toEqual([]);
    });
  },
);

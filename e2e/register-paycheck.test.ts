import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BUILT, type ApiDevice, openApiDevice } from './helpers/api-device.ts';
import { MONTH, toBudget, useBudgetPage } from './helpers/budget.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

/**
 * The paycheck split (issue 21): a deposit into Checking split into the gross pay (Income) and a
 * contribution to an off-budget Retirement account, typed in the register by keyboard. Each split
 * line that names a transfer payee is its own transfer: Retirement receives the line's 500.00,
 * not the parent's 2,500.00, and the budget sees 3,000.00 of income and 500.00 spent from
 * Savings Goals. Deleting the split takes the other side with it.
 */
describe.runIf(BUILT && API_BUILT)(
  'the paycheck split with a transfer line, in Chromium',
  { timeout: 120_000 },
  () => {
    let session: Session;
    let page: Page;
    let device: ApiDevice | undefined;
    const b = useBudgetPage(() => page);

    const k = () => page.keyboard;
    const grid = () => page.getByRole('main').getByRole('grid');
    const cell = (r: Locator, col: string) => r.locator(`[data-col=${col}]`);
    const sidebarBalance = (name: string) =>
      session.first
        .sidebar()
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .locator('.amount');
    const focused = (attr: string) =>
      page.evaluate<string | null>(`document.activeElement?.getAttribute('${attr}') ?? null`);
    const [year, month] = MONTH.split('-');
    const payday = `${month}/01/${year}`;

    async function openAccount(name: string): Promise<void> {
      await session.first
        .sidebar()
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .click();
      await page.getByRole('main').getByRole('heading', { name }).waitFor(WAIT);
    }

    /** Reads the budget through the core on a second device, after syncing what the browser wrote. */
    async function coreView() {
      const api = device!.api as ApiDevice['api'] & {
        getTransactions(account: string, start: string, end: string): Promise<Tx[]>;
      };
      await api.sync();
      const accounts = await api.getAccounts();
      const id = (name: string) => accounts.find((a) => a.name === name)!.id;
      const during = (name: string) => api.getTransactions(id(name), `${MONTH}-01`, `${MONTH}-28`);
      return { checking: await during('Checking'), retirement: await during('Retirement') };
    }

    beforeAll(async () => {
      session = await startSession();
      page = session.first.page;
      await bootstrapServer(page, session.server.url, PASSWORD);
      await page.getByRole('button', { name: 'Create new file' }).click();
      await session.first.sidebar().waitFor(WAIT);
      for (const [name, balance, offBudget] of [
        ['Checking', '1000', false],
        ['Retirement', '0', true],
      ] as const) {
        await session.first.sidebar().getByRole('button', { name: '+ Add account' }).click();
        await createLocalAccount(page, name, balance, { offBudget });
      }
    });
    afterAll(async () => {
      await device?.close();
      await session?.close();
    });

    it('enters the paycheck by keyboard: 2,500.00 to Checking, 500.00 to Retirement', async () => {
      await openAccount('Checking');
      await page.getByRole('button', { name: '+ Add New' }).focus();
      await k().press('Enter');
      await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
      await k().type(payday);
      await k().press('Tab');
      await k().type('Employer');
      await k().press('Tab');
      await k().press('Tab');
      await k().type('Split');
      // Category → Payment → Deposit: the take-home pay.
      await k().press('Tab');
      await k().press('Tab');
      await k().type('2500');
      await k().press('Enter');
      // The first line: the gross pay, as income.
      await k().type('Income');
      await k().press('Tab');
      await k().press('Tab');
      await k().type('3000');
      await k().press('Enter');
      // The second line holds what is left (a 500.00 payment); its payee is the transfer, and an
      // off-budget account keeps the line's category.
      await k().press('Shift+Tab');
      await k().press('Shift+Tab');
      await k().type('Retirement');
      await k().press('Tab');
      await k().press('Tab');
      await k().type('Savings Goals');
      await k().press('Tab');
      expect(await focused('aria-label')).toMatch(/^Payment/);
      await k().press('Enter');
      await k().press('Escape');
      await k().press('Escape');

      await expect.poll(() => sidebarBalance('Checking').textContent(), WAIT).toBe('3,500.00');
      await expect.poll(() => sidebarBalance('Retirement').textContent(), WAIT).toBe('500.00');
      const parent = grid().locator('.reg-txn').filter({ hasText: 'Employer' });
      expect(await cell(parent, 'category').textContent()).toBe('Split');
      expect(await cell(parent, 'deposit').textContent()).toBe('2,500.00');
      const lines = grid().locator('.reg-line');
      await expect.poll(() => lines.count(), WAIT).toBe(2);
      expect(await cell(lines.nth(0), 'category').textContent()).toBe('Income');
      expect(await cell(lines.nth(0), 'deposit').textContent()).toBe('3,000.00');
      expect(await cell(lines.nth(1), 'payee').textContent()).toContain('Retirement');
      expect(await cell(lines.nth(1), 'category').textContent()).toBe('Savings Goals');
      expect(await cell(lines.nth(1), 'payment').textContent()).toBe('500.00');

      // The other side: one deposit of the line's amount, from Checking.
      await openAccount('Retirement');
      const other = grid().locator('.reg-txn').filter({ hasText: 'Checking' });
      await other.waitFor(WAIT);
      expect(await cell(other, 'deposit').textContent()).toBe('500.00');
      expect(session.first.errors).toEqual([]);
    });

    it('shows the budget 3,000.00 of income and 500.00 spent from Savings Goals', async () => {
      await session.first.goTo('Budget');
      await b.table().waitFor(WAIT);
      // 1,000.00 opening balance and 3,000.00 gross pay; the contribution is spending.
      await expect.poll(() => toBudget(page, MONTH), WAIT).toBe(400000);
      expect(await b.figure(MONTH, 'Available funds')).toBe(400000);
      expect(await b.spent('Savings Goals', MONTH)).toBe(-50000);
      expect(await b.balance('Savings Goals', MONTH)).toBe(-50000);
    });

    it('is stored as Coffer and Actual store it: the line is the transfer, the parent is not', async () => {
      device = await openApiDevice(session.server.url, PASSWORD, 'My Finances');
      const read = async () => {
        const view = await coreView();
        return view.retirement.filter((t) => t.amount !== 0).length;
      };
      // The browser's rows reach the server with its next sync.
      await expect.poll(read, WAIT).toBe(1);
      const { checking, retirement } = await coreView();
      const paycheck = checking.find((t) => t.subtransactions?.length)!;
      expect(paycheck.amount).toBe(250000);
      expect(paycheck.transfer_id ?? null).toBeNull();
      const [gross, contribution] = [...paycheck.subtransactions!].sort(
        (x, y) => y.amount - x.amount,
      );
      expect(gross!.amount).toBe(300000);
      expect(gross!.transfer_id ?? null).toBeNull();
      expect(contribution!.amount).toBe(-50000);
      const deposit = retirement.find((t) => t.amount !== 0)!;
      expect(deposit.amount).toBe(50000);
      expect(contribution!.transfer_id).toBe(deposit.id);
      expect(deposit.transfer_id).toBe(contribution!.id);
    });

    it('deleting the split takes the other side with it, and the budget follows', async () => {
      await openAccount('Checking');
      const parent = grid().locator('.reg-txn').filter({ hasText: 'Employer' });
      await cell(parent, 'notes').click();
      await k().press('Escape');
      await expect.poll(() => focused('role'), WAIT).toBe('row');
      await k().press('Tab');
      expect(await focused('aria-label')).toMatch(/^Actions for /);
      await k().press('Enter');
      await page.getByRole('menu').waitFor(WAIT);
      await page.getByRole('menuitem', { name: 'Delete' }).focus();
      await k().press('Enter');
      await expect.poll(() => sidebarBalance('Retirement').textContent(), WAIT).toBe('0.00');
      expect(await sidebarBalance('Checking').textContent()).toBe('1,000.00');
      await session.first.goTo('Budget');
      await expect.poll(() => b.spent('Savings Goals', MONTH), WAIT).toBe(0);
      expect(await toBudget(page, MONTH)).toBe(100000);

      // And undo brings both sides back (and returns to the register where the delete was made).
      await k().press('Control+z');
      await expect.poll(() => sidebarBalance('Retirement').textContent(), WAIT).toBe('500.00');
      await page.waitForURL(/\/accounts\//, WAIT);
      await grid().locator('.reg-txn').filter({ hasText: 'Employer' }).waitFor(WAIT);
      await session.first.goTo('Budget');
      await expect.poll(() => b.spent('Savings Goals', MONTH), WAIT).toBe(-50000);
      expect(session.first.errors).toEqual([]);
    });

    it('offers the split itself to link to a schedule', async () => {
      await openAccount('Checking');
      const parent = grid().locator('.reg-txn').filter({ hasText: 'Employer' });
      await parent.getByRole('checkbox').click();
      await page.getByRole('button', { name: /Actions for 1 selected/ }).click();
      await page.getByRole('menuitem', { name: 'Link schedule', exact: true }).click();
      await page.getByRole('heading', { name: '1 selected transaction' }).waitFor(WAIT);
      const listed = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
      await listed.filter({ hasText: 'Employer' }).waitFor(WAIT);
      expect(await listed.filter({ hasText: '2,500.00' }).count()).toBe(1);
    });
  },
);

interface Tx {
  id: string;
  amount: number;
  transfer_id?: string | null;
  subtransactions?: Tx[];
}

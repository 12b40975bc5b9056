import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BUILT, type ApiDevice, openApiDevice } from './helpers/api-device.ts';
import { budgetCell, monthTitle, shownMonth, useBudgetPage } from './helpers/budget.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, importNynab } from './helpers/steps.ts';

/** A month of the demo budget's data; the month before it has a budget to copy. */
const MONTH = '2023-09';

/**
 * Every month-menu action on the imported nYNAB demo budget, each checked against the core:
 * after it, a second device (Coffer's Node API) syncs and its `getBudgetMonth` must give what
 * the page shows, for every category. The goal templates' check, apply, overwrite and
 * cleanup run the same way, with the engine's line-numbered errors shown.
 */
describe.runIf(BUILT && API_BUILT)(
  'month actions on the nYNAB demo budget',
  { timeout: 120_000 },
  () => {
    let session: Session;
    let page: Page;
    let device: ApiDevice;
    const b = useBudgetPage(() => page);

    /** The page and the core (through the second device, after the sync) agree on the month. */
    async function agree() {
      const canonical = (m: Record<string, number>) => JSON.stringify(Object.entries(m).sort());
      await expect
        .poll(
          async () => {
            await device.api.sync();
            const core = await device.api.getBudgetMonth(MONTH);
            const shown = await shownMonth(page, MONTH);
            const budgeted: Record<string, number> = {};
            const balance: Record<string, number> = {};
            for (const group of core.categoryGroups) {
              if (group.is_income || group.hidden) continue;
              for (const c of group.categories) {
                if (c.hidden) continue;
                budgeted[c.name] = c.budgeted;
                balance[c.name] = c.balance;
              }
            }
            const page_ = `${shown.toBudget} ${canonical(shown.budgeted)} ${canonical(shown.balance)}`;
            const core_ = `${core.toBudget} ${canonical(budgeted)} ${canonical(balance)}`;
            return page_ === core_ ? 'same' : `page ${page_}\ncore ${core_}`;
          },
          { timeout: 20_000 },
        )
        .toBe('same');
    }

    beforeAll(async () => {
      session = await startSession();
      page = session.first.page;
    });
    afterAll(async () => {
      await device?.close();
      await session?.close();
    });

    it('imports the demo budget and opens one of its months', async () => {
      await bootstrapServer(page, session.server.url, PASSWORD);
      await importNynab(page);
      await page.goto(`${session.server.url}/budget?month=${MONTH}`);
      await b.table().waitFor(WAIT);
      await page.getByRole('heading', { name: monthTitle(MONTH) }).waitFor(WAIT);
      device = await openApiDevice(session.server.url, PASSWORD, 'Test');
    });

    it('copies last month, sets averages and zeros, each as the core computes it', async () => {
      expect(await b.balance('Groceries', MONTH)).not.toBeNaN();
      await b.monthAction(MONTH, 'Copy last month’s budget');
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(10000);
      await agree();
      await b.monthAction(MONTH, 'Set all budgets to 3-month averages');
      await agree();
      await b.monthAction(MONTH, 'Set all budgets to zero');
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(0);
      await agree();
      // A month action is one undo step over every category it set.
      const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
      await page.getByRole('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press(`${mod}+z`); // the zeros
      await page.keyboard.press(`${mod}+z`); // the averages
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(10000);
      await agree();
      await page.keyboard.press(`${mod}+z`); // the copy
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(0);
      await page.keyboard.press(`${mod}+Shift+z`);
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(10000);
      await page.keyboard.press(`${mod}+Shift+z`);
      await page.keyboard.press(`${mod}+Shift+z`);
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(0);
      await agree();
    });

    it('moves available funds, holds money and resets the hold', async () => {
      await b.monthAction(MONTH, 'Move available funds to a category…');
      let dialog = page.getByRole('dialog', { name: 'Move available funds' });
      await dialog.getByLabel('Amount').fill('25');
      await dialog.getByRole('combobox', { name: 'To' }).fill('Groceries');
      // The first Enter picks the category; only the second, nothing open, moves the money.
      await page.keyboard.press('Enter');
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(2500);
      await agree();
      await b.monthAction(MONTH, 'Hold for next month…');
      dialog = page.getByRole('dialog', { name: 'Hold for next month' });
      await dialog.getByLabel('Amount').fill('10');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => b.figure(MONTH, 'For next month'), WAIT).toBe(-1000);
      await agree();
      expect((await device.api.getBudgetMonth(MONTH)).forNextMonth).toBe(1000);
      await b.monthAction(MONTH, 'Reset hold');
      await expect.poll(() => b.figure(MONTH, 'For next month'), WAIT).toBe(0);
      await agree();
    });

    it('checks, applies, overwrites and cleans up goal templates', async () => {
      await session.first.goTo('Settings');
      await page.getByRole('button', { name: /show advanced settings/i }).click();
      await page.getByRole('button', { name: /I understand the risks/ }).click();
      await page.getByLabel('Goal templates').check();
      await page.goto(`${session.server.url}/budget?month=${MONTH}`);
      await b.table().waitFor(WAIT);
      const note = async (category: string, text: string) => {
        const row = page.getByRole('row', { name: category, exact: true });
        await row.getByRole('button', { name: new RegExp(`notes`, 'i') }).click();
        await page.getByLabel(`Notes for ${category}`).fill(text);
        await page.getByRole('button', { name: 'Done' }).click();
      };
      await note('Groceries', '#template 12.34');
      await note('Eating Out', 'dinners\n#template 40 by 2023-13');
      await b.monthAction(MONTH, 'Check templates');
      await page.getByText('Some template lines have problems:').waitFor(WAIT);
      await page.getByText(/Eating Out, line 2: '2023-13' is not a valid month/).waitFor(WAIT);
      await note('Eating Out', 'dinners\n#template 40');
      await b.monthAction(MONTH, 'Check templates');
      await page.getByText('All templates are valid.').waitFor(WAIT);

      await b.monthAction(MONTH, 'Apply templates');
      await expect.poll(() => b.readBudgetedOf('Eating Out', MONTH), WAIT).toBe(4000);
      // Apply leaves a category that already has a budget alone; overwrite does not.
      expect(await b.readBudgetedOf('Groceries', MONTH)).toBe(2500);
      await agree();
      await b.monthAction(MONTH, 'Overwrite with templates');
      await expect.poll(() => b.readBudgetedOf('Groceries', MONTH), WAIT).toBe(1234);
      await agree();
      await b.monthAction(MONTH, 'End-of-month cleanup');
      await agree();
      expect(session.first.errors).toEqual([]);
    });

    it('converges when two devices edit the same month', async () => {
      const { api } = device;
      await api.sync();
      const transport = (await api.getCategories()).find((c) => c.name === 'Transportation')!;
      await api.setBudgetAmount(MONTH, transport.id, 4321);
      await budgetCell(page, 'Electric', MONTH).fill('55');
      await page.keyboard.press('Enter');
      await api.sync();
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await expect.poll(() => b.readBudgetedOf('Transportation', MONTH), WAIT).toBe(4321);
      await agree();
      const electric = (await api.getBudgetMonth(MONTH)).categoryGroups
        .flatMap((g) => g.categories)
        .find((c) => c.name === 'Electric');
      expect(electric?.budgeted).toBe(5500);
    });
  },
);

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BUILT, type ApiDevice, openApiDevice } from './helpers/api-device.ts';
import {
  budgetCell,
  MONTH,
  monthAfter,
  monthTitle,
  readBudgeted,
  toBudget,
  useBudgetPage,
} from './helpers/budget.ts';
import { expectWholeFigures, SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

const NEXT = monthAfter(MONTH);
const BUDGET_SIZES = {
  '1280': { width: 1280, height: 800 },
  '1100': { width: 1100, height: 800 },
  '390': { width: 390, height: 844 },
};

/**
 * The envelope budget in Chromium on a new budget (3,000.00 in Checking, this month): budgeting
 * by keyboard with arithmetic and refusals, overspending and its rollover, holding money,
 * transfers and covers, goals, undo and redo of each kind of edit, the budget type switch.
 * Transactions come from a second device (Coffer's Node API) through the server.
 */
describe.runIf(BUILT && API_BUILT)('the envelope budget in Chromium', { timeout: 120_000 }, () => {
  let session: Session;
  let page: Page;
  let device: ApiDevice;
  const b = useBudgetPage(() => page);

  /** The second device adds transactions to Checking and syncs; the page syncs after it. */
  async function spend(category: string, amount: number, day = '10') {
    const { api } = device;
    await api.sync();
    const account = (await api.getAccounts()).find((a) => a.name === 'Checking')!;
    const cat = (await api.getCategories()).find((c) => c.name === category)!;
    await api.addTransactions(account.id, [
      { date: `${MONTH}-${day}`, amount, category: cat.id, notes: `${category} ${amount}` },
    ]);
    await api.sync();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
  }

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await device?.close();
    await session?.close();
  });

  it('opens a new budget on this month, two months side by side', async () => {
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await session.first.sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '3000');
    await session.first.goTo('Budget');
    await b.table().waitFor(WAIT);
    await page.getByRole('button', { name: 'Show 2 months' }).click();
    await page.getByRole('heading', { name: monthTitle(NEXT) }).waitFor(WAIT);
    await expect.poll(() => toBudget(page, MONTH), WAIT).toBe(300000);
    // This month is marked in the strip and on its column.
    const thisMonth = `${monthTitle(MONTH).slice(0, 3)} ${MONTH.slice(0, 4)} (this month)`;
    await page.getByRole('button', { name: thisMonth }).waitFor();
    device = await openApiDevice(session.server.url, PASSWORD, 'My Finances');
  });

  it('budgets a month by keyboard only, with arithmetic, refusals and Escape', async () => {
    await budgetCell(page, 'Groceries', MONTH).focus();
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    // Enter saved and moved down a row.
    await expect.poll(() => b.focusedLabel()).toBe(`Budgeted for Eating Out, ${monthTitle(MONTH)}`);
    await page.keyboard.type('120+35.50');
    await page.keyboard.press('Enter');
    await page.keyboard.type('=300/2');
    await page.keyboard.press('Tab');
    // Tab saved and moved across to the next month, same category.
    await expect.poll(() => b.focusedLabel()).toBe(`Budgeted for Transport, ${monthTitle(NEXT)}`);
    await page.keyboard.type('40');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => b.focusedLabel()).toBe(`Budgeted for Transport, ${monthTitle(MONTH)}`);
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => b.focusedLabel()).toBe(`Budgeted for Eating Out, ${monthTitle(MONTH)}`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => b.focusedLabel()).toBe(`Budgeted for Groceries, ${monthTitle(MONTH)}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // Escape puts the typed text back; nothing is saved.
    await page.keyboard.type('999');
    await page.keyboard.press('Escape');
    expect(await budgetCell(page, 'Transport', MONTH).inputValue()).toBe('150.00');

    // To Budget, the group total and the balance follow without a reload.
    await expect.poll(() => toBudget(page, MONTH), WAIT).toBe(300000 - 30000 - 15550 - 15000);
    await expect.poll(() => toBudget(page, NEXT), WAIT).toBe(300000 - 30000 - 15550 - 15000 - 4000);
    expect(await readBudgeted(page, 'Eating Out', MONTH)).toBe(15550);
    expect(await b.groupBudgeted('Everyday', MONTH)).toBe(30000 + 15550 + 15000);
    expect(await b.balance('Groceries', MONTH)).toBe(30000);

    // Text that is not an amount, and an amount beyond ±(2^51−1), are refused in place.
    const household = budgetCell(page, 'Household', MONTH);
    await household.focus();
    await page.keyboard.type('12..x+');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Enter a number' }).waitFor(WAIT);
    expect(await household.inputValue()).toBe('12..x+');
    expect(await b.focusedLabel()).toBe(`Budgeted for Household, ${monthTitle(MONTH)}`);
    await household.fill('99999999999999999');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'This amount is too large' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    expect(await household.inputValue()).toBe('0.00');
    expect(await toBudget(page, MONTH)).toBe(300000 - 30000 - 15550 - 15000);
    // The other device, once synced, reads the same month through the core.
    await expect
      .poll(async () => {
        await device.api.sync();
        const m = await device.api.getBudgetMonth(MONTH);
        const cats = Object.fromEntries(
          m.categoryGroups.flatMap((g) => g.categories).map((c) => [c.name, c.budgeted]),
        );
        return [m.toBudget, cats['Groceries'], cats['Eating Out'], cats['Transport']];
      }, WAIT)
      .toEqual([300000 - 30000 - 15550 - 15000, 30000, 15550, 15000]);
  });

  it('overspends a category: next month’s To Budget drops; rollover carries it instead', async () => {
    const before = await toBudget(page, NEXT);
    await spend('Groceries', -45000);
    await expect.poll(() => b.balance('Groceries', MONTH), WAIT).toBe(-15000);
    expect(await b.balanceIsRed('Groceries', MONTH)).toBe(true);
    await expect.poll(() => toBudget(page, NEXT), WAIT).toBe(before - 15000);
    expect(await b.figure(NEXT, `Overspent in ${monthTitle(MONTH).slice(0, 3)}`)).toBe(-15000);

    // Rollover overspending: the balance carries into next month; To Budget is spared.
    await b.cellAction('Groceries', MONTH, 'Roll over overspending');
    await expect.poll(() => toBudget(page, NEXT), WAIT).toBe(before);
    expect(await b.balance('Groceries', NEXT)).toBe(-15000);
    await page
      .getByRole('button', { name: /^Balance of Groceries, .*overspending rolls over$/ })
      .first()
      .waitFor(WAIT);
  });

  it('holds money for next month and resets the hold', async () => {
    const now = await toBudget(page, MONTH);
    const next = await toBudget(page, NEXT);
    const available = await b.figure(NEXT, 'Available funds');
    await b.monthAction(MONTH, 'Hold for next month…');
    const dialog = page.getByRole('dialog', { name: 'Hold for next month' });
    await dialog.getByLabel('Amount').fill('200');
    await dialog.getByRole('button', { name: 'Hold' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => toBudget(page, MONTH), WAIT).toBe(now - 20000);
    expect(await b.figure(MONTH, 'For next month')).toBe(-20000);
    // Held money arrives next month (from last month), where To Budget already counted it.
    expect(await toBudget(page, NEXT)).toBe(next);
    expect(await b.figure(NEXT, 'Available funds')).toBe(available);
    await b.monthAction(MONTH, 'Reset hold');
    await expect.poll(() => toBudget(page, MONTH), WAIT).toBe(now);
    expect(await toBudget(page, NEXT)).toBe(next);
  });

  it('transfers between categories and covers an overspend', async () => {
    await b.balanceAction('Eating Out', MONTH, 'Transfer to another category…');
    let dialog = page.getByRole('dialog', { name: 'Transfer to another category' });
    await dialog.getByLabel('Amount').fill('55.50');
    await dialog.getByRole('combobox', { name: 'To' }).fill('Gener');
    // The first Enter only takes the highlighted category: nothing moves before it is seen.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'To' }).inputValue())
      .toBe('General');
    expect(await dialog.getByRole('listbox').count()).toBe(0);
    expect(await readBudgeted(page, 'General', MONTH)).toBe(0);
    // A second Enter, with nothing open, submits.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => b.balance('Eating Out', MONTH), WAIT).toBe(10000);
    expect(await readBudgeted(page, 'General', MONTH)).toBe(5550);

    // Groceries is 150.00 overspent; Transport (150.00) covers it.
    await b.balanceAction('Groceries', MONTH, 'Cover overspending…');
    dialog = page.getByRole('dialog', { name: 'Cover overspending' });
    await dialog.getByRole('combobox', { name: 'From' }).fill('Transport');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'From' }).inputValue())
      .toBe('Transport');
    expect(await b.balance('Groceries', MONTH)).toBe(-15000);
    await dialog.getByRole('button', { name: 'Cover' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => b.balance('Groceries', MONTH), WAIT).toBe(0);
    expect(await b.balance('Transport', MONTH)).toBe(0);
    expect(await readBudgeted(page, 'Groceries', MONTH)).toBe(45000);
  });

  it('undoes and redoes each kind of edit, returning to the month it was made in', async () => {
    const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
    const undo = () => page.keyboard.press(`${mod}+z`);
    const redo = () => page.keyboard.press(`${mod}+Shift+z`);
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    // The cover (two budget rows in one step).
    await undo();
    await expect.poll(() => b.balance('Groceries', MONTH), WAIT).toBe(-15000);
    expect(await b.balance('Transport', MONTH)).toBe(15000);
    await redo();
    await expect.poll(() => b.balance('Groceries', MONTH), WAIT).toBe(0);
    await undo(); // the cover
    await undo(); // the transfer
    await expect.poll(() => b.balance('Eating Out', MONTH), WAIT).toBe(15550);
    await undo(); // reset hold: the hold is back
    await expect.poll(() => b.figure(MONTH, 'For next month'), WAIT).toBe(-20000);
    await undo(); // the hold
    await expect.poll(() => b.figure(MONTH, 'For next month'), WAIT).toBe(0);
    await undo(); // rollover overspending
    await expect.poll(() => b.balance('Groceries', NEXT), WAIT).toBe(0);
    await redo();
    await expect.poll(() => b.balance('Groceries', NEXT), WAIT).toBe(-15000);
    await redo();
    await redo();
    await redo();
    await redo();
    await expect.poll(() => b.balance('Groceries', MONTH), WAIT).toBe(0);

    // A budget amount typed two months on: undo from another month comes back to it.
    await page.getByRole('button', { name: 'Next month' }).click();
    const later = monthAfter(NEXT);
    await budgetCell(page, 'Household', later).fill('77');
    await page.keyboard.press('Enter');
    await expect.poll(() => readBudgeted(page, 'Household', later), WAIT).toBe(7700);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('heading', { name: monthTitle(MONTH) }).waitFor(WAIT);
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await undo();
    await page.waitForURL(new RegExp(`month=${NEXT}`), WAIT);
    await expect.poll(() => readBudgeted(page, 'Household', later), WAIT).toBe(0);
    await redo();
    await expect.poll(() => readBudgeted(page, 'Household', later), WAIT).toBe(7700);
  });

  it('sets a goal in the form and applies it', async () => {
    await page.goto(`${session.server.url}/budget?month=${MONTH}`);
    await b.table().waitFor(WAIT);
    await b.categoryAction('Household', 'Set goal…');
    const dialog = page.getByRole('dialog', { name: 'Goal for Household' });
    await dialog.getByLabel('Budget an amount each month').check();
    await dialog.getByLabel('Amount each month', { exact: true }).fill('1,234.50');
    await dialog.getByLabel('Up to (optional)', { exact: true }).fill('5000');
    await dialog.getByText('#template 1234.50 up to 5000').waitFor();
    await dialog.getByRole('button', { name: `Save and apply to ${monthTitle(MONTH)}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => readBudgeted(page, 'Household', MONTH), WAIT).toBe(123450);
    await page
      .getByRole('row', { name: 'Household' })
      .getByRole('img', { name: 'Goal 100% reached' })
      .first()
      .waitFor(WAIT);
    // The note holds the template line Actual reads.
    await page
      .getByRole('row', { name: 'Household' })
      .getByRole('button', { name: /Household notes: #template 1234.50 up to 5000/ })
      .waitFor(WAIT);
  });

  it('switches to tracking and back with the figures unchanged', async () => {
    const envelope = await b.snapshot(MONTH);
    await session.first.goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    await page.getByRole('button', { name: /I understand the risks/ }).click();
    await page.getByLabel('Budget mode toggle').check();
    await session.first.goTo('Budget');
    await page.getByRole('button', { name: 'Switch to tracking budget' }).click();
    await page.getByText('Tracking budget', { exact: true }).waitFor(WAIT);
    await page.getByRole('columnheader', { name: `Remaining, ${monthTitle(MONTH)}` }).waitFor(WAIT);
    // The tracking budget has its own amounts (none yet); the spending is the same.
    expect(await readBudgeted(page, 'Groceries', MONTH)).toBe(0);
    expect(await b.spent('Groceries', MONTH)).toBe(-45000);
    await budgetCell(page, 'Groceries', MONTH).fill('500');
    await page.keyboard.press('Enter');
    await expect.poll(() => b.balance('Groceries', MONTH), WAIT).toBe(5000);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'budget-light-1280-tracking.png') });
    await page.getByRole('button', { name: 'Switch to envelope budget' }).click();
    await page.getByText('Envelope budget', { exact: true }).waitFor(WAIT);
    await expect.poll(() => toBudget(page, MONTH), WAIT).toBe(envelope.toBudget);
    expect(await b.snapshot(MONTH)).toEqual(envelope);
    expect(session.first.errors).toEqual([]);
  });

  it('looks right at three widths in the light and dark themes', async () => {
    const { api } = device;
    await api.sync();
    const account = (await api.getAccounts()).find((a) => a.name === 'Checking')!;
    const ids = Object.fromEntries((await api.getCategories()).map((c) => [c.name, c.id]));
    await api.addTransactions(
      account.id,
      [
        ['Housing', -95000],
        ['Utilities', -8423],
        ['Phone & Internet', -6500],
        ['Household', -3150],
        ['Subscriptions', -1599],
        ['Eating Out', -4275],
        ['Income', 420000],
      ].map(([name, amount], i) => ({
        date: `${MONTH}-${String(i + 2).padStart(2, '0')}`,
        amount,
        category: ids[name as string],
      })),
    );
    await api.sync();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect.poll(() => b.spent('Housing', MONTH), WAIT).toBe(-95000);
    await budgetCell(page, 'Housing', MONTH).fill('1000');
    await page.keyboard.press('Enter');
    await budgetCell(page, 'Utilities', MONTH).fill('80');
    await page.keyboard.press('Enter');

    await session.first.goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    await page.getByRole('button', { name: /I understand the risks/ }).click();
    await page.getByLabel('Dark mode').check();
    await session.first.goTo('Budget');
    await b.table().waitFor(WAIT);
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark')
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      for (const [name, size] of Object.entries(BUDGET_SIZES)) {
        await page.setViewportSize(size);
        // A phone gets the budget made for touch: a list of categories, not the table.
        const phone = size.width < 512;
        const view = phone ? page.getByRole('list', { name: /^Categories, / }) : b.table();
        await view.waitFor(WAIT);
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `budget-${theme}-${name}.png`) });
        await expectWholeFigures(page, `budget-${theme}-${name}`);
        // Nothing cut off: every category and group name is shown whole at every width.
        const names = phone
          ? view.locator('.pb-name')
          : view.getByRole('rowheader').getByRole('button', { expanded: false });
        const cut = await names.evaluateAll((els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
        );
        expect(cut, `${theme} ${name}`).toEqual([]);
      }
      await page.setViewportSize(SIZES.desktop);
    }
    await b.balanceAction('Utilities', MONTH, 'Transfer to another category…');
    await page.getByRole('dialog', { name: 'Transfer to another category' }).waitFor(WAIT);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'budget-dark-transfer.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page
      .getByRole('button', { name: new RegExp(`^To Budget in ${monthTitle(MONTH)}`) })
      .click();
    await page.getByRole('dialog', { name: 'Budget Details' }).waitFor(WAIT);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'budget-light-details.png') });
    await page.keyboard.press('Escape');
    await b.categoryAction('Household', 'Set goal…');
    await page.getByRole('dialog', { name: 'Goal for Household' }).waitFor(WAIT);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'budget-light-goal.png') });
    await page.keyboard.press('Escape');
    expect(session.first.errors).toEqual([]);
  });
});

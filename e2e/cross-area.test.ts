import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTH, monthTitle } from './helpers/budget.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, importNynab } from './helpers/steps.ts';

/**
 * The calls between working areas (CONTRACTS.md), walked as a person would on the imported
 * nYNAB demo budget, by keyboard where the app offers it: the register's row menu asks the rules
 * why ('rule-trace'); selected rows open the rule editor with their conditions ('edit-rule') and
 * the schedule link page ('/schedule/link'); a Spent amount on the budget opens the register
 * filtered ('state.filter'); the account menu, and a file dropped on the register, open the
 * import modal ('import-transactions').
 */
describe.runIf(BUILT)('calls between the working areas', { timeout: 120_000 }, () => {
  let session: Session;
  let page: Page;

  const k = () => page.keyboard;
  const grid = () => page.getByRole('main').getByRole('grid');
  const rows = () => grid().locator('.reg-txn');
  const cell = (r: Locator, col: string) => r.locator(`[data-col=${col}]`);
  const store = () => rows().filter({ has: page.getByText('Store', { exact: true }) });
  const focused = (attr: string) =>
    page.evaluate<string | null>(`document.activeElement?.getAttribute('${attr}') ?? null`);

  /** Puts keyboard focus on a register row (a click on its notes opens the field; Escape). */
  async function focusRow(r: Locator): Promise<void> {
    await cell(r, 'notes').click();
    await k().press('Escape');
    await expect.poll(() => focused('role'), WAIT).toBe('row');
  }

  /** In an open menu: type an item's first letters (no spaces: Space would press it), Enter. */
  async function choose(item: string): Promise<void> {
    await page.getByRole('menu').waitFor(WAIT);
    await k().type(item.slice(0, 3).trim());
    await expect.poll(() => focused('data-text'), WAIT).toBe(item);
    await k().press('Enter');
  }

  async function openAccount(name: string): Promise<void> {
    await session.first
      .sidebar()
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .click();
    await page.getByRole('main').getByRole('heading', { name }).waitFor(WAIT);
    await rows().first().waitFor(WAIT);
  }

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await importNynab(page);
  });
  afterAll(async () => {
    await session?.close();
  });

  it("a row's menu asks the rules why: 'Why did this happen?'", async () => {
    await openAccount('Checking');
    const groceries = store().filter({ hasText: 'Groceries' });
    await focusRow(groceries);
    // From the row, Tab reaches its actions button; Enter opens the menu.
    await k().press('Tab');
    expect(await focused('aria-label')).toMatch(/^Actions for /);
    await k().press('Enter');
    await choose('Why did this happen?');
    const why = page.getByRole('dialog', { name: 'Why did this happen?' });
    const tx = why.getByRole('definition');
    await tx.first().waitFor(WAIT);
    expect(await tx.allTextContents()).toEqual(
      expect.arrayContaining(['Store', 'Groceries', '-100.00']),
    );
    await k().press('Escape');
    await expect.poll(() => why.count(), WAIT).toBe(0);
    expect(session.first.errors).toEqual([]);
  });

  it('selected rows open the rule editor with their conditions, then the schedule link page', async () => {
    // Both Store payments, selected from the keyboard (Space on a focused row).
    for (const i of [0, 1]) {
      await focusRow(store().nth(i));
      await k().press(' ');
    }
    const bulk = page.getByRole('button', { name: 'Actions for 2 selected transactions' });
    await bulk.focus();
    await k().press('Enter');
    await choose('Create rule');
    const rule = page.getByRole('dialog', { name: 'Rule' });
    await rule.waitFor(WAIT);
    expect(await rule.getByLabel('Condition 1 field').inputValue()).toBe('payee');
    expect(await rule.getByLabel('Condition 1 value', { exact: true }).inputValue()).toBe('Store');
    expect(await rule.getByLabel('Condition 2 field').inputValue()).toBe('amount');
    expect(await rule.getByLabel('Condition 2 value', { exact: true }).inputValue()).toMatch(
      /100\.00/,
    );
    expect(await rule.getByLabel('Condition 3 field').count()).toBe(0);
    await k().press('Escape');
    await expect.poll(() => rule.count(), WAIT).toBe(0);

    // Escape on a row clears the selection; two payments that are not splits go to a schedule.
    await focusRow(store().first());
    await k().press('Escape');
    await expect.poll(() => bulk.count(), WAIT).toBe(0);
    for (const r of [
      store().filter({ hasText: 'Groceries' }),
      rows().filter({ hasText: 'Work' }),
    ]) {
      await focusRow(r);
      await k().press(' ');
    }
    await bulk.focus();
    await k().press('Enter');
    await choose('Link schedule');
    await page.waitForURL(/\/schedule\/link$/, WAIT);
    await page.getByRole('heading', { name: '2 selected transactions' }).waitFor(WAIT);
    const picked = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
    await picked.filter({ hasText: 'Store' }).waitFor(WAIT);
    await picked.filter({ hasText: 'Work' }).waitFor(WAIT);
    const schedules = page.getByRole('table', { name: 'Schedules' });
    const link = schedules.getByRole('button', { name: /^Link to / }).first();
    const target = (await link.getAttribute('aria-label'))!.replace('Link to ', '');
    await link.focus();
    await k().press('Enter');
    // Back in the register, which now offers to unlink them.
    await page.waitForURL(/\/accounts\/[^/]+$/, WAIT);
    await page.getByText(`Linked 2 transactions to ${target}.`).waitFor(WAIT);
    for (const r of [
      store().filter({ hasText: 'Groceries' }),
      rows().filter({ hasText: 'Work' }),
    ]) {
      await r.getByRole('button', { name: /^Actions for / }).click();
      await page.getByRole('menuitem', { name: 'Unlink schedule' }).waitFor(WAIT);
      await k().press('Escape');
    }
  });

  it('a Spent amount on the budget opens the register on that category and month', async () => {
    // A payment this month, typed into the add row.
    await page.getByRole('button', { name: '+ Add New' }).focus();
    await k().press('Enter');
    await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
    const [y, m] = MONTH.split('-');
    await k().type(`${m}/01/${y}`);
    await k().press('Tab');
    await k().type('Store');
    await k().press('Tab');
    await k().type('market');
    await k().press('Tab');
    await k().type('Groceries');
    await k().press('Tab');
    await k().type('42.50');
    await k().press('Enter');
    await k().press('Escape');
    await k().press('Escape');
    await cell(rows().filter({ hasText: 'market' }), 'payment')
      .getByText('42.50')
      .waitFor(WAIT);

    await session.first.goTo('Budget');
    const where = `Groceries, ${monthTitle(MONTH)}`;
    const filters = page.getByRole('group', { name: 'Filters' });
    const shown = async () => {
      await page.waitForURL(/\/accounts$/, WAIT);
      await filters.getByText('Category is Groceries').waitFor(WAIT);
      await expect.poll(() => rows().count(), WAIT).toBe(1);
      expect(await cell(rows().first(), 'notes').textContent()).toBe('market');
    };
    await page.getByRole('button', { name: new RegExp(`^Transactions of ${where}: `) }).click();
    await shown();
    // The same from the keyboard: the Budgeted cell's menu (Alt+Down), Show transactions.
    await page.goBack();
    const budgeted = page.getByLabel(`Budgeted for ${where}`, { exact: true });
    await budgeted.focus();
    await k().press('Alt+ArrowDown');
    await choose('Show transactions');
    await shown();
  });

  it("the account menu's 'Import transactions' and a dropped file open the import modal", async () => {
    await openAccount('Saving');
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await k().press('Enter');
    await choose('Import transactions');
    const dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog.waitFor(WAIT);
    // No file yet: the modal asks for one.
    await dialog.getByRole('button', { name: 'Select file...' }).waitFor(WAIT);
    await k().press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);

    // A bank file dropped on the register opens the same modal with the file already read.
    const qif = '!Type:Bank\nD11/02/2026\nT-12.00\nPCorner Shop\n^\n';
    const dropped = await page.evaluateHandle(
      `(() => { const d = new DataTransfer(); d.items.add(new File([${JSON.stringify(qif)}], 'bank.qif')); return d; })()`,
    );
    const register = grid();
    await register.dispatchEvent('dragover', { dataTransfer: dropped });
    await register.dispatchEvent('drop', { dataTransfer: dropped });
    await dialog
      .getByRole('table', { name: 'Transactions to import' })
      .getByRole('row')
      .filter({ hasText: 'Corner Shop' })
      .waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(session.first.errors).toEqual([]);
  });
});

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, importNynabDemo } from './helpers/steps.ts';

// Needs `npm run build` first (the server bundle, packages/api/dist and packages/web/dist).
const API_BUILT = existsSync('packages/api/dist/index.cjs');

/** Display text of an amount (1,234.56 / -1,234.56, the default number format) in cents. */
const cents = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);

/** A report's headline figure (a group named by its label). */
const figure = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('.amount').last();

/** A table row by its first cell's name, and one of its cells by column number (0 = first amount). */
const row = (table: Locator, name: string | RegExp) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name }) });
const cell = (r: Locator, i: number) => r.getByRole('cell').nth(i);

/** Waits for a report's figures to be those of its current settings. */
async function ready(page: Page, report: string): Promise<void> {
  await page
    .locator(`[role="region"][aria-label="${report} report"][data-state="ready"]`)
    .waitFor(WAIT);
}

/**
 * The reports area on the imported nYNAB demo budget, in Chromium: each report's figures are
 * checked against sums a second copy of the budget gives through the core (Coffer's Node API,
 * which downloads the same budget from the server), for the same range and accounts, and again
 * after the range and the accounts change. Custom reports are built, saved, reopened, placed on
 * the overview and deleted; a click on a bar opens the register with the matching filter.
 * Screenshots of every report at 1280×800 and 1100×800, light and dark: screenshots/reports-*.
 */
describe.runIf(BUILT && API_BUILT)('reports on the nYNAB demo budget', { timeout: 120_000 }, () => {
  let session: Session;
  let page: Page;
  let dataDir: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api: any = createRequire(import.meta.url)('../packages/api/dist/index.cjs');
  const ids: Record<string, string> = {};

  /** A sum through the core, on the downloaded copy of the same budget. */
  async function coreSum(filter: Record<string, unknown>): Promise<number> {
    const { data } = await api.aqlQuery(
      api.q('transactions').filter(filter).calculate({ $sum: '$amount' }),
    );
    return Number(data) || 0;
  }

  async function shoot(name: string): Promise<void> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const theme = (await page.evaluate('document.documentElement.dataset.theme')) ?? 'light';
    for (const size of [SIZES.desktop, { width: 1100, height: 800 }]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `reports-${name}-${theme}-${size.width}.png`),
      });
    }
    await page.setViewportSize(SIZES.desktop);
  }

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
    dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-reports-'));
  });
  afterAll(async () => {
    await api.shutdown().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    await session?.close();
  });

  it('imports the demo budget; the overview shows a card per report with its recent figure', async () => {
    await bootstrapServer(page, session.server.url, PASSWORD);
    await importNynabDemo(page);
    const { sidebar, goTo } = session.first;
    // The second copy, for the core's own sums.
    await goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    const syncId = (await page.getByText('Sync ID:').locator('..').locator('code').textContent())!;
    await api.init({ dataDir, serverURL: session.server.url, password: PASSWORD });
    await api.downloadBudget(syncId);
    for (const a of await api.getAccounts()) ids[a.name] = a.id;
    expect(Object.keys(ids).sort()).toEqual(['Checking', 'Saving']);

    await sidebar().getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(/\/reports$/);
    const cards = page.getByRole('region', { name: 'Report cards' }).getByRole('article');
    await expect.poll(() => cards.count(), WAIT).toBe(3);
    const card = (name: string) => page.getByRole('article', { name });
    await expect
      .poll(
        async () => cents(await card('Net worth').locator('.report-card-figure').textContent()),
        WAIT,
      )
      .toBe(await coreSum({}));
    // The demo's transactions are from 2023 and 2024: nothing moved in the last months.
    await card('Cash flow').getByText('No money in or out in the last 6 months').waitFor(WAIT);
    await card('Spending').getByText('No spending this month').waitFor(WAIT);
    await shoot('overview');
  });

  it('net worth: all time and a custom range, all accounts and one, equal the core’s sums', async () => {
    await page.getByRole('link', { name: 'Net worth' }).click();
    await page.getByRole('heading', { name: 'Net worth', level: 1 }).waitFor(WAIT);
    await page.getByRole('button', { name: 'All time' }).click();
    await ready(page, 'Net worth');
    expect(cents(await figure(page, 'Net worth').textContent())).toBe(await coreSum({}));
    const table = page.getByRole('table', { name: 'Net worth by month' });
    for (const [month, last] of [
      ['August 2023', '2023-08-31'],
      ['September 2023', '2023-09-30'],
      ['February 2024', '2024-02-29'],
    ] as const) {
      expect(cents(await cell(row(table, month), 2).textContent()), month).toBe(
        await coreSum({ date: { $lte: last } }),
      );
    }
    // The first month of all time is the demo's first transaction's.
    await expect(table.getByRole('row').last().getByRole('rowheader').textContent()).resolves.toBe(
      'August 2023',
    );
    await shoot('net-worth');

    // Only the savings account.
    await page.getByRole('button', { name: /^Accounts:/ }).click();
    await page.getByRole('dialog', { name: 'Accounts' }).getByLabel('Checking').uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Accounts:/ }).textContent()).resolves.toBe(
      'Accounts: Saving',
    );
    await ready(page, 'Net worth');
    expect(cents(await figure(page, 'Net worth').textContent())).toBe(
      await coreSum({ account: ids.Saving }),
    );
    // A custom range: August to September 2023.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From').selectOption('2023-08');
    await page.getByLabel('to', { exact: true }).selectOption('2023-09');
    await ready(page, 'Net worth');
    await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(3);
    expect(cents(await figure(page, 'Change').textContent())).toBe(
      await coreSum({
        account: ids.Saving,
        date: [{ $gte: '2023-08-01' }, { $lte: '2023-09-30' }],
      }),
    );
    expect(page.url()).toMatch(/range=2023-08\.\.2023-09/);
  });

  it('cash flow: income and expenses leave out transfers between the chosen accounts', async () => {
    await page.goto(`${session.server.url}/reports/cash-flow?range=all`);
    await ready(page, 'Cash flow');
    const between = { 'payee.transfer_acct': null };
    expect(cents(await figure(page, 'Income').textContent())).toBe(
      await coreSum({ amount: { $gt: 0 }, ...between }),
    );
    expect(cents(await figure(page, 'Expenses').textContent())).toBe(
      await coreSum({ amount: { $lt: 0 }, ...between }),
    );
    expect(cents(await figure(page, 'Balance').textContent())).toBe(await coreSum({}));
    await shoot('cash-flow');
    // Checking alone: the moves to and from savings are money in and out now.
    await page.getByRole('button', { name: /^Accounts:/ }).click();
    await page.getByRole('dialog', { name: 'Accounts' }).getByLabel('Saving').uncheck();
    await page.keyboard.press('Escape');
    await ready(page, 'Cash flow');
    expect(cents(await figure(page, 'Income').textContent())).toBe(
      await coreSum({ account: ids.Checking, amount: { $gt: 0 } }),
    );
    expect(cents(await figure(page, 'Expenses').textContent())).toBe(
      await coreSum({ account: ids.Checking, amount: { $lt: 0 } }),
    );
    // One month goes day by day.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From').selectOption('2023-08');
    await page.getByLabel('to', { exact: true }).selectOption('2023-08');
    await ready(page, 'Cash flow');
    const days = page.getByRole('table', { name: 'Cash flow by day' });
    await expect.poll(() => days.getByRole('row').count(), WAIT).toBe(33);
    expect(cents(await cell(row(days, 'Aug 4, 2023'), 3).textContent())).toBe(
      await coreSum({ account: ids.Checking, date: '2023-08-04' }),
    );
  });

  it('spending by category: spent, budgeted and the period before, by the chosen accounts', async () => {
    await page.goto(`${session.server.url}/reports/spending?range=2023-08..2023-09`);
    await ready(page, 'Spending');
    const table = page.getByRole('table', { name: 'Spending by category' });
    const groceries = row(table, 'Groceries');
    const [{ id: groceriesId }] = (await api.getCategories()).filter(
      (c: { name: string }) => c.name === 'Groceries',
    );
    const range = { date: [{ $gte: '2023-08-01' }, { $lte: '2023-09-30' }] };
    expect(cents(await cell(groceries, 0).textContent())).toBe(
      -(await coreSum({ category: groceriesId, ...range })),
    );
    let budgeted = 0;
    for (const month of ['2023-08', '2023-09']) {
      const m = await api.getBudgetMonth(month);
      for (const g of m.categoryGroups)
        for (const c of g.categories) if (c.id === groceriesId) budgeted += c.budgeted;
    }
    expect(cents(await cell(groceries, 1).textContent())).toBe(budgeted);
    expect(cents(await cell(groceries, 3).textContent())).toBe(
      -(await coreSum({
        category: groceriesId,
        date: [{ $gte: '2023-06-01' }, { $lte: '2023-07-31' }],
      })),
    );
    // Everything spent: expense categories, and payments with no category that are no transfer.
    const spent = async (account: Record<string, unknown>) =>
      0 -
      (await coreSum({ ...account, ...range, 'category.is_income': false })) -
      (await coreSum({ ...account, ...range, category: null, transfer_id: null }));
    expect(cents(await figure(page, 'Spent').textContent())).toBe(await spent({}));
    await shoot('spending');
    await page.getByRole('button', { name: /^Accounts:/ }).click();
    await page.getByRole('dialog', { name: 'Accounts' }).getByLabel('Checking').uncheck();
    await page.keyboard.press('Escape');
    await ready(page, 'Spending');
    expect(cents(await figure(page, 'Spent').textContent())).toBe(
      await spent({ account: ids.Saving }),
    );
  });
});

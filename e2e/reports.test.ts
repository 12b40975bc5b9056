import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWholeFigures, SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, importNynab } from './helpers/steps.ts';

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

/** Waits until a report's headline figure shows `expected` cents (after a change, it catches up). */
async function expectFigure(page: Page, label: string, expected: number): Promise<void> {
  await expect
    .poll(async () => cents(await figure(page, label).textContent()), WAIT)
    .toBe(expected);
}

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
      await expectWholeFigures(page, `reports-${name}-${size.width}`);
    }
    await page.setViewportSize(SIZES.desktop);
  }

  /** Leaves one of the demo's two accounts in the report, through the accounts list. */
  async function onlyAccount(keep: 'Checking' | 'Saving', report: string): Promise<void> {
    const drop = keep === 'Checking' ? 'Saving' : 'Checking';
    const button = page.getByRole('button', { name: /^Accounts:/ });
    await button.click();
    await page.getByRole('dialog', { name: 'Accounts' }).getByLabel(drop).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => button.textContent(), WAIT).toBe(`Accounts: ${keep}`);
    await ready(page, report);
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
    await importNynab(page);
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
    await expectFigure(page, 'Net worth', await coreSum({}));
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
    await onlyAccount('Saving', 'Net worth');
    await expectFigure(page, 'Net worth', await coreSum({ account: ids.Saving }));
    // A custom range: August to September 2023.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From').selectOption('2023-08');
    await page.getByLabel('to', { exact: true }).selectOption('2023-09');
    await ready(page, 'Net worth');
    await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(3);
    await expectFigure(
      page,
      'Change',
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
    await expectFigure(page, 'Income', await coreSum({ amount: { $gt: 0 }, ...between }));
    await expectFigure(page, 'Expenses', await coreSum({ amount: { $lt: 0 }, ...between }));
    await expectFigure(page, 'Balance', await coreSum({}));
    // The balance's axis (right) has its zero at the height of the flows' (left): a zero
    // balance reads as zero, not as the flows' value at the bottom edge.
    const axes = async () =>
      (await page.evaluate(`[...document.querySelectorAll('.recharts-yAxis-tick-labels')].map((axis) =>
        [...axis.querySelectorAll('text')].map((t) => {
          const box = t.getBoundingClientRect();
          return [t.textContent.trim(), Math.round(box.top + box.height / 2)];
        }),
      )`)) as [string, number][][];
    const zeros = async () =>
      (await axes()).map((ticks) => ticks.find(([text]) => text === '0')?.[1] ?? null);
    // Drawn once the chart has measured its room: both axes label their zero.
    await expect.poll(async () => (await zeros()).filter((y) => y !== null).length, WAIT).toBe(2);
    const [left, right] = await zeros();
    expect(right, JSON.stringify(await axes())).toBe(left);
    await shoot('cash-flow');
    // Checking alone: the moves to and from savings are money in and out now.
    await onlyAccount('Checking', 'Cash flow');
    await expectFigure(
      page,
      'Income',
      await coreSum({ account: ids.Checking, amount: { $gt: 0 } }),
    );
    await expectFigure(
      page,
      'Expenses',
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
      0 - (await coreSum({ category: groceriesId, ...range })),
    );
    let budgeted = 0;
    for (const month of ['2023-08', '2023-09']) {
      const m = await api.getBudgetMonth(month);
      for (const g of m.categoryGroups)
        for (const c of g.categories) if (c.id === groceriesId) budgeted += c.budgeted;
    }
    expect(cents(await cell(groceries, 1).textContent())).toBe(budgeted);
    // The two months before: the demo starts in August, so nothing.
    expect(cents(await cell(groceries, 3).textContent())).toBe(
      0 -
        (await coreSum({
          category: groceriesId,
          date: [{ $gte: '2023-06-01' }, { $lte: '2023-07-31' }],
        })),
    );
    // Everything spent: expense categories, and payments with no category that are no transfer.
    const spent = async (account: Record<string, unknown>) =>
      0 -
      (await coreSum({ ...account, ...range, 'category.is_income': false })) -
      (await coreSum({ ...account, ...range, category: null, transfer_id: null }));
    await expectFigure(page, 'Spent', await spent({}));
    await shoot('spending');
    await onlyAccount('Saving', 'Spending');
    await expectFigure(page, 'Spent', await spent({ account: ids.Saving }));
  });

  it('builds a custom report, saves it by name, reopens it, places it on the overview and deletes it', async () => {
    await page.goto(`${session.server.url}/reports`);
    await page.getByRole('link', { name: 'New custom report' }).click();
    await page.getByRole('heading', { name: 'New custom report' }).waitFor(WAIT);
    await page.getByLabel('Group by').selectOption('Payee');
    await page
      .getByRole('group', { name: 'Display' })
      .getByRole('button', { name: 'Table' })
      .click();
    await page.getByRole('button', { name: 'All time' }).click();
    await ready(page, 'New custom report');
    const table = page.getByRole('table', { name: 'Report table' });
    const payeeName = new Map<string, string>(
      (await api.getPayees()).map((p: { id: string; name: string }) => [p.id, p.name]),
    );
    /** Payments by payee through the core: transfers between the two budget accounts left out. */
    const expected = async (filter: Record<string, unknown>) => {
      const { data } = await api.aqlQuery(
        api
          .q('transactions')
          .filter({ amount: { $lt: 0 }, 'payee.transfer_acct': null, ...filter })
          .groupBy('payee')
          .select(['payee', { amount: { $sum: '$amount' } }]),
      );
      return (data as Array<{ payee: string; amount: number }>).map((r) => [
        payeeName.get(r.payee),
        -r.amount,
      ]);
    };
    const shown = async (rows: unknown[][]) => {
      for (const [name, amount] of rows) {
        const r = table.getByRole('row', { name: String(name), exact: true });
        expect(cents(await r.getByRole('cell').last().textContent()), String(name)).toBe(amount);
      }
    };
    const all = await expected({});
    expect(all.length).toBeGreaterThan(0);
    await shown(all);

    // Only the checking account's payments, through a filter like the register's.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter 1 field').selectOption('account');
    const value = page.getByRole('combobox', { name: 'Filter 1 value' });
    await value.fill('Checking');
    await value.press('Enter');
    await ready(page, 'New custom report');
    const checkingOnly = await expected({ account: ids.Checking });
    await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(checkingOnly.length + 2);
    await shown(checkingOnly);
    await shoot('custom');

    await page.getByRole('button', { name: 'Save report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save report' });
    await dialog.getByLabel('Report name').fill('Demo payees');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/reports\/custom\/[^/]+$/);
    await page.getByRole('heading', { name: 'Demo payees', level: 1 }).waitFor(WAIT);

    // Reopened after a reload: the same settings and rows.
    await page.reload();
    await page.getByRole('heading', { name: 'Demo payees', level: 1 }).waitFor(WAIT);
    await ready(page, 'Demo payees');
    await expect(page.getByLabel('Group by').inputValue()).resolves.toBe('Payee');
    await expect(page.getByLabel('Filter 1 field').inputValue()).resolves.toBe('account');
    await shown(checkingOnly);
    await expect(page.getByText('Unsaved changes').count()).resolves.toBe(0);

    // A second report may not take the same name.
    await page.getByRole('button', { name: 'Report menu' }).click();
    await page.getByRole('menuitem', { name: 'Save as a new report…' }).click();
    const copy = page.getByRole('dialog', { name: 'Save as a new report' });
    await copy.getByLabel('Report name').fill('demo PAYEES');
    await copy.getByRole('button', { name: 'Save' }).click();
    await copy
      .getByRole('alert')
      .getByText('There is already a report named demo PAYEES')
      .waitFor(WAIT);
    await copy.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Report menu' }).click();
    await page.getByRole('menuitem', { name: 'Add to overview' }).click();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Reports' })
      .click();
    const card = page.getByRole('article', { name: 'Demo payees' });
    await card.waitFor(WAIT);
    const total = checkingOnly.reduce((t, [, amount]) => t + Number(amount), 0);
    await expect
      .poll(async () => cents(await card.locator('.report-card-figure').textContent()), WAIT)
      .toBe(total);
    const saved = page.getByRole('table', { name: 'Saved custom reports' });
    await expect(row(saved, 'Demo payees').getByRole('cell').nth(2).textContent()).resolves.toBe(
      'Yes',
    );
    await shoot('overview-with-report');

    await row(saved, 'Demo payees').getByRole('button', { name: 'Demo payees menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete report…' }).click();
    await page
      .getByRole('dialog', { name: 'Delete report' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No saved reports yet.', { exact: false }).waitFor(WAIT);
    await expect(card.count()).resolves.toBe(0);
  });

  it('a click on a bar opens the register filtered to its transactions, and so does a row', async () => {
    const filterOfPage = async () =>
      (await page.evaluate('history.state && history.state.usr && history.state.usr.filter')) as {
        conditions: Array<Record<string, unknown>>;
        conditionsOp: string;
      };
    await page.goto(`${session.server.url}/reports/net-worth?range=all`);
    await ready(page, 'Net worth');
    // The first bar is August 2023's assets, across both accounts.
    await page
      .locator('[aria-label="Net worth chart"] .recharts-bar-rectangle path')
      .first()
      .click();
    await page.waitForURL(/\/accounts$/);
    expect(await filterOfPage()).toEqual({
      conditions: [
        { field: 'date', op: 'is', value: '2023-08', options: { month: true }, type: 'date' },
      ],
      conditionsOp: 'and',
    });

    // A custom report's bar: that payee's payments in the report's range.
    await page.goto(`${session.server.url}/reports/custom?groupBy=Payee&range=2023-08..2023-09`);
    await ready(page, 'New custom report');
    const label = (await page
      .getByRole('table', { name: 'Report table' })
      .getByRole('row')
      .nth(2)
      .getAttribute('aria-label'))!;
    const payee = (await api.getPayees()).find((p: { name: string }) => p.name === label);
    await page.locator('[aria-label="Report chart"] .recharts-bar-rectangle path').first().click();
    await page.waitForURL(/\/accounts$/);
    expect((await filterOfPage()).conditions).toEqual([
      { field: 'date', op: 'gte', value: '2023-08-01', type: 'date' },
      { field: 'date', op: 'lte', value: '2023-09-30', type: 'date' },
      { field: 'payee', op: 'is', value: payee.id, type: 'id' },
      { field: 'amount', op: 'lt', value: 0, type: 'number' },
    ]);

    // By keyboard: a cash flow month of the checking account alone opens its own register.
    await page.goto(`${session.server.url}/reports/cash-flow?range=all&accounts=${ids.Checking}`);
    await ready(page, 'Cash flow');
    const month = page
      .getByRole('table', { name: 'Cash flow by month' })
      .getByRole('button', { name: 'September 2023' });
    await month.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/accounts/${ids.Checking}$`));
    const transferToSaving = (await api.getPayees()).find(
      (p: { transfer_acct: string | null }) => p.transfer_acct === ids.Checking,
    );
    expect((await filterOfPage()).conditions).toEqual([
      { field: 'date', op: 'is', value: '2023-09', options: { month: true }, type: 'date' },
      { field: 'payee', op: 'notOneOf', value: [transferToSaving.id], type: 'id' },
    ]);
  });

  it('hovering a bar shows its values; privacy mode blurs the figures and the chart’s amounts', async () => {
    await page.goto(`${session.server.url}/reports/net-worth?range=all`);
    await ready(page, 'Net worth');
    await page
      .locator('[aria-label="Net worth chart"] .recharts-bar-rectangle path')
      .first()
      .hover();
    const tip = page.locator('.chart-tip');
    await tip.getByText('August 2023').waitFor(WAIT);
    const august = row(page.getByRole('table', { name: 'Net worth by month' }), 'August 2023');
    const tipNet = tip
      .locator('.chart-tip-row')
      .filter({ hasText: 'Net worth' })
      .locator('.amount');
    expect(cents(await tipNet.textContent())).toBe(cents(await cell(august, 2).textContent()));

    const filterOf = (l: Locator) =>
      l.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).filter);
    await session.first.goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    await page.getByRole('button', { name: /I understand the risks/ }).click();
    await page.getByLabel('Privacy mode').check();
    await page.getByLabel('Dark mode').check();
    await page.goto(`${session.server.url}/reports/net-worth?range=all`);
    await ready(page, 'Net worth');
    await page.getByRole('button', { name: 'Enable privacy mode' }).click();
    await expect.poll(() => filterOf(figure(page, 'Net worth')), WAIT).toBe('blur(3px)');
    expect(await filterOf(page.locator('.chart-amount-tick').first())).toBe('blur(3px)');
    await shoot('net-worth-privacy');
    await page.getByRole('button', { name: 'Disable privacy mode' }).click();
    await expect.poll(() => filterOf(figure(page, 'Net worth')), WAIT).toBe('none');
  });

  it('every report in the dark theme', async () => {
    const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
    await toggle.waitFor(WAIT);
    await toggle.click(WAIT);
    await expect
      .poll(() => page.evaluate('document.documentElement.dataset.theme'), WAIT)
      .toBe('dark');
    const reports: Array<[string, string, string]> = [
      ['overview', '/reports', ''],
      ['net-worth', '/reports/net-worth?range=all', 'Net worth'],
      ['cash-flow', '/reports/cash-flow?range=all', 'Cash flow'],
      ['spending', '/reports/spending?range=2023-08..2023-09', 'Spending'],
      [
        'custom',
        '/reports/custom?groupBy=Category&range=all&graph=DonutGraph',
        'New custom report',
      ],
    ];
    for (const [name, path, report] of reports) {
      await page.goto(`${session.server.url}${path}`);
      if (report) await ready(page, report);
      else await page.getByRole('article', { name: 'Net worth' }).waitFor(WAIT);
      await shoot(name);
    }
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it('sends narrow screens to the budget, as the spec says', async () => {
    await page.setViewportSize(SIZES.phone);
    await page.goto(`${session.server.url}/reports/cash-flow`);
    await page.waitForURL(/\/budget$/);
    await page.setViewportSize(SIZES.desktop);
    expect(session.first.errors).toEqual([]);
  });
});

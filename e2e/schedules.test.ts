import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWholeFigures, SCREENSHOT_DIR } from './helpers/browser.ts';
import { HOUSEHOLD, writeHouseholdBudget } from './helpers/household-budget.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount, importNynab } from './helpers/steps.ts';

/** The localStorage flag that makes the core's clock follow the page's (core-web). */
const FOLLOW_PAGE_CLOCK = 'coffer-test-follow-page-clock';

/** A local time on a day, as the page's (and through it the core's) clock. */
const at = (date: string) => new Date(`${date}T09:00:00`);

/**
 * Writes `<name>-1280.png`, `<name>-1280-dark.png` and `<name>-1100.png`: the schedule pages
 * are for wide screens only (a phone is sent to the budget).
 */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = (suffix: string) => join(SCREENSHOT_DIR, `${name}-${suffix}.png`);
  await page.waitForTimeout(100);
  await page.screenshot({ path: file('1280') });
  await expectWholeFigures(page, `${name}-1280`);
  await page.evaluate("document.documentElement.dataset.theme = 'dark'");
  await page.screenshot({ path: file('1280-dark') });
  await page.evaluate("document.documentElement.dataset.theme = 'light'");
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: file('1100') });
  await expectWholeFigures(page, `${name}-1100`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The schedule pages in Chromium on a household's budget (an nYNAB export with six months of
 * history and six scheduled transactions), with the page's clock (and, through core-web's
 * test seam, the worker's) set to 2024-05-06 and moved forward to see the daily run post.
 */
describe.runIf(BUILT)('schedules', { timeout: 120_000 }, () => {
  let session: Session;
  let page: Page;
  let dir: string;

  const main = () => page.getByRole('main');
  const table = () => page.getByRole('table', { name: 'Schedules', exact: true });
  const row = (name: string | RegExp) => table().getByRole('row', { name });
  // A cell's text as read aloud: a range amount is laid out on two lines.
  const cells = async (r: Locator) =>
    (await r.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const goToSchedules = async () => {
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByText('Schedules', { exact: true })
      .click();
    await table().waitFor(WAIT);
  };
  /** Moves the page's clock to a day and reloads, so the core starts again on that day. */
  const travelTo = async (date: string) => {
    await page.clock.setSystemTime(at(date));
    await page.reload();
    await page.getByRole('navigation', { name: 'Sidebar' }).waitFor(WAIT);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coffer-e2e-schedules-'));
    session = await startSession();
    page = session.first.page;
    await session.first.context.addInitScript({
      content: `localStorage.setItem('${FOLLOW_PAGE_CLOCK}', 'true')`,
    });
    await page.clock.install({ time: at('2024-05-06') });
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the imported schedules with their statuses, amounts and a search', async () => {
    await bootstrapServer(page, session.server.url, PASSWORD);
    await importNynab(page, writeHouseholdBudget(dir));
    await goToSchedules();
    await row('Phone bill').waitFor(WAIT);
    expect(await cells(row('Phone bill'))).toEqual([
      'Phone bill',
      HOUSEHOLD.phone.payee,
      'Checking',
      '05/02/2024',
      'Once',
      'Missed',
      '-60.00',
      '⋯',
    ]);
    expect(await cells(row('Streaming'))).toEqual(
      expect.arrayContaining(['05/12/2024', 'Upcoming', '-15.49']),
    );
    await shoot(page, 'schedules-01-list');
  });

  it('creates a monthly schedule on the last Friday through the recurrence popup', async () => {
    await main().getByRole('button', { name: 'Add new schedule' }).click();
    await main().getByRole('heading', { name: 'New schedule' }).waitFor(WAIT);
    await main().getByLabel('Name').fill('Car loan');
    const payee = main().getByRole('combobox', { name: 'Payee' });
    await payee.fill('Auto Finance');
    await page.getByRole('option', { name: 'Create Payee “Auto Finance”' }).click();
    const account = main().getByRole('combobox', { name: 'Account' });
    await account.fill('Check');
    await account.press('Enter');
    await main().getByLabel('Amount match').selectOption('is');
    await main().getByLabel('Amount', { exact: true }).fill('320');
    await main().getByLabel('Amount', { exact: true }).press('Tab');

    await main().getByRole('button', { name: 'Date: Every month on the 6th' }).click();
    const popup = page.getByRole('dialog', { name: 'Repeats' });
    await popup.getByRole('button', { name: 'Add specific days' }).click();
    const day = popup.getByRole('group', { name: 'Specific day 1' });
    await day.getByLabel('Number').selectOption({ label: 'Last' });
    await day.getByLabel('Day', { exact: true }).selectOption({ label: 'Friday' });
    const upcoming = popup.getByRole('list', { name: 'Upcoming dates' }).getByRole('listitem');
    await expect
      .poll(() => upcoming.allInnerTexts(), WAIT)
      .toEqual(['05/31/2024', '06/28/2024', '07/26/2024', '08/30/2024']);
    // Without a start date the core cannot work out any date.
    await popup.getByLabel('Start date').fill('');
    await popup.getByRole('alert').getByText('Invalid rule').waitFor(WAIT);
    expect(await popup.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await popup.getByLabel('Start date').fill('05/06/2024');
    await expect.poll(() => upcoming.count(), WAIT).toBe(4);
    await popup.getByLabel('Interval').focus();
    await shoot(page, 'schedules-02-recurrence-popup');
    await popup.getByRole('button', { name: 'Apply' }).click();
    await main()
      .getByRole('button', { name: 'Date: Every month on the last Friday' })
      .waitFor(WAIT);
    await main().getByLabel('Automatically add transaction').check();
    await shoot(page, 'schedules-03-editor');
    await main().getByRole('button', { name: 'Add', exact: true }).click();

    await row('Car loan').waitFor(WAIT);
    expect(await cells(row('Car loan'))).toEqual([
      'Car loan',
      'Auto Finance',
      'Checking',
      '05/31/2024',
      'Every month on the last Friday',
      'Scheduled',
      '-320.00',
      '⋯',
    ]);
  });

  it('posts the schedule on its day when the clock reaches it, and it shows as paid', async () => {
    await travelTo('2024-05-31');
    await goToSchedules();
    await expect.poll(async () => (await cells(row('Car loan')))[5], WAIT).toBe('Paid');
    expect(await cells(row('Car loan'))).toEqual(
      expect.arrayContaining(['05/31/2024', 'Paid', '-320.00']),
    );
    // The other schedules do not post by themselves: the ones passed are missed.
    expect((await cells(row('Streaming')))[5]).toBe('Missed');
    await row('Car loan').getByRole('link', { name: 'Edit schedule Car loan' }).click();
    const linked = main().getByRole('table', { name: 'Linked transactions' });
    await linked.getByRole('row', { name: '05/31/2024 Auto Finance' }).waitFor(WAIT);
    expect(await cells(linked.getByRole('row', { name: '05/31/2024 Auto Finance' }))).toEqual([
      '05/31/2024',
      'Auto Finance',
      'Checking',
      '',
      '-320.00',
      'Unlink',
    ]);
    const rule = main().getByRole('list', { name: 'Rule conditions' });
    await expect
      .poll(() => rule.getByRole('listitem').allInnerTexts(), WAIT)
      .toEqual([
        'payee is Auto Finance',
        'and account is Checking',
        'and amount is -320.00',
        'and date is approximately Every month on the last Friday',
        '→ link to this schedule',
      ]);
    await shoot(page, 'schedules-04-editor-paid');
    await main().getByRole('button', { name: 'Cancel' }).click();
    await table().waitFor(WAIT);
  });

  it('creates one with a range amount that moves off the weekend', async () => {
    await main().getByRole('button', { name: 'Add new schedule' }).click();
    // Names are unique: the core's refusal is shown and nothing is lost.
    await main().getByLabel('Name').fill('Car loan');
    await main().getByLabel('Amount', { exact: true }).fill('1');
    await main().getByRole('button', { name: 'Add', exact: true }).click();
    await main()
      .getByRole('alert')
      .getByText('Cannot create schedules with the same name')
      .waitFor(WAIT);
    await main().getByLabel('Name').fill('Electricity');
    const payee = main().getByRole('combobox', { name: 'Payee' });
    await payee.fill('City Po');
    await page.getByRole('option', { name: 'City Power' }).click();
    const account = main().getByRole('combobox', { name: 'Account' });
    await account.fill('Checking');
    await account.press('Enter');
    await main().getByLabel('Amount match').selectOption({ label: 'is between' });
    await main().getByLabel('From amount').fill('80');
    await main().getByLabel('To amount').fill('120');
    // By keyboard: Enter opens the popup with focus inside, Escape closes it and focus returns.
    const dateButton = main().getByRole('button', { name: /^Date: Every month on the 31st/ });
    await dateButton.focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Repeats' });
    await popup.waitFor(WAIT);
    expect(await popup.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached', ...WAIT });
    expect(await dateButton.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    // An interval that is not a positive whole number becomes 1.
    await popup.getByLabel('Interval').fill('0');
    await popup.getByLabel('Interval').press('Tab');
    expect(await popup.getByLabel('Interval').inputValue()).toBe('1');
    await popup.getByLabel('Start date').fill('06/15/2024');
    await popup.getByLabel('Start date').press('Enter');
    await popup.getByLabel('Move schedule', { exact: true }).check();
    await popup.getByLabel('Move schedule before or after the weekend').selectOption('before');
    // The 15th of June and of September fall on a weekend: the Friday before.
    const upcoming = popup.getByRole('list', { name: 'Upcoming dates' }).getByRole('listitem');
    await expect
      .poll(() => upcoming.allInnerTexts(), WAIT)
      .toEqual(['06/14/2024', '07/15/2024', '08/15/2024', '09/13/2024']);
    await popup.getByRole('button', { name: 'Apply' }).click();
    await main().getByRole('button', { name: 'Add', exact: true }).click();
    await row('Electricity').waitFor(WAIT);
    expect(await cells(row('Electricity'))).toEqual([
      'Electricity',
      'City Power',
      'Checking',
      '06/14/2024',
      'Every month on the 15th (before weekend)',
      'Scheduled',
      '-80.00 to -120.00',
      '⋯',
    ]);
  });

  it('skips the next date, completes and restarts a schedule from its menu', async () => {
    const act = async (item: string) => {
      await row('Electricity').getByRole('button', { name: 'Actions for Electricity' }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    const shown = async () => (await cells(row('Electricity'))).slice(3, 6);
    // The menu by keyboard: Enter opens it, typing jumps to an item, Enter picks it.
    await row('Electricity').getByRole('button', { name: 'Actions for Electricity' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor(WAIT);
    await page.keyboard.type('Sk');
    await page.keyboard.press('Enter');
    await expect
      .poll(shown, WAIT)
      .toEqual(['07/15/2024', 'Every month on the 15th (before weekend)', 'Scheduled']);
    await act('Complete');
    await expect.poll(async () => (await shown())[2], WAIT).toBe('Completed');
    await row('Electricity').getByRole('button', { name: 'Actions for Electricity' }).click();
    await expect(page.getByRole('menuitem').allInnerTexts()).resolves.toEqual([
      'Post transaction',
      'Post transaction today',
      'Restart',
      'Delete',
    ]);
    await page.keyboard.press('Escape');
    // Restarted, it picks up from today again: the skip no longer counts.
    await act('Restart');
    await expect
      .poll(shown, WAIT)
      .toEqual(['06/14/2024', 'Every month on the 15th (before weekend)', 'Scheduled']);
    await main().getByLabel('Filter schedules').fill('power');
    await expect.poll(() => table().getByRole('row').count(), WAIT).toBe(2);
    await main().getByLabel('Filter schedules').fill('');
  });

  it('links an existing transaction to a schedule, which then counts as paid', async () => {
    expect((await cells(row('Phone bill')))[5]).toBe('Missed');
    await main().getByRole('link', { name: 'Link transactions' }).click();
    await main().getByRole('heading', { name: 'Link schedule' }).waitFor(WAIT);
    await main().getByLabel('Search transactions').fill('Tel');
    const txn = `${'05/02/2024'} ${HOUSEHOLD.phone.payee} -60.00`;
    await main()
      .getByRole('checkbox', { name: `Select ${txn}` })
      .check();
    const schedules = main().getByRole('table', { name: 'Schedules' });
    await schedules.getByRole('row', { name: 'Phone bill' }).waitFor(WAIT);
    await shoot(page, 'schedules-05-link');
    await schedules.getByRole('button', { name: 'Link to Phone bill' }).click();
    await row('Phone bill').waitFor(WAIT);
    await expect.poll(async () => (await cells(row('Phone bill')))[5], WAIT).toBe('Paid');
  });

  it('finds a payment repeated six months running and creates its schedule', async () => {
    await main().getByRole('link', { name: 'Find schedules' }).click();
    const found = main().getByRole('table', { name: 'Found schedules' });
    await found.getByRole('row', { name: HOUSEHOLD.gym.payee }).waitFor(WAIT);
    expect(await cells(found.getByRole('row', { name: HOUSEHOLD.gym.payee }))).toEqual([
      '',
      HOUSEHOLD.gym.payee,
      'Checking',
      'Every month on the 3rd from 11/03/2023',
      '-45.00',
    ]);
    await shoot(page, 'schedules-06-discover');
    // Only the gym: everything found starts ticked.
    await found.getByRole('checkbox', { name: 'Select all' }).uncheck();
    await found.getByRole('checkbox', { name: `Select ${HOUSEHOLD.gym.payee}` }).check();
    await main().getByRole('button', { name: 'Create schedule' }).click();
    await row(HOUSEHOLD.gym.payee).waitFor(WAIT);
    expect(await cells(row(HOUSEHOLD.gym.payee))).toEqual([
      'No name',
      HOUSEHOLD.gym.payee,
      'Checking',
      '06/03/2024',
      'Every month on the 3rd',
      // Within a week of today (May 31st).
      'Upcoming',
      '-45.00',
      '⋯',
    ]);
  });

  it("asks to post a due schedule when the sync fails, and posts it from 'Post transactions?'", async () => {
    await row(HOUSEHOLD.gym.payee)
      .getByRole('link', { name: `Edit schedule ${HOUSEHOLD.gym.payee}` })
      .click();
    await main().getByLabel('Automatically add transaction').check();
    await main().getByRole('button', { name: 'Save' }).click();
    await table().waitFor(WAIT);
    // The server cannot be reached for syncing (the app itself still loads).
    const offline = (route: { abort(): Promise<void> }) => route.abort();
    await session.first.context.route('**/sync/sync', offline);
    await travelTo('2024-06-03');
    const modal = page.getByRole('dialog', { name: 'Post transactions?' });
    await modal.waitFor(WAIT);
    await modal
      .getByText(`The payee ${HOUSEHOLD.gym.payee} has a schedule due today.`)
      .waitFor(WAIT);
    await shoot(page, 'schedules-07-post-transactions');
    await modal.getByRole('button', { name: 'Post transactions' }).click();
    await modal.waitFor({ state: 'detached', ...WAIT });
    await session.first.context.unroute('**/sync/sync', offline);
    await table().waitFor(WAIT);
    await expect.poll(async () => (await cells(row(HOUSEHOLD.gym.payee)))[5], WAIT).toBe('Paid');
    // The daily run moved the paid car loan on to its next date.
    expect((await cells(row('Car loan')))[3]).toBe('06/28/2024');
    await shoot(page, 'schedules-08-list-later');
    // A missed salary posted by hand, dated today, pays it.
    await row('Salary').getByRole('button', { name: 'Actions for Salary' }).click();
    await page.getByRole('menuitem', { name: 'Post transaction today' }).click();
    await expect.poll(async () => (await cells(row('Salary')))[5], WAIT).toBe('Paid');
    await row('Car insurance').getByRole('button', { name: 'Actions for Car insurance' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await row('Car insurance').waitFor({ state: 'detached', ...WAIT });
  });

  it('counts a missed daily occurrence paid today once in the calendar', async () => {
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: /Add account/ }).click();
    await createLocalAccount(page, 'Wallet', '100');
    await goToSchedules();
    await main().getByRole('button', { name: 'Add new schedule' }).click();
    await main().getByRole('heading', { name: 'New schedule' }).waitFor(WAIT);
    await main().getByLabel('Name').fill('Coffee');
    const payee = main().getByRole('combobox', { name: 'Payee' });
    await payee.fill('Corner Cafe');
    await page.getByRole('option', { name: 'Create Payee “Corner Cafe”' }).click();
    const account = main().getByRole('combobox', { name: 'Account' });
    await account.fill('Wallet');
    await account.press('Enter');
    await main().getByLabel('Amount match').selectOption('is');
    await main().getByLabel('Amount', { exact: true }).fill('3');
    await main().getByLabel('Amount', { exact: true }).press('Tab');
    await main()
      .getByRole('button', { name: /^Date: / })
      .click();
    const popup = page.getByRole('dialog', { name: 'Repeats' });
    await popup.getByLabel('Frequency').selectOption('daily');
    await popup.getByRole('button', { name: 'Apply' }).click();
    await main().getByRole('button', { name: 'Add', exact: true }).click();
    await row('Coffee').waitFor(WAIT);
    // The next day, yesterday's coffee is missed; paid today, it pays today's too.
    await travelTo('2024-06-04');
    await goToSchedules();
    await expect.poll(async () => (await cells(row('Coffee')))[5], WAIT).toBe('Missed');
    await row('Coffee').getByRole('button', { name: 'Actions for Coffee' }).click();
    await page.getByRole('menuitem', { name: 'Post transaction today' }).click();
    await expect.poll(async () => (await cells(row('Coffee')))[5], WAIT).toBe('Paid');
    await expect
      .poll(
        () =>
          sidebar
            .locator('a.sidebar-account', { has: page.getByText('Wallet', { exact: true }) })
            .locator('.amount')
            .textContent(),
        WAIT,
      )
      .toBe('97.00');
    await main().getByRole('button', { name: 'Calendar' }).click();
    await main().getByLabel('Balance of').selectOption({ label: 'Wallet' });
    const calendar = main().getByRole('table', { name: 'Schedules in June 2024' });
    const day = (date: string) =>
      calendar.getByRole('cell').filter({ hasText: date }).locator('.calendar-balance');
    // Today's balance is the real one, not one coffee lower (94.00).
    await expect.poll(() => day('06/04/2024').innerText(), WAIT).toContain('97.00');
    await shoot(page, 'schedules-09a-calendar-paid-today');
    await main().getByLabel('Balance of').selectOption({ label: 'For budget accounts' });
    await main().getByRole('button', { name: 'List' }).click();
    await table().waitFor(WAIT);
    // Out of the way of the calendar below (a daily item fills every day).
    await row('Coffee').getByRole('button', { name: 'Actions for Coffee' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await row('Coffee').waitFor({ state: 'detached', ...WAIT });
  });

  it('shows the month on a calendar with the projected balance of each day', async () => {
    await main().getByRole('button', { name: 'Calendar' }).click();
    const calendar = main().getByRole('table', { name: 'Schedules in June 2024' });
    await calendar.waitFor(WAIT);
    const carLoan = calendar.getByRole('cell').filter({ hasText: '06/28/2024' });
    await expect.poll(() => carLoan.innerText(), WAIT).toContain('Car loan');
    await main().getByText('Lowest projected balance').waitFor(WAIT);
    await shoot(page, 'schedules-09-calendar');
    await main().getByRole('button', { name: 'Next month' }).click();
    await main().getByRole('table', { name: 'Schedules in July 2024' }).waitFor(WAIT);
    await main().getByRole('button', { name: 'List' }).click();
    await table().waitFor(WAIT);
    // Wide screens only: on a phone the schedule pages give way to the budget.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForURL(/\/budget$/, WAIT);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(session.first.errors).toEqual([]);
  });
});

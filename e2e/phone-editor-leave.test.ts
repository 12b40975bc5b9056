import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './helpers/axe.ts';
import { SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { BUILT, WAIT } from './helpers/session.ts';
import { openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';

/**
 * Leaving the phone's transaction editor (Chromium with phone emulation: touch, taps): with
 * something typed, the tab bar and the browser's Back ask first, as Cancel does, and keep what
 * was typed when the person stays; with nothing typed, Back just leaves. And an open picker
 * list passes axe (its list is the combobox's own scrolling popup).
 */
describe.runIf(BUILT)('leaving the phone editor', { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const tabs = () => page.getByRole('navigation', { name: 'Main' });
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const asking = () => page.getByRole('alertdialog', { name: 'Discard changes?' });
  const button = (name: string) => main().getByRole('button', { name, exact: true });
  const path = () => new URL(page.url()).pathname;
  const tap = (l: Locator) => l.tap();

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-leave-');
    ({ page, errors } = phone);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('asks before the tab bar leaves typed work, and keeps it when the person stays', async () => {
    const account = path();
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('7.25');
    await tap(tabs().getByRole('link', { name: 'Budget' }));
    await asking().waitFor(WAIT);
    expect(path()).toBe('/transactions/new');
    await tap(asking().getByRole('button', { name: 'Keep editing' }));
    await asking().waitFor({ state: 'detached', ...WAIT });
    expect(await amount().inputValue()).toBe('7.25');
    expect(path()).toBe('/transactions/new');

    await tap(tabs().getByRole('link', { name: 'Budget' }));
    await tap(asking().getByRole('button', { name: 'Discard' }));
    await page.waitForURL((u) => u.pathname === '/budget', WAIT);
    // The editor is gone from the history too: Back returns to the account, not the editor.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await page.getByRole('heading', { name: 'Checking' }).waitFor(WAIT);
  });

  it('asks before the browser’s Back leaves typed work; without changes Back just leaves', async () => {
    const account = path();
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('3.10');
    await page.goBack();
    await asking().waitFor(WAIT);
    expect(path()).toBe('/transactions/new');
    await tap(asking().getByRole('button', { name: 'Keep editing' }));
    expect(await amount().inputValue()).toBe('3.10');
    // Asked again on the next Back (the guard came back with Keep editing); Discard leaves.
    await page.goBack();
    await tap(asking().getByRole('button', { name: 'Discard' }));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    expect(await main().getByText('3.10').count()).toBe(0);

    // Nothing typed: Back leaves at once.
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === account, WAIT);
    expect(await asking().count()).toBe(0);

    // Saved: no question, and Back from the account does not return to the editor.
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('1.50');
    await tap(button('Save'));
    await page.getByText('Transaction added.').waitFor(WAIT);
    await page.waitForURL((u) => u.pathname === account, WAIT);
    expect(await asking().count()).toBe(0);
    await page.goBack();
    await page.waitForURL((u) => u.pathname !== '/transactions/new' && u.pathname !== account);
    expect(errors).toEqual([]);
  });

  it('passes axe with a picker’s list open (the list scrolls as the combobox’s popup)', async () => {
    // The last test's 'Transaction added.' would cover the sheet in the screenshots.
    await page.getByText('Transaction added.').waitFor({ state: 'hidden', timeout: 30_000 });
    await tabs().getByText('Accounts').tap();
    await main()
      .getByRole('link', { name: /^Checking/ })
      .tap();
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await tap(main().getByRole('button', { name: /^Category/ }));
    const sheet = page.getByRole('dialog', { name: 'Category', exact: true });
    await sheet.waitFor(WAIT);
    const list = page.getByRole('listbox', { name: 'Category suggestions' });
    await list.waitFor(WAIT);
    // The list is longer than its popup and scrolls itself (the combobox's popup): what axe
    // looks at.
    const scrolls = await list.evaluate((e) => e.scrollHeight > e.clientHeight);
    expect(scrolls).toBe(true);
    const reports: string[] = [];
    for (const theme of ['light', 'dark']) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `phone-picker-open-390-${theme}.png`) });
      const violations = await axeViolations(page);
      if (violations.length) reports.push(describeViolations(`picker-${theme}`, violations));
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    expect(reports).toEqual([]);
  });

  it('keeps the desktop register’s picker list whole and scrolling at 1280×800', async () => {
    // The same kit list in the desktop register's new row: the category picker, by keyboard.
    // The phone's page closes first: one budget is written by one tab at a time.
    await page.close();
    const desk = await phone.context.newPage();
    await desk.setViewportSize(SIZES.desktop);
    await desk.goto(phone.server.url + '/accounts');
    await desk
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: /^Checking/ })
      .click();
    await desk.getByRole('button', { name: '+ Add New' }).click();
    await desk.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
    for (let i = 0; i < 3; i++) await desk.keyboard.press('Tab');
    const list = desk.getByRole('listbox', { name: 'Category suggestions' });
    await list.waitFor(WAIT);
    const box = (await list.boundingBox())!;
    expect(box.height).toBeGreaterThan(100);
    expect(await list.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    for (const theme of ['light', 'dark']) {
      await desk.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      await desk.screenshot({ path: join(SCREENSHOT_DIR, `picker-open-1280-${theme}.png`) });
    }
    const scrolling = (await axeViolations(desk)).filter(
      (v) => v.rule === 'scrollable-region-focusable',
    );
    expect(scrolling).toEqual([]);
    await desk.close();
  });
});

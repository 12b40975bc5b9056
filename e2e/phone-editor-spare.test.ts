import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './helpers/axe.ts';
import { BUILT, WAIT } from './helpers/session.ts';
import { openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';

/**
 * Issue 29: the new transaction's editor is made ahead, hidden, on the budget and account
 * screens (spare-editor.ts), so 'Add transaction' only shows it. It must stay the editor a tap
 * used to mount: blank at each opening, in the account of the page it is opened from, and out of
 * sight, of the tab order and of screen readers until then.
 */
describe.runIf(BUILT)('the new editor made ahead', { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const button = (name: string) => main().getByRole('button', { name, exact: true });
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const row = (text: RegExp) => main().getByRole('link', { name: text });
  const addTransaction = () => page.getByRole('link', { name: 'Add transaction' });
  /** The field row's shown value (Payee, Account…). */
  const field = (label: string) => main().getByRole('button', { name: new RegExp(`^${label}`) });
  /** The hidden spare is in the page (made when the page was idle). */
  const spareReady = () =>
    page.locator('.shell-layer[hidden][inert] #ph-amount').waitFor({ ...WAIT, state: 'attached' });

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-spare-');
    ({ page, errors } = phone);
    await row(/^Starting Balance/).waitFor(WAIT);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('is out of sight, of the tab order and of screen readers until the tap', async () => {
    await spareReady();
    // Not in the accessibility tree: no role finds its amount, its title or its buttons.
    expect(await amount().count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'New transaction' }).count()).toBe(0);
    expect(await button('Save').count()).toBe(0);
    // Tab goes round the page without ever landing in it.
    await page.locator('body').focus();
    const landed: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const inLayer = await page.evaluate(
        `!!document.activeElement?.closest('.shell-layer') ? document.activeElement.outerHTML.slice(0, 80) : ''`,
      );
      if (inLayer) landed.push(String(inLayer));
    }
    expect(landed).toEqual([]);
    const violations = await axeViolations(page);
    expect(violations, describeViolations('list with the hidden editor', violations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens blank after Cancel and after Save, in the account it is opened from', async () => {
    await spareReady();
    await addTransaction().tap();
    await amount().waitFor(WAIT);
    expect(await amount().inputValue()).toBe('');
    expect(await field('Account').textContent()).toContain('Checking');
    await page.keyboard.type('5.00');
    await button('Cancel').tap();
    await main().getByRole('button', { name: 'Discard', exact: true }).tap();
    await row(/^Starting Balance/).waitFor(WAIT);

    // Not the editor left with 5.00 typed: a new one, made when the page was idle again.
    await spareReady();
    await addTransaction().tap();
    await amount().waitFor(WAIT);
    expect(await amount().inputValue()).toBe('');
    await page.keyboard.type('7.00');
    await button('Save').tap();
    await row(/-7\.00/).waitFor(WAIT);
    await page.waitForURL((u) => !u.pathname.includes('/transactions/'), WAIT);

    await spareReady();
    await addTransaction().tap();
    await amount().waitFor(WAIT);
    expect(await amount().inputValue()).toBe('');
    expect(await field('Payee').textContent()).toContain('None');
    // The saved one is in the list, once: the second editor saved a new transaction.
    await button('Cancel').tap();
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(await row(/-7\.00/).count()).toBe(1);

    // From the budget, the editor is made for the budget's own Add (its default account).
    await page.getByRole('navigation', { name: 'Main' }).getByText('Budget').tap();
    await page.waitForURL(/\/budget$/, WAIT);
    await spareReady();
    await addTransaction().tap();
    await amount().waitFor(WAIT);
    expect(await field('Account').textContent()).toContain('Checking');
    expect(await page.evaluate('document.activeElement?.id')).toBe('ph-amount');
    await button('Cancel').tap();
    await page.waitForURL(/\/budget$/, WAIT);
    expect(errors).toEqual([]);
  });
});

import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from './helpers/browser.ts';
import { BUILT, WAIT } from './helpers/session.ts';
import { openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';

/**
 * Every request the page sends the core, by name (`window.__sent`); while `window.__hold` is
 * true, the reads of rows and figures (`query`, `getCells`) are kept back (`window.__held`)
 * until `window.__release()` sends them: what the screen shows meanwhile needed none of them.
 */
const WATCH_REQUESTS = `
  (() => {
    window.__sent = [];
    window.__held = [];
    window.__hold = false;
    const HELD = ['query', 'getCells'];
    for (const proto of [Worker.prototype, MessagePort.prototype]) {
      const post = proto.postMessage;
      proto.postMessage = function (message, ...rest) {
        const name = message && typeof message === 'object' ? message.name : null;
        if (typeof name === 'string') window.__sent.push(name);
        if (window.__hold && HELD.includes(name)) {
          window.__held.push(() => post.call(this, message, ...rest));
          return;
        }
        return post.call(this, message, ...rest);
      };
    }
    window.__release = () => {
      window.__hold = false;
      for (const send of window.__held.splice(0)) send();
    };
  })();
`;

/**
 * Saving on a phone (issue 29, 'instant on a phone-class CPU'): back from the editor, the
 * account's list shows the saved row and its running balance at once, from the rows the page
 * already held and the core's answer to the write, before the list's rows or any figure are
 * read again; and a tap tells the core the screen is in use (`user-active`), so its background
 * builds wait for a quiet moment.
 */
describe.runIf(BUILT)('saving on a phone shows the row at once', { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const button = (name: string) => main().getByRole('button', { name, exact: true });
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const row = (text: RegExp) => main().getByRole('link', { name: text });
  const tap = (l: Locator) => l.tap();
  const held = async () => (await page.evaluate('window.__held.length')) as number;
  const sent = async () => (await page.evaluate('window.__sent')) as string[];

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-save-', WATCH_REQUESTS);
    ({ page, errors } = phone);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('back from the editor, the new row and its running balance show before the list is read again', async () => {
    const account = new URL(page.url()).pathname;
    await row(/^Starting Balance/).waitFor(WAIT);
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('7.25');
    await page.evaluate('window.__hold = true');
    await tap(button('Save'));
    await page.getByText('Transaction added.').waitFor(WAIT);
    await page.waitForURL((u) => u.pathname === account, WAIT);
    const saved = row(/-7\.25/);
    await saved.waitFor(WAIT);
    // The running balance as the write leaves it: 100.00 less 7.25.
    expect(await saved.textContent()).toContain('92.75');
    expect(await row(/^Starting Balance/).count()).toBe(1);
    // The list's read was asked for and is still held: the row came from the page.
    expect(await held()).toBeGreaterThan(0);
    expect(await main().getByRole('link').filter({ hasText: '7.25' }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-saved-at-once-390.png') });

    // The core's read confirms it: the same row, once.
    await page.evaluate('window.__release()');
    await main()
      .locator('[aria-busy]')
      .waitFor({ state: 'detached', ...WAIT });
    expect(await row(/-7\.25/).count()).toBe(1);
    expect(await row(/-7\.25/).textContent()).toContain('92.75');
    expect(errors).toEqual([]);
  });

  it('an edit shows at once too, and a refused amount keeps the editor with its message', async () => {
    const account = new URL(page.url()).pathname;
    await tap(row(/-7\.25/));
    await amount().waitFor(WAIT);
    await amount().fill('12+');
    await tap(button('Save'));
    await main().getByText('Enter a number, or arithmetic such as 120+35.50').waitFor(WAIT);
    expect(page.url()).toContain('/transactions/');
    await amount().fill('8.00');
    await page.evaluate('window.__hold = true');
    await tap(button('Save'));
    await page.getByText('Transaction saved.').waitFor(WAIT);
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await row(/-8\.00/).waitFor(WAIT);
    expect(await row(/-8\.00/).textContent()).toContain('92.00');
    expect(await row(/-7\.25/).count()).toBe(0);
    expect(await held()).toBeGreaterThan(0);
    await page.evaluate('window.__release()');
    await main()
      .locator('[aria-busy]')
      .waitFor({ state: 'detached', ...WAIT });
    expect(await row(/-8\.00/).count()).toBe(1);
  });

  it('a tap that asks the core nothing still tells it the screen is in use', async () => {
    const before = (await sent()).filter((n) => n === 'user-active').length;
    // Past the page's one-per-interval limit (use-user-activity.ts `ACTIVITY_EVERY_MS`, 250 ms)
    // since the last test's taps: with the list back at once after Save, that test can end
    // within it, and this tap would rightly send nothing. (Not imported: the web's module brings
    // React's DOM types into the e2e programme.)
    await page.waitForTimeout(250);
    await tap(page.getByRole('heading', { name: 'Checking' }));
    await expect
      .poll(async () => (await sent()).filter((n) => n === 'user-active').length)
      .toBeGreaterThan(before);
  });
});

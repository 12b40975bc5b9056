import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './helpers/axe.ts';
import { SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { BUILT, WAIT } from './helpers/session.ts';
import { PHONE_SIZES, openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';

/**
 * The core's write, as the page sends it: held back while `window.__holdWrite` is true (sent by
 * `window.__releaseWrite()`), and sent for an account that does not exist while
 * `window.__refuseWrite` is true, so the core itself refuses it ('No account with id …').
 */
const WATCH_WRITES = `
  (() => {
    window.__heldWrites = [];
    window.__holdWrite = false;
    window.__refuseWrite = false;
    for (const proto of [Worker.prototype, MessagePort.prototype]) {
      const post = proto.postMessage;
      proto.postMessage = function (message, ...rest) {
        if (!message || message.name !== 'transactions-batch-update') {
          return post.call(this, message, ...rest);
        }
        if (window.__refuseWrite) {
          const added = (message.args.added || []).map((t) => ({ ...t, account: 'no-such-account' }));
          message = { ...message, args: { ...message.args, added } };
        }
        if (window.__holdWrite) {
          window.__heldWrites.push(() => post.call(this, message, ...rest));
          return;
        }
        return post.call(this, message, ...rest);
      };
    }
    window.__releaseWrite = () => {
      window.__holdWrite = false;
      for (const send of window.__heldWrites.splice(0)) send();
    };
  })();
`;

/**
 * The phone's editor is a layer over the page it was opened from (issue 29): the account's list
 * stays mounted under it (the same elements come back, scrolled where they were), Save leaves at
 * once with the row marked as saving until the core has written it, and a refusal from the core
 * brings the editor back with the core's message and everything typed.
 */
describe.runIf(BUILT)('the phone editor over the list', { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const button = (name: string) => main().getByRole('button', { name, exact: true });
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const row = (text: RegExp) => main().getByRole('link', { name: text });
  const addTransaction = () => page.getByRole('link', { name: 'Add transaction' });
  const tap = (l: Locator) => l.tap();
  /** Marks the starting balance's row, to find out later whether it is still the same element. */
  const markRow = () =>
    row(/^Starting Balance/).evaluate((el) => el.setAttribute('data-probe', 'kept'));
  const rowKept = async () =>
    (await row(/^Starting Balance/).getAttribute('data-probe')) === 'kept';

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-layer-', WATCH_WRITES);
    ({ page, errors } = phone);
    await row(/^Starting Balance/).waitFor(WAIT);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('opens over the list and leaves the same list behind, by Cancel and by Back', async () => {
    const account = new URL(page.url()).pathname;
    await markRow();
    await tap(addTransaction());
    await amount().waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/transactions/new');
    // Only the editor is there to see, find or reach: the list under it is hidden.
    expect(await main().getByRole('searchbox', { name: 'Search transactions' }).count()).toBe(0);
    expect(await row(/^Starting Balance/).isVisible()).toBe(false);
    expect(await page.evaluate('document.activeElement?.id')).toBe('ph-amount');
    await tap(button('Cancel'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(await rowKept()).toBe(true);

    // A row opens its transaction over the list too; the browser's Back returns to it.
    await tap(row(/^Starting Balance/));
    await amount().waitFor(WAIT);
    expect(page.url()).toContain('/transactions/');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(await rowKept()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('saves at once: the row shows as saving until the core has written it', async () => {
    const account = new URL(page.url()).pathname;
    await markRow();
    await tap(addTransaction());
    await amount().waitFor(WAIT);
    await page.keyboard.type('4.56');
    await page.evaluate('window.__holdWrite = true');
    await tap(button('Save'));
    // Back on the list while the write is still held: the row is there, marked as saving.
    await page.waitForURL((u) => u.pathname === account, WAIT);
    const saved = row(/-4\.56/);
    await saved.waitFor(WAIT);
    expect(await saved.textContent()).toContain('Saving…');
    expect(await saved.textContent()).toContain('95.44');
    expect(await rowKept()).toBe(true);
    expect(await page.evaluate('window.__heldWrites.length')).toBe(1);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-saving-390.png') });

    await page.evaluate('window.__releaseWrite()');
    await page.getByText('Transaction added.').waitFor(WAIT);
    await expect.poll(async () => await row(/-4\.56/).textContent()).not.toContain('Saving…');
    expect(await row(/-4\.56/).count()).toBe(1);

    // The save's toast (with its Undo) belongs to the list: an editor opened over it does not
    // have it over its own buttons (it covered Delete, a tap away from undoing the last save).
    await tap(row(/-4\.56/));
    await button('Delete transaction').waitFor(WAIT);
    expect(await page.getByText('Transaction added.').isVisible()).toBe(false);
    await tap(button('Cancel'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    expect(errors).toEqual([]);
  });

  it('a save the core refuses brings the editor back with its message and the typing', async () => {
    const account = new URL(page.url()).pathname;
    await tap(addTransaction());
    await amount().waitFor(WAIT);
    await page.keyboard.type('7.89');
    await page.evaluate('window.__holdWrite = true; window.__refuseWrite = true');
    await tap(button('Save'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await row(/-7\.89/).waitFor(WAIT);
    await page.evaluate('window.__releaseWrite()');

    // The core's refusal: the editor again, over the list, with the message and the amount.
    await main()
      .getByText(/No account with id no-such-account/)
      .waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/transactions/new');
    expect(await amount().inputValue()).toContain('7.89');
    expect(await row(/-7\.89/).count()).toBe(0);
    for (const [size, viewport] of Object.entries(PHONE_SIZES)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `phone-save-refused-${size}.png`) });
    }
    await page.setViewportSize(SIZES.phone);
    const violations = await axeViolations(page);
    expect(violations, describeViolations('refused save', violations)).toEqual([]);

    // What was typed counts as typed: leaving asks first, and Keep editing keeps it.
    await tap(button('Cancel'));
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).waitFor(WAIT);
    await tap(page.getByRole('button', { name: 'Keep editing' }));
    expect(await amount().inputValue()).toContain('7.89');

    // Saved again once the core takes it: the same typing, written.
    await page.evaluate('window.__refuseWrite = false');
    await tap(button('Save'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await page.getByText('Transaction added.').waitFor(WAIT);
    await expect.poll(async () => await row(/-7\.89/).count()).toBe(1);
    await expect.poll(async () => await row(/-7\.89/).textContent()).not.toContain('Saving…');
    expect(errors).toEqual([]);
  });

  it('leaves on Save after the window widens under the editor', async () => {
    const account = new URL(page.url()).pathname;
    await tap(addTransaction());
    await amount().waitFor(WAIT);
    await page.keyboard.type('2.22');
    // Wide, the editor is a page of its own (no list under it), in the same history entry.
    await page.setViewportSize(SIZES.desktop);
    await amount().waitFor(WAIT);
    const typed = await amount().inputValue();
    await tap(button('Save'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await page.getByText('Transaction added.').waitFor(WAIT);
    await page.setViewportSize(SIZES.phone);
    expect(typed).toContain('2.22');
    await expect.poll(async () => await row(/-2\.22/).count(), WAIT).toBe(1);
    expect(errors).toEqual([]);
  });

  // On the rows the tests above added: five of them scroll in this short window.
  it('after Save the list is scrolled where it was', async () => {
    const account = new URL(page.url()).pathname;
    // Short enough that the account's rows scroll.
    await page.setViewportSize({ width: 360, height: 400 });
    const scroller = page.locator('main.shell-page');
    const bottom = await scroller.evaluate((e) => {
      e.scrollTop = e.scrollHeight;
      return e.scrollTop;
    });
    expect(bottom).toBeGreaterThan(0);
    // The page follows its scroll by its events: one frame for it to come.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
    await tap(addTransaction());
    await amount().waitFor(WAIT);
    expect(await scroller.evaluate((e) => e.scrollTop)).toBe(0);
    await page.keyboard.type('3.33');
    await tap(button('Save'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await row(/-3\.33/).waitFor(WAIT);
    // Where it was, not at the editor's top (0): the browser's scroll anchoring may move it a
    // few pixels as the rows above it change (the saved row's 'Saving…' goes: 130 → 123 here).
    const after = await scroller.evaluate((e) => e.scrollTop);
    expect(after).toBeGreaterThan(bottom - 20);
    expect(after).toBeLessThanOrEqual(bottom);
    await page.setViewportSize(SIZES.phone);
    expect(errors).toEqual([]);
  });
});

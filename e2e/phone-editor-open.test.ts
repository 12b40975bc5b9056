import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT, WAIT } from './helpers/session.ts';
import { openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';
import { countRenders } from './helpers/render-count.ts';

/** The account's rows (under the covered page) and the editor's layer. */
const COUNT_RENDERS = countRenders(['ph-days', 'shell-layer']);

/**
 * The requests the page posts to its core's worker (their names), into `window.__core` while
 * `window.__recordCore` is set. The worker's own `postMessage` only: React's scheduler posts on
 * a MessagePort of its own.
 */
const RECORD_CORE = `
  (() => {
    window.__core = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (window.__recordCore) window.__core.push(String(message?.name ?? message?.type));
      return post.call(this, message, ...rest);
    };
  })();
`;

/**
 * Issue 29: a tap on 'Add transaction' renders only the editor. The account's list stays
 * mounted under the editor's layer; the router's change of address used to render every one of
 * its rows again (each row's link reads the router's location), a good part of the editor's
 * first frame on a phone-class CPU.
 */
describe.runIf(BUILT)('opening the phone editor', { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const row = (text: RegExp) => main().getByRole('link', { name: text });
  const renders = () =>
    page.evaluate('({ ...window.__renders })') as Promise<Record<string, number>>;
  const resetRenders = () => page.evaluate('window.__resetRenders()');
  /** Two frames: whatever the change of address set off has been committed. */
  const settled = () =>
    page.evaluate(
      'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))',
    );

  /**
   * Waits until none of the rows has rendered for half a second (the list's own reads and
   * balances are done): what renders after that is the tap's doing.
   */
  const quiet = async () => {
    for (let i = 0; i < 40; i += 1) {
      await resetRenders();
      await page.waitForTimeout(500);
      if ((await renders())['ph-days'] === 0) return;
    }
    throw new Error('the rows kept rendering');
  };

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-open-', COUNT_RENDERS + RECORD_CORE);
    ({ page, errors } = phone);
    await row(/^Starting Balance/).waitFor(WAIT);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('renders the editor, and nothing of the list under it, on the tap and on Cancel', async () => {
    await quiet();
    await page.getByRole('link', { name: 'Add transaction' }).tap();
    await amount().waitFor(WAIT);
    await settled();
    const opened = await renders();
    // The count sees the commits: the editor's components were rendered.
    expect(opened['shell-layer']).toBeGreaterThan(0);
    expect(opened['ph-days']).toBe(0);
    // The tap's focus is the amount's, so a phone's keyboard comes up with the editor.
    expect(await page.evaluate('document.activeElement?.id')).toBe('ph-amount');

    await quiet();
    await main().getByRole('button', { name: 'Cancel', exact: true }).tap();
    await row(/^Starting Balance/).waitFor(WAIT);
    await settled();
    expect((await renders())['ph-days']).toBe(0);

    // A row's own editor, opened by its tap, renders nothing of the list either.
    await quiet();
    await row(/^Starting Balance/).tap();
    await amount().waitFor(WAIT);
    await settled();
    const row_ = await renders();
    expect(row_['shell-layer']).toBeGreaterThan(0);
    expect(row_['ph-days']).toBe(0);
    await page.goBack();
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  /**
   * The layer is in the page, its amount focused, in the tap's own task: before, the router's
   * change of address was a transition React rendered in slices over later tasks (300+ ms under
   * a phone's CPU quota), and a focus given outside the tap's task brings up no keyboard on a
   * phone. Checked from a microtask the tap's click queues after React's own listener.
   */
  it("shows the editor, its amount focused, in the tap's own task", async () => {
    await quiet();
    await page.evaluate(`window.addEventListener('click', () => {
      queueMicrotask(() => {
        window.__inTap = {
          amount: !!document.getElementById('ph-amount'),
          focused: document.activeElement?.id ?? null,
        };
      });
    }, { once: true })`);
    await page.getByRole('link', { name: 'Add transaction' }).tap();
    await amount().waitFor(WAIT);
    expect(await page.evaluate('window.__inTap')).toEqual({ amount: true, focused: 'ph-amount' });
    await main().getByRole('button', { name: 'Cancel', exact: true }).tap();
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  /**
   * A row's tap goes the same way as Add transaction: its editor, with the row's payee and
   * amount (from the row the list holds, not a read from the core first), is in the page in the
   * tap's own task; before, it came through the router's transition, a spinner while the
   * transaction was read, and the fields a few tasks later. An existing row's editor does not
   * focus a field (no keyboard over the transaction the person came to look at). Then the
   * router's change of address, when it arrives, renders nothing of the editor again.
   */
  it("shows a row's editor, its payee and amount, in the tap's own task", async () => {
    await quiet();
    await page.evaluate(`window.addEventListener('click', () => {
      queueMicrotask(() => {
        window.__inTap = {
          amount: document.getElementById('ph-amount')?.value ?? null,
          payee: document.querySelector('#ph-payee .ph-field-value')?.textContent ?? null,
          title: document.querySelector('.shell-layer h1')?.textContent ?? null,
          focused: document.activeElement?.id ?? null,
        };
        // What renders from here on is after the editor's first commit.
        window.__resetRenders();
      });
    }, { once: true })`);
    await row(/^Starting Balance/).tap();
    await amount().waitFor(WAIT);
    await page.waitForURL(/\/transactions\//);
    await settled();
    const inTap = (await page.evaluate('window.__inTap')) as Record<string, string | null>;
    expect(inTap).toMatchObject({
      amount: '100.00',
      payee: 'Starting Balance',
      title: 'Edit transaction',
    });
    expect(inTap.focused).not.toBe('ph-amount');
    // The router's update (and the read behind it) found nothing to change in the editor.
    expect((await renders())['shell-layer']).toBe(0);
    await expect.poll(() => amount().inputValue()).toBe('100.00');
    await main().getByRole('button', { name: 'Cancel', exact: true }).tap();
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  /**
   * What holds a row's out-of-flow parts (its screen-reader texts are absolutely positioned) is
   * the list's own page, not a box above it: the editor's layer makes the page area
   * `position: relative` and the covered page `content-visibility: hidden` (a containing block
   * too), and each change of the holder laid out every row again (~470 of the list's ~1,300
   * layout objects at 100k, in the editor's first frame and in the save's).
   */
  it("holds the rows' out-of-flow parts in the list's page", async () => {
    const holder = `document.querySelector('.ph-tx .sr-only')?.offsetParent?.className ?? null`;
    expect(await page.evaluate(holder)).toMatch(/\bph-page\b/);
  });

  /** The same for Add transaction: the router's update renders nothing of its editor again. */
  it("renders Add transaction's editor once, not again on the router's update", async () => {
    await quiet();
    await page.evaluate(`window.addEventListener('click', () => {
      queueMicrotask(() => window.__resetRenders());
    }, { once: true })`);
    await page.getByRole('link', { name: 'Add transaction' }).tap();
    await amount().waitFor(WAIT);
    await page.waitForURL(/\/transactions\/new/);
    await settled();
    expect((await renders())['shell-layer']).toBe(0);
    await main().getByRole('button', { name: 'Cancel', exact: true }).tap();
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  /**
   * Nothing is asked of the core between a tap and the editor's first frame, for Add
   * transaction and for a row: the row's check that its transaction is still as the list holds
   * it used to be sent in the tap's own task (React runs a discrete event's effects with its
   * commit), and its request, the core's work and the answer drew from the same CPU as that
   * frame. The requests are those posted from the click until the first animation frame after
   * it, the frame that shows the editor.
   */
  it("asks the core nothing before the editor's first frame", async () => {
    const opens = {
      add: () => page.getByRole('link', { name: 'Add transaction' }).tap(),
      row: () => row(/^Starting Balance/).tap(),
    };
    const asked: Record<string, unknown> = {};
    for (const [name, open] of Object.entries(opens)) {
      await quiet();
      await page.evaluate(`window.addEventListener('click', () => {
        window.__core = [];
        window.__recordCore = true;
        requestAnimationFrame(() => {
          window.__beforeFrame = { shown: !!document.getElementById('ph-amount'), core: [...window.__core] };
        });
      }, { once: true, capture: true })`);
      await open();
      await amount().waitFor(WAIT);
      await page.waitForURL(/\/transactions\//);
      await settled();
      asked[name] = await page.evaluate('window.__beforeFrame');
      // The row's check still comes, after the frame.
      if (name === 'row')
        await expect.poll(() => page.evaluate('window.__core.length')).toBeGreaterThan(0);
      await page.evaluate('window.__recordCore = false');
      await main().getByRole('button', { name: 'Cancel', exact: true }).tap();
      await row(/^Starting Balance/).waitFor(WAIT);
    }
    expect(asked).toEqual({ add: { shown: true, core: [] }, row: { shown: true, core: [] } });
    expect(errors).toEqual([]);
  });
});

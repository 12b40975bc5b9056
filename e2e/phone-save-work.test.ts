import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './helpers/axe.ts';
import { SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { BUILT, WAIT } from './helpers/session.ts';
import { PHONE_SIZES, openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';

/**
 * Counts of the page's work, from its own side:
 * - `window.__renders`: each phone register row (a memoised component whose props hold `tx` and
 *   `linkState`) that React rendered, by transaction id, counted at each commit through React's
 *   devtools hook (as the React devtools count them: a component that bailed out is not counted);
 * - `window.__touched()`: the register's list items whose elements changed since
 *   `window.__watch()` (a MutationObserver over the list);
 * - the core's write (`transactions-batch-update`) held while `window.__holdWrite` is true, and
 *   every request sent, by name (`window.__sent`);
 * - the history's steps back held while `window.__holdSteps` is true.
 */
const COUNT_WORK = `
  (() => {
    window.__renders = {};
    window.__sent = [];
    window.__heldWrites = [];
    window.__holdWrite = false;
    const isRow = (f) =>
      typeof f.type === 'function' && f.memoizedProps && typeof f.memoizedProps === 'object' &&
      'tx' in f.memoizedProps && 'linkState' in f.memoizedProps;
    const PERFORMED_WORK = 1;
    const visit = (fiber, before) => {
      if (isRow(fiber) && (!before || (fiber.flags & PERFORMED_WORK) !== 0)) {
        const id = fiber.memoizedProps.tx.id;
        window.__renders[id] = (window.__renders[id] || 0) + 1;
      }
      // The same children as before: nothing under this fiber rendered.
      if (before && fiber.child === before.child) return;
      for (let c = fiber.child; c; c = c.sibling) visit(c, c.alternate);
    };
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id, root) => visit(root.current, root.current.alternate),
    };
    let touched = new Set();
    let observer = null;
    window.__watch = () => {
      observer?.disconnect();
      touched = new Set();
      const list = document.querySelector('.ph-days');
      observer = new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
          const li = el?.closest('li');
          if (li) touched.add(li);
          for (const n of r.addedNodes) if (n.nodeType === 1 && n.matches('li')) touched.add(n);
          for (const n of r.removedNodes) if (n.nodeType === 1 && n.matches('li')) touched.add(n);
        }
      });
      observer.observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
    };
    window.__touched = () => [...touched].map((li) => li.textContent);
    for (const proto of [Worker.prototype, MessagePort.prototype]) {
      const post = proto.postMessage;
      proto.postMessage = function (message, ...rest) {
        const name = message && typeof message === 'object' ? message.name : null;
        if (typeof name === 'string') window.__sent.push(name);
        if (name === 'transactions-batch-update' && window.__holdWrite) {
          window.__heldWrites.push(() => post.call(this, message, ...rest));
          return;
        }
        return post.call(this, message, ...rest);
      };
    }
    // The history's steps (the router's Back is \`history.go(-1)\`), held while
    // \`window.__holdSteps\` is true, taken by \`window.__releaseSteps()\`.
    window.__heldSteps = [];
    window.__holdSteps = false;
    for (const step of ['go', 'back']) {
      const take = History.prototype[step];
      History.prototype[step] = function (...args) {
        if (!window.__holdSteps) return take.apply(this, args);
        window.__heldSteps.push(() => take.apply(this, args));
      };
    }
    window.__releaseSteps = () => {
      window.__holdSteps = false;
      for (const take of window.__heldSteps.splice(0)) take();
    };
    window.__releaseWrite = () => {
      window.__holdWrite = false;
      for (const send of window.__heldWrites.splice(0)) send();
    };
  })();
`;

/**
 * Saving on a phone does only the work the save needs (issue 29: save → list painted ≤ 100 ms
 * on a phone-class CPU): back from the editor only the saved row draws (its running balance with
 * it), and the core's answer and the read of the rows that follows it draw nothing the page had
 * already drawn; the account's balance above the list moves with the row at once and settles to
 * the core's figure.
 */
describe.runIf(BUILT)('the work a phone save does', { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const button = (name: string) => main().getByRole('button', { name, exact: true });
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const row = (text: RegExp) => main().getByRole('link', { name: text });
  const headerBalance = () => main().getByTestId('account-balance');
  const tap = (l: Locator) => l.tap();
  const renders = async () => (await page.evaluate('window.__renders')) as Record<string, number>;
  const sent = async () => (await page.evaluate('window.__sent.length')) as number;
  const sentSince = async (from: number) =>
    ((await page.evaluate('window.__sent')) as string[]).slice(from);

  /** Adds a transaction of `typed` through the editor and waits until the core has it. */
  async function add(typed: string, text: RegExp): Promise<void> {
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type(typed);
    await tap(button('Save'));
    await row(text).waitFor(WAIT);
    await main()
      .getByText('Saving…')
      .waitFor({ state: 'detached', ...WAIT });
  }

  /** The list at each phone width in both themes, and what axe finds in it (nothing). */
  async function shots(name: string): Promise<void> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      for (const [size, viewport] of Object.entries(PHONE_SIZES)) {
        await page.setViewportSize(viewport);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `phone-save-${name}-${size}-${theme}.png`),
        });
      }
      await page.setViewportSize(SIZES.phone);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(`${name}-${theme}`, violations)).toEqual([]);
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  }

  /** Until the list has its rows read again and nothing more is on its way. */
  async function settled(): Promise<void> {
    await main()
      .locator('[aria-busy]')
      .waitFor({ state: 'detached', ...WAIT });
    let last = -1;
    await expect
      .poll(
        async () => {
          const now = await sent();
          const quiet = now === last;
          last = now;
          return quiet;
        },
        { ...WAIT, interval: 500 },
      )
      .toBe(true);
  }

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-save-work-', COUNT_WORK);
    ({ page, errors } = phone);
    await row(/^Starting Balance/).waitFor(WAIT);
    await add('1.11', /-1\.11/);
    await add('2.22', /-2\.22/);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('shows the account’s new balance at once while the row is saving, then the core’s', async () => {
    await expect.poll(async () => await headerBalance().textContent(), WAIT).toContain('96.67');
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('4.56');
    await page.evaluate('window.__holdWrite = true');
    await tap(button('Save'));
    const saved = row(/-4\.56/);
    await saved.waitFor(WAIT);
    expect(await saved.textContent()).toContain('Saving…');
    // The row's running balance and the account's balance say the same: 96.67 less 4.56.
    expect(await saved.textContent()).toContain('92.11');
    expect(await headerBalance().textContent()).toContain('92.11');
    await shots('saving');

    await page.evaluate('window.__releaseWrite()');
    await expect.poll(async () => await saved.textContent(), WAIT).not.toContain('Saving…');
    await settled();
    expect(await headerBalance().textContent()).toContain('92.11');
    await shots('saved');
    expect(errors).toEqual([]);
  });

  it('a save draws only its own row, and the core’s answer and read draw no other', async () => {
    await page.evaluate('window.__releaseWrite()');
    await settled();
    const before = await renders();
    const ids = Object.keys(before);
    // Every row in the list was drawn before.
    expect(ids.length).toBe(await main().locator('.ph-tx').count());
    expect(ids.length).toBeGreaterThan(2);
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('3.33');
    await page.evaluate('window.__holdWrite = true; window.__watch()');
    const from = await sent();
    await tap(button('Save'));
    await row(/-3\.33/).waitFor(WAIT);
    await page.evaluate('window.__releaseWrite()');
    await expect.poll(async () => await row(/-3\.33/).textContent(), WAIT).not.toContain('Saving…');
    await settled();
    // The newest row's running balance is the account's balance.
    const balance = (await headerBalance().textContent())!.trim();
    expect(await row(/-3\.33/).textContent()).toContain(balance);

    const after = await renders();
    // No row that was there before drew again: the editor's leaving, the core's answer and the
    // rows read after it left them as they were.
    expect(ids.filter((id) => after[id] !== before[id])).toEqual([]);
    const added = Object.keys(after).filter((id) => !ids.includes(id));
    expect(added.length).toBe(1);
    // Shown as saving, then written: each change draws it once (mounted, then the core's row).
    expect(after[added[0]!]).toBeLessThanOrEqual(3);
    const touched = (await page.evaluate('window.__touched()')) as string[];
    expect(touched.length).toBe(1);
    expect(touched[0]).toContain('3.33');
    // One read of the rows after the write: the tables-changed refresh, not one per answer.
    const requests = await sentSince(from);
    expect(requests.filter((n) => n === 'transactions-batch-update')).toHaveLength(1);
    expect(requests.filter((n) => n === 'query').length).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  /**
   * The core's write is sent once the list's frame is drawn, not in Save's own task: there its
   * request, the worker's compiles and SQLite's work drew from the same phone CPU share as the
   * list's first frame (a trace of the save at 4×: 9 ms of the worker's CPU before that frame).
   * The requests are those posted from Save's click until the first animation frame after it.
   */
  it('sends the write after the frame that shows the list with the row', async () => {
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('6.66');
    await page.evaluate(`window.addEventListener('click', () => {
      const from = window.__sent.length;
      requestAnimationFrame(() => {
        const amount = document.getElementById('ph-amount');
        window.__beforeFrame = {
          editor: !!amount && amount.checkVisibility(),
          sent: window.__sent.slice(from),
        };
      });
    }, { once: true, capture: true })`);
    await tap(button('Save'));
    await row(/-6\.66/).waitFor(WAIT);
    expect(await page.evaluate('window.__beforeFrame')).toEqual({ editor: false, sent: [] });
    // It is still written, after that frame.
    await main()
      .getByText('Saving…')
      .waitFor({ state: 'detached', ...WAIT });
    expect(await row(/-6\.66/).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('leaves the editor in the save’s own task: the list shows before the history steps back', async () => {
    const account = new URL(page.url()).pathname;
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await page.keyboard.type('5.55');
    await page.evaluate('window.__holdSteps = true');
    await tap(button('Save'));
    // The step back through the history has not been taken: the address is still the editor's.
    await row(/-5\.55/).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/transactions/new');
    expect(await amount().count()).toBe(0);
    expect(await page.evaluate('window.__heldSteps.length')).toBe(1);
    await page.evaluate('window.__releaseSteps()');
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await main()
      .getByText('Saving…')
      .waitFor({ state: 'detached', ...WAIT });
    expect(await row(/-5\.55/).count()).toBe(1);

    // The editor opens over the list again, and Cancel leaves it as before.
    await tap(page.getByRole('link', { name: 'Add transaction' }));
    await amount().waitFor(WAIT);
    await tap(button('Cancel'));
    await page.waitForURL((u) => u.pathname === account, WAIT);
    await row(/-5\.55/).waitFor(WAIT);
    expect(await amount().count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT, WAIT } from './helpers/session.ts';
import { openPhoneAccount, type PhoneAccount } from './helpers/phone.ts';
import { countRenders } from './helpers/render-count.ts';

/** The shell's parts outside the page and the editor: the tab bar and 'Add transaction'. */
const COUNT_RENDERS = countRenders(['bottom-nav', 'ph-fab-bar']);

/**
 * The page's reads of the viewport's size (`innerWidth`, `matchMedia`) while
 * `window.__countViewport` is set, into `window.__viewportReads`: on a phone each `innerWidth`
 * read lays the page out at once, and `matchMedia` parses its query.
 */
const COUNT_VIEWPORT = `
  (() => {
    window.__viewportReads = 0;
    window.__countViewport = false;
    const width = Object.getOwnPropertyDescriptor(window, 'innerWidth')
      ?? Object.getOwnPropertyDescriptor(Window.prototype, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', {
      configurable: true,
      get() {
        if (window.__countViewport) window.__viewportReads += 1;
        return width.get.call(window);
      },
    });
    const match = window.matchMedia;
    window.matchMedia = function (query) {
      if (window.__countViewport) window.__viewportReads += 1;
      return match.call(window, query);
    };
  })();
`;

/**
 * What a tap's own task does besides the page and the editor (issue 29: each tap on a phone has
 * a few ms of the main thread's CPU). A tap that opens the editor and the Save that leaves it
 * render nothing of the tab bar or of 'Add transaction' (the button stays in the page, hidden
 * under the editor, rather than unmounted by the tap and mounted again by the save), and read
 * no size of the viewport (the shell's layout reads it on a resize, not on each render). Counted
 * from the click, before React's own listener, to a microtask after React has committed it.
 */
describe.runIf(BUILT)("a phone tap's work in the shell", { timeout: 300_000 }, () => {
  let phone: PhoneAccount;
  let page: Page;
  let errors: string[] = [];
  const main = () => page.getByRole('main');
  const amount = () => page.getByRole('textbox', { name: 'Amount', exact: true });
  const row = (text: RegExp) => main().getByRole('link', { name: text });
  const addButton = () => page.getByRole('link', { name: 'Add transaction' });

  /** Taps `target` and returns what its click's own task did (see above). */
  async function tapWork(
    target: Locator,
  ): Promise<{ renders: Record<string, number>; viewportReads: number }> {
    await page.evaluate(`(() => {
      window.__inTap = null;
      window.addEventListener('click', () => {
        window.__resetRenders();
        window.__viewportReads = 0;
        window.__countViewport = true;
      }, { capture: true, once: true });
      window.addEventListener('click', () => queueMicrotask(() => {
        window.__countViewport = false;
        window.__inTap = { renders: { ...window.__renders }, viewportReads: window.__viewportReads };
      }), { once: true });
    })()`);
    await target.tap();
    await expect.poll(() => page.evaluate('window.__inTap !== null')).toBe(true);
    return (await page.evaluate('window.__inTap')) as Awaited<ReturnType<typeof tapWork>>;
  }

  beforeAll(async () => {
    phone = await openPhoneAccount('coffer-e2e-phone-shell-', COUNT_RENDERS + COUNT_VIEWPORT);
    ({ page, errors } = phone);
    await row(/^Starting Balance/).waitFor(WAIT);
    await addButton().waitFor(WAIT);
  });

  afterAll(async () => {
    await phone?.close();
  });

  it("renders nothing of the tab bar or of 'Add transaction' on Add and Save", async () => {
    const opened = await tapWork(addButton());
    await amount().waitFor(WAIT);
    expect(opened).toEqual({ renders: { 'bottom-nav': 0, 'ph-fab-bar': 0 }, viewportReads: 0 });
    // Hidden under the editor: no one can reach it there.
    expect(await addButton().count()).toBe(0);
    expect(await page.evaluate(`document.querySelector('.ph-fab-bar')?.hidden`)).toBe(true);

    await page.keyboard.type('7.77');
    const saved = await tapWork(main().getByRole('button', { name: 'Save', exact: true }));
    await row(/7\.77/).waitFor(WAIT);
    expect(saved).toEqual({ renders: { 'bottom-nav': 0, 'ph-fab-bar': 0 }, viewportReads: 0 });
    await addButton().waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  it("renders nothing of them on a row's tap and Cancel", async () => {
    const opened = await tapWork(row(/^Starting Balance/));
    await amount().waitFor(WAIT);
    expect(opened).toEqual({ renders: { 'bottom-nav': 0, 'ph-fab-bar': 0 }, viewportReads: 0 });
    const left = await tapWork(main().getByRole('button', { name: 'Cancel', exact: true }));
    await row(/^Starting Balance/).waitFor(WAIT);
    // Cancel steps back through the history: its task only starts the step.
    expect(left.renders['ph-fab-bar']).toBe(0);
    await addButton().waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  /** The Add button's bar is out of the layout under the editor, back in after it. */
  it('takes the bar out of the layout while the editor covers the page', async () => {
    const height = () =>
      page.evaluate(`document.querySelector('.ph-fab-bar')?.getBoundingClientRect().height ?? -1`);
    expect(await height()).toBeGreaterThan(0);
    await addButton().tap();
    await amount().waitFor(WAIT);
    expect(await height()).toBe(0);
    await main().getByRole('button', { name: 'Cancel', exact: true }).tap();
    await row(/^Starting Balance/).waitFor(WAIT);
    expect(await height()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

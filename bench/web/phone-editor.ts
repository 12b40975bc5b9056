/**
 * The editor step of the phone bench (phone.ts), per app: where the amount is, how it is typed,
 * how its edit ends, and what the page shows once the saved row is painted.
 */
import { type Locator, type Page } from 'playwright-core';
import { type Ready } from './phone-frame.ts';

/** In the page: the editor's amount, visible (AMOUNT's element in each app). */
export const AMOUNT_IN_PAGE: Record<string, string> = {
  coffer: `() => [...document.querySelectorAll('input')].some((i) => i.checkVisibility() &&
    (i.getAttribute('aria-label') === 'Amount' || [...(i.labels ?? [])].some((l) => l.textContent.trim() === 'Amount')))`,
  actual: `() => [...document.querySelectorAll('[data-testid="amount-input-text"]')].some((e) => e.checkVisibility())`,
};

/**
 * In the page: a new transaction's editor ready for its amount, as a person needs it to type
 * one: the amount shown and focused (on a phone the keyboard comes up with the focus; both
 * apps focus it as the editor opens). Shown alone is not ready: the keys would go nowhere.
 * Actual 26.9 focuses an input under the amount's text (`amount-input-text`).
 */
export const NEW_EDITOR_IN_PAGE: Record<string, Ready> = {
  coffer: `() => {
    const a = document.activeElement;
    return a instanceof HTMLInputElement && a.checkVisibility() &&
      (a.getAttribute('aria-label') === 'Amount' || [...(a.labels ?? [])].some((l) => l.textContent.trim() === 'Amount'));
  }`,
  actual: `() => document.activeElement instanceof HTMLInputElement && (${AMOUNT_IN_PAGE.actual})()`,
};

/** In the page: the editor gone and the list showing the saved amount. */
export const savedInPage = (app: string): Ready => `() => {
  if ((${AMOUNT_IN_PAGE[app]})()) return false;
  for (const e of document.body.querySelectorAll('*'))
    if (e.childElementCount === 0 && /12\\.34/.test(e.textContent) && e.checkVisibility()) return true;
  return false;
}`;

/**
 * The editor's amount once it can be typed in. Actual's shows the amount as text on a button
 * (`amount-input-text`) over an input that stays hidden until the text is tapped: waiting for a
 * visible element labelled 'amount' waited on that hidden input until the step timed out.
 */
export const AMOUNT: Record<string, (p: Page) => Locator> = {
  coffer: (p) => p.getByRole('textbox', { name: 'Amount', exact: true }),
  actual: (p) => p.getByTestId('amount-input-text').first(),
};

/**
 * Types `text` in the editor's amount. Both apps focus the amount when a new transaction's
 * editor opens, so the keys go to the focused input, as a person types straight away; only
 * when nothing is focused is the amount tapped first (Coffer's field; Actual's button showing
 * its figure, as '0.00'). Actual 26.9's focused input has a text over it that takes no pointer
 * events: a tap there (forced through that text, as before) ended the edit, the input was hidden
 * again and the keys went nowhere (Actual saved a 0.00 row). Either way the keys wait for a
 * focused input, and the text is checked to have landed.
 */
export async function typeAmount(
  app: string,
  page: Page,
  amount: Locator,
  text: string,
): Promise<void> {
  const focused = page.locator('input:focus, textarea:focus');
  const figure = page.getByRole('button', { name: /^[\d,]+\.\d\d$/ }).first();
  if ((await focused.count()) === 0) await (app === 'actual' ? figure : amount).tap();
  await focused.waitFor({ timeout: 60_000 });
  await page.keyboard.type(text);
  const typed = await focused.inputValue().catch(() => '');
  if (typed.replace(/[^0-9]/g, '') !== text.replace(/[^0-9]/g, ''))
    throw new Error(`the amount typed reads '${typed}', not '${text}'`);
}

/**
 * Ends the amount's edit so the editor can save. Actual 26.9's footer button ('Add
 * transaction') is disabled while a field is being edited (`isDisabled: !!editingField`), and a
 * tap on a disabled button waits until the step times out: its keyboard bar's Apply ends the
 * edit, else Enter does. Coffer's Save takes the typed amount as it is.
 */
export async function endAmountEdit(app: string, page: Page, save: Locator): Promise<void> {
  if (app !== 'actual') return;
  const apply = page.getByTestId('amount-apply');
  if (await apply.isVisible().catch(() => false)) await apply.tap();
  else await page.keyboard.press('Enter');
  const until = performance.now() + 60_000;
  while (!(await save.isEnabled().catch(() => false))) {
    if (performance.now() > until) throw new Error('save stayed disabled after the amount');
    await new Promise((r) => setTimeout(r, 30));
  }
}

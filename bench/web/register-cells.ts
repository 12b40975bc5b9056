/**
 * Issue 30's in-cell targets, each from the input event to the next frame (≤ 16.7 ms): a key
 * typed into a cell being edited, Tab from one cell to the next, and a cell's autocomplete
 * opened by a click. The same for Coffer and Actual's web build, on the register's newest
 * payment (register.ts measures the same way; only the selectors differ). Each ends with two
 * Escapes, which leave the cell without saving, so the flows after it see the row unchanged,
 * and takes the focus away.
 */
import type { Page } from 'playwright-core';
import { type AppName, armStep, newestPaymentRow, SELECTORS, stepTime } from './register.ts';

/** Where each app puts a row's deposit cell (the cell after the payment). */
const DEPOSIT: Record<AppName, string> = {
  coffer: '[data-col=deposit]',
  actual: '[data-testid="credit"]',
};

async function leaveCell(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // Actual 26.9 keeps a category cell in edit after its Escapes, its list closed: a click on
  // that input would not open the list again (the next flow timed out). Its focus goes too.
  await page.evaluate('document.activeElement?.blur()');
}

/** A digit typed into the payment cell, until the frame that shows it in the input. */
export async function typeInCell(page: Page, app: AppName): Promise<number> {
  const s = SELECTORS[app];
  await newestPaymentRow(page, s).locator(s.payment).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('12');
  const ready = `() => (document.activeElement?.value ?? '').endsWith('123')`;
  await armStep(page, 'input', ready, null);
  await page.keyboard.type('3');
  const ms = await stepTime(page);
  await leaveCell(page);
  return ms;
}

/** Tab from the payment cell in edit, until the frame with the deposit cell's input focused. */
export async function tabToNextCell(page: Page, app: AppName): Promise<number> {
  const s = SELECTORS[app];
  await newestPaymentRow(page, s).locator(s.payment).click();
  await page.locator(`${s.payment} input`).first().waitFor();
  const ready = `() => {
    const el = document.activeElement;
    return el?.tagName === 'INPUT' && !!el.closest(arg.deposit);
  }`;
  await armStep(page, 'keydown', ready, { deposit: DEPOSIT[app] }, 'Tab');
  await page.keyboard.press('Tab');
  const ms = await stepTime(page);
  await leaveCell(page);
  return ms;
}

/** A click on the category cell, until the frame that shows its autocomplete's options. */
export async function openCategoryList(page: Page, app: AppName): Promise<number> {
  const s = SELECTORS[app];
  const ready = `() => document.querySelectorAll('[role=option]').length > 0`;
  await armStep(page, 'pointerdown', ready, null);
  await newestPaymentRow(page, s).locator(s.category).click();
  const ms = await stepTime(page);
  await leaveCell(page);
  return ms;
}

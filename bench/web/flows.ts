import type { Page } from 'playwright-core';

const WAIT = { timeout: 180_000 };

export interface Marks {
  /** Milliseconds from the start of navigation, by step. */
  [step: string]: number;
}

/**
 * The budget page is interactive when the Checking account's balance is visible in the sidebar
 * and a click on the account is answered: the app routes to the account's register
 * (`/accounts/<id>` in both apps). Both apps get the same selectors, found by visible text only.
 */
async function budgetInteractive(
  page: Page,
  balance: string,
  marks: Marks,
  start: number,
  wait = WAIT,
) {
  await page
    .getByText(balance, { exact: true })
    .first()
    .waitFor({ state: 'visible', ...wait });
  marks.budgetShown = performance.now() - start;
  await page.getByText('Checking', { exact: true }).first().click(wait);
  await page.waitForURL(/\/accounts\/[^/]+$/, wait);
  marks.interactive = performance.now() - start;
}

/**
 * A first visit with a fresh profile: the app boots, finds the server that served it and asks
 * for its password; the user signs in, picks the budget from the server's file list, and the
 * app downloads and opens it. `wait` bounds the download and opening (a large budget in
 * Actual's web build takes minutes).
 */
export async function coldVisit(
  page: Page,
  url: string,
  password: string,
  budgetName: string,
  balance: string,
  wait = WAIT,
): Promise<Marks> {
  const marks: Marks = {};
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  // Coffer labels the field; Actual gives it a placeholder only.
  const field = page
    .getByLabel('Password', { exact: true })
    .or(page.getByPlaceholder('Password', { exact: true }))
    .first();
  await field.waitFor(WAIT);
  marks.signInShown = performance.now() - start;
  await field.fill(password);
  await field.press('Enter');
  const file = page.getByText(budgetName, { exact: true }).first();
  await file.waitFor(WAIT);
  marks.fileListShown = performance.now() - start;
  await file.click();
  await budgetInteractive(page, balance, marks, start, wait);
  return marks;
}

/** A returning user: the budget is already in the browser; the app is opened at `/`. */
export async function returningVisit(page: Page, url: string, balance: string): Promise<Marks> {
  const marks: Marks = {};
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await budgetInteractive(page, balance, marks, start);
  return marks;
}

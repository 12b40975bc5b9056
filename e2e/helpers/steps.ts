import type { Page } from 'playwright-core';
import { fixture } from './fixtures.ts';
import { WAIT } from './session.ts';

/** The real nYNAB demo export in the shared fixtures, beside the checkout. */
export const NYNAB_DEMO = fixture('nynab/actual-ynab5-demo-budget.json');

/**
 * From the file list: import an nYNAB export (Import file → nYNAB → the file chooser), and wait
 * until the imported budget is open.
 */
export async function importNynab(page: Page, file: string = NYNAB_DEMO): Promise<void> {
  await page.getByRole('button', { name: 'Import file' }).click();
  await page.getByRole('button', { name: 'nYNAB (.json)' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Select file...').click();
  await (await chooser).setFiles(file);
  await page.getByRole('navigation', { name: 'Sidebar' }).waitFor(WAIT);
}

/** First run against a fresh server: open the app and set the server password. */
export async function bootstrapServer(page: Page, url: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: /ok/i }).click();
}

/**
 * The add-account modal, once an Add account button opened it: a local account with this
 * starting balance, waited for until the sidebar lists it.
 */
export async function createLocalAccount(
  page: Page,
  name: string,
  balance: string,
  options: { offBudget?: boolean } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Create local account' }).click();
  await page.getByLabel('Name:').fill(name);
  await page.getByLabel('Balance:').fill(balance);
  if (options.offBudget) await page.getByLabel(/off.budget/i).check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('navigation', { name: 'Sidebar' }).getByText(name).waitFor(WAIT);
}

/**
 * A fresh server to an open new budget with one local account (the bank tests' start): set the
 * password, create a file, add the account with this starting balance.
 */
export async function startBudgetWithAccount(
  page: Page,
  url: string,
  password: string,
  account: { name: string; balance: string },
): Promise<void> {
  await bootstrapServer(page, url, password);
  await page.getByRole('button', { name: 'Create new file' }).click();
  await page.getByRole('navigation', { name: 'Sidebar' }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Add account', exact: true }).click();
  await createLocalAccount(page, account.name, account.balance);
}

/**
 * Settings › About: allow the release check (off until the person turns it on), from an open
 * budget. The sidebar's More group is left as it was.
 */
export async function allowUpdateCheck(page: Page): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const settings = sidebar.getByText('Settings', { exact: true });
  const opened = !(await settings.isVisible());
  if (opened) await sidebar.getByText(/^More/).click();
  await settings.click();
  await page.getByLabel('Check for new versions').check();
  if (opened) await sidebar.getByText(/^More/).click();
}

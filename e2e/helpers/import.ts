import type { Locator, Page } from 'playwright-core';
import { WAIT } from './session.ts';

/** The import-transactions modal. */
export function importDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Import transactions' });
}

/** Opens an account from the sidebar, then Import transactions from its account menu. */
export async function openImport(page: Page, account: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByText(account, { exact: true })
    .click();
  await page.getByRole('main').getByRole('heading', { name: account }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Import transactions' }).click();
  const dialog = importDialog(page);
  await dialog.waitFor(WAIT);
  return dialog;
}

/** Picks a file through the modal's file chooser ('Select file...' or 'Select new file...'). */
export async function chooseFile(page: Page, path: string, button = 'Select file...') {
  const chooser = page.waitForEvent('filechooser');
  await importDialog(page).getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path);
}

/** Waits for the preview's counts ("12 transactions: ...") and returns them. */
export async function previewSummary(page: Page): Promise<string> {
  const summary = importDialog(page)
    .getByRole('status')
    .filter({ hasText: /transactions?: \d/ });
  await summary.waitFor(WAIT);
  return (await summary.textContent()) ?? '';
}

/** Clicks Import and returns the result counts shown. */
export async function runImport(
  page: Page,
): Promise<{ added: number; updated: number; unchanged: number }> {
  const dialog = importDialog(page);
  await dialog.getByRole('button', { name: /^Import [\d,]+ transactions?$/ }).click();
  const results = dialog.getByLabel('Import results');
  await results.waitFor(WAIT);
  const count = async (term: string) =>
    Number(
      ((await results.locator('div', { hasText: term }).locator('dd').textContent()) ?? '').replace(
        /,/g,
        '',
      ),
    );
  return {
    added: await count('Added'),
    updated: await count('Updated'),
    unchanged: await count('Already there'),
  };
}

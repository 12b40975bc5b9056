import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshots } from '../helpers/browser.ts';
import { fixture } from '../helpers/fixtures.ts';
import { type Session, WAIT } from '../helpers/session.ts';
import { NYNAB_DEMO } from '../helpers/steps.ts';

/** A payees table row by the payee's name. */
export const rowOf = (table: Locator, name: string): Locator =>
  table.getByRole('row').filter({ has: table.page().getByRole('button', { name, exact: true }) });

const NYNAB_EXPORT = NYNAB_DEMO;
const NOT_NYNAB = fixture('actual/actual-test-budget-metadata.json');

/**
 * The payees page on a budget with real payees: there is no transaction entry yet, so they
 * come from importing the nYNAB export through the manager's Import file. Work is picked
 * before Salary and Schedule Payee, so Work is kept (the first picked), then renamed inline.
 */
export function payeesMergeStage(session: () => Session): void {
  it('imports an nYNAB export from the file list and opens it', async () => {
    const { page, sidebar } = session().first;
    await sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();
    await page.getByRole('button', { name: 'Import file' }).click();
    await page.getByRole('button', { name: 'nYNAB (.json)' }).click();
    const choose = async (file: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText('Select file...').click();
      await (await chooser).setFiles(file);
    };
    // JSON, but not an nYNAB export.
    await choose(NOT_NYNAB);
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .getByText('This file is not valid. Please select a JSON file exported from nYNAB.')
      .waitFor(WAIT);
    await screenshots(page, '09-import-ynab5-error');
    await choose(NYNAB_EXPORT);
    await sidebar().getByText('Saving').waitFor(WAIT);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });

  it('merges three payees into the first one picked and renames it inline', async () => {
    const { page, goTo } = session().first;
    await goTo('Payees');
    const table = page.getByRole('table', { name: 'Payees' });
    await table.getByRole('button', { name: 'Work' }).waitFor(WAIT);
    // Schedule Payee is named by the 14 rules of the imported schedules.
    await rowOf(table, 'Schedule Payee').getByText('14 associated rules').waitFor(WAIT);
    await page.getByLabel('Select Work').check();
    // A merge needs two payees.
    await page.getByRole('button', { name: '1 payee' }).click();
    await expect(page.getByRole('menuitem', { name: 'Merge' }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.getByLabel('Select Salary').check();
    await page.getByLabel('Select Schedule Payee').check();
    await page.getByRole('button', { name: '3 payees' }).click();
    // Listed in the order picked, not by name.
    await page.getByRole('menu').getByText('Work, Salary, Schedule Payee').waitFor(WAIT);
    await screenshots(page, '10-payees-merge-menu');
    await page.getByRole('menuitem', { name: 'Merge' }).click();
    // The kept payee's name is open for editing right after the merge.
    const input = page.getByLabel('Name of Work');
    await expect
      .poll(() => input.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    await input.fill('Employer');
    await input.press('Enter');
    // The merged payees' rules now name the kept one.
    await rowOf(table, 'Employer').getByText('14 associated rules').waitFor(WAIT);
    await screenshots(page, '11-payees-merged');
  });

  it('after a reload, the merged payees’ transactions and rules point to the kept, renamed one', async () => {
    const { page, sidebar, main, goTo } = session().first;
    await page.reload();
    await goTo('Payees');
    const table = page.getByRole('table', { name: 'Payees' });
    await rowOf(table, 'Employer').getByText('14 associated rules').waitFor(WAIT);
    const names = await table.getByRole('row').allInnerTexts();
    expect(names.join('\n')).not.toMatch(/Salary|Work|Schedule Payee/);
    await sidebar().getByText('Checking').click();
    const rows = main()
      .getByRole('grid', { name: /transactions$/ })
      .getByRole('row');
    await rows.filter({ hasText: 'Paycheck' }).getByText('Employer').waitFor(WAIT);
    // The Salary deposit (no notes) now reads Employer too: two transactions name it (the
    // merged schedules' previews at the top, with their Post now, name it as well).
    const transactions = rows.filter({ hasNot: page.getByRole('button', { name: 'Post now' }) });
    await expect.poll(() => transactions.filter({ hasText: 'Employer' }).count()).toBe(2);
    await screenshots(page, '12-account-merged-payees');
  });
}

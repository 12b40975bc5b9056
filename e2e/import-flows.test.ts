import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFile,
  importDialog,
  openImport,
  previewSummary,
  runImport,
} from './helpers/import.ts';
import { modalShots } from './helpers/shots.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

const FIXTURES = join(import.meta.dirname, '../../shared/fixtures');
const WRITTEN = join(import.meta.dirname, '../packages/core/src/importers/parse/test-files');

/**
 * The import modal's flows: a file imported twice (everything matched, and why), a CSV mapped
 * by hand and remembered, the spec's errors with 'Select new file...', undo, the keyboard, and
 * a screenshot of each state.
 */
describe.runIf(BUILT)('the import-transactions modal', { timeout: 180_000 }, () => {
  let session: Session;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'coffer-import-e2e-'));
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const balance = (account: string) =>
    sidebar()
      .locator('a.sidebar-account', { has: page.getByText(account, { exact: true }) })
      .locator('.amount');

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    for (const name of ['Checking', 'Card', 'Joint']) {
      await sidebar()
        .getByRole('button', { name: /Add account/ })
        .click();
      await createLocalAccount(page, name, '0');
    }
  });
  afterAll(async () => {
    await session?.close();
  });

  it('imports a file, then the same file again: everything matched, and why', async () => {
    const dialog = await openImport(page, 'Checking');
    await modalShots(page, 'import-1-choose');
    await chooseFile(page, join(FIXTURES, 'ofx/ofxparser-php-memoWithAmpersand.ofx'));
    expect(await previewSummary(page)).toBe('16 transactions: 16 new');
    await modalShots(page, 'import-2-preview-ofx');
    expect(await runImport(page)).toEqual({ added: 16, updated: 0, unchanged: 0 });
    await modalShots(page, 'import-3-done');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => balance('Checking').textContent(), WAIT).toBe('393.82');

    await openImport(page, 'Checking');
    await chooseFile(page, join(FIXTURES, 'ofx/ofxparser-php-memoWithAmpersand.ofx'));
    expect(await previewSummary(page)).toBe('16 transactions: 0 new, 16 already in the account');
    const why = dialog.getByRole('button', { name: 'Already there: why?' }).first();
    await why.click();
    const explanation = page.getByRole('dialog', { name: 'Why this matched' });
    await explanation
      .getByText('the bank’s transaction ID is the same', { exact: false })
      .waitFor(WAIT);
    await explanation
      .getByText('It is already as the file says: nothing will change.')
      .waitFor(WAIT);
    await modalShots(page, 'import-4-matched-why');
    await why.press('Escape');
    // Nothing would be written: the button says so rather than offering 'Import 16'.
    const nothing = dialog.getByRole('button', { name: 'Nothing new to import' });
    await nothing.waitFor(WAIT);
    expect(await nothing.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    await modalShots(page, 'import-4b-nothing-new');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(() => balance('Checking').textContent(), WAIT).toBe('393.82');
  });

  it('matches a transaction by amount and date, saying which one, and updates it', async () => {
    // Typed in by hand earlier (here: a file without the bank's ids), then the bank's file.
    const typed = join(dir, 'typed.csv');
    writeFileSync(typed, 'Date,Payee,Amount\n2024-03-02,Corner shop,-12.00\n');
    const dialog = await openImport(page, 'Joint');
    await chooseFile(page, typed);
    await dialog.getByLabel('Clear transactions on import').uncheck();
    await runImport(page);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const bank = join(dir, 'bank.qif');
    writeFileSync(
      bank,
      '!Type:Bank\nD03/03/2024\nT-12.00\nPCORNER SHOP 123\n^\nD03/04/2024\nT-3.00\nPBus\n^\n',
    );
    await openImport(page, 'Joint');
    await chooseFile(page, bank);
    expect(await previewSummary(page)).toBe(
      '2 transactions: 1 new, 1 already in the account (1 to update)',
    );
    // The button counts what would be written: one new, one updated.
    await dialog.getByRole('button', { name: 'Import 2 transactions' }).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Update: why?' }).click();
    const explanation = page.getByRole('dialog', { name: 'Why this matched' });
    await explanation.getByText('03/02/2024').waitFor(WAIT);
    await explanation.getByText('Corner Shop').waitFor(WAIT);
    await explanation
      .getByText(/same amount, dated within 4 days before to 1 day after/)
      .waitFor(WAIT);
    await explanation.getByText(/will update its date, imported payee, cleared flag/).waitFor(WAIT);
    await modalShots(page, 'import-5-update-why');
    await dialog.getByRole('button', { name: 'Update: why?' }).press('Escape');
    expect(await runImport(page)).toEqual({ added: 1, updated: 1, unchanged: 0 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const rows = page.getByRole('main').getByRole('row');
    // The match keeps its payee and takes the bank's date.
    await rows.filter({ hasText: '03/03/2024' }).filter({ hasText: 'Corner shop' }).waitFor(WAIT);
    await expect.poll(() => balance('Joint').textContent(), WAIT).toBe('-15.00');
  });

  it('maps a CSV with outflow and inflow columns and day-first dates, and remembers it', async () => {
    const header = 'When,Who,Paid,Received,Ref\n';
    const first = join(dir, 'card-january.csv');
    writeFileSync(
      first,
      `${header}05/01/2024,Garden centre,45.00,,Plants\n09/01/2024,Refund,,12.50,Return\n`,
    );
    const dialog = await openImport(page, 'Card');
    await chooseFile(page, first);
    await previewSummary(page);
    await dialog.getByLabel('Split amount into separate inflow/outflow columns').check();
    await dialog.getByLabel('Outflow', { exact: true }).selectOption('Paid');
    await dialog.getByLabel('Inflow', { exact: true }).selectOption('Received');
    await dialog.getByLabel('Notes', { exact: true }).selectOption('Ref');
    await dialog.getByLabel('Date format', { exact: true }).selectOption('dd mm yyyy');
    // Flip does nothing with separate columns: the spec disables it.
    expect(await dialog.getByLabel('Flip amount').isDisabled()).toBe(true);
    const rows = dialog.getByRole('table', { name: 'Transactions to import' }).getByRole('row');
    await rows.filter({ hasText: '01/09/2024' }).filter({ hasText: '12.50' }).waitFor(WAIT);
    await rows.filter({ hasText: '01/05/2024' }).filter({ hasText: '-45.00' }).waitFor(WAIT);
    await modalShots(page, 'import-6-csv-mapping');
    expect(await runImport(page)).toEqual({ added: 2, updated: 0, unchanged: 0 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => balance('Card').textContent(), WAIT).toBe('-32.50');

    // Next month's file: the modal starts with what was chosen for this account.
    const second = join(dir, 'card-february.csv');
    writeFileSync(second, `${header}03/02/2024,Bakery,4.20,,Bread\n`);
    await openImport(page, 'Card');
    await chooseFile(page, second);
    await previewSummary(page);
    expect(
      await dialog.getByLabel('Split amount into separate inflow/outflow columns').isChecked(),
    ).toBe(true);
    expect(await dialog.getByLabel('Outflow', { exact: true }).inputValue()).toBe('Paid');
    expect(await dialog.getByLabel('Inflow', { exact: true }).inputValue()).toBe('Received');
    expect(await dialog.getByLabel('Notes', { exact: true }).inputValue()).toBe('Ref');
    expect(await dialog.getByLabel('Date format', { exact: true }).inputValue()).toBe('dd mm yyyy');
    await rows.filter({ hasText: '02/03/2024' }).filter({ hasText: '-4.20' }).waitFor(WAIT);
    // Imported by keyboard: the Import button has the focus.
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Import results').waitFor(WAIT);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(() => balance('Card').textContent(), WAIT).toBe('-36.70');
  });

  it('a bad file shows the spec’s error and Select new file...', async () => {
    const dialog = await openImport(page, 'Card');
    const cases: [string, string][] = [
      [join(FIXTURES, 'other/actual-data.sta'), 'Error: Invalid file type'],
      [
        join(FIXTURES, 'ofx/ofxparse-error_message.ofx'),
        'Error: Statement error 2000: General Server Error (line 22)',
      ],
      [
        join(FIXTURES, 'ofx/ofxparse-fail_nice-date_missing.ofx'),
        'Error: Transaction has no date (line 33)',
      ],
    ];
    for (const [i, [file, text]] of cases.entries()) {
      await chooseFile(page, file, i === 0 ? 'Select file...' : 'Select new file...');
      await dialog.getByRole('alert').filter({ hasText: text }).waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Select new file...' }).waitFor(WAIT);
      if (i === 1) await modalShots(page, 'import-7-error');
    }
    // A file whose dates do not read with the chosen format: the spec's text, nothing to import.
    const dates = join(dir, 'dates.csv');
    writeFileSync(dates, 'Date,Payee,Amount\n2024-01-31,A,-1.00\n2024-02-28,B,-2.00\n');
    await chooseFile(page, dates, 'Select new file...');
    await previewSummary(page);
    await dialog.getByLabel('Date format', { exact: true }).selectOption('dd mm yyyy');
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Unable to parse date 2024-01-31 with given date format (line 2)' })
      .waitFor(WAIT);
    expect(await dialog.getByRole('button', { name: 'Nothing to import' }).isDisabled()).toBe(true);
    await modalShots(page, 'import-8-date-errors');
    // One bad record among good ones: named, and the rest still import.
    await chooseFile(page, join(WRITTEN, 'one-bad-record.qif'), 'Select new file...');
    expect(await previewSummary(page)).toBe('2 transactions: 2 new');
    const warnings = dialog.getByRole('alert').filter({ hasText: 'will be left out' });
    await warnings
      .getByText('Unable to parse date 03/32/2024 with given date format (line 6)')
      .waitFor(WAIT);
    await warnings.getByText('Transaction on 2024-03-03 has no amount (line 10)').waitFor(WAIT);
    await modalShots(page, 'import-9-partial');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await importDialog(page).waitFor({ state: 'hidden', ...WAIT });
  });

  it('a QIF file dropped on the modal: its split lines and its date order', async () => {
    const dialog = await openImport(page, 'Joint');
    // Dropped rather than chosen: the modal takes a dragged file as the register hands one over.
    const qif = '!Type:Bank\nD01/02/2024\nT-10.00\nPTaxi\nSFares\n$-8.00\nSTips\n$-2.00\n^\n';
    const dropped = await page.evaluateHandle(
      `(() => { const d = new DataTransfer(); d.items.add(new File([${JSON.stringify(qif)}], 'ambiguous.qif')); return d; })()`,
    );
    // Onto the modal's body (the events start where the pointer is and bubble up to its handler).
    const target = dialog.getByText(/^Choose a file exported by your bank/);
    await target.dispatchEvent('dragover', { dataTransfer: dropped });
    await target.dispatchEvent('drop', { dataTransfer: dropped });
    const rows = dialog.getByRole('table', { name: 'Transactions to import' }).getByRole('row');
    await rows.filter({ hasText: '01/02/2024' }).filter({ hasText: 'Split' }).waitFor(WAIT);
    // Read day first instead: the file is read again.
    await dialog.getByLabel('Date format', { exact: true }).selectOption('dd mm yyyy');
    await rows.filter({ hasText: '02/01/2024' }).waitFor(WAIT);
    await modalShots(page, 'import-10-qif');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a QIF file: split lines in any order, and only the categories the import sets', async () => {
    const file = join(dir, 'quicken.qif');
    writeFileSync(
      file,
      [
        '!Type:Bank',
        ...['D03/10/2024', 'T-25.00', 'PCinema', 'LEntertain', '^'],
        ...['D03/11/2024', 'T-40.00', 'PTelco', 'LBills:Phone & Internet', '^'],
        // The amount before the memo in each split line: the format fixes no order.
        ...['D03/12/2024', 'T-30.00', 'PMarket', 'SEveryday:Groceries', '$-20.00', 'EFruit'],
        ...['SHousehold', '$-10.00', 'ESoap', '^'],
      ].join('\n'),
    );
    const dialog = await openImport(page, 'Card');
    await chooseFile(page, file);
    expect(await previewSummary(page)).toBe('3 transactions: 3 new');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    const rows = dialog.getByRole('table', { name: 'Transactions to import' }).getByRole('row');
    const text = (payee: string) => rows.filter({ hasText: payee }).innerText();
    // 'Entertain' names no category: the preview shows none, as the import sets none.
    expect(await text('Cinema')).not.toContain('Entertain');
    expect(await text('Telco')).toContain('Phone & Internet');
    expect(await text('Market')).toContain('Split');
    await modalShots(page, 'import-11-qif-categories');
    expect(await runImport(page)).toEqual({ added: 3, updated: 0, unchanged: 0 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const register = page.getByRole('main').getByRole('row');
    await register
      .filter({ hasText: 'Telco' })
      .filter({ hasText: 'Phone & Internet' })
      .waitFor(WAIT);
    expect(await register.filter({ hasText: 'Cinema' }).innerText()).not.toContain('Entertain');
  });

  it('undoes an import in one step: with its button, and with Ctrl+Z', async () => {
    const before = await balance('Checking').textContent();
    const dialog = await openImport(page, 'Checking');
    await chooseFile(page, join(WRITTEN, 'quicken-us-splits.qif'));
    expect(await runImport(page)).toEqual({ added: 5, updated: 0, unchanged: 0 });
    await expect.poll(() => balance('Checking').textContent(), WAIT).not.toBe(before);
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(() => balance('Checking').textContent(), WAIT).toBe(before);

    await openImport(page, 'Checking');
    await chooseFile(page, join(WRITTEN, 'quicken-us-splits.qif'));
    await runImport(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => balance('Checking').textContent(), WAIT).not.toBe(before);
    await page
      .getByRole('main')
      .getByRole('row')
      .filter({ hasText: 'Whole Foods Market' })
      .first()
      .waitFor(WAIT);
    await page.keyboard.press('Control+z');
    await expect.poll(() => balance('Checking').textContent(), WAIT).toBe(before);
    await page
      .getByRole('main')
      .getByRole('row')
      .filter({ hasText: 'Whole Foods Market' })
      .first()
      .waitFor({ state: 'detached', ...WAIT });
    expect(session.first.errors).toEqual([]);
  });
});

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleCase } from '../packages/core/src/import/title.ts';
import { formatAmount, formatDate } from '../packages/web/src/util/format.ts';
import {
  chooseFile,
  importDialog,
  openImport,
  previewSummary,
  runImport,
} from './helpers/import.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

const FIXTURES = join(import.meta.dirname, '../../shared/fixtures');
const WRITTEN = join(import.meta.dirname, '../packages/core/src/importers/parse/test-files');

import { CASES, EMPTY } from './helpers/import-cases.ts';

const pathOf = (file: string) =>
  file.startsWith('written/') ? join(WRITTEN, file.slice(8)) : join(FIXTURES, file);
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const money = (cents: number) => formatAmount(cents, { format: 'comma-dot', hideFraction: false });

/**
 * Every bank file of the fixtures (and the files written the way the programs write them),
 * each imported through the modal into a fresh account: the counts the modal shows, the
 * account's balance (the file's total) and one transaction's date, amount and payee in the
 * register.
 */
describe.runIf(BUILT)('importing every bank file through the modal', { timeout: 600_000 }, () => {
  let session: Session;
  let page: Page;
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
  });
  afterAll(async () => {
    await session?.close();
  });

  async function freshAccount(name: string) {
    await sidebar()
      .getByRole('button', { name: /Add account/ })
      .click();
    await createLocalAccount(page, name, '0');
  }

  // One test per file: each has the describe's timeout to itself (one test for all ~70 files
  // needed most of it, and ran out on a loaded machine), and a failure names its file.
  for (const [i, c] of CASES.entries()) {
    it(`imports ${c.file} whole: counts, balance, and a transaction in the register`, async () => {
      const name = `Import ${String(i + 1).padStart(2, '0')}`;
      await freshAccount(name);
      const dialog = await openImport(page, name);
      await chooseFile(page, pathOf(c.file));
      await c.change?.(dialog);
      const expected = `${c.count.toLocaleString('en-US')} transaction${c.count === 1 ? '' : 's'}: ${c.count} new`;
      expect(await previewSummary(page), c.file).toBe(expected);
      const warnings = dialog.getByRole('alert').filter({ hasText: /will be left out/ });
      if (c.leftOut) {
        await expect
          .poll(async () => warnings.locator('li').count(), { message: c.file })
          .toBe(c.leftOut);
      } else {
        expect(await warnings.count(), c.file).toBe(0);
      }
      expect(await runImport(page), c.file).toEqual({ added: c.count, updated: 0, unchanged: 0 });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await importDialog(page).waitFor({ state: 'hidden', ...WAIT });

      const balance = sidebar()
        .locator('a.sidebar-account', { has: page.getByText(name, { exact: true }) })
        .locator('.amount');
      await expect
        .poll(() => balance.textContent(), { message: c.file, ...WAIT })
        .toBe(money(c.total));
      if (c.total === 0) {
        // The account page (until the register lands) reloads its rows when its balance
        // changes; a file whose amounts add up to nothing does not change it: open it again.
        await sidebar().getByText('All accounts', { exact: true }).click();
        await sidebar().getByText(name, { exact: true }).click();
      }
      const [date, cents, payee] = c.sample;
      // A register row is named "date payee amount" (the amount signed, in the user's format).
      const row = page.getByRole('main').getByRole('row', {
        name: new RegExp(
          `^${escapeRe(formatDate(date, 'MM/dd/yyyy'))} .*${escapeRe(money(cents))}$`,
        ),
      });
      await row.first().waitFor(WAIT);
      if (payee)
        expect(
          (
            await row.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''))
          ).map((t) => t.replace(/\s+/g, ' ')),
          c.file,
        ).toContainEqual(expect.stringContaining(titleCase(payee.trim()).replace(/\s+/g, ' ')));
    });
  }

  it('a file with no bank transactions has nothing to import', async () => {
    await freshAccount('Empty files');
    for (const [i, file] of EMPTY.entries()) {
      const dialog = i === 0 ? await openImport(page, 'Empty files') : importDialog(page);
      await chooseFile(page, pathOf(file), i === 0 ? 'Select file...' : 'Select new file...');
      await dialog
        .getByText('Nothing in this file can be imported with these settings.')
        .waitFor(WAIT);
      expect(
        // The button counts what would be written: nothing here, and it cannot be pressed.
        await dialog.getByRole('button', { name: 'Nothing to import' }).isDisabled(),
        file,
      ).toBe(true);
    }
    await importDialog(page).getByRole('button', { name: 'Cancel' }).click();
  });
});

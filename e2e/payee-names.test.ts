import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsAt } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

/**
 * A payee name that is no name (nothing, or spaces alone) is refused where it is typed, with
 * the shared check's reason beside the field: on the payees page (which used to put the old
 * name back without a word) and in the register's payee field (which used to offer nothing and
 * say nothing).
 */
const BLANK = 'A payee needs a name';
const SPACES = 'A payee name cannot be only spaces';

describe.runIf(BUILT)('payee names that are no name', { timeout: 120_000 }, () => {
  let session: Session;

  beforeAll(async () => {
    session = await startSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('opens a budget with an account, so there is a payee', async () => {
    const { page, sidebar } = session.first;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '100');
  });

  it('the register says why spaces alone are no new payee', async () => {
    const { page, sidebar } = session.first;
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .click();
    await page.getByRole('button', { name: '+ Add New' }).click();
    await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
    await page.keyboard.press('Tab');
    await page.keyboard.type('   ');
    // Said at the top of the field's list, where 'Create Payee' would be.
    await page.getByRole('alert').getByText(SPACES, { exact: true }).waitFor(WAIT);
    expect(await page.getByRole('option', { name: /Create Payee/ }).count()).toBe(0);
    await screenshotsAt(page, 'payee-names-10-register-spaces');
    // A letter makes it a name again: the reason goes, 'Create Payee' comes.
    await page.keyboard.type('x');
    await page.getByRole('option', { name: /Create Payee/ }).waitFor(WAIT);
    expect(await page.getByRole('alert').getByText(SPACES).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });

  it('the payees page keeps an emptied name open with the reason beside it', async () => {
    const { page, goTo } = session.first;
    await goTo('Payees');
    const table = page.getByRole('table', { name: 'Payees' });
    await table.getByRole('button', { name: 'Starting Balance', exact: true }).click();
    const input = table.getByRole('textbox', { name: 'Name of Starting Balance' });
    await input.fill('');
    await input.press('Enter');
    await table.getByRole('alert').getByText(BLANK, { exact: true }).waitFor(WAIT);
    expect(await input.isVisible()).toBe(true);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill('   ');
    await input.press('Tab');
    await table.getByRole('alert').getByText(SPACES, { exact: true }).waitFor(WAIT);
    expect(await input.inputValue()).toBe('   ');
    await screenshotsAt(page, 'payee-names-11-payees-spaces');

    // Escape gives the old name back, on purpose this time.
    await input.focus();
    await input.press('Escape');
    await table.getByRole('button', { name: 'Starting Balance', exact: true }).waitFor(WAIT);
    expect(await table.getByRole('alert').count()).toBe(0);

    // A real name is trimmed and kept.
    await table.getByRole('button', { name: 'Starting Balance', exact: true }).click();
    await input.fill('  Opening  ');
    await input.press('Enter');
    await table.getByRole('button', { name: 'Opening', exact: true }).waitFor(WAIT);
    expect(session.first.errors).toEqual([]);
  });
});

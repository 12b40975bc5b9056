import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { rowOf } from './stages/payees-merge.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

/**
 * Payees page → Create rule: the rule editor opens on the new-rule template (this payee, set
 * the category, none picked yet); a category is picked, the rule saves and the row counts it.
 * A value the server refuses shows its text under the row and keeps the editor open.
 */
describe.runIf(BUILT)('a rule created from the payees page', { timeout: 60_000 }, () => {
  let session: Session;

  beforeAll(async () => {
    session = await startSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('opens a budget with an account, so there is a payee and a transfer payee', async () => {
    const { page, sidebar } = session.first;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '100');
  });

  it('creates a rule for a payee with none and then counts it', async () => {
    const { page, goTo, errors } = session.first;
    await goTo('Payees');
    const table = page.getByRole('table', { name: 'Payees' });
    const row = rowOf(table, 'Starting Balance');
    await row.getByRole('button', { name: 'Create rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rule', exact: true });
    await dialog.waitFor(WAIT);
    // The template: this payee, and the category still to pick.
    await expect(dialog.getByLabel('Condition 1 value').inputValue()).resolves.not.toBe('');
    await expect(dialog.getByLabel('Action 1 field').inputValue()).resolves.toBe('category');
    await expect(dialog.getByLabel('Action 1 value').inputValue()).resolves.toBe('');
    // A row the server refuses keeps the editor open with the spec's text under that row.
    await dialog.getByLabel('Action 1 field').selectOption('date');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').getByText('Value cannot be empty').waitFor(WAIT);
    await dialog.getByLabel('Action 1 field').selectOption('category');
    const category = dialog.getByLabel('Action 1 value');
    await category.fill('Groceries');
    await category.press('Enter');
    await screenshots(page, '20-rule-from-payee');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await row.getByRole('button', { name: '1 associated rule' }).click();
    const rules = page.getByRole('dialog', { name: 'Rules', exact: true });
    await rules.getByText('payee is Starting Balance → set category Groceries').waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  it('offers Create rule on a transfer payee too, whose name stays read-only', async () => {
    const { page } = session.first;
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Payees' });
    const transfer = table.getByRole('row').filter({ hasText: 'Transfer: Checking' });
    await transfer.getByRole('button', { name: 'Create rule' }).waitFor(WAIT);
    await expect(transfer.getByRole('checkbox').count()).resolves.toBe(0);
  });
});

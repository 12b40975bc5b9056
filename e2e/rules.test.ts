import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';
import { rowOf } from './stages/payees-merge.ts';

// The second device below is Coffer's Node API (packages/api/dist, built with the rest).
const READY = BUILT && existsSync('packages/api/dist/index.cjs');

/* eslint-disable @typescript-eslint/no-explicit-any -- the API takes loose objects, as Actual's */
type Api = any;

/**
 * Another device (Coffer's Node API) downloads the budget, makes its changes and syncs; the
 * browser then syncs and sees them. Used for what the web app has no screen for yet (adding
 * transactions, schedules) and for 300 rules at once.
 */
async function onSecondDevice(
  url: string,
  syncId: string,
  change: (api: Api) => Promise<void>,
): Promise<void> {
  const api = createRequire(import.meta.url)('../packages/api/dist/index.cjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-rules-'));
  try {
    await api.init({ dataDir, serverURL: url, password: PASSWORD });
    await api.downloadBudget(syncId);
    await change(api);
    await api.sync();
    await api.shutdown();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An autocomplete takes a typed name with Enter. */
async function pick(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/**
 * The rules area in Chromium: a rule from a payee with its preview and row errors, applying
 * it and undoing that in the register, the list's filter, deleting with a schedule's rule, the
 * editor's field and operator rules (spec section 4), 'Why did this happen?', and the list's
 * paging over 300 rules.
 */
describe.runIf(READY)('rules', { timeout: 120_000 }, () => {
  let session: Session;
  let page: Page;
  let accountId = '';
  let syncId = '';

  const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
  const sync = async () => {
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
  };

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  });
  afterAll(async () => {
    await session?.close();
  });

  it('opens a budget whose transactions and schedule come from a second device', async () => {
    const { sidebar, goTo } = session.first;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '1000');
    await sidebar().getByRole('link', { name: /^Checking/ }).click();
    accountId = page.url().split('/accounts/')[1]!;
    await goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    syncId = (await page.getByText('Sync ID:').locator('..').locator('code').textContent())!;

    await onSecondDevice(session.server.url, syncId, async (api) => {
      const cafe = [1, 2, 3, 4, 5].map((d) => ({
        date: `2024-03-0${d}`,
        amount: -350 - d * 10,
        payee_name: 'Corner Cafe',
      }));
      const grocer = [6, 7, 8].map((d) => ({
        date: `2024-03-0${d}`,
        amount: -4200 - d,
        payee_name: 'Grocer',
        notes: 'weekly shop',
      }));
      const landlord = [{ date: '2024-03-01', amount: -120000, payee_name: 'Landlord' }];
      await api.addTransactions(accountId, [...cafe, ...grocer, ...landlord]);
      const payees: Array<{ id: string; name: string }> = await api.getPayees();
      const payee = (name: string) => payees.find((p) => p.name === name)!.id;
      await api.internal.send('schedule/create', {
        schedule: { name: 'Rent', posts_transaction: false },
        conditions: [
          { op: 'is', field: 'payee', value: payee('Landlord') },
          { op: 'is', field: 'account', value: accountId },
          {
            op: 'isapprox',
            field: 'date',
            value: { start: '2024-01-01', frequency: 'monthly', interval: 1 },
          },
          { op: 'isapprox', field: 'amount', value: -120000 },
        ],
      });
      await api.internal.send('rule-add', {
        stage: 'pre',
        conditionsOp: 'and',
        conditions: [{ field: 'imported_payee', op: 'doesNotContain', value: 'transfer' }],
        actions: [{ op: 'set', field: 'cleared', value: true }],
      });
    });
    await sync();
    await goTo('Payees');
    await rowOf(page.getByRole('table', { name: 'Payees' }), 'Corner Cafe').waitFor(WAIT);
  });

  it('creates a rule from a payee: preview, the row error, the fix, save', async () => {
    const table = page.getByRole('table', { name: 'Payees' });
    await rowOf(table, 'Corner Cafe').getByRole('button', { name: 'Create rule' }).click();
    const rule = dialog('Rule');
    await rule.waitFor(WAIT);
    // The template: this payee, the category to pick.
    expect(await rule.getByLabel('Condition 1 value').inputValue()).toBe('Corner Cafe');
    expect(await rule.getByLabel('Action 1 field').inputValue()).toBe('category');
    const preview = rule.getByRole('table', { name: 'Transactions this rule applies to' });
    await preview.getByRole('row', { name: /Corner Cafe/ }).first().waitFor(WAIT);
    expect(await preview.getByRole('row', { name: /Corner Cafe/ }).count()).toBe(5);
    await rule.getByText('5 transactions match').waitFor(WAIT);

    // A second action that the register shows: notes.
    await rule.getByRole('button', { name: 'Add a row after action 1' }).click();
    await rule.getByLabel('Action 2 field').selectOption('notes');
    await rule.getByLabel('Action 2 value').fill('coffee');
    await rule.getByText('5 transactions match, 5 would change').waitFor(WAIT);
    await expect
      .poll(() => preview.getByRole('row', { name: /Corner Cafe/ }).first().textContent(), WAIT)
      .toMatch(/\(nothing\).*becomes coffee/);

    // A second condition left empty: the preview leaves it out, the save is refused under it.
    await rule.getByRole('button', { name: 'Add a row after condition 1' }).click();
    await rule.getByLabel('Condition 2 field').selectOption('amount-outflow');
    await rule.getByLabel('Condition 2 value').fill('');
    await rule.getByText('(1 condition is not complete and left out)').waitFor(WAIT);
    await screenshots(page, 'rules-10-editor-preview');
    await rule.getByRole('button', { name: 'Save' }).click();
    const error = rule.getByRole('alert');
    await error.getByText('Value cannot be empty').waitFor(WAIT);
    expect(await error.count()).toBe(1);
    expect(
      await rule.getByRole('group', { name: 'Condition 2' }).locator('..').getByRole('alert').count(),
    ).toBe(1);
    await screenshots(page, 'rules-11-editor-error');

    // Fixed: outflows under 10.00 (every cafe visit); and a category picked.
    await rule.getByLabel('Condition 2 operator').selectOption('lt');
    await rule.getByLabel('Condition 2 value').fill('10.00');
    expect(await error.count()).toBe(0);
    await pick(rule.getByLabel('Action 1 value'), 'Eating');
    expect(await rule.getByLabel('Action 1 value').inputValue()).toBe('Eating Out');
    await rule.getByText('5 transactions match, 5 would change').waitFor(WAIT);
    await rule.getByRole('button', { name: 'Save' }).click();
    await rule.waitFor({ state: 'detached', ...WAIT });
    await rowOf(table, 'Corner Cafe').getByRole('button', { name: '1 associated rule' }).waitFor(WAIT);
  });

  it('applies the saved rule to the previewed transactions, seen in the register, and undoes it', async () => {
    const { goTo } = session.first;
    const table = page.getByRole('table', { name: 'Payees' });
    await rowOf(table, 'Corner Cafe').getByRole('button', { name: '1 associated rule' }).click();
    const list = dialog('Rules');
    const listed = list.getByRole('row', {
      name: 'payee is Corner Cafe and amount (outflow) is less than 10.00 → set category Eating Out, set notes coffee',
    });
    await listed.getByRole('button', { name: 'Edit' }).click();
    const rule = dialog('Rule');
    await rule.getByText('5 transactions match, 5 would change').waitFor(WAIT);
    await rule.getByRole('checkbox', { name: 'Select all' }).click();
    await rule.getByRole('button', { name: 'Apply actions (5)' }).click();
    await rule.getByText('Applied to 5 transactions').waitFor(WAIT);
    await rule.getByText('5 transactions match, 0 would change').waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached', ...WAIT });

    const register = page.getByRole('table', { name: 'Transactions' });
    const cafeRows = register.getByRole('row').filter({ hasText: 'Corner Cafe' });
    await goTo('Checking');
    await expect.poll(() => cafeRows.filter({ hasText: 'coffee' }).count(), WAIT).toBe(5);
    expect(await register.getByRole('row').filter({ hasText: 'weekly shop' }).count()).toBe(3);

    // Undo takes the apply back, and returns to the page it was made on.
    await page.keyboard.press('Control+z');
    await page.waitForURL(/\/payees$/, WAIT);
    await goTo('Checking');
    await cafeRows.first().waitFor(WAIT);
    expect(await cafeRows.count()).toBe(5);
    expect(await cafeRows.filter({ hasText: 'coffee' }).count()).toBe(0);
  });
});

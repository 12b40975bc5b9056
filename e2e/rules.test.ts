import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshots } from './helpers/browser.ts';
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
    await sidebar()
      .getByRole('link', { name: /^Checking/ })
      .click();
    accountId = page.url().split('/accounts/')[1]!;
    await goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    syncId = (await page.getByText('Sync ID:').locator('..').locator('code').textContent())!;

    await onSecondDevice(session.server.url, syncId, async (api) => {
      // The browser's new account reaches the server with its next sync: wait until it has.
      const found = async () => {
        await api.sync();
        return (await api.getAccounts()).some((a: { id: string }) => a.id === accountId);
      };
      await expect.poll(found, WAIT).toBe(true);
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
    await preview
      .getByRole('row', { name: /Corner Cafe/ })
      .first()
      .waitFor(WAIT);
    expect(await preview.getByRole('row', { name: /Corner Cafe/ }).count()).toBe(5);
    await rule.getByText('5 transactions match').waitFor(WAIT);

    // A second action that the register shows: notes.
    await rule.getByRole('button', { name: 'Add a row after action 1' }).click();
    await rule.getByLabel('Action 2 field').selectOption('notes');
    await rule.getByLabel('Action 2 value').fill('coffee');
    await rule.getByText('5 transactions match, 5 would change').waitFor(WAIT);
    await expect
      .poll(
        () =>
          preview
            .getByRole('row', { name: /Corner Cafe/ })
            .first()
            .textContent(),
        WAIT,
      )
      .toMatch(/\(nothing\).*becomes coffee/);

    // A second condition left empty: the preview leaves it out, the save is refused under it.
    await rule.getByRole('button', { name: 'Add a row after condition 1' }).click();
    await rule.getByLabel('Condition 2 field').selectOption('amount-outflow');
    await rule.getByLabel('Condition 2 value').fill('');
    await rule.getByText('(1 condition is not complete and left out)').waitFor(WAIT);
    await screenshots(page, 'rules-10-editor-preview');
    // The category still to pick is refused too, each beside its own row.
    await rule.getByRole('button', { name: 'Save' }).click();
    const error = rule.getByRole('alert');
    const rowError = (name: string) =>
      rule.getByRole('group', { name, exact: true }).locator('..').getByRole('alert');
    await rowError('Condition 2').getByText('Value cannot be empty').waitFor(WAIT);
    await rowError('Action 1').getByText('Value cannot be empty').waitFor(WAIT);
    expect(await error.count()).toBe(2);
    await screenshots(page, 'rules-11-editor-error');

    // Fixed: outflows under 10.00 (every cafe visit); and a category picked.
    await rule.getByLabel('Condition 2 operator').selectOption('lt');
    await rule.getByLabel('Condition 2 value').fill('10.00');
    expect(await rowError('Condition 2').count()).toBe(0);
    await pick(rule.getByLabel('Action 1 value'), 'Eating');
    expect(await error.count()).toBe(0);
    expect(await rule.getByLabel('Action 1 value').inputValue()).toBe('Eating Out');
    await rule.getByText('5 transactions match, 5 would change').waitFor(WAIT);
    await rule.getByRole('button', { name: 'Save' }).click();
    await rule.waitFor({ state: 'detached', ...WAIT });
    await rowOf(table, 'Corner Cafe')
      .getByRole('button', { name: '1 associated rule' })
      .waitFor(WAIT);
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

    const register = page.getByRole('grid', { name: 'Checking transactions' });
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

  it('filters the rules page by stage, field, operator and names', async () => {
    const { goTo } = session.first;
    await goTo('Rules');
    const rules = page.getByRole('table', { name: 'Rules' });
    const rows = rules.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit' }) });
    await expect.poll(() => rows.count(), WAIT).toBe(3);
    await page.getByText('Rules are always run in the order that you see them.').waitFor(WAIT);
    // Pre rules first, then the rest from the least to the most specific.
    expect(await rows.first().textContent()).toMatch(/^Pre/);
    await screenshots(page, 'rules-01-list');
    const filter = page.getByRole('searchbox', { name: 'Filter rules' });
    const shown = async (text: string) => {
      await filter.fill(text);
      return rows.allTextContents();
    };
    expect(await shown('corner CAFE')).toEqual([expect.stringContaining('Corner Cafe')]);
    expect(await shown('does not contain')).toEqual([expect.stringContaining('imported payee')]);
    expect(await shown('pre')).toHaveLength(1);
    expect(await shown('link schedule')).toEqual([expect.stringContaining('Rent')]);
    expect(await shown('every month')).toEqual([expect.stringContaining('Landlord')]);
    expect(await shown('eating out')).toHaveLength(1);
    expect(await shown('no such thing')).toEqual([]);
    await page.getByText('No rules match the filter').waitFor(WAIT);
    expect(await shown('')).toHaveLength(3);
  });

  it('deletes selected rules, keeping a schedule’s with the spec’s alert', async () => {
    const rules = page.getByRole('table', { name: 'Rules' });
    await rules.getByRole('checkbox', { name: /Select rule: payee is Corner Cafe/ }).check();
    await rules.getByRole('checkbox', { name: /Select rule: .*link schedule Rent/ }).check();
    await page.getByRole('button', { name: 'Delete 2 rules' }).click();
    await page
      .getByRole('alert')
      .getByText('Some rules were not deleted because they are linked to schedules')
      .waitFor(WAIT);
    const rows = rules.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit' }) });
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('imported payee'),
      expect.stringContaining('link schedule Rent'),
    ]);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await screenshots(page, 'rules-02-delete-alert');
  });

  it('walks a condition through section 4’s field and operator changes, keeping what it should', async () => {
    await page.getByRole('button', { name: 'Create new rule' }).click();
    const rule = dialog('Rule');
    const field = rule.getByLabel('Condition 1 field');
    const op = rule.getByLabel('Condition 1 operator');
    const value = rule.getByLabel('Condition 1 value', { exact: true });
    expect(await field.inputValue()).toBe('payee');

    // id → string: the first string operator, no value.
    await field.selectOption('notes');
    expect(await op.inputValue()).toBe('is');
    expect(await value.inputValue()).toBe('');
    await op.selectOption('contains');
    await value.fill('rent');
    // string → string keeps operator and value.
    await field.selectOption('imported_payee');
    expect(await op.inputValue()).toBe('contains');
    expect(await value.inputValue()).toBe('rent');
    // To one of: the value becomes a list; typed values are trimmed; Backspace takes the last.
    await op.selectOption('oneOf');
    await rule.getByRole('button', { name: 'Remove rent' }).waitFor(WAIT);
    await value.fill('  Rent Co  ');
    await value.press('Enter');
    await rule.getByRole('button', { name: 'Remove Rent Co' }).waitFor(WAIT);
    await value.fill('Landlord Ltd');
    await value.press('Enter');
    await screenshots(page, 'rules-12-editor-list-value');
    await value.press('Backspace');
    expect(await rule.getByRole('button', { name: 'Remove Landlord Ltd' }).count()).toBe(0);
    // Back from a list: its first item.
    await op.selectOption('is');
    expect(await value.inputValue()).toBe('rent');

    // string → number: the first number operator, the value starts over.
    await field.selectOption('amount');
    expect(await op.inputValue()).toBe('is');
    expect(await value.inputValue()).not.toBe('rent');
    await rule.getByRole('button', { name: 'Inflow (click for outflow)' }).click();
    await value.fill('12.50');
    // isbetween makes num1 and num2 of it; away from isbetween keeps num1.
    await op.selectOption('isbetween');
    expect(await value.inputValue()).toBe('12.50');
    const second = rule.getByLabel('Condition 1 value, second amount');
    expect(await second.inputValue()).toBe('12.50');
    await second.fill('80.00');
    // Both ends are outflows: the grocer's three payments.
    expect(await rule.getByRole('button', { name: 'Outflow (click for inflow)' }).count()).toBe(2);
    await rule.getByText('3 transactions match').waitFor(WAIT);
    await screenshots(page, 'rules-13-editor-amounts');
    await op.selectOption('gt');
    expect(await value.inputValue()).toBe('12.50');
    // number → number keeps them; an outflow has no sign and no isbetween.
    await field.selectOption('amount-outflow');
    expect(await op.inputValue()).toBe('gt');
    expect(await value.inputValue()).toBe('12.50');
    expect(await op.locator('option').allTextContents()).not.toContain('is between');
    expect(await rule.getByRole('button', { name: /Inflow|Outflow/ }).count()).toBe(0);
    // number → date starts over; the calendar opens on focus.
    await field.selectOption('date');
    expect(await op.inputValue()).toBe('is');
    expect(await value.inputValue()).toBe('');
    await value.click();
    await page.getByRole('dialog', { name: /^Calendar/ }).waitFor(WAIT);
    await value.fill('03/04/2024');
    await value.press('Enter');
    await screenshots(page, 'rules-14-editor-date');

    // A new condition under and: the first field not used yet; under or: the first one's.
    await rule.getByRole('button', { name: 'Add a row after condition 1' }).click();
    expect(await rule.getByLabel('Condition 2 field').inputValue()).toBe('imported_payee');
    await rule.getByLabel('Conditions to match').selectOption('or');
    await rule.getByRole('button', { name: 'Add a row after condition 2' }).click();
    expect(await rule.getByLabel('Condition 3 field').inputValue()).toBe('date');

    // An action's new field drops its value; yes/no fields are a checkbox.
    await pick(rule.getByLabel('Action 1 value'), 'Groceries');
    await rule.getByLabel('Action 1 field').selectOption('notes');
    expect(await rule.getByLabel('Action 1 value').inputValue()).toBe('');
    await rule.getByLabel('Action 1 field').selectOption('cleared');
    await rule.getByRole('checkbox', { name: 'Action 1 value' }).check();
    await rule.getByRole('button', { name: 'Add a row after action 1' }).click();
    expect(await rule.getByLabel('Action 2 field').inputValue()).toBe('category');
    await screenshots(page, 'rules-15-editor-rows');
    await rule.getByRole('button', { name: 'Cancel' }).click();
    await rule.waitFor({ state: 'detached', ...WAIT });
  });

  it('edits a schedule’s rule: its recurrence, the rows that must stay, and why a rule ran', async () => {
    const rules = page.getByRole('table', { name: 'Rules' });
    await rules
      .getByRole('row', { name: /link schedule Rent/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const rule = dialog('Rule');
    // The schedules area's recurrence popup, named by the recurrence it holds.
    const date = rule.getByRole('button', { name: /^Condition 3 value: / });
    expect(await date.getAttribute('aria-label')).toBe('Condition 3 value: Every month on the 1st');
    expect(await rule.getByRole('button', { name: 'Remove condition 3' }).isDisabled()).toBe(true);
    expect(await rule.getByRole('button', { name: 'Remove condition 1' }).isDisabled()).toBe(false);
    expect(await rule.getByRole('button', { name: 'Remove action 1' }).isDisabled()).toBe(true);
    await rule.getByText('Payee: Landlord').waitFor(WAIT);

    await date.click();
    const recurrence = page.getByRole('dialog', { name: 'Repeats' });
    const upcoming = recurrence.getByRole('list', { name: 'Upcoming dates' }).getByRole('listitem');
    await upcoming.first().waitFor(WAIT);
    expect(await upcoming.count()).toBe(4);
    await recurrence.getByLabel('Interval').fill('2');
    await recurrence.getByRole('button', { name: 'Add specific days' }).click();
    await recurrence
      .getByRole('group', { name: 'Specific day 1' })
      .getByLabel('Number')
      .selectOption('15');
    await screenshots(page, 'rules-16-editor-recurrence');
    await recurrence.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => date.getAttribute('aria-label'), WAIT)
      .toBe('Condition 3 value: Every 2 months on the 15th');
    // Escape closes the popup, not the rule.
    await date.click();
    await page.keyboard.press('Escape');
    await recurrence.waitFor({ state: 'detached', ...WAIT });
    await rule.waitFor(WAIT);
    await date.click();
    await recurrence.getByLabel('Interval').fill('1');
    await recurrence.getByRole('button', { name: 'Remove specific day 1' }).click();
    await recurrence.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => date.getAttribute('aria-label'), WAIT)
      .toBe('Condition 3 value: Every month on the 1st');

    // Why did this happen? The Landlord payment, from the preview.
    const preview = rule.getByRole('table', { name: 'Transactions this rule applies to' });
    await preview.getByRole('button', { name: /^Why did this happen\? .*Landlord/ }).click();
    const why = dialog('Why did this happen?');
    await why.getByRole('heading', { name: '2 rules ran, in this order:' }).waitFor(WAIT);
    const ran = why.getByRole('region', { name: 'Rules that ran' });
    const steps = ran
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Edit rule' }) });
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).textContent()).toContain('imported payee does not contain transfer');
    expect(await steps.nth(1).textContent()).toContain('link schedule Rent');
    await why.getByText(/Schedule: Rent from rule 2/).waitFor(WAIT);
    await screenshots(page, 'rules-20-why');
    await why.getByRole('button', { name: 'Close', exact: true }).last().click();
    await why.waitFor({ state: 'detached', ...WAIT });
    await rule.getByRole('button', { name: 'Cancel' }).click();
    await rule.waitFor({ state: 'detached', ...WAIT });
  });

  it('pages through 300 rules: 100 first, 50 more near the bottom, and past a saved rule', async () => {
    await onSecondDevice(session.server.url, syncId, async (api) => {
      await api.batchBudgetUpdates(async () => {
        for (let i = 0; i < 300; i++) {
          await api.internal.send('rule-add', {
            stage: null,
            conditionsOp: 'and',
            conditions: [{ field: 'notes', op: 'contains', value: `bulk ${i}` }],
            actions: [{ op: 'set', field: 'notes', value: `paged ${i}` }],
          });
        }
      });
    });
    await sync();
    const rules = page.getByRole('table', { name: 'Rules' });
    const rows = rules.getByRole('row').filter({ has: page.getByRole('button', { name: 'Edit' }) });
    const status = page.getByRole('status').filter({ hasText: /rules shown$/ });
    await expect.poll(() => status.textContent(), WAIT).toBe('100 of 302 rules shown');
    expect(await rows.count()).toBe(100);
    await rows.last().scrollIntoViewIfNeeded();
    await expect.poll(() => status.textContent(), WAIT).toBe('150 of 302 rules shown');
    expect(await rows.count()).toBe(150);
    await screenshots(page, 'rules-03-paged');

    // A post rule runs last, so it is listed last: the list reaches it, and 75 past it.
    await page.getByRole('button', { name: 'Create new rule' }).click();
    const rule = dialog('Rule');
    await rule.getByRole('radio', { name: 'Post' }).check();
    await pick(rule.getByLabel('Condition 1 value'), 'Grocer');
    await pick(rule.getByLabel('Action 1 value'), 'Groceries');
    await rule.getByRole('button', { name: 'Save' }).click();
    await rule.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => status.textContent(), WAIT).toBe('303 of 303 rules shown');
    expect(await rows.last().textContent()).toMatch(
      /^Postpayee is Grocer → set category Groceries/,
    );
  });

  it('reads the same in the dark theme and at 1100 wide', async () => {
    const { goTo } = session.first;
    await goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    await page.getByRole('button', { name: /I understand the risks/ }).click();
    await page.getByLabel('Dark mode').check();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await goTo('Rules');
    const rules = page.getByRole('table', { name: 'Rules' });
    await page.getByRole('searchbox', { name: 'Filter rules' }).fill('grocer');
    await rules
      .getByRole('row', { name: /Grocer/ })
      .first()
      .waitFor(WAIT);
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'rules-30-dark-list-1100.png') });
    await rules
      .getByRole('row', { name: /Grocer/ })
      .getByRole('button', { name: 'Edit' })
      .first()
      .click();
    const rule = dialog('Rule');
    await rule.getByText('3 transactions match').waitFor(WAIT);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'rules-31-dark-editor-1100.png') });
    await screenshots(page, 'rules-32-dark-editor');
    await rule.getByRole('button', { name: 'Cancel' }).click();
    await screenshots(page, 'rules-33-dark-list');
  });
});

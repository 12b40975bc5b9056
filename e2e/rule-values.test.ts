import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION_EDITOR_FIELDS,
  CONDITION_EDITOR_FIELDS,
  deserializeField,
  FIELD_TYPES,
  getValidOps,
} from '../packages/core/src/rules/fields.ts';
import { screenshotsAt } from './helpers/browser.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer } from './helpers/steps.ts';

/**
 * The rule editor takes no nonsense (001 §5 Rules): every field × operator × a bad value
 * (letters, nothing, a date past the calendar, an amount past 2^51 − 1 cents) is refused on
 * Save with the spec's text beside its row, the editor stays open, and no rule is written.
 */
const EMPTY = 'Value cannot be empty';
const NOT_NUMBER = 'Value must be a number';
const BAD_DATE = 'Invalid date format';
/** 10^14 in money is 10^16 cents, past the 2^51 − 1 bound (about 2.25 × 10^15 cents). */
const TOO_LARGE = '100000000000000';

interface Bad {
  name: string;
  /** What goes in the value box; null leaves it as the field or operator change left it. */
  text: string | null;
  says: string;
  /** The refused text stays in the box, for the person to fix. */
  stays?: boolean;
}

function badValues(type: string, op: string, where: 'condition' | 'action'): Bad[] {
  const list = op === 'oneOf' || op === 'notOneOf';
  switch (type) {
    case 'id':
      // A picker takes only an existing row: letters that name none leave it empty. An
      // action's payee may be a new one, so letters are a value there.
      return list || where === 'action'
        ? [{ name: 'nothing', text: null, says: EMPTY }]
        : [
            { name: 'nothing', text: null, says: EMPTY },
            { name: 'letters naming nothing', text: 'zzqx', says: EMPTY },
          ];
    case 'string':
      return [{ name: 'nothing', text: list ? null : '', says: EMPTY }];
    case 'date':
      return [
        { name: 'letters', text: 'abc', says: BAD_DATE, stays: true },
        { name: 'nothing', text: '', says: EMPTY },
        { name: 'a month 13, day 45', text: '2026-13-45', says: BAD_DATE, stays: true },
      ];
    case 'number':
      return [
        { name: 'letters', text: 'abc', says: NOT_NUMBER, stays: true },
        { name: 'nothing', text: '', says: EMPTY },
        { name: 'past 2^51 − 1 cents', text: TOO_LARGE, says: NOT_NUMBER, stays: true },
      ];
    default:
      return [];
  }
}

describe.runIf(BUILT)('the rule editor refuses every bad value', { timeout: 600_000 }, () => {
  let session: Session;
  let page: Page;
  const dialog = () => page.getByRole('dialog', { name: 'Rule', exact: true });
  const rowAlert = (what: string) =>
    dialog().getByRole('group', { name: what, exact: true }).locator('..').getByRole('alert');

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
  });
  afterAll(async () => {
    await session?.close();
  });

  /** Types a value (Tab ends the edit, as a person leaving the box), then saves. */
  async function tryValue(what: string, bad: Bad): Promise<void> {
    const rule = dialog();
    const value = rule.getByLabel(`${what} value`, { exact: true });
    if (bad.text !== null) {
      await value.click();
      await value.fill(bad.text);
      await value.press('Tab');
    }
    await rule.getByRole('button', { name: 'Save' }).click();
    const alert = rowAlert(what);
    await alert.waitFor(WAIT);
    expect(await alert.textContent()).toBe(bad.says);
    if (bad.stays) expect(await value.inputValue()).toBe(bad.text);
    // Only this row is refused, and the editor is still open: nothing was saved.
    expect(await rule.getByRole('alert').count()).toBe(1);
    expect(await rule.isVisible()).toBe(true);
  }

  async function pickCategory(input: Locator): Promise<void> {
    await input.click();
    await input.fill('Groceries');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Groceries');
  }

  it('opens a new budget and its rules', async () => {
    const { sidebar, goTo } = session.first;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await goTo('Rules');
    await page.getByText('No rules', { exact: true }).waitFor(WAIT);
  });

  it('refuses the untouched new rule, each row with its reason', async () => {
    await page.getByRole('button', { name: 'Create new rule' }).click();
    const rule = dialog();
    await rule.getByRole('button', { name: 'Save' }).click();
    await rowAlert('Condition 1').getByText(EMPTY, { exact: true }).waitFor(WAIT);
    await rowAlert('Action 1').getByText(EMPTY, { exact: true }).waitFor(WAIT);
    expect(await rule.getByRole('alert').count()).toBe(2);
    await screenshotsAt(page, 'rule-values-10-untouched');
  });

  it('refuses every condition field × operator × bad value beside its row', async () => {
    const rule = dialog();
    await pickCategory(rule.getByLabel('Action 1 value', { exact: true }));
    const tried: string[] = [];
    for (const editorField of CONDITION_EDITOR_FIELDS) {
      const { field, options } = deserializeField(editorField);
      const type = FIELD_TYPES[field];
      for (const op of getValidOps({ field, options })) {
        for (const bad of badValues(type, op, 'condition')) {
          // A field and operator chosen afresh each time (by way of a field of another type,
          // which clears the value): the value starts as they leave it.
          const away = type === 'string' ? 'date' : 'notes';
          await rule.getByLabel('Condition 1 field').selectOption(away);
          await rule.getByLabel('Condition 1 field').selectOption(editorField);
          await rule.getByLabel('Condition 1 operator').selectOption(op);
          await tryValue('Condition 1', bad);
          if (editorField === 'date' && op === 'is' && bad.text === '2026-13-45') {
            await screenshotsAt(page, 'rule-values-11-bad-date');
          }
          if (editorField === 'amount' && op === 'is' && bad.text === 'abc') {
            await screenshotsAt(page, 'rule-values-12-letters-amount');
          }
          tried.push(`${editorField} ${op} ${bad.name}`);
        }
      }
    }
    // Every field the editor offers was tried with each of its operators.
    expect(tried).toContain('amount-outflow lte past 2^51 − 1 cents');
    expect(tried).toContain('amount isbetween letters');
    expect(tried).toContain('account notOneOf nothing');
    expect(tried.length).toBeGreaterThan(80);
  });

  it('refuses every action field × bad value beside its row', async () => {
    const rule = dialog();
    // A condition that holds a value, so only the action is refused.
    await rule.getByLabel('Condition 1 field').selectOption('notes');
    await rule.getByLabel('Condition 1 operator').selectOption('contains');
    await rule.getByLabel('Condition 1 value', { exact: true }).fill('coffee');
    for (const field of ACTION_EDITOR_FIELDS) {
      for (const bad of badValues(FIELD_TYPES[field], 'set', 'action')) {
        await rule.getByLabel('Action 1 field').selectOption(field === 'notes' ? 'date' : 'notes');
        await rule.getByLabel('Action 1 field').selectOption(field);
        await tryValue('Action 1', bad);
      }
    }
  });

  it('saves nothing: the rules list is still empty', async () => {
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached', ...WAIT });
    await page.getByText('No rules', { exact: true }).waitFor(WAIT);
    expect(session.first.errors).toEqual([]);
  });
});

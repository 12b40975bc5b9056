import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSimpleFin,
  type FakeSimpleFinTransaction,
  startFakeSimpleFin,
} from '../packages/server/src/test-helpers/fake-simplefin.ts';
import { SCREENSHOT_DIR } from './helpers/browser.ts';
import { LOOK_SIZES } from './helpers/shots.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { startBudgetWithAccount } from './helpers/steps.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const sfTx = (id: string, offset: number, amount: string, payee: string) =>
  ({
    id,
    posted: now() + offset * DAY,
    transacted_at: now() + offset * DAY,
    amount,
    description: payee.toUpperCase(),
    payee,
  }) satisfies FakeSimpleFinTransaction;

/**
 * Scheduled bank sync end to end: the built app in Chromium and the built server with the fake
 * SimpleFIN Bridge. Link an account, turn the schedule on in Settings, the bank gets a new
 * transaction, the server's scheduler runs (an admin's "run now", so the test never waits for
 * its tick), and opening the budget brings the row in with its notification.
 */
describe.runIf(BUILT)('scheduled bank sync', { timeout: 300_000 }, () => {
  let sf: FakeSimpleFin;
  let session: Session;
  let page: Page;
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const row = (text: string) => page.getByRole('main').getByRole('row').filter({ hasText: text });

  beforeAll(async () => {
    sf = await startFakeSimpleFin();
    sf.accounts.push({
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '1000.00',
      'balance-date': now(),
      org: { domain: 'mybank.example', name: 'My Bank', 'sfin-url': 'https://sfin.example/' },
      transactions: [sfTx('TRN-coffee', -3, '-4.50', 'Coffee Shop')],
    });
    session = await startSession();
    page = session.first.page;
    await startBudgetWithAccount(page, session.server.url, PASSWORD, {
      name: 'Everyday',
      balance: '0',
    });
  });
  afterAll(async () => {
    await session?.close();
    await sf?.close();
  });

  /** Wide and phone, light and dark (the theme set on the page, as the theme setting does). */
  async function shots(name: string, focus?: Locator) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      for (const size of ['wide', 'phone'] as const) {
        await page.setViewportSize(LOOK_SIZES[size]);
        await focus?.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}-${theme}.png`) });
      }
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await page.setViewportSize(LOOK_SIZES.wide);
  }

  it('brings in what the server fetched on its schedule when the budget opens', async () => {
    // Link the bank account to Everyday (its first sync brings the coffee in).
    await sidebar().getByText('Everyday', { exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Link bank account' }).click();
    const link = dialog('Link Your Bank');
    await link.getByRole('button', { name: 'Configure SimpleFIN integration' }).click();
    const setup = dialog('Set-up SimpleFIN');
    await setup.getByLabel('Setup token:').fill(sf.setupToken());
    await setup.getByRole('button', { name: 'Save and continue' }).click();
    await setup.waitFor({ state: 'hidden', ...WAIT });
    await link.getByRole('button', { name: 'Choose accounts →' }).click();
    const choose = dialog('Link Accounts');
    await choose.waitFor(WAIT);
    await choose.getByRole('button', { name: 'Link account', exact: true }).click();
    await choose.waitFor({ state: 'hidden', ...WAIT });
    await row('Coffee Shop').waitFor(WAIT);

    // Settings: turn the server's schedule on.
    await session.first.goTo('Settings');
    const section = page.getByRole('region', { name: 'Scheduled bank sync' });
    await section.getByText('Only Coffer’s app picks up the transactions').waitFor(WAIT);
    const often = section.getByRole('combobox', { name: 'How often' });
    expect(await often.isDisabled()).toBe(true);
    await section.getByRole('checkbox', { name: 'Fetch linked accounts on a schedule' }).check();
    await expect.poll(() => often.isDisabled(), WAIT).toBe(false);
    await often.selectOption({ label: 'Every hour' });
    await shots('bank-schedule-settings', section);

    // The bank gets a new transaction; the server's run holds it (the app is not asked).
    sf.accounts[0]!.transactions.push(sfTx('TRN-bakery', 0, '-12.34', 'Bakery'));
    const login = await fetch(`${session.server.url}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const run = await fetch(`${session.server.url}/bank-schedule/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-actual-token': token },
      body: '{}',
    });
    const report = (await run.json()) as { data: { fetched: number; held: number } };
    expect(report.data.fetched).toBe(1);
    expect(report.data.held).toBeGreaterThanOrEqual(1);

    // Open the budget again: the held row comes in, with how many came.
    await page.reload();
    await page.getByText('1 transaction came in from your bank').waitFor(WAIT);
    await sidebar().getByText('Everyday', { exact: true }).click();
    await row('Bakery').waitFor(WAIT);
    await row('Coffee Shop').waitFor(WAIT);
    expect(await row('Bakery').count()).toBe(1);
    await shots('bank-schedule-came-in');
    expect(session.first.errors).toEqual([]);
  });
});

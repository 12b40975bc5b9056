import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  startFakeGoCardless,
} from '../packages/server/src/test-helpers/fake-gocardless.ts';
import { chooseFile, openImport, runImport } from './helpers/import.ts';
import { modalShots } from './helpers/shots.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { startBudgetWithAccount } from './helpers/steps.ts';

/** The consent page the fake provider links to; the browser must never really go there. */
const BANK_SITE = 'https://ob.fake-gocardless.example/**';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const booked = (id: string, offset: number, amount: string, creditorName: string) => ({
  transactionId: id,
  bookingDate: day(offset),
  valueDate: day(offset),
  transactionAmount: { amount, currency: 'GBP' },
  creditorName,
});

/**
 * Bank linking end to end: the built app in Chromium, the Coffer server over HTTP, and the
 * local fake GoCardless provider behind it. Secrets, country, bank, consent in the browser,
 * linking to an existing and a new account, syncing, then each error of the spec's catalogue.
 */
describe.runIf(BUILT)('linking a bank through the Coffer server', { timeout: 240_000 }, () => {
  let fake: FakeProvider;
  let session: Session;
  let page: Page;
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const linkDialog = () => dialog('Link Your Bank');

  beforeAll(async () => {
    fake = await startFakeGoCardless();
    fake.accounts.set('acc-main', {
      id: 'acc-main',
      institutionId: 'TESTBANK_TSTBGB2L',
      iban: 'GB33BUKB20201555555555',
      name: 'Main current account',
      currency: 'GBP',
      balances: [
        { balanceAmount: { amount: '962.55', currency: 'GBP' }, balanceType: 'closingBooked' },
      ],
      booked: [booked('m1', -3, '-12.45', 'Corner Cafe'), booked('m2', -2, '-25.00', 'Bookshop')],
      pending: [],
    });
    fake.accounts.set('acc-savings', {
      id: 'acc-savings',
      institutionId: 'TESTBANK_TSTBGB2L',
      iban: 'GB33BUKB20201555556666',
      name: 'Rainy day savings',
      currency: 'GBP',
      balances: [
        { balanceAmount: { amount: '5000.00', currency: 'GBP' }, balanceType: 'closingBooked' },
      ],
      booked: [booked('s1', -5, '100.00', 'Transfer in')],
      pending: [],
    });
    session = await startSession({ env: { COFFER_GOCARDLESS_URL: fake.url } });
    page = session.first.page;
    await session.first.context.route(BANK_SITE, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Test Bank</title><h1>Allow Coffer to read your accounts?</h1>',
      }),
    );
    await startBudgetWithAccount(page, session.server.url, PASSWORD, {
      name: 'Everyday',
      balance: '0',
    });
  });
  afterAll(async () => {
    await session?.close();
    await fake?.close();
  });

  async function balanceOf(account: string, amount: string) {
    const cell = sidebar()
      .locator('a.sidebar-account', { has: page.getByText(account, { exact: true }) })
      .locator('.amount');
    await expect.poll(() => cell.textContent(), WAIT).toBe(amount);
  }

  /** Link Your Bank from the account menu; `choose` picks GoCardless among the providers. */
  async function openLink(account: string, choose = true): Promise<Locator> {
    await sidebar().getByText(account, { exact: true }).click();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Link bank account' }).click();
    await linkDialog().waitFor(WAIT);
    if (choose) await linkDialog().getByRole('button', { name: 'Link with GoCardless' }).click();
    return linkDialog();
  }

  async function pick(box: Locator, label: string, text: string) {
    const input = box.getByRole('combobox', { name: label });
    await input.fill(text);
    await page.getByRole('option', { name: text, exact: true }).click();
  }

  /** The requisition the app asked for last, once the provider has it. */
  async function lastRequisition(before: number): Promise<string> {
    await expect.poll(() => fake.requisitions.size, WAIT).toBeGreaterThan(before);
    return [...fake.requisitions.keys()].at(-1)!;
  }

  it('sets up GoCardless: both secrets required, wrong ones show the bank list error', async () => {
    // Add Account says what Link Your Bank says: the server has no GoCardless secrets yet.
    await sidebar().getByRole('button', { name: '+ Add account' }).click();
    const add = dialog('Add Account');
    await add.getByText('GoCardless integration has not yet been configured.').waitFor(WAIT);
    await add.getByRole('button', { name: 'Configure GoCardless integration' }).waitFor(WAIT);
    expect(await add.getByText(/not available in this build/).count()).toBe(0);
    await add.getByRole('button', { name: 'Close' }).click();
    await add.waitFor({ state: 'hidden', ...WAIT });
    const link = await openLink('Everyday', false);
    await link.getByText('GoCardless integration has not yet been configured.').waitFor(WAIT);
    await modalShots(page, 'bank-1-not-configured');
    await link.getByRole('button', { name: 'Configure GoCardless integration' }).click();
    const setup = dialog('Set-up GoCardless');
    await setup.waitFor(WAIT);
    await setup.getByLabel('Secret ID:').fill(fake.secretId);
    await setup.getByRole('button', { name: 'Save and continue' }).click();
    await setup
      .getByRole('alert')
      .filter({ hasText: 'It is required to provide both the secret id and secret key.' })
      .waitFor(WAIT);
    await modalShots(page, 'bank-2-setup-both-secrets');
    await setup.getByLabel('Secret Key:').fill('not the key');
    await setup.getByRole('button', { name: 'Save and continue' }).click();
    await setup.waitFor({ state: 'hidden', ...WAIT });

    await pick(link, 'Country', 'United Kingdom');
    await link
      .getByText(
        'Failed loading available banks: GoCardless access credentials might be misconfigured',
      )
      .waitFor(WAIT);
    await modalShots(page, 'bank-3-banks-failed');
    await link.getByRole('button', { name: 'set them up' }).click();
    await setup.getByLabel('Secret ID:').fill(fake.secretId);
    await setup.getByLabel('Secret Key:').fill(fake.secretKey);
    await setup.getByRole('button', { name: 'Save and continue' }).click();
    await link.getByRole('combobox', { name: 'Bank' }).waitFor(WAIT);
    await pick(link, 'Bank', 'Test Bank');
    await modalShots(page, 'bank-4-choose-bank');
  });

  it('stops waiting for the bank when the modal closes, and reports a failed consent', async () => {
    const link = linkDialog();
    const before = fake.requisitions.size;
    await link.getByRole('button', { name: 'Link bank in browser →' }).click();
    const first = await lastRequisition(before);
    await link.getByText('Waiting on GoCardless...').waitFor(WAIT);
    await modalShots(page, 'bank-5-waiting');
    const polls = () => fake.requests.filter((r) => r.includes(`/requisitions/${first}/`)).length;
    await expect.poll(polls, WAIT).toBeGreaterThan(0);
    await link.getByRole('button', { name: 'Close' }).click();
    await link.waitFor({ state: 'hidden', ...WAIT });
    const seen = polls();
    // The core asks every 3 s while it waits; closing stopped it.
    await page.waitForTimeout(4000);
    expect(polls()).toBe(seen);

    // The provider fails while the app waits: the spec's linking error, and the button again.
    const again = await openLink('Everyday');
    await pick(again, 'Country', 'United Kingdom');
    await pick(again, 'Bank', 'Test Bank');
    const count = fake.requisitions.size;
    await again.getByRole('button', { name: 'Link bank in browser →' }).click();
    const second = await lastRequisition(count);
    fake.failNext(`/requisitions/${second}/`, 500);
    await again
      .getByRole('alert')
      .filter({ hasText: 'An error occurred while linking your account, sorry!' })
      .waitFor(WAIT);
    await modalShots(page, 'bank-6-link-error');
  });

  it('links one bank account to Everyday and the other to a new off-budget account', async () => {
    const link = linkDialog();
    const before = fake.requisitions.size;
    const popup = page.context().waitForEvent('page');
    await link.getByRole('button', { name: 'Link bank in browser →' }).click();
    // The consent opens at the bank, in a new tab; the app's tabs know a link is in progress.
    const bank = await popup;
    const progress = () =>
      page.evaluate(`JSON.parse(localStorage.getItem('coffer-bank-link') ?? 'null')?.state`);
    expect(await progress()).toBe('waiting');
    await bank.getByRole('heading', { name: 'Allow Coffer to read your accounts?' }).waitFor(WAIT);
    await bank.close();
    fake.link(await lastRequisition(before), ['acc-main', 'acc-savings']);
    const success = link.getByRole('button', { name: /Success! Click to continue/ });
    await success.waitFor(WAIT);
    expect(await progress()).toBe('linked');
    await modalShots(page, 'bank-7-success');
    await success.click();

    const choose = dialog('Link Accounts');
    await choose.waitFor(WAIT);
    const main = choose.getByLabel(/^Link Main current account .* to$/);
    const savings = choose.getByLabel(/^Link Rainy day savings .* to$/);
    // Linking for Everyday: the first bank account goes there, the other nowhere yet.
    expect(await main.locator('option:checked').textContent()).toBe('Everyday');
    expect(await savings.locator('option:checked').textContent()).toBe('Do not link');
    await savings.selectOption({ label: 'New account (off budget)' });
    await modalShots(page, 'bank-8-link-accounts');
    await choose.getByRole('button', { name: 'Link 2 accounts' }).click();
    await choose.waitFor({ state: 'hidden', ...WAIT });

    // Each linked account synced at once: the bank's transactions, and a starting balance
    // that makes up the bank's balance (Everyday had no transactions yet).
    await page.waitForURL(/\/accounts\/[^/]+$/, WAIT);
    const main_ = page.getByRole('main');
    await main_.getByRole('heading', { name: 'Everyday' }).waitFor(WAIT);
    await main_.getByRole('row').filter({ hasText: 'Corner Cafe' }).waitFor(WAIT);
    await main_.getByRole('row').filter({ hasText: 'Bookshop' }).waitFor(WAIT);
    await main_.getByRole('row').filter({ hasText: 'Starting Balance' }).waitFor(WAIT);
    await balanceOf('Everyday', '962.55');
    await balanceOf('Rainy day savings (XXX 6666) GBP', '5,000.00');
    // Off budget: listed under Off budget.
    const offBudget = await sidebar().locator('a.sidebar-account').allTextContents();
    expect(offBudget.findIndex((t) => t.startsWith('Off budget'))).toBeLessThan(
      offBudget.findIndex((t) => t.startsWith('Rainy day savings')),
    );
  });

  it('syncs: new transactions come in, and one already imported from a file is matched', async () => {
    // The garage bill came in a file first.
    const file = join(mkdtempSync(join(tmpdir(), 'coffer-bank-e2e-')), 'statement.csv');
    writeFileSync(file, `Date,Payee,Amount\n${day(0)},Garage,-40.00\n`);
    const imported = await openImport(page, 'Everyday');
    await chooseFile(page, file);
    await runImport(page);
    await imported.getByRole('button', { name: 'Done' }).click();

    fake.accounts
      .get('acc-main')!
      .booked.push(booked('m3', -1, '-8.20', 'Bakery'), booked('m4', 0, '-40.00', 'Garage Ltd'));
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await page.getByRole('status').filter({ hasText: 'Syncing Everyday' }).waitFor(WAIT);
    await page.getByText(/^Everyday: 1 new, 1 matched$/).waitFor(WAIT);
    await page.getByRole('main').getByRole('row').filter({ hasText: 'Bakery' }).waitFor(WAIT);
    // The matched one kept the name it had; it is not there twice.
    await expect
      .poll(
        () => page.getByRole('main').getByRole('row').filter({ hasText: '40.00' }).count(),
        WAIT,
      )
      .toBe(1);
    await balanceOf('Everyday', '914.35');

    // All accounts: each linked account syncs in turn, each with its result.
    await sidebar().getByText('All accounts', { exact: true }).click();
    fake.accounts.get('acc-savings')!.booked.push(booked('s2', 0, '-50.00', 'Transfer out'));
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await page.getByRole('status').filter({ hasText: 'Syncing accounts' }).waitFor(WAIT);
    await page.getByText(/^Everyday: nothing new$/).waitFor(WAIT);
    await page.getByText(/^Rainy day savings \(XXX 6666\) GBP: 1 new$/).waitFor(WAIT);
    await balanceOf('Rainy day savings (XXX 6666) GBP', '4,950.00');
  });

  it('shows each bank error of the catalogue with its text, and fixes the connection', async () => {
    await sidebar().getByText('Everyday', { exact: true }).click();
    const banner = page.getByRole('button', {
      name: "This account is experiencing connection problems. Let's fix it.",
    });
    const popup = page.getByRole('dialog', { name: 'Bank connection problem' });
    const requisition = [...fake.requisitions.values()].at(-1)!;
    const cases: [string, () => void, string, boolean][] = [
      [
        'rate-limit',
        () => fake.failNext('/accounts/acc-main/transactions', 429),
        'Rate limit exceeded for this item. Please try again later.',
        false,
      ],
      [
        'no-accounts',
        () => fake.failNext('/accounts/acc-main/transactions', 404),
        'No open accounts could be found. Did you close the account? If so, unlink the account.',
        false,
      ],
      [
        'other',
        () => fake.failNext('/accounts/acc-main/transactions', 500),
        'An internal error occurred. Try to login again, or get in touch with support if the problem continues.',
        false,
      ],
      [
        'invalid-token',
        () => (requisition.accounts = ['acc-savings']),
        'Item is no longer authorized. You need to login again.',
        true,
      ],
      [
        'login-required',
        () => {
          requisition.accounts = ['acc-main', 'acc-savings'];
          requisition.status = 'EX';
        },
        'Your password or something else has changed with your bank and you need to login again.',
        true,
      ],
    ];
    for (const [name, fail, text, reauthorize] of cases) {
      fail();
      await page.getByRole('button', { name: 'Sync with bank' }).click();
      await banner.waitFor(WAIT);
      await banner.click();
      await popup.getByText('The server returned the following error:').waitFor(WAIT);
      await popup.getByText(text, { exact: true }).waitFor(WAIT);
      const buttons = await popup.getByRole('button').allTextContents();
      expect(buttons, name).toEqual(reauthorize ? ['Unlink', 'Reauthorize'] : ['Unlink account']);
      await modalShots(page, `bank-9-error-${name}`);
      await popup.press('Escape');
      await popup.waitFor({ state: 'hidden', ...WAIT });
    }

    // Reauthorize: a new consent for the same bank account brings the account back.
    await banner.click();
    await popup.getByRole('button', { name: 'Reauthorize' }).click();
    const link = linkDialog();
    await pick(link, 'Country', 'United Kingdom');
    await pick(link, 'Bank', 'Test Bank');
    const before = fake.requisitions.size;
    await link.getByRole('button', { name: 'Link bank in browser →' }).click();
    fake.link(await lastRequisition(before), ['acc-main']);
    await link.getByRole('button', { name: /Success! Click to continue/ }).click();
    const choose = dialog('Link Accounts');
    expect(
      await choose
        .getByLabel(/^Link Main current account .* to$/)
        .locator('option:checked')
        .textContent(),
    ).toBe('Everyday');
    await choose.getByRole('button', { name: 'Link account' }).click();
    await choose.waitFor({ state: 'hidden', ...WAIT });
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await page.getByText(/^Everyday: nothing new$/).waitFor(WAIT);
    await banner.waitFor({ state: 'hidden', ...WAIT });

    // Unlink from the banner: the account stays, its bank link goes.
    fake.failNext('/accounts/acc-main/transactions', 429);
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await banner.click();
    await popup.getByRole('button', { name: 'Unlink account' }).click();
    await banner.waitFor({ state: 'hidden', ...WAIT });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Link bank account' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByRole('row').filter({ hasText: 'Garage' }).waitFor(WAIT);
  });

  it('offers bank linking from Add Account once the server has GoCardless', async () => {
    await sidebar().getByRole('button', { name: '+ Add account' }).click();
    const add = dialog('Add Account');
    const linkButton = add.getByRole('button', { name: 'Link with GoCardless' });
    await linkButton.waitFor(WAIT);
    expect(await add.getByText(/not available in this build/).count()).toBe(0);
    expect(await add.getByText('GoCardless integration has not yet been configured.').count()).toBe(
      0,
    );
    await modalShots(page, 'bank-0-add-account');
    await linkButton.click();
    // The same flow as the account menu's: Link Your Bank, in Add Account's place.
    await linkDialog().getByRole('combobox', { name: 'Country' }).waitFor(WAIT);
    expect(await add.count()).toBe(0);
    await linkDialog().getByRole('button', { name: 'Close' }).click();
    await linkDialog().waitFor({ state: 'hidden', ...WAIT });
  });

  it('the page a bank sends the browser back to', async () => {
    await page.goto(`${session.server.url}/budget`);
    await sidebar().waitFor(WAIT);
    // The app's own route (the server answers /gocardless/link itself when it serves the app).
    const open = (address: string) =>
      page.evaluate(`(() => {
        history.pushState({}, '', ${JSON.stringify(address)});
        dispatchEvent(new PopStateEvent('popstate'));
      })()`);
    // The links above really happened: the last one linked, and the bank may refuse another.
    await open('/gocardless/link?error=UserCancelledSession&details=User%20cancelled');
    await page.getByRole('heading', { name: 'Your bank did not link the account' }).waitFor(WAIT);
    await page.getByText('The bank answered: User cancelled.').waitFor(WAIT);
    await modalShots(page, 'bank-10-link-page', { wideOnly: true });
    // Every shot was of this page (a phone's size would have left it for the budget).
    expect(new URL(page.url()).pathname).toBe('/gocardless/link');
    await open('/gocardless/link');
    await page.getByRole('heading', { name: 'Your bank account is linked' }).waitFor(WAIT);
    // A link in progress: the page waits for the tab that started it.
    await page.evaluate(
      `localStorage.setItem('coffer-bank-link', JSON.stringify({ state: 'waiting', provider: 'GoCardless', at: Date.now() }))`,
    );
    await open('/budget');
    await open('/gocardless/link');
    await page.getByRole('heading', { name: 'Finishing the link…' }).waitFor(WAIT);
    await modalShots(page, 'bank-11-link-page-waiting', { wideOnly: true });
    // Opened with nothing in progress, it claims nothing, whatever the address says.
    await page.evaluate(`localStorage.removeItem('coffer-bank-link')`);
    for (const address of ['/gocardless/link', '/gocardless/link?error=UserCancelledSession']) {
      await open('/budget');
      // The page is opened afresh (it reads the progress as it opens): the last one has gone.
      await page.locator('.bank-link-page').waitFor({ state: 'detached', ...WAIT });
      await open(address);
      await page.getByRole('heading', { name: 'No bank link is in progress' }).waitFor(WAIT);
      for (const claim of ['Your bank account is linked', 'Your bank did not link the account']) {
        expect(await page.getByRole('heading', { name: claim }).count()).toBe(0);
      }
    }
    await modalShots(page, 'bank-12-link-page-none', { wideOnly: true });
  });
});

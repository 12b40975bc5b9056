import { generateKeyPairSync } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeEnableBanking,
  startFakeEnableBanking,
} from '../packages/server/src/test-helpers/fake-enablebanking.ts';
import {
  type FakeSimpleFin,
  type FakeSimpleFinTransaction,
  startFakeSimpleFin,
} from '../packages/server/src/test-helpers/fake-simplefin.ts';
import { join } from 'node:path';
import { SCREENSHOT_DIR } from './helpers/browser.ts';
import { LOOK_SIZES, modalShots } from './helpers/shots.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { startBudgetWithAccount } from './helpers/steps.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const day = (offset: number) =>
  new Date(Date.now() + offset * DAY * 1000).toISOString().slice(0, 10);
const sfTx = (id: string, offset: number, amount: string, payee: string, pending = false) =>
  ({
    id,
    posted: pending ? 0 : now() + offset * DAY,
    transacted_at: now() + offset * DAY,
    amount,
    description: payee.toUpperCase(),
    payee,
    ...(pending ? { pending: true } : {}),
  }) satisfies FakeSimpleFinTransaction;
const ebTx = (ref: string, offset: number, amount: string, name: string, pending = false) => ({
  entry_reference: ref,
  transaction_amount: { currency: 'EUR', amount: amount.replace('-', '') },
  credit_debit_indicator: amount.startsWith('-') ? ('DBIT' as const) : ('CRDT' as const),
  status: pending ? ('PDNG' as const) : ('BOOK' as const),
  booking_date: day(offset),
  value_date: day(offset),
  ...(amount.startsWith('-') ? { creditor: { name } } : { debtor: { name } }),
});

/** A bank's logo as Enable Banking would serve it (the test has no internet). */
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="6" fill="#0000a0"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">N</text></svg>';

/**
 * Linking banks through SimpleFIN Bridge and Enable Banking end to end: the built app in
 * Chromium, the Coffer server over HTTP, and the local fake providers behind it (the Enable
 * Banking API's base URL is the server's setting; SimpleFIN's travels in the setup token).
 * Set-up with its errors, linking to a new and an existing account, syncing, each provider
 * failure's text on the connection-problem banner, consent expiry with Reauthorize, unlinking.
 */
describe.runIf(BUILT)(
  'linking banks through SimpleFIN and Enable Banking',
  { timeout: 300_000 },
  () => {
    let sf: FakeSimpleFin;
    let eb: FakeEnableBanking;
    let session: Session;
    let page: Page;
    const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
    const dialog = (name: string) => page.getByRole('dialog', { name });
    const linkDialog = () => dialog('Link Your Bank');
    const main = () => page.getByRole('main');
    const row = (text: string) => main().getByRole('row').filter({ hasText: text });
    const banner = () =>
      page.getByRole('button', {
        name: "This account is experiencing connection problems. Let's fix it.",
      });
    const problem = () => page.getByRole('dialog', { name: 'Bank connection problem' });

    beforeAll(async () => {
      sf = await startFakeSimpleFin();
      sf.accounts.push(
        {
          id: 'ACT-checking',
          name: 'Everyday Checking',
          currency: 'USD',
          balance: '1000.00',
          'balance-date': now(),
          org: { domain: 'mybank.example', name: 'My Bank', 'sfin-url': 'https://sfin.example/' },
          transactions: [
            sfTx('TRN-coffee', -3, '-4.50', 'Coffee Shop'),
            sfTx('TRN-pay', -2, '2500.00', 'Acme Payroll'),
            sfTx('TRN-gas', 0, '-45.10', 'Gas Station', true),
          ],
        },
        {
          id: 'ACT-savings',
          name: 'High Yield Savings',
          currency: 'USD',
          balance: '10000.04',
          'balance-date': now(),
          org: { domain: 'othercu.example', name: 'Other CU', 'sfin-url': 'https://sfin.example/' },
          transactions: [sfTx('TRN-interest', -4, '4.12', 'Other CU Interest')],
        },
      );
      eb = await startFakeEnableBanking();
      for (const [uid, name, iban, txs] of [
        ['eb-main', 'Käyttötili', 'FI2112345600000785', [ebTx('eb-1', -3, '-20.25', 'K-Market')]],
        [
          'eb-save',
          'Säästötili',
          'FI2112345600000999',
          [ebTx('eb-2', -5, '300.00', 'Employer Oy')],
        ],
      ] as const) {
        eb.accounts.set(uid, {
          uid,
          account_id: { iban },
          name,
          currency: 'EUR',
          cash_account_type: 'CACC',
          balances: [
            {
              name: 'Closing',
              balance_amount: { currency: 'EUR', amount: '1000.00' },
              balance_type: 'CLAV',
              reference_date: day(0),
            },
          ],
          transactions: [...txs],
        });
      }
      session = await startSession({ env: { COFFER_ENABLEBANKING_URL: eb.url } });
      page = session.first.page;
      const context = session.first.context;
      await context.route('https://enablebanking.com/**', (route) =>
        route.fulfill({ contentType: 'image/svg+xml', body: LOGO }),
      );
      // The bank's consent page: shown, not answered at once, so the waiting state can be seen.
      await context.route(`${eb.url}/consent/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Nordea</title><h1>Allow Coffer to read your accounts?</h1>',
        }),
      );
      await startBudgetWithAccount(page, session.server.url, PASSWORD, {
        name: 'Everyday',
        balance: '0',
      });
    });
    afterAll(async () => {
      await session?.close();
      await sf?.close();
      await eb?.close();
    });

    async function pick(box: Locator, label: string, text: string) {
      await box.getByRole('combobox', { name: label }).fill(text);
      await page.getByRole('option', { name: text, exact: true }).click();
    }

    /** The person consents at the bank, which sends them to the server's callback: its page. */
    async function consentAtBank(authUrl: string, accounts: string[]): Promise<string> {
      const res = await fetch(eb.consent(authUrl, accounts));
      return res.text();
    }

    async function openLink(account: string): Promise<Locator> {
      await sidebar().getByText(account, { exact: true }).click();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Link bank account' }).click();
      await linkDialog().waitFor(WAIT);
      return linkDialog();
    }

    async function syncAndSeeProblem(text: string, reauthorize: boolean, shot: string) {
      await page.getByRole('button', { name: 'Sync with bank' }).click();
      await banner().waitFor(WAIT);
      await banner().click();
      await problem().getByText(text, { exact: true }).waitFor(WAIT);
      const buttons = await problem().getByRole('button').allTextContents();
      expect(buttons, shot).toEqual(reauthorize ? ['Unlink', 'Reauthorize'] : ['Unlink account']);
      await modalShots(page, shot);
    }

    /** A page state (not a modal) at the wide and the phone size, for looking at. */
    async function pageShots(name: string) {
      for (const size of ['wide', 'phone'] as const) {
        await page.setViewportSize(LOOK_SIZES[size]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}-light.png`) });
      }
      await page.setViewportSize(LOOK_SIZES.wide);
    }

    async function closeProblem() {
      await problem().press('Escape');
      await problem().waitFor({ state: 'hidden', ...WAIT });
    }

    it('offers every provider, and says how to set up one the server does not have', async () => {
      await sidebar().getByRole('button', { name: '+ Add account' }).click();
      const add = dialog('Add Account');
      const providers = add.getByRole('list', { name: 'Bank providers' });
      await providers.waitFor(WAIT);
      for (const name of ['SimpleFIN', 'Enable Banking', 'GoCardless']) {
        await providers.getByText(`${name} integration has not yet been configured.`).waitFor(WAIT);
        await providers
          .getByRole('button', { name: `Configure ${name} integration` })
          .waitFor(WAIT);
      }
      await providers.getByText(/create a token for Coffer/).waitFor(WAIT);
      await providers.getByText(/application id and its private key/).waitFor(WAIT);
      await modalShots(page, 'banks-1-providers');
      await add.getByRole('button', { name: 'Close' }).click();
      await add.waitFor({ state: 'hidden', ...WAIT });
    });

    it('SimpleFIN: a used token is refused clearly; a fresh one links a new and an existing account', async () => {
      const link = await openLink('Everyday');
      await link.getByRole('button', { name: 'Configure SimpleFIN integration' }).click();
      const setup = dialog('Set-up SimpleFIN');
      await setup.waitFor(WAIT);
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup.getByText('Paste the setup token the SimpleFIN Bridge gave you.').waitFor(WAIT);

      // Somebody claimed this token already: the Bridge refuses it, and the app says so.
      const used = sf.setupToken();
      const claimed = await fetch(Buffer.from(used, 'base64').toString('utf8'), { method: 'POST' });
      expect(claimed.status).toBe(200);
      await setup.getByLabel('Setup token:').fill(used);
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup
        .getByText(/This setup token cannot be used: it was already claimed/)
        .waitFor(WAIT);
      await modalShots(page, 'banks-2-simplefin-used-token');

      await setup.getByLabel('Setup token:').fill(sf.setupToken());
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup.waitFor({ state: 'hidden', ...WAIT });
      await link.getByText('SimpleFIN reaches 2 accounts.', { exact: false }).waitFor(WAIT);
      await modalShots(page, 'banks-3-simplefin-accounts');
      await link.getByRole('button', { name: 'Choose accounts →' }).click();

      const choose = dialog('Link Accounts');
      await choose.waitFor(WAIT);
      const checking = choose.getByLabel('Link Everyday Checking to');
      const savings = choose.getByLabel('Link High Yield Savings to');
      expect(await checking.locator('option:checked').textContent()).toBe('Everyday');
      await savings.selectOption({ label: 'New account (for budget)' });
      await modalShots(page, 'banks-4-simplefin-link-accounts');
      await choose.getByRole('button', { name: 'Link 2 accounts' }).click();
      await choose.waitFor({ state: 'hidden', ...WAIT });

      await page.waitForURL(/\/accounts\/[^/]+$/, WAIT);
      await main().getByRole('heading', { name: 'Everyday' }).waitFor(WAIT);
      await row('Coffee Shop').waitFor(WAIT);
      await row('Acme Payroll').waitFor(WAIT);
      // The pending charge came in too.
      await row('Gas Station').waitFor(WAIT);
      await sidebar().getByText('High Yield Savings', { exact: true }).waitFor(WAIT);
      await pageShots('banks-5-simplefin-linked');
    });

    it('SimpleFIN: syncs new rows, shows each failure on the banner, and reauthorizes', async () => {
      await sidebar().getByText('Everyday', { exact: true }).click();
      sf.accounts[0]!.transactions.push(sfTx('TRN-book', 0, '-18.00', 'Bookshop'));
      await page.getByRole('button', { name: 'Sync with bank' }).click();
      await page.getByText(/^Everyday: 1 new/).waitFor(WAIT);
      await row('Bookshop').waitFor(WAIT);

      const cases: [string, () => void, string, boolean][] = [
        [
          'rate-limit',
          () => sf.failNext(429),
          'Rate limit exceeded for this item. Please try again later.',
          false,
        ],
        [
          'down',
          () => sf.failNext(500),
          'An internal error occurred. Try to login again, or get in touch with support if the problem continues.',
          false,
        ],
        [
          'malformed',
          () => sf.failNext('malformed'),
          'An internal error occurred. Try to login again, or get in touch with support if the problem continues.',
          false,
        ],
      ];
      for (const [name, fail, text, reauthorize] of cases) {
        fail();
        await syncAndSeeProblem(text, reauthorize, `banks-6-simplefin-error-${name}`);
        await closeProblem();
      }

      // The Bridge revoked Coffer's access: invalid token, fixed by a new setup token.
      const password = sf.password;
      sf.password = 'revoked';
      await syncAndSeeProblem(
        'Item is no longer authorized. You need to login again.',
        true,
        'banks-6-simplefin-error-invalid-token',
      );
      await problem().getByRole('button', { name: 'Reauthorize' }).click();
      const link = linkDialog();
      await link.getByText(/SimpleFIN no longer accepts Coffer’s access/).waitFor(WAIT);
      await modalShots(page, 'banks-7-simplefin-access-refused');
      sf.password = password;
      await link.getByRole('button', { name: 'Set up SimpleFIN again' }).click();
      const setup = dialog('Set-up SimpleFIN');
      await setup.getByLabel('Setup token:').fill(sf.setupToken());
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup.waitFor({ state: 'hidden', ...WAIT });
      await link.getByRole('button', { name: 'Choose accounts →' }).click();
      const choose = dialog('Link Accounts');
      expect(
        await choose
          .getByLabel('Link Everyday Checking to')
          .locator('option:checked')
          .textContent(),
      ).toBe('Everyday');
      await choose.getByLabel('Link High Yield Savings to').selectOption({ label: 'Do not link' });
      await choose.getByRole('button', { name: 'Link account' }).click();
      await choose.waitFor({ state: 'hidden', ...WAIT });
      await banner().waitFor({ state: 'hidden', ...WAIT });
      // Nothing came in twice.
      await expect.poll(() => row('Bookshop').count(), WAIT).toBe(1);
    });

    it('Enable Banking: the key is checked, a bank chosen with its logo, the consent waited for', async () => {
      await sidebar().getByRole('button', { name: '+ Add account' }).click();
      const add = dialog('Add Account');
      await add.getByRole('button', { name: 'Configure Enable Banking integration' }).click();
      const setup = dialog('Set-up Enable Banking');
      await setup.waitFor(WAIT);
      await setup.getByLabel('Application ID:').fill(eb.applicationId);
      await setup.getByLabel('Private key (PEM):').fill('my secret');
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup.getByText(/The private key must be the PEM file/).waitFor(WAIT);
      // A real key, but not the application's: the server's signed request is refused.
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const wrongKey = other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await setup.getByLabel('Private key (PEM):').fill(wrongKey);
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup.getByText(/Enable Banking did not accept this application id/).waitFor(WAIT);
      await modalShots(page, 'banks-8-enablebanking-setup-refused');
      await setup.getByLabel('Private key (PEM):').fill(eb.privateKeyPem);
      await setup.getByRole('button', { name: 'Save and continue' }).click();
      await setup.waitFor({ state: 'hidden', ...WAIT });
      // Neither the key nor the application id is ever shown back.
      expect(await page.content()).not.toContain(eb.privateKeyPem.split('\n')[1]);

      await add.getByRole('button', { name: 'Link with Enable Banking' }).click();
      const link = linkDialog();
      await pick(link, 'Country', 'Finland');
      await pick(link, 'Bank', 'Nordea');
      await link.getByText('· access lasts up to 90 days, then you reauthorize').waitFor(WAIT);
      await expect
        .poll(() =>
          link
            .locator('img.bank-logo')
            .evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      await modalShots(page, 'banks-9-enablebanking-bank');

      const popup = page.context().waitForEvent('page');
      await link.getByRole('button', { name: 'Link bank in browser →' }).click();
      const bank = await popup;
      await link.getByText('Waiting on Enable Banking...').waitFor(WAIT);
      await modalShots(page, 'banks-10-enablebanking-waiting');
      await bank
        .getByRole('heading', { name: 'Allow Coffer to read your accounts?' })
        .waitFor(WAIT);
      // The person consents: the bank sends the browser to the Coffer server's callback.
      // The server's page closes its own tab a second after the consent, so it is followed here.
      const consentPage = bank.url();
      await bank.close();
      expect(await consentAtBank(consentPage, ['eb-main', 'eb-save'])).toContain(
        'Your bank consent is complete',
      );
      const success = link.getByRole('button', { name: /Success! Click to continue/ });
      await success.waitFor(WAIT);
      await success.click();

      const choose = dialog('Link Accounts');
      await choose.waitFor(WAIT);
      await choose
        .getByLabel(/^Link Säästötili .* to$/)
        .selectOption({ label: 'New account (off budget)' });
      await modalShots(page, 'banks-11-enablebanking-link-accounts');
      await choose.getByRole('button', { name: 'Link 2 accounts' }).click();
      await choose.waitFor({ state: 'hidden', ...WAIT });
      await main().getByRole('heading', { name: 'Käyttötili' }).waitFor(WAIT);
      await row('K-Market').waitFor(WAIT);
      await pageShots('banks-11b-enablebanking-linked');
    });

    it('Enable Banking: failures on the banner, consent expiry with Reauthorize, then unlink', async () => {
      await sidebar().getByText('Käyttötili', { exact: true }).click();
      eb.accounts.get('eb-main')!.transactions.push(ebTx('eb-3', 0, '-7.80', 'R-Kioski'));
      await page.getByRole('button', { name: 'Sync with bank' }).click();
      await page.getByText(/^Käyttötili: 1 new/).waitFor(WAIT);
      await row('R-Kioski').waitFor(WAIT);

      for (const [name, failure, text] of [
        ['rate-limit', 429, 'Rate limit exceeded for this item. Please try again later.'],
        [
          'down',
          503,
          'An internal error occurred. Try to login again, or get in touch with support if the problem continues.',
        ],
      ] as const) {
        eb.failNext('/accounts/eb-main/transactions', failure);
        await syncAndSeeProblem(text, false, `banks-12-enablebanking-error-${name}`);
        await closeProblem();
      }

      // The consent ran out at the bank: login required, and Reauthorize asks for a new one.
      for (const id of eb.sessions.keys()) eb.expire(id);
      await syncAndSeeProblem(
        'Your password or something else has changed with your bank and you need to login again.',
        true,
        'banks-13-enablebanking-expired',
      );
      await problem().getByRole('button', { name: 'Reauthorize' }).click();
      const link = linkDialog();
      await pick(link, 'Country', 'Finland');
      await pick(link, 'Bank', 'Nordea');
      const popup = page.context().waitForEvent('page');
      await link.getByRole('button', { name: 'Link bank in browser →' }).click();
      const bank = await popup;
      const consentPage = bank.url();
      await bank.close();
      expect(await consentAtBank(consentPage, ['eb-main'])).toContain(
        'Your bank consent is complete',
      );
      await link.getByRole('button', { name: /Success! Click to continue/ }).click();
      const choose = dialog('Link Accounts');
      expect(
        await choose
          .getByLabel(/^Link Käyttötili .* to$/)
          .locator('option:checked')
          .textContent(),
      ).toBe('Käyttötili');
      await choose.getByRole('button', { name: 'Link account' }).click();
      await choose.waitFor({ state: 'hidden', ...WAIT });
      await page.getByRole('button', { name: 'Sync with bank' }).click();
      await page.getByText(/^Käyttötili: nothing new$/).waitFor(WAIT);
      await banner().waitFor({ state: 'hidden', ...WAIT });

      // Unlink: the account and its rows stay; the account can be linked again.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Unlink account' }).click();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Link bank account' }).waitFor(WAIT);
      await page.keyboard.press('Escape');
      await row('R-Kioski').waitFor(WAIT);
    });
  },
);

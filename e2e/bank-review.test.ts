import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSimpleFin,
  type FakeSimpleFinTransaction,
  startFakeSimpleFin,
} from '../packages/server/src/test-helpers/fake-simplefin.ts';
import { modalShots } from './helpers/shots.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { startBudgetWithAccount } from './helpers/steps.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const iso = (offset: number) =>
  new Date(Date.now() + offset * DAY * 1000).toISOString().slice(0, 10);
/** A date as the register shows and takes it (the default format, MM/DD/YYYY). */
const shown = (offset: number) => {
  const [y, m, d] = iso(offset).split('-');
  return `${m}/${d}/${y}`;
};
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

const INTERNAL =
  'An internal error occurred. Try to login again, or get in touch with support if the problem continues.';

/**
 * Review before it counts, in the register (issue 33), with the SimpleFIN fake behind the real
 * server: a linked account's bank rows say New or Matched, 'why it matched' shows on hover and
 * on the keyboard's cursor, a pending dinner that posts with a tip replaces its row, Unmatch
 * splits it and one undo joins it again, Shift+A approves all in view. Then each provider
 * failure's text on the connection-problem banner, and unlinking. Every state is photographed
 * at 1280×800, 1100×800 and 390×844 in both themes and checked by axe (`modalShots`).
 */
describe.runIf(BUILT)('reviewing bank rows in the register', { timeout: 400_000 }, () => {
  let sf: FakeSimpleFin;
  let session: Session;
  let page: Page;
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const main = () => page.getByRole('main');
  const row = (text: string) => main().getByRole('row').filter({ hasText: text });
  const bar = () => main().getByRole('region', { name: 'Bank review' });
  const tooltip = () => page.getByRole('tooltip');
  const banner = () =>
    page.getByRole('button', {
      name: "This account is experiencing connection problems. Let's fix it.",
    });
  const problem = () => page.getByRole('dialog', { name: 'Bank connection problem' });

  /**
   * Clicks 'Sync with bank' and waits until that sync has asked the bank and ended (the button
   * is enabled again): the last sync's banner is still up meanwhile, and a click on it then
   * would open the last failure's popup, racing the new one on a busy machine.
   */
  async function syncWithBank(): Promise<void> {
    const asked = sf.requests.length;
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await expect.poll(() => sf.requests.length, WAIT).toBeGreaterThan(asked);
    await page.getByRole('button', { name: 'Sync with bank', disabled: false }).waitFor(WAIT);
  }

  /** What a screen reader hears of a row beside its name: its `aria-describedby`. */
  async function description(r: Locator): Promise<string> {
    const id = await r.getAttribute('aria-describedby');
    if (!id) return '';
    return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
  }

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
          sfTx('TRN-coffee', -2, '-4.50', 'Coffee Shop'),
          sfTx('TRN-book', -2, '-18.00', 'Bookshop'),
          sfTx('TRN-dinner-hold', -1, '-40.00', 'Trattoria Roma', true),
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

  it('links two accounts (one existing, one new): bank rows say New, a guess says Matched', async () => {
    // The person typed the bookshop receipt in before the bank had it, as 'Books', a day early.
    // (A first sync into an account with rows starts at its latest row.)
    await sidebar().getByText('Everyday', { exact: true }).click();
    await page.getByRole('button', { name: '+ Add New' }).click();
    await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
    const k = page.keyboard;
    await k.type(shown(-3));
    await k.press('Tab');
    await k.type('Books');
    await k.press('Tab');
    await k.press('Tab');
    await k.press('Tab');
    await k.type('18');
    await k.press('Enter');
    await row('Books').waitFor(WAIT);
    await k.press('Escape');

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
    expect(
      await choose.getByLabel('Link Everyday Checking to').locator('option:checked').textContent(),
    ).toBe('Everyday');
    await choose
      .getByLabel('Link High Yield Savings to')
      .selectOption({ label: 'New account (for budget)' });
    await choose.getByRole('button', { name: 'Link 2 accounts' }).click();
    await choose.waitFor({ state: 'hidden', ...WAIT });
    await main().getByRole('heading', { name: 'Everyday' }).waitFor(WAIT);

    await row('Coffee Shop').waitFor(WAIT);
    // The typed-in row took the bank's transaction: one row ('Books', the bank's BOOKSHOP in its
    // notes), marked Matched, with the why.
    await expect.poll(() => row('Books').count(), WAIT).toBe(1);
    await bar().getByText('3 transactions from your bank are waiting for review.').waitFor(WAIT);
    expect(await row('Coffee Shop').locator('.reg-review').textContent()).toContain('New');
    expect(await row('Trattoria Roma').locator('.reg-review').textContent()).toContain('New');
    expect(await description(row('Coffee Shop'))).toBe('New from the bank, not yet approved.');
    const why = `A bank transaction matched your transaction of -18.00 on ${shown(-3)}: the same amount, dated 4 days before to 1 day after the bank’s date.`;
    expect(await description(row('Books'))).toBe(
      `Matched by the bank sync, not yet approved. ${why}`,
    );
    await row('Books').getByText('Matched', { exact: true }).hover();
    await tooltip().getByText(why).waitFor(WAIT);
    await modalShots(page, 'bank-review-1-marks');
    await page.mouse.move(0, 0);
    await tooltip().waitFor({ state: 'hidden', ...WAIT });

    // By keyboard: the row with the cursor shows its why.
    await row('Trattoria Roma').getByRole('gridcell').nth(2).click();
    await k.press('Escape');
    await row('Trattoria Roma').focus();
    await expect.poll(() => tooltip().count()).toBe(0);
    for (let i = 0; i < 4 && (await tooltip().count()) === 0; i++) await k.press('ArrowDown');
    await tooltip().getByText(why).waitFor(WAIT);
  });

  it('a pending dinner that posts with a tip replaces its row; Unmatch splits it, undo joins it', async () => {
    const checking = sf.accounts[0]!;
    checking.transactions = checking.transactions.filter((t) => t.id !== 'TRN-dinner-hold');
    checking.transactions.push(sfTx('TRN-dinner', 0, '-48.00', 'Trattoria Roma'));
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await expect.poll(() => row('Trattoria Roma').textContent(), WAIT).toContain('48.00');
    expect(await row('Trattoria Roma').count()).toBe(1);
    const tip = `The bank posted the pending transaction of -40.00 on ${shown(-1)}: the bank posted up to 25 % more from the same payee (a tip) between 1 day before and 7 days after it.`;
    expect(await description(row('Trattoria Roma'))).toBe(
      `Matched by the bank sync, not yet approved. ${tip}`,
    );
    await row('Trattoria Roma').getByText('Matched', { exact: true }).hover();
    await tooltip().getByText(tip).waitFor(WAIT);
    await modalShots(page, 'bank-review-2-pending-posted');
    await page.mouse.move(0, 0);

    // Unmatch: the pending row as it was, and the bank's posted row beside it, marked New.
    await row('Trattoria Roma')
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Unmatch' }).click();
    await expect.poll(() => row('Trattoria Roma').count(), WAIT).toBe(2);
    expect(await row('Trattoria Roma').filter({ hasText: '40.00' }).count()).toBe(1);
    expect(await row('Trattoria Roma').filter({ hasText: '48.00' }).textContent()).toContain('New');
    await modalShots(page, 'bank-review-3-unmatched');

    // One undo step joins them again, still waiting for review (so it could be unmatched again).
    await row('Coffee Shop').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => row('Trattoria Roma').count(), WAIT).toBe(1);
    await expect
      .poll(() => description(row('Trattoria Roma')), WAIT)
      .toBe(`Matched by the bank sync, not yet approved. ${tip}`);
  });

  it('Shift+A approves every bank row in view; the phone shows the marks and the button', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneBar = page.getByRole('region', { name: 'Bank review' });
    await phoneBar.getByText(/transactions from your bank are waiting for review/).waitFor(WAIT);
    await page.setViewportSize({ width: 1280, height: 800 });

    await row('Coffee Shop').focus();
    await page.keyboard.press('Shift+A');
    await bar().waitFor({ state: 'hidden', ...WAIT });
    expect(await main().locator('.reg-review').count()).toBe(0);
    expect(await description(row('Coffee Shop'))).toBe('');
    // The other linked account's rows were not in view: they still wait, and its button clears them.
    await sidebar().getByText('High Yield Savings', { exact: true }).click();
    await bar().getByText('1 transaction from your bank is waiting for review.').waitFor(WAIT);
    await bar().getByRole('button', { name: 'Approve all' }).click();
    await bar().waitFor({ state: 'hidden', ...WAIT });
    await modalShots(page, 'bank-review-4-approved');
  });

  it('shows each provider failure’s text on the banner, then unlinks', async () => {
    await sidebar().getByText('Everyday', { exact: true }).click();
    await main().getByRole('heading', { name: 'Everyday' }).waitFor(WAIT);
    const cases: [string, () => void, string, boolean][] = [
      [
        'login-required',
        () => sf.failNext(402),
        'Your password or something else has changed with your bank and you need to login again.',
        true,
      ],
      [
        'invalid-token',
        () => sf.failNext(403),
        'Item is no longer authorized. You need to login again.',
        true,
      ],
      [
        'rate-limited',
        () => sf.failNext(429),
        'Rate limit exceeded for this item. Please try again later.',
        false,
      ],
      ['institution-down', () => sf.failNext(503), INTERNAL, false],
      ['unknown', () => sf.failNext('malformed'), INTERNAL, false],
    ];
    for (const [name, fail, text, reauthorize] of cases) {
      fail();
      await syncWithBank();
      await banner().waitFor(WAIT);
      await banner().click();
      await problem().getByText(text, { exact: true }).waitFor(WAIT);
      const buttons = await problem().getByRole('button').allTextContents();
      expect(buttons, name).toEqual(reauthorize ? ['Unlink', 'Reauthorize'] : ['Unlink account']);
      await modalShots(page, `bank-review-5-error-${name}`);
      await problem().press('Escape');
      await problem().waitFor({ state: 'hidden', ...WAIT });
    }
    // A sync that works clears the banner.
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await banner().waitFor({ state: 'hidden', ...WAIT });

    // Unlink from the banner's popup: the account and its rows stay, and it can be linked again.
    sf.failNext(402);
    await page.getByRole('button', { name: 'Sync with bank' }).click();
    await banner().click();
    await problem().getByRole('button', { name: 'Unlink' }).click();
    await banner().waitFor({ state: 'hidden', ...WAIT });
    expect(await page.getByRole('button', { name: 'Sync with bank' }).count()).toBe(0);
    await row('Coffee Shop').waitFor(WAIT);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Link bank account' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await modalShots(page, 'bank-review-6-unlinked');
  });
});

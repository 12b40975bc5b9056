import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots } from './helpers/browser.ts';
import {
  BUILT,
  PASSWORD,
  type Profile,
  type Session,
  startSession,
  WAIT,
} from './helpers/session.ts';
import { encryptionStage } from './stages/encryption.ts';
import { payeesMergeStage } from './stages/payees-merge.ts';
import { createLocalAccount } from './helpers/steps.ts';

/**
 * One user's first use of the built app, the whole chain in order: each test continues where
 * the last one stopped (same server, same browser profile), and the later stages live in
 * e2e/stages/. First run → bootstrap → budget → account → reload → sign out and in →
 * formatting → payee rename → payees merge → encryption → a second profile downloads it.
 */
describe.runIf(BUILT)('first use of the built app in Chromium', { timeout: 60_000 }, () => {
  let session: Session;
  let page: Profile['page'];
  const text = (t: string | RegExp) => session.first.text(t);
  const sidebar = () => session.first.sidebar();

  beforeAll(async () => {
    session = await startSession();
    page = session.first.page;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('sets up the server at this origin and bootstraps a password', async () => {
    await page.goto(session.server.url);
    // No server known yet: the app finds the one that served it and asks for a password.
    await page.getByLabel('Password', { exact: true }).waitFor(WAIT);
    await screenshots(page, '02-bootstrap');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: /ok/i }).click();
    await page.getByRole('button', { name: 'Create new file' }).waitFor(WAIT);
    await screenshots(page, '03-budget-list-empty');
  });

  it('creates a budget and a local account', async () => {
    await page.getByRole('button', { name: 'Create new file' }).click();
    await page.getByRole('navigation', { name: 'Sidebar' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '1234.56');
    await sidebar().getByText('1,234.56').first().waitFor(WAIT);
    await page.getByRole('main').getByText('Starting Balance', { exact: true }).waitFor(WAIT);
    await screenshots(page, '04-account');
  });

  it('keeps the budget and account across a reload', async () => {
    await page.reload();
    await sidebar().getByText('Checking').waitFor(WAIT);
    await sidebar().getByText('1,234.56').first().waitFor(WAIT);
  });

  it('reopens the budget only for a signed-in user: a session ended elsewhere asks to sign in', async () => {
    // The password is changed from another client: every session, this browser's too, ends.
    const post = async (path: string, body: object, token?: string) => {
      const res = await fetch(`${session.server.url}/account/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { 'x-actual-token': token } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { status: string; data?: { token?: string } };
    };
    const login = await post('login', { password: PASSWORD });
    expect(login.status).toBe('ok');
    expect((await post('change-password', { password: PASSWORD }, login.data!.token)).status).toBe(
      'ok',
    );
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    expect(await sidebar().count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await text('My Finances').click();
    await sidebar().getByText('1,234.56').first().waitFor(WAIT);
    expect(session.first.errors).toEqual([]);
  });

  it('signs out and back in', async () => {
    await page.getByRole('button', { name: 'Server online' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    await screenshots(page, '05-login');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await text(/invalid password/i).waitFor(WAIT);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await text('My Finances').waitFor(WAIT);
    await screenshots(page, '06-budget-list');
  });

  it('formats amounts with the number format and hide-decimals settings', async () => {
    await text('My Finances').click();
    await sidebar().getByText('Checking').waitFor(WAIT);
    await sidebar().getByText('More').click();
    await sidebar().getByText('Settings').click();
    await text('Formatting').waitFor(WAIT);
    await page.getByLabel('Numbers').selectOption('dot-comma');
    await sidebar().getByText('1.234,56').first().waitFor(WAIT);
    await page.getByLabel('Hide decimal places').check();
    await sidebar()
      .getByText(/^1\.235$/)
      .first()
      .waitFor(WAIT);
    await screenshots(page, '07-settings');
  });

  it('renames a payee inline and shows the new name on its transactions', async () => {
    await sidebar().getByText('Payees').click();
    const table = page.getByRole('table', { name: 'Payees' });
    await table.getByRole('button', { name: 'Starting Balance' }).click();
    const input = page.getByLabel('Name of Starting Balance');
    await input.fill('Opening Balance');
    await input.press('Enter');
    await table.getByRole('button', { name: 'Opening Balance' }).waitFor(WAIT);
    await screenshots(page, '08-payees');
    await sidebar().getByText('Checking').click();
    await page.getByRole('main').getByText('Opening Balance').waitFor(WAIT);
    expect(session.first.errors).toEqual([]);
  });

  payeesMergeStage(() => session);
  encryptionStage(() => session);
});

import { expect, it } from 'vitest';
import { screenshots } from '../helpers/browser.ts';
import { PASSWORD, type Profile, type Session, WAIT } from '../helpers/session.ts';
import { rowOf } from './payees-merge.ts';

const KEY_PASSWORD = 'a long key password';

/** The sidebar's account names with their balances, as one line each. */
async function accountLines(profile: Profile): Promise<string[]> {
  const links = profile.sidebar().getByRole('link');
  await links.first().waitFor(WAIT);
  const lines = await links.allInnerTexts();
  return lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => /\d/.test(l));
}

/**
 * End-to-end encryption on the open budget, then a second browser profile (its own storage)
 * signs in, downloads the encrypted file with the key password and sees the same data.
 */
export function encryptionStage(session: () => Session): void {
  let accounts: string[] = [];
  let second: Profile;

  it('enables encryption from the settings with a password', async () => {
    const { page, text, goTo } = session().first;
    await goTo('Settings');
    await text('End-to-end Encryption').waitFor(WAIT);
    await page.getByRole('button', { name: 'Enable encryption' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password', { exact: true }).fill(KEY_PASSWORD);
    await screenshots(page, '13-create-encryption-key');
    await dialog.getByRole('button', { name: 'Enable encryption' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await text('End-to-end Encryption is turned on.').waitFor(WAIT);
    await screenshots(page, '14-settings-encrypted');
    accounts = await accountLines(session().first);
    expect(accounts).toContainEqual(expect.stringMatching(/^Checking [\d,.]+$/));
    expect(accounts).toContainEqual(expect.stringMatching(/^Saving [\d,.]+$/));
  });

  it('a second profile signs in and sees the file as encrypted, not yet on this device', async () => {
    second = await session().newProfile();
    const { page } = second;
    await page.goto(session().server.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const file = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({
      hasText: 'Test',
    });
    await file.getByText('Available for download').waitFor(WAIT);
    await file.getByLabel('Encrypted').waitFor(WAIT);
    await screenshots(page, '15-second-profile-files');
  });

  it('asks for the key password on download and refuses a wrong one', async () => {
    const { page, text } = second;
    await text('Test').click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('This file is encrypted. Enter its password to access it.')
      .waitFor(WAIT);
    await dialog.getByLabel('Password', { exact: true }).fill('not the key password');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Unable to decrypt file with this password. Please try again.')
      .waitFor(WAIT);
    await screenshots(page, '16-fix-encryption-key-wrong');
    await dialog.getByLabel('Password', { exact: true }).fill(KEY_PASSWORD);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await second.sidebar().getByText('Checking').waitFor(WAIT);
  });

  it('the downloaded budget has the same accounts, balances, payees and rules', async () => {
    const { page, sidebar, main, goTo } = second;
    // Balances arrive after the names: wait for them rather than read a half-loaded sidebar.
    await expect.poll(() => accountLines(second), WAIT).toEqual(accounts);
    await goTo('Payees');
    const table = page.getByRole('table', { name: 'Payees' });
    await rowOf(table, 'Employer').getByText('14 associated rules').waitFor(WAIT);
    await sidebar().getByText('Checking').click();
    const rows = main()
      .getByRole('grid', { name: /transactions$/ })
      .getByRole('row');
    await rows.filter({ hasText: 'Paycheck' }).getByText('Employer').waitFor(WAIT);
    await screenshots(page, '17-second-profile-account');
    expect(second.errors).toEqual([]);
    expect(session().first.errors).toEqual([]);
  });
}

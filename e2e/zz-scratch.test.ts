import { afterAll, beforeAll, describe, it } from 'vitest';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

describe.runIf(BUILT)('scratch', { timeout: 120_000 }, () => {
  let session: Session;
  beforeAll(async () => {
    session = await startSession();
  });
  afterAll(async () => {
    await session?.close();
  });
  it('looks', async () => {
    const { page } = session.first;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await session.first.sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '3000');
    await session.first.goTo('Budget');
    await page.getByRole('button', { name: /^To Budget in/ }).click();
    await page.getByRole('dialog', { name: 'Budget Details' }).waitFor(WAIT);
    console.log('active', await page.evaluate('document.activeElement?.outerHTML.slice(0,120)'));
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    console.log('dialogs', await page.getByRole('dialog').count());
  });
});

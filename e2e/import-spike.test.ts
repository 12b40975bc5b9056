import { afterAll, beforeAll, describe, it } from 'vitest';
import { screenshots } from './helpers/browser.ts';
import { chooseFile, openImport, previewSummary, runImport } from './helpers/import.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

const FIX = new URL('../../shared/fixtures/', import.meta.url).pathname;

describe.runIf(BUILT)('spike', { timeout: 120_000 }, () => {
  let session: Session;
  beforeAll(async () => {
    session = await startSession();
  });
  afterAll(async () => {
    await session?.close();
  });
  it('imports', async () => {
    const page = session.first.page;
    page.on('console', (m) => console.log('console', m.type(), m.text()));
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await page.getByRole('navigation', { name: 'Sidebar' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '0');
    await openImport(page, 'Checking');
    await screenshots(page, 'spike-choose');
    await chooseFile(page, FIX + 'csv/bank2ynab-BOI-TransactionExport.csv');
    console.log(await previewSummary(page));
    await screenshots(page, 'spike-ready');
    console.log(await runImport(page));
    await screenshots(page, 'spike-done');
  });
});

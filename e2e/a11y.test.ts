import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { accessibilityReport } from './helpers/axe.ts';
import { fixture } from './helpers/fixtures.ts';
import { writeHouseholdBudget } from './helpers/household-budget.ts';
import { chooseFile, openImport, previewSummary } from './helpers/import.ts';
import {
  BUILT,
  PASSWORD,
  type Profile,
  type Session,
  startSession,
  WAIT,
} from './helpers/session.ts';
import { bootstrapServer, importNynab } from './helpers/steps.ts';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen the other browser tests do not already check,
 * at 1280×800 and 390×844 in the light and dark themes (the schedule and report pages at
 * 1280×800 only: a phone is sent to the budget). One household budget (an nYNAB export with
 * history, a split and schedules) is walked through once; each screen is its own test, so one
 * screen's violations do not hide the next one's. The modals photographed by `modalShots`
 * (import, bank linking) are checked there.
 */
describe.runIf(BUILT)('every screen passes axe (WCAG 2.1 A/AA)', { timeout: 120_000 }, () => {
  let session: Session;
  let profile: Profile;
  let page: Page;
  let dir: string;
  const main = () => page.getByRole('main');
  const dialog = (name: string) => page.getByRole('dialog', { name });
  // A screen's report is kept until its test ends, so the test still walks on to the next
  // screen (and leaves the page where the next test expects it) before it fails.
  const reports: string[] = [];
  const check = async (where: string, options: { wideOnly?: boolean } = {}) => {
    const report = await accessibilityReport(page, where, options);
    if (report) reports.push(report);
  };
  afterEach(() => {
    const found = reports.splice(0);
    if (found.length > 0) throw new Error(found.join('\n'));
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coffer-e2e-a11y-'));
    session = await startSession();
    profile = session.first;
    page = profile.page;
  });
  afterAll(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the manager’s file list', async () => {
    await bootstrapServer(page, session.server.url, PASSWORD);
    await importNynab(page, writeHouseholdBudget(dir));
    await profile.sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();
    await page.getByRole('button', { name: 'Create new file' }).waitFor(WAIT);
    await page.getByText('Household', { exact: true }).waitFor(WAIT);
    await check('manager');
    await page.getByText('Household', { exact: true }).click();
    await profile.sidebar().waitFor(WAIT);
  });

  it('the envelope budget', async () => {
    await profile.goTo('Budget');
    await page.getByText('Envelope budget', { exact: true }).waitFor(WAIT);
    await page.getByRole('columnheader').first().waitFor(WAIT);
    await check('budget (envelope)');
  });

  it('the settings and the tracking budget', async () => {
    await profile.goTo('Settings');
    await page.getByRole('button', { name: /show advanced settings/i }).click();
    await page.getByRole('button', { name: /I understand the risks/ }).click();
    await page.getByLabel('Budget mode toggle').check();
    await check('settings');
    await profile.goTo('Budget');
    await page.getByRole('button', { name: 'Switch to tracking budget' }).click();
    await page.getByText('Tracking budget', { exact: true }).waitFor(WAIT);
    await check('budget (tracking)');
    await page.getByRole('button', { name: 'Switch to envelope budget' }).click();
    await page.getByText('Envelope budget', { exact: true }).waitFor(WAIT);
  });

  it('the payees', async () => {
    await profile.goTo('Payees');
    await page.getByRole('table', { name: 'Payees' }).getByRole('row').nth(2).waitFor(WAIT);
    await check('payees');
  });

  it('the register with rows, and with a split line being edited', async () => {
    await profile.sidebar().getByText('All accounts').click();
    await main().getByRole('row').nth(2).waitFor(WAIT);
    await check('register');
    await profile.sidebar().getByText('Checking', { exact: true }).click();
    await main().getByRole('row').nth(2).waitFor(WAIT);
    await page.getByRole('searchbox').first().fill('split part');
    const line = main().getByText('split part a');
    await line.waitFor(WAIT);
    await line.click();
    await main().getByRole('combobox', { name: 'Notes' }).waitFor(WAIT);
    await check('register (split line edited)');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });

  it('the import modal: a file to choose, then its preview', async () => {
    const modal = await openImport(page, 'Checking');
    await check('import (choose)');
    await chooseFile(page, fixture('ofx/ofxparser-php-memoWithAmpersand.ofx'));
    await previewSummary(page);
    await check('import (preview)');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden', ...WAIT });
  });

  it('the add-account and bank-link modals', async () => {
    await profile.sidebar().getByRole('button', { name: '+ Add account' }).click();
    await dialog('Add Account').waitFor(WAIT);
    await check('add account');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Link bank account' }).click();
    await dialog('Link Your Bank').waitFor(WAIT);
    await check('bank link (not configured)');
    await page.keyboard.press('Escape');
  });

  it('the rules list and the rule editor', async () => {
    await profile.goTo('Rules');
    await page.getByRole('table', { name: 'Rules' }).getByRole('row').nth(1).waitFor(WAIT);
    await check('rules');
    await page.getByRole('button', { name: 'Create new rule' }).click();
    await dialog('Rule').waitFor(WAIT);
    await check('rule editor');
    await page.keyboard.press('Escape');
  });

  it('the schedules list, editor and calendar', async () => {
    await profile.goTo('Schedules');
    const table = page.getByRole('table', { name: 'Schedules', exact: true });
    await table.getByRole('row', { name: /Phone bill/ }).waitFor(WAIT);
    await check('schedules', { wideOnly: true });
    await main().getByRole('button', { name: 'Add new schedule' }).click();
    await main().getByRole('heading', { name: 'New schedule' }).waitFor(WAIT);
    await check('schedule editor', { wideOnly: true });
    await profile.goTo('Schedules');
    await main().getByRole('button', { name: 'Calendar' }).click();
    await main()
      .getByRole('table', { name: /^Schedules in / })
      .waitFor(WAIT);
    await check('schedules calendar', { wideOnly: true });
  });

  it('the reports: the overview, net worth, cash flow, spending and a custom table', async () => {
    await profile.sidebar().getByRole('link', { name: 'Reports' }).click();
    await page
      .getByRole('region', { name: 'Report cards' })
      .getByRole('article')
      .first()
      .waitFor(WAIT);
    await check('reports', { wideOnly: true });
    await page.getByRole('link', { name: 'Net worth' }).click();
    await page.getByRole('heading', { name: 'Net worth', level: 1 }).waitFor(WAIT);
    await check('report (net worth)', { wideOnly: true });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    for (const report of ['Cash flow', 'Spending']) {
      await crumbs.getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('link', { name: report }).click();
      await page.getByRole('heading', { name: report, level: 1 }).waitFor(WAIT);
      await page
        .locator(`[role="region"][aria-label="${report} report"][data-state="ready"]`)
        .waitFor(WAIT);
      await check(`report (${report.toLowerCase()})`, { wideOnly: true });
    }
    await crumbs.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('link', { name: 'New custom report' }).click();
    await page.getByRole('heading', { name: 'New custom report' }).waitFor(WAIT);
    await page
      .getByRole('group', { name: 'Display' })
      .getByRole('button', { name: 'Table' })
      .click();
    await page.getByRole('table', { name: 'Report table' }).waitFor(WAIT);
    await check('report (custom, table)', { wideOnly: true });
  });

  it('a new, empty budget: its budget, add-account, rules, schedules and payees', async () => {
    await profile.sidebar().getByRole('button', { name: /▾/ }).first().click();
    await page.getByRole('menuitem', { name: 'Close file' }).click();
    await page.getByRole('button', { name: 'Create new file' }).click();
    await profile.goTo('Budget');
    await page.getByRole('table', { name: 'Budget' }).waitFor(WAIT);
    await check('empty budget');
    await profile.sidebar().getByRole('button', { name: '+ Add account' }).click();
    await dialog('Add Account').waitFor(WAIT);
    await check('add account (no accounts yet)');
    await page.keyboard.press('Escape');
    await profile.goTo('Rules');
    await page.getByText('No rules', { exact: true }).waitFor(WAIT);
    await check('rules (none)');
    await profile.goTo('Schedules');
    await page.getByRole('table', { name: 'Schedules', exact: true }).waitFor(WAIT);
    await check('schedules (none)', { wideOnly: true });
    await profile.goTo('Payees');
    await page.getByRole('table', { name: 'Payees' }).waitFor(WAIT);
    await check('payees (none)');
  });
});

/**
 * The browser import bench's set-up, run alike in the import's browser (web.ts) and in the cold
 * floor's (cold-floor.ts): the test page's core worker, the scenario's budget (accounts,
 * categories, payees, the account's rows, the rules) and the wait for the derived tables the
 * core builds after an open. Run in both so SQLite's wasm, shared by every worker of a
 * renderer, has done the same work before the import as before the cold floor's writes.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { driver } from '../../packages/core-web/src/test-helpers/browser.ts';
import type { FloorRequest } from '../../packages/core-web/test-page/import-floor.ts';
import type { TestPage } from '../../packages/core-web/test-page/main.ts';
import { type Scenario, resolveNames } from './scenario.mjs';

/** A floor step in the core's worker (test-page/import-floor.ts), refused steps thrown. */
export async function floorStep(
  page: Page,
  request: FloorRequest,
): Promise<Record<string, unknown>> {
  const answer = (await page.evaluate(
    (req) => (globalThis as unknown as { coffer: TestPage }).coffer.importFloor(req),
    request,
  )) as { result?: Record<string, unknown>; error?: string };
  if (answer.error) throw new Error(`import floor (${request.phase}): ${answer.error}`);
  return answer.result ?? {};
}

/**
 * Opens the test page in `context` and sets the scenario's budget up through the core; answers
 * the page, the account the import goes into, the budget's folder and how long the derived
 * tables took. The file's rows are left in the page (`benchRows`), as a parsed file would be.
 */
export async function setUpBudget(context: BrowserContext, url: string, scenario: Scenario) {
  const page = context.pages()[0] ?? (await context.newPage());
  const tab = driver(page);
  await tab.open(url);
  const must = async <T>(name: string, args?: unknown): Promise<T> => {
    const res = await tab.send<T>(name, args);
    if (res && typeof res === 'object' && 'error' in res) {
      throw new Error(`${name} refused: ${JSON.stringify(res)}`);
    }
    return res;
  };

  await must('create-budget', { budgetName: 'Import bench', avoidUpload: true });
  const account = await must<string>('account-create', { name: 'Checking' });
  const groupId = await must<string>('category-group-create', { name: 'Bench' });
  const ids = { payee: new Map<string, string>(), category: new Map<string, string>() };
  for (const name of scenario.categories) {
    ids.category.set(name, await must<string>('category-create', { name, groupId }));
  }
  for (const name of scenario.payees) {
    ids.payee.set(name, await must<string>('payee-create', { name }));
  }
  // The account's rows as the API's addTransactions (run.mjs) makes them before there are
  // rules: the payee by name, the name kept as imported_payee.
  const added = scenario.existing.map(({ payee_name, ...tx }) => ({
    ...tx,
    account,
    imported_payee: payee_name,
    payee: ids.payee.get(payee_name),
    cleared: true,
  }));
  await must('transactions-batch-update', { added });
  for (const rule of scenario.rules) await must('rule-add', resolveNames(rule, ids));

  const budgets = await must<Array<{ id: string; name: string }>>('get-budgets');
  const budget = budgets.find((b) => b.name === 'Import bench');
  if (!budget) throw new Error('the budget is not listed');
  const budgetDir = `/documents/${budget.id}`;
  // As into a budget open for a while: the derived tables the core builds in the background
  // after an open (sums, account order, notes and tag indexes) are current, so the import keeps
  // them in step. Without this wait the import sometimes came before the builds and left them
  // to the build, and its CPU swung between about 0.7 and 1.4 s of the worker's.
  const waited = performance.now();
  let derived: Record<string, unknown> = {};
  for (;;) {
    // The file cannot be read while a build step writes it: read again after a pause.
    derived = await floorStep(page, { phase: 'derived', budgetDir }).catch((e: unknown) => ({
      error: String(e),
    }));
    if ('error' in derived) derived = { readable: false };
    if (Object.values(derived).every(Boolean)) break;
    if (performance.now() - waited > 120_000)
      throw new Error(`derived tables not built: ${JSON.stringify(derived)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const derivedWaitMs = performance.now() - waited;

  // The file's rows wait in the page, so the time is the import's (the worker's part and the
  // hop to it, as when the app imports a parsed file), not the test driver's.
  await page.evaluate((rows) => {
    (globalThis as { benchRows?: unknown }).benchRows = rows;
  }, scenario.incoming);
  return { page, account, budgetDir, derivedWaitMs };
}

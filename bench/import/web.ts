// The benchmark's import in the browser: the same scenario through the core as the web app runs
// it (the worker, SQLite's wasm build, OPFS), in Debian's Chromium with a profile on disk, with
// its floor measured in the same browser after it (the same writes straight into a copy of the
// file as it was before; packages/core-web/test-page/import-floor.ts). Run
// by run.mjs (`--sides coffer-web`), which bundles this file; it prints one JSON line.
//   <bundle> --child coffer-web --dir <fresh dir> --count <n>
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildTestPage,
  driver,
  launchPersistentChromium,
  serve,
} from '../../packages/core-web/src/test-helpers/browser.ts';
import { makeScenario, resolveNames } from './scenario.mjs';

const { values } = parseArgs({
  options: { child: { type: 'string' }, dir: { type: 'string' }, count: { type: 'string' } },
});
const count = Number(values.count ?? '10000');
const dir = values.dir ?? '';
const root = resolve('.');

const site = await buildTestPage(join(root, 'packages/core-web/test-page'));
const server = await serve(site.dir);
const context = await launchPersistentChromium(join(dir, 'profile'));
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const tab = driver(page);
  await tab.open(server.url);
  const must = async <T>(name: string, args?: unknown): Promise<T> => {
    const res = await tab.send<T>(name, args);
    if (res && typeof res === 'object' && 'error' in res) {
      throw new Error(`${name} refused: ${JSON.stringify(res)}`);
    }
    return res;
  };

  const scenario = makeScenario(count);
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

  // The floor (test-page/import-floor.ts): a copy of the budget's file as it is now, into which
  // the import's writes are written again straight after it, in this browser.
  const budgets = await must<Array<{ id: string; name: string }>>('get-budgets');
  const budget = budgets.find((b) => b.name === 'Import bench');
  if (!budget) throw new Error('the budget is not listed');
  const budgetDir = `/documents/${budget.id}`;
  const floorStep = async (phase: 'snapshot' | 'measure') => {
    const answer = (await page.evaluate(
      (request) =>
        (
          globalThis as unknown as { coffer: { importFloor(r: unknown): Promise<unknown> } }
        ).coffer.importFloor(request),
      { phase, budgetDir },
    )) as { result?: { floorMs?: number; floorMessages?: number }; error?: string };
    if (answer.error) throw new Error(`import floor (${phase}): ${answer.error}`);
    return answer.result ?? {};
  };
  await floorStep('snapshot');

  // The file's rows wait in the page, so the time is the import's (the worker's part and the
  // hop to it, as when the app imports a parsed file), not the test driver's.
  await page.evaluate((rows) => {
    (globalThis as { benchRows?: unknown }).benchRows = rows;
  }, scenario.incoming);
  const timed = await page.evaluate(async (accountId) => {
    const scope = globalThis as unknown as {
      benchRows: unknown[];
      coffer: { send(name: string, args: unknown): Promise<unknown> };
    };
    // The worker's time split: the preview (what the modal shows first) is the import's
    // reading part alone (normalise, rules, matching), writing nothing.
    const p0 = performance.now();
    const preview = (await scope.coffer.send('transactions-import-preview', {
      accountId,
      transactions: scope.benchRows,
    })) as { previewToken?: string | null };
    const previewMs = performance.now() - p0;
    // As the modal does: the import names the preview it follows, and the worker writes what
    // that preview worked out (the budget has not changed in between).
    const t0 = performance.now();
    const result = await scope.coffer.send('transactions-import', {
      accountId,
      transactions: scope.benchRows,
      previewToken: preview.previewToken ?? null,
    });
    return { ms: performance.now() - t0, previewMs, result };
  }, account);
  const result = timed.result as { errors?: unknown[]; added: string[]; updated: string[] };
  const floor = await floorStep('measure');
  console.log(
    JSON.stringify({
      side: 'coffer-web',
      count,
      importMs: timed.ms,
      previewMs: timed.previewMs,
      added: result.added.length,
      updated: result.updated.length,
      errors: result.errors ?? [],
      ...floor,
    }),
  );
} finally {
  await context.close();
  await server.close();
  site.cleanup();
}

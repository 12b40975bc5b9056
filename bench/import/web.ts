// The benchmark's import in the browser: the same scenario through the core as the web app runs
// it (the worker, SQLite's wasm build, OPFS), in Debian's Chromium with a profile on disk, with
// its floor measured in the same browser after it (the same writes straight into a copy of the
// file as it was before; packages/core-web/test-page/import-floor.ts). Run
// by run.mjs (`--sides coffer-web`), which bundles this file; it prints one JSON line.
//   <bundle> --child coffer-web --dir <fresh dir> --count <n> [--trace file.json]
// --trace writes a Chrome trace of the preview and the import (page and worker) and adds each
// busy thread's split to the JSON line (bench/web/phone-trace.ts).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  buildTestPage,
  driver,
  launchPersistentChromium,
  serve,
} from '../../packages/core-web/src/test-helpers/browser.ts';
import { CATEGORIES, summarize } from '../web/phone-trace.ts';
import { makeScenario, resolveNames } from './scenario.mjs';

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    dir: { type: 'string' },
    count: { type: 'string' },
    trace: { type: 'string' },
  },
});
const count = Number(values.count ?? '10000');
const dir = values.dir ?? '';
const root = resolve('.');

/**
 * A Chrome trace of the page's renderer (the page and the core's worker) through the page's
 * DevTools session: a persistent context has no `Browser` to trace with.
 */
async function startTrace(page: Page, file: string) {
  const cdp = await page.context().newCDPSession(page);
  const events: Parameters<typeof summarize>[0]['traceEvents'] = [];
  // The protocol types each event as a string map; they are trace events.
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES.split(',') },
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      return summarize({ traceEvents: events });
    },
  };
}

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
  const tracing = values.trace ? await startTrace(page, resolve(values.trace)) : null;
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
  const trace = tracing ? await tracing.stop() : undefined;
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
      trace,
    }),
  );
} finally {
  await context.close();
  await server.close();
  site.cleanup();
}

/**
 * The import's floor run cold (bench/import/README.md says why): the same writes into the same
 * file as the warm floor (web.ts), in a browser of its own (its own processes: a new context of
 * the import's browser could share its renderer, and with it V8's compiled SQLite wasm, tier-up
 * included). The browser does first what the import's did before the import (the budget's
 * set-up through the core, web-setup.ts, and the modal's preview), so SQLite's wasm and the
 * driver's JS are as warm as the import found them, no warmer and no colder; then the core's
 * worker writes the floor, instead of importing. Only the writes are traced between marks; the
 * file and the writes are put in place before the trace starts.
 */
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  driver,
  launchPersistentChromium,
} from '../../packages/core-web/src/test-helpers/browser.ts';
import type { FloorExport } from '../../packages/core-web/test-page/import-floor.ts';
import type { TestPage } from '../../packages/core-web/test-page/main.ts';
import { summarize } from '../web/phone-trace.ts';
import { traceThroughPage, windowCpu } from '../web/thread-cpu.ts';
import { type CompileCpu, compileCpu } from './compile-cpu.ts';
import type { Scenario } from './scenario.mjs';
import { floorStep, setUpBudget } from './web-setup.ts';

export interface ColdFloorOptions {
  /** The run's fresh folder: the browser's profile goes into it. */
  dir: string;
  /** The test page's address (the import's server). */
  url: string;
  /** The import's scenario, set up again here. */
  scenario: Scenario;
  /** The trace's categories (web.ts's, the same as the import's). */
  categories: readonly string[];
  compiles: boolean;
  profile: boolean;
  /**
   * No set-up or preview before the writes (`--bare-floor`): the floor in a browser that has
   * run no SQL at all, colder than the import, whose browser set the budget up before it.
   */
  bare: boolean;
  /** Switches for the browser, the import's own (`--js-flags=...`). */
  jsFlags: readonly string[];
  /** Where to keep the trace, if anywhere. */
  trace?: string;
  /** The floor that also writes the derived tables' rows (import-floor-derived.ts). */
  derived: boolean;
}

/** The test page with the core's worker started, and nothing else (`bare`). */
async function openBare(context: BrowserContext, url: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await driver(page).open(url);
  return page;
}

export async function coldFloor(exported: FloorExport, options: ColdFloorOptions) {
  const context = await launchPersistentChromium(
    join(options.dir, options.derived ? 'profile-cold-floor-derived' : 'profile-cold-floor'),
    options.jsFlags,
  );
  try {
    const page = options.bare
      ? await openBare(context, options.url)
      : await setUpBudget(context, options.url, options.scenario).then(
          async ({ page, account }) => {
            await page.evaluate(async (accountId) => {
              const scope = globalThis as unknown as { benchRows: unknown[]; coffer: TestPage };
              await scope.coffer.send('transactions-import-preview', {
                accountId,
                transactions: scope.benchRows,
              });
            }, account);
            return page;
          },
        );
    // The floor's own folder: no step from here on reads the budget's.
    const budgetDir = '';
    await floorStep(page, { phase: 'load', budgetDir, exported });
    const tracing = await traceThroughPage(page, options.categories);
    await page.evaluate(() => performance.mark('bench:floor-cold'));
    const written = await floorStep(page, {
      phase: 'write',
      budgetDir,
      live: false,
      derived: options.derived,
    });
    await page.evaluate(() => performance.mark('bench:floor-cold-done'));
    const events = await tracing.stop(options.trace ? resolve(options.trace) : undefined);
    await floorStep(page, { phase: 'finish', budgetDir });
    const compiles: CompileCpu | undefined = options.compiles
      ? compileCpu(events, 'bench:floor-cold', 'bench:floor-cold-done')
      : undefined;
    return {
      floorColdMs: written.floorMs as number,
      floorColdRebuilt: written.floorRebuilt as string[],
      cpu: windowCpu(events, 'bench:floor-cold', 'bench:floor-cold-done'),
      compiles,
      trace: options.profile ? summarize({ traceEvents: events }) : undefined,
    };
  } finally {
    await context.close();
  }
}

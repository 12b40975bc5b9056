import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Marks } from './flows.ts';
import type { Loaded } from './visit.ts';

export interface Visit {
  marks: Marks;
  browserCpuMs: number;
  serverCpuMs: number;
  loaded: Loaded[];
}

export type Sizes = Map<string, { raw: number; gzip: number }>;

/** JS and wasm of one visit, by who fetched it: the app (page and its workers) or the SW. */
export function shipped(loaded: Loaded[], size: Sizes) {
  const sum = (filter: (l: Loaded) => boolean) => {
    const urls = new Set(loaded.filter(filter).map((l) => l.url));
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      raw += size.get(url)?.raw ?? 0;
      gzip += size.get(url)?.gzip ?? 0;
    }
    return { files: urls.size, raw, gzip };
  };
  return {
    js: sum((l) => l.kind === 'js' && !l.byServiceWorker),
    wasm: sum((l) => l.kind === 'wasm' && !l.byServiceWorker),
    precacheJs: sum((l) => l.kind === 'js' && l.byServiceWorker),
    encodings: [...new Set(loaded.map((l) => l.encoding ?? 'identity'))],
  };
}

interface Phase {
  budgetShownMs: number;
  interactiveMs: number;
  browserCpuMs: number;
  serverCpuMs: number;
  shipped: ReturnType<typeof shipped>;
}

/** Medians of one app's runs. */
export interface AppSummary {
  cold: Phase & { signInShownMs: number };
  returning: Phase;
}

export type Summary = Record<string, AppSummary>;

export function report(
  setup: { transactions: number; runs: number; returning: number; root: string },
  summary: Summary,
  results: Record<string, { cold: Visit; returning: Visit[] }[]>,
  size: Sizes,
  balance: string,
) {
  const require = createRequire(import.meta.url);
  const actualVersion = require('@actual-app/web/package.json').version as string;
  const kb = (b: number) => Math.round(b / 102.4) / 10;
  const ms = (x: number) => Math.round(x);
  const c = summary.coffer!;
  const a = summary.actual!;
  const rows: Array<[string, (s: AppSummary) => number | string, boolean]> = [
    ['JS loaded by the app, gzip -9 (KB)', (s) => kb(s.cold.shipped.js.gzip), true],
    [
      '  files / raw (KB)',
      (s) => `${s.cold.shipped.js.files} / ${kb(s.cold.shipped.js.raw)}`,
      false,
    ],
    ['wasm, gzip -9 (KB)', (s) => kb(s.cold.shipped.wasm.gzip), true],
    ['service-worker precache JS, gzip -9 (KB)', (s) => kb(s.cold.shipped.precacheJs.gzip), false],
    ['first visit: sign-in form shown (ms)', (s) => ms(s.cold.signInShownMs), true],
    ['first visit: budget interactive (ms)', (s) => ms(s.cold.interactiveMs), true],
    ['  browser CPU (ms)', (s) => ms(s.cold.browserCpuMs), true],
    ['  server CPU (ms)', (s) => ms(s.cold.serverCpuMs), true],
    ['returning: budget shown (ms)', (s) => ms(s.returning.budgetShownMs), true],
    ['returning: budget interactive (ms)', (s) => ms(s.returning.interactiveMs), true],
    ['  browser CPU (ms) ', (s) => ms(s.returning.browserCpuMs), true],
    ['  server CPU (ms) ', (s) => ms(s.returning.serverCpuMs), true],
  ];
  const actualColumn = `Actual ${actualVersion}`;
  const table = Object.fromEntries(
    rows.map(([label, f, compare]) => {
      const x = f(c);
      const y = f(a);
      const ratio =
        compare && typeof x === 'number' && typeof y === 'number' && x > 0
          ? `${(y / x).toFixed(1)}x`
          : '';
      return [label, { Coffer: x, [actualColumn]: y, 'Actual / Coffer': ratio }];
    }),
  );
  console.log(
    `\nWeb app: ${setup.transactions} transactions, ${setup.runs} runs (fresh Chromium profile each), ` +
      `${setup.returning} returning visits per run; medians.\n` +
      'First visit: navigate to / → sign in → pick the budget in the file list → it downloads and opens.\n' +
      `Returning: the budget is in the browser; navigate to / → the app reopens it. "Interactive": the\n` +
      `sidebar shows Checking's balance (${balance}) and a click on Checking routes to its register.\n` +
      'JS: every script the page and its workers loaded until interactive (service-worker precache\n' +
      'counted apart), bodies gzipped at level 9 here since both servers send them uncompressed.',
  );
  console.table(table);
  const ratio = (x: number, y: number) => (x / y).toFixed(1);
  console.log(
    `JS: ${kb(c.cold.shipped.js.gzip)} KB gzip (target ≤ 400 KB; Actual ${kb(a.cold.shipped.js.gzip)} KB). ` +
      `First visit: Coffer ${ratio(a.cold.interactiveMs, c.cold.interactiveMs)}x faster ` +
      `(CPU ${ratio(a.cold.browserCpuMs + a.cold.serverCpuMs, c.cold.browserCpuMs + c.cold.serverCpuMs)}x less). ` +
      `Returning: ${ratio(a.returning.interactiveMs, c.returning.interactiveMs)}x faster ` +
      `(CPU ${ratio(a.returning.browserCpuMs + a.returning.serverCpuMs, c.returning.browserCpuMs + c.returning.serverCpuMs)}x less).`,
  );
  const outDir = join(setup.root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const files = Object.fromEntries(size);
  const runs = Object.fromEntries(
    Object.entries(results).map(([name, rs]) => [
      name,
      rs.map((r) => ({
        cold: { ...r.cold, loaded: r.cold.loaded.map((l) => `${l.atMs} ${l.url}`) },
        returning: r.returning.map((v) => ({
          ...v,
          loaded: v.loaded.map((l) => `${l.atMs} ${l.url}`),
        })),
      })),
    ]),
  );
  writeFileSync(
    file,
    JSON.stringify({ benchmark: 'web', ...setup, actualVersion, summary, files, runsDetail: runs, node: process.version }, null, 2), // prettier-ignore
  );
  console.log(`Results: ${file}`);
}

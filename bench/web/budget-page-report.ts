/**
 * What bench/web/budget-page.ts measures of each app, and the table and JSON file it ends with.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageMemory } from './memory.ts';
import { median } from './setup.ts';

export interface Timings {
  open: number[];
  /** Coffer: when its chunk arrived, when it asked for the cells, when the table was shown. */
  openMarks: Array<Record<string, number>>;
  /** Until this month's To Budget is painted. */
  edit: number[];
  /** Until next month's To Budget has changed too (the core's answer, not foreseeable). */
  editNext: number[];
  month: number[];
  /** Until the task after that frame: the new month laid out and painted. */
  monthPainted: number[];
  /** With --cpu: the page's main thread's and the core worker's own time in each move. */
  monthCpu: number[];
  monthWorkerCpu: number[];
  /** After the flows: the page's, its worker's and the renderer's memory. */
  memory?: PageMemory;
}

export function emptyTimings(): Timings {
  return {
    open: [],
    openMarks: [],
    edit: [],
    editNext: [],
    month: [],
    monthPainted: [],
    monthCpu: [],
    monthWorkerCpu: [],
  };
}

export interface BudgetPageRun {
  transactions: number;
  months: number;
  results: Record<string, Timings>;
  /** Why an app did not finish its flows (its figures show as —). */
  failures: Record<string, string>;
}

/** Prints each flow's medians beside Actual's and the ratio, and writes the run to bench/results. */
export function reportBudgetPage(run: BudgetPageRun, root: string): void {
  const none = emptyTimings();
  const c = run.results.coffer ?? none;
  const a = run.results.actual ?? none;
  const rows: Array<[string, number, number, string]> = [
    ['open to the budget table shown, warm (ms)', median(c.open), median(a.open), '≤ 1000'],
    ['budgeted amount + Enter → To Budget painted (ms)', median(c.edit), median(a.edit), '≤ 33'],
    [
      '  … → next month’s To Budget updated, the core’s answer (ms)',
      median(c.editNext),
      median(a.editNext),
      '',
    ],
    ['next month → painted (ms)', median(c.month), median(a.month), '≤ 33'],
    [
      '  … → that frame laid out and painted (ms)',
      median(c.monthPainted),
      median(a.monthPainted),
      '',
    ],
    [
      '  … its thread time: the page’s main thread (ms, --cpu)',
      median(c.monthCpu),
      median(a.monthCpu),
      '',
    ],
    [
      '  … and the core’s worker (ms, --cpu)',
      median(c.monthWorkerCpu),
      median(a.monthWorkerCpu),
      '',
    ],
  ];
  const fmt = (x: number) =>
    Number.isNaN(x) ? '—' : x >= 100 ? String(Math.round(x)) : x.toFixed(1);
  console.log(
    `\nBudget page, ${run.transactions.toLocaleString('en-US')} transactions over ${run.months} months, medians (Chromium, 1280×800):`,
  );
  console.log('| Flow | Coffer | Actual | Actual ÷ Coffer | Target |');
  console.log('|---|---:|---:|---:|---|');
  for (const [flow, cm, am, target] of rows) {
    const ratio = Number.isNaN(am / cm) ? '—' : `${(am / cm).toFixed(1)}×`;
    console.log(`| ${flow} | ${fmt(cm)} | ${fmt(am)} | ${ratio} | ${target} |`);
  }
  if (c.openMarks.length > 0) {
    const m = (k: string) => median(c.openMarks.map((x) => x[k]!));
    console.log(
      `\nCoffer's open, medians from navigation start: core connected ${m('coreConnected')} ms, server user known ${m('userKnown')} ms, budget loaded ${m('budgetLoaded')} ms, its accounts, payees and categories ${m('budgetDataLoaded')} ms; budget page's code loaded ${m('budgetChunkLoaded')} ms, its cells asked for ${m('cellsRequested')} ms, table shown ${m('tableShown')} ms.`,
    );
  }
  for (const [name, r] of Object.entries(run.results)) {
    if (r.memory) console.log(`\n${name}'s memory after the flows: ${JSON.stringify(r.memory)}`);
  }
  for (const [name, why] of Object.entries(run.failures)) {
    console.log(`\n${name} did not finish (— above): ${why}`);
  }
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `budget-page-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(run, null, 2));
  console.log(`\nwrote ${file}`);
}

/**
 * The phone bench's table (phone.ts, issue 29): each app's figures side by side with the
 * targets, the slow-down the run had, and the returning start's floors.
 */
import type { ThreadSplit } from './phone-trace.ts';
import type { OpfsCalls } from './phone-opfs.ts';
import type { QuotaScope } from './phone-quota.ts';
import type { RowTap } from './phone-row-tap.ts';
import type { StartMarks } from './phone-start.ts';
import { printStartFloors, type StartFloors } from './phone-floor.ts';
import { median } from './setup.ts';

/** What one app's run measured. */
export interface Result {
  firstVisit?: number;
  /** The first visit as the page measured it (phone-frame.ts), from its document's start. */
  firstVisitInPage?: number;
  firstVisitBytes?: number;
  /** The bytes of the first visit before the budget was picked. */
  beforeBudgetBytes?: number;
  returning: number[];
  /** Where each returning start's time went (the page's marks, Coffer only). */
  returningMarks: StartMarks[];
  editorReady?: number;
  saved?: number;
  /** A tap that changes nothing, to the frame after its click: the floor under the taps. */
  emptyFrame?: number;
  /** Of it, the lift to the click (the browser's gesture detection and its hops). */
  emptyClick?: number;
  saveTrace?: { wallMs: number; threads: ThreadSplit[] };
  /** The save's OPFS calls, with `--opfs-calls`. */
  saveOpfs?: OpfsCalls;
  /** With `--count-renders`: the components the tap rendered, by where they are. */
  tapRenders?: Record<string, number>;
  /** A tap on the saved row until its editor shows it (phone-row-tap.ts). */
  rowTap?: RowTap;
  /** The same of the tap on 'Add transaction' until the editor is ready. */
  openTrace?: { wallMs: number; threads: ThreadSplit[] };
  notes: string[];
}

const SCOPE_TEXT: Record<QuotaScope, string> = {
  targets: "per page's and worker's thread",
  thread: 'per thread',
  browser: 'for the whole browser',
};

const fmt = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? '—' : String(Math.round(x));

/** The table, by app name ('coffer', 'coffer-b', 'actual'), then each app's notes. */
export function printPhoneTable(
  results: Record<string, Result>,
  run: {
    transactions: number;
    loop: { free: number; quota: number; share: number; scope: QuotaScope };
    floors: StartFloors | null;
  },
): void {
  const { loop, floors } = run;
  const none: Result = { returning: [], returningMarks: [], notes: [] };
  const c = results.coffer ?? none;
  const a = results.actual ?? none;
  const b = results['coffer-b'];
  // Coffer's other build (--coffer-b) first when there is one, then this one, then Actual.
  const cols: Array<[string, Result]> = [
    ...(b ? [['Coffer B', b] as [string, Result]] : []),
    ['Coffer', c],
    ['Actual 26.9', a],
  ];
  console.log(
    `\nPhone (390×844, touch), ${run.transactions.toLocaleString('en-US')} transactions, CPU quota ${loop.share.toFixed(2)} of a core ${SCOPE_TEXT[loop.scope]} (busy loop in a worker ${(loop.quota / loop.free).toFixed(1)}× slower), Fast 3G:`,
  );
  console.log(`| Flow | ${cols.map(([n]) => n).join(' | ')} | Target |`);
  console.log(`|---|${cols.map(() => '---:|').join('')}---|`);
  const row = (flow: string, of: (r: Result) => number | undefined, target = '') =>
    console.log(`| ${flow} | ${cols.map(([, r]) => fmt(of(r))).join(' | ')} | ${target} |`);
  row('first visit → budget shown (ms)', (r) => r.firstVisit);
  row('bytes on the wire, first visit (KB)', (r) => (r.firstVisitBytes ?? NaN) / 1024);
  row('of which before the budget is picked (KB)', (r) => (r.beforeBudgetBytes ?? NaN) / 1024);
  row('returning start → budget shown, median (ms)', (r) => median(r.returning), '≤ 1500');
  row('tap Add transaction → editor ready (ms)', (r) => r.editorReady, '≤ 100');
  row('save → account list painted (ms)', (r) => r.saved, '≤ 100');
  row('tap a row → its editor shown (ms)', (r) => r.rowTap?.ms, '≤ 100');
  row('empty frame (a tap that changes nothing) (ms)', (r) => r.emptyFrame);
  if (c.saved && c.emptyFrame) {
    console.log(`Coffer's save is ${(c.saved / c.emptyFrame).toFixed(1)}× its empty frame`);
  }
  if (c.saved && a.saved)
    console.log(`Actual's save / Coffer's: ${(a.saved / c.saved).toFixed(1)}×`);
  if (floors) printStartFloors(floors, { Coffer: c.returning, 'Actual 26.9': a.returning });
  for (const [name, r] of Object.entries(results)) {
    for (const n of r.notes) console.log(`${name}: ${n}`);
  }
}

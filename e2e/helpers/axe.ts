import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { SIZES } from './browser.ts';

/** axe-core's own bundle, read from node_modules and put into the page: no network. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** The rules of WCAG 2.1 levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The open dialogs (a modal, the phone's notice), for `dialogOnly`. */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** What fails a screen: the violations axe ranks serious or critical. */
const FAILING = new Set(['serious', 'critical']);

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** One entry per element: its CSS target, the start of its HTML and what axe found. */
  nodes: { target: string; html: string; why: string }[];
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe finds in the page as it is now.
 * `dialogOnly`: only inside the open dialogs when there are any (the page behind it is checked
 * on its own), which keeps a test that photographs many modal states quick.
 */
export async function axeViolations(
  page: Page,
  options: { dialogOnly?: boolean } = {},
): Promise<Violation[]> {
  // Colors are read as drawn: a fade that is still running (a report loading) is let finish.
  // Polled by evaluate (the debugging protocol), not waitForFunction: a string predicate there is
  // eval'd in the page, which the app's CSP refuses.
  const settled = `document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')`;
  for (let tries = 0; tries < 100 && !(await page.evaluate(settled)); tries++) {
    await page.waitForTimeout(50);
  }
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
    // Evaluated through the debugging protocol, not as a <script>: the app's CSP refuses inline
    // scripts, as it should, and axe must not need the page to allow them.
    await page.evaluate(AXE_SOURCE);
  }
  // A plain-text script: axe's result is read back as JSON, with only what a report needs.
  const found: unknown = await page.evaluate(`(async () => {
    const dialogs = ${options.dialogOnly ? `document.querySelectorAll(${JSON.stringify(DIALOG)})` : '[]'};
    const result = await window.axe.run(dialogs.length > 0 ? dialogs : document, {
      runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' > '),
        html: n.html.replace(/\\s+/g, ' ').slice(0, 140),
        why: (n.failureSummary ?? '').split('\\n').slice(1).join(' ').trim().slice(0, 160),
      })),
    }));
  })()`);
  return (found as Violation[]).filter((v) => FAILING.has(v.impact));
}

/** A readable list: one line per rule, then its first elements. */
export function describeViolations(where: string, violations: Violation[]): string {
  const lines = [`${where}: ${violations.length} serious/critical axe violation(s)`];
  for (const v of violations) {
    lines.push(`- ${v.rule} (${v.impact}, ${v.nodes.length} element(s)): ${v.help}`);
    for (const n of v.nodes.slice(0, 5)) {
      lines.push(`    ${n.target}  ${n.html}`, `      ${n.why}`);
    }
    if (v.nodes.length > 5) lines.push(`    … and ${v.nodes.length - 5} more`);
  }
  return lines.join('\n');
}

/** Fails with the list when axe finds a serious or critical violation in the page as it is. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(describeViolations(where, violations));
}

/** The sizes and themes every screen is checked at (issue 27). */
const CHECKED_SIZES = { wide: SIZES.desktop, phone: SIZES.phone };

/**
 * What axe finds in the page at 1280×800 and 390×844 in the light and the dark theme, as one
 * readable report ('' when nothing). The page goes back to 1280×800 and its own theme. The
 * theme is switched on the document, as `modalShots` does (the app's toggle is a flag).
 * `wideOnly` for the pages a phone is sent away from (schedules, reports: FinancesApp's
 * WIDE_ONLY), which a phone-sized check would leave.
 */
export async function accessibilityReport(
  page: Page,
  where: string,
  options: { wideOnly?: boolean } = {},
): Promise<string> {
  const own = String(await page.evaluate(`document.documentElement.dataset.theme ?? 'light'`));
  const reports: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
    for (const [size, viewport] of Object.entries(CHECKED_SIZES)) {
      if (options.wideOnly && size === 'phone') continue;
      await page.setViewportSize(viewport);
      // One frame for the layout to follow the new size.
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
      const violations = await axeViolations(page);
      if (violations.length > 0) {
        reports.push(describeViolations(`${where} ${size} ${theme}`, violations));
      }
    }
  }
  await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(own)}`);
  await page.setViewportSize(SIZES.desktop);
  return reports.join('\n');
}

/** Fails with the report when axe finds anything at either size in either theme. */
export async function expectAccessibleEverywhere(
  page: Page,
  where: string,
  options: { wideOnly?: boolean } = {},
): Promise<void> {
  const report = await accessibilityReport(page, where, options);
  if (report) throw new Error(report);
}

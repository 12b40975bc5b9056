/**
 * What a returning start on the phone waited for (phone.ts, issue 29): the page's own marks of
 * its start-up (`coffer:*`, set by Root, the store and the budget page), in ms from the
 * navigation, read once the budget is shown. Actual sets none, so its row stays empty.
 */
import type { Page } from 'playwright-core';

/** The marks in the order a start passes them. */
const STAGES = [
  'coffer:core-connected',
  'coffer:user-known',
  'coffer:budget-loaded',
  'coffer:budget-data-loaded',
  'coffer:budget-cells-requested',
  'coffer:budget-shown',
] as const;

export type StartMarks = Partial<Record<(typeof STAGES)[number], number>>;

/** The first time the page set each stage's mark, rounded to the ms. */
export async function startMarks(page: Page): Promise<StartMarks> {
  const marks = await page
    .evaluate((names: readonly string[]) => {
      const out: Record<string, number> = {};
      for (const name of names) {
        const first = performance.getEntriesByName(name, 'mark')[0];
        if (first) out[name] = Math.round(first.startTime);
      }
      return out;
    }, STAGES)
    .catch(() => ({}));
  return marks;
}

/** One line: each stage's time and the gap from the stage before it. */
export function formatMarks(marks: StartMarks): string {
  let before = 0;
  const parts: string[] = [];
  for (const stage of STAGES) {
    const at = marks[stage];
    if (at === undefined) continue;
    parts.push(`${stage.slice('coffer:'.length)} ${at} (+${at - before})`);
    before = at;
  }
  return parts.join(', ') || 'no marks';
}

/**
 * The phone bench's row tap (phone.ts, issue 29): on the account's list just painted after the
 * save, a tap on the saved row (12.34) until its editor shows that row's amount, timed in the
 * page from the tap's touchend to the first frame showing it (phone-frame.ts), as the other taps.
 * Coffer's row is a link named by its text; Actual 26.9's a list item whose amount is text
 * (`integerToCurrency`), tapped where it is (its text takes the press of the row's button).
 */
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FrameWatch, Ready } from './phone-frame.ts';
import { fingerTap } from './phone-tap.ts';
import { type ThreadSplit, traceStep } from './phone-trace.ts';

/** In the page: the editor's amount, visible and showing the row's 12.34. */
const ROW_EDITOR_IN_PAGE: Record<string, Ready> = {
  coffer: `() => {
    const i = document.getElementById('ph-amount');
    return !!i && i.checkVisibility() && /12\\.34/.test(i.value) &&
      !!document.querySelector('#ph-payee .ph-field-value')?.checkVisibility();
  }`,
  // Actual 26.9's editor shows an amount that is not being edited as a button with its figure
  // (unsigned, its sign on a button beside it); `amount-input-text` is in the hidden input's
  // part, shown only while the amount is edited. Its editor is a page of its own, at
  // `/transactions/{id}`, so the list's row (also '12.34', with its sign) is gone by then.
  actual: `() => location.pathname.includes('/transactions/') &&
    [...document.querySelectorAll('button, [role="button"]')].some((b) =>
      b.checkVisibility() && b.textContent.trim() === '12.34')`,
};

export interface RowTap {
  /** ms from the touchend to the frame showing the row's editor. */
  ms: number;
  trace?: { wallMs: number; threads: ThreadSplit[]; file: string };
}

/** Taps the saved row (app `kind`: coffer or actual) and times its editor's first frame. */
export async function rowTap(
  kind: string,
  name: string,
  browser: Browser,
  page: Page,
  frames: FrameWatch,
  trace: false | { profile: boolean },
): Promise<RowTap> {
  const row =
    kind === 'coffer'
      ? page
          .getByRole('main')
          .getByRole('link', { name: /12\.34/ })
          .first()
      : page.getByText(/^-?12\.34$/).first();
  await row.waitFor({ timeout: 60_000 });
  const file = join(tmpdir(), `phone-row-${name}-${process.pid}.json`);
  const traced = trace ? await traceStep(browser, page, file, trace.profile) : null;
  await fingerTap(page, row, {
    before: () => frames.arm('row', ROW_EDITOR_IN_PAGE[kind]!),
  });
  const ms = await frames.next('row', 60_000).catch(async (err: unknown) => {
    // What the page showed instead, for the run's notes.
    // (Actual 26.9 selects a row on a long press: the selected rows are counted too.)
    const shown = await page.evaluate(`(() => {
      const buttons = [...document.querySelectorAll('button, [role="button"]')]
        .filter((b) => b.checkVisibility()).map((b) => JSON.stringify(b.textContent.trim().slice(0, 30)));
      const selected = document.querySelectorAll('[aria-selected="true"]').length;
      return location.pathname + ', ' + selected + ' selected: ' + [...buttons.slice(0, 6), '…', ...buttons.slice(-4)].join(' ');
    })()`);
    throw new Error(`${String(err)}; the page showed ${String(shown)}`);
  });
  return traced ? { ms, trace: { ...(await traced.stop()), file } } : { ms };
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');

export { launchChromium as launchBrowser } from '../../packages/core-web/src/test-helpers/chromium.ts';

/** The release tags the app's update check reads (packages/web/src/store/version.ts). */
export const RELEASE_TAGS_URL = 'https://api.github.com/repos/coffer-budget/coffer/tags';

/**
 * Answers the update check inside the browser (by default: no newer release), so a test never
 * reaches GitHub: no rate limit, no network, and no failed request logged in the console.
 */
export async function answerReleaseTags(
  context: BrowserContext,
  tags: string[] = [],
): Promise<void> {
  await context.route(RELEASE_TAGS_URL, (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(tags.map((name) => ({ name }))),
    }),
  );
}

export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * The figures and dates in the page's tables that do not show whole: wider than their cell, or
 * past the right edge of the box that clips them (a grid wider than its modal). Names may end
 * in an ellipsis; a number may not. Badges (`.import-status`) count as figures.
 */
export async function cutFigures(page: Page): Promise<string[]> {
  return page.locator('.vtable-cell, .bt-cell, td, th').evaluateAll((cells) => {
    // A figure, or a range of two ('-80.00 to -120.00', as a schedule's amount reads).
    const isFigure = (text: string) =>
      /\d/.test(text) && /^[\s\d+\-−.,/:()'~]+( to [\s\d+\-−.,/:()']+)?$/.test(text);
    type Box = (typeof cells)[number];
    // The nearest box that clips or scrolls sideways: what sits past its right edge is unseen.
    const clipOf = (e: Box) => {
      const view = e.ownerDocument.defaultView!;
      for (let p = e.parentElement; p; p = p.parentElement) {
        if (view.getComputedStyle(p).overflowX !== 'visible') return p.getBoundingClientRect();
      }
      return null;
    };
    // Wider than its box, or its text wider than the content box to half a pixel (scrollWidth
    // is rounded to whole pixels and hides a date cut by one).
    const over = (e: Box) => {
      const style = e.ownerDocument.defaultView!.getComputedStyle(e);
      const room =
        e.getBoundingClientRect().width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight);
      const text = e.ownerDocument.createRange();
      text.selectNodeContents(e);
      return e.scrollWidth > e.clientWidth + 1 || text.getBoundingClientRect().width > room + 0.5;
    };
    const out: string[] = [];
    for (const cell of cells) {
      const text = (cell.textContent ?? '').trim();
      const badge = cell.querySelector<Box>('.import-status');
      if (!badge && !isFigure(text)) continue;
      if (cell.getClientRects().length === 0) continue;
      const box = clipOf(cell);
      const right = cell.getBoundingClientRect().right;
      if ((box && right > box.right + 1) || over(cell) || (badge && over(badge))) out.push(text);
    }
    return out;
  });
}

/**
 * The names in the cells matching `selector` that do not show whole (wider than their cell).
 * For the lists whose columns give names their room first (the register, the schedules list).
 */
export async function cutNames(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) => {
    type Box = (typeof cells)[number];
    // The text itself, or the one element holding it (a link, a span), may overflow. The room
    // is the content box, to half a pixel: an ellipsis starts where the text passes it, and
    // scrollWidth, rounded to whole pixels, hides a name cut by one.
    const cut = (cell: Box) => {
      const view = cell.ownerDocument.defaultView!;
      const style = view.getComputedStyle(cell);
      const box = cell.getBoundingClientRect();
      const room = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const text = cell.ownerDocument.createRange();
      text.selectNodeContents(cell);
      const inner = cell.querySelector<Box>(':scope > *');
      return (
        cell.scrollWidth > cell.clientWidth + 1 ||
        text.getBoundingClientRect().width > room + 0.5 ||
        (!!inner && inner.getBoundingClientRect().width > box.width + 1)
      );
    };
    return cells
      .filter((cell) => cell.getClientRects().length > 0 && cut(cell))
      .map((cell) => (cell.textContent ?? '').trim());
  });
}

/** The cells of the lists whose names must show whole at 1100 px and wider. */
export const NAME_CELLS =
  '.register .vtable-body [data-col=payee], .register .vtable-body [data-col=category], ' +
  ['name', 'payee', 'account']
    .map((col) => `.schedules-table .vtable-body [data-col=${col}]`)
    .join(', ');

/**
 * Fails when a figure is cut at this size (see cutFigures), or, 1100 px wide and wider, a name
 * in the register or the schedules list (see cutNames, NAME_CELLS). `names: false` checks the
 * figures only: a modal's pictures are about the modal, not the list behind it.
 */
export async function expectWholeFigures(
  page: Page,
  where: string,
  { names = true }: { names?: boolean } = {},
): Promise<void> {
  const cut = await cutFigures(page);
  if (cut.length > 0) throw new Error(`${where}: figures cut off: ${cut.slice(0, 8).join(' | ')}`);
  if (!names || (page.viewportSize()?.width ?? 0) < MEDIUM.width) return;
  const cutOff = await cutNames(page, NAME_CELLS);
  if (cutOff.length > 0)
    throw new Error(`${where}: names cut off: ${cutOff.slice(0, 8).join(' | ')}`);
}

/** Writes `<name>-<size>.png` for both sizes, restoring the desktop size afterwards. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}.png`) });
    await expectWholeFigures(page, `${name}-${size}`);
  }
  await page.setViewportSize(SIZES.desktop);
}

/** The narrower desktop the working areas are also checked at. */
export const MEDIUM = { width: 1100, height: 800 } as const;

/**
 * Writes `<name>-<size>.png` at each of `sizes` (default 1280×800 and 1100×800), restoring the
 * desktop size afterwards.
 */
export async function screenshotsAt(
  page: Page,
  name: string,
  sizes: Record<string, { width: number; height: number }> = {
    desktop: SIZES.desktop,
    '1100': MEDIUM,
  },
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [size, viewport] of Object.entries(sizes)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(120);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}.png`) });
    await expectWholeFigures(page, `${name}-${size}`);
  }
  await page.setViewportSize(SIZES.desktop);
}

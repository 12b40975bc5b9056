import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from './axe.ts';
import { expectWholeFigures, SCREENSHOT_DIR } from './browser.ts';

/** The sizes every screen is looked at (COMMON.md): wide, the wide breakpoint, a phone. */
export const LOOK_SIZES = {
  wide: { width: 1280, height: 800 },
  medium: { width: 1100, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Writes `<name>-<size>-<theme>.png` at each of the three sizes in the light and the dark
 * theme, for looking at; the page goes back to 1280×800 and its own theme afterwards. The
 * theme is switched on the document for the picture only (the app's toggle sits behind a flag).
 * At 1280×800 and 390×844 in both themes axe-core checks the modal (the whole page when no
 * dialog is open) too: a serious or critical WCAG 2.1 A/AA violation fails, with the list.
 * `wideOnly`: a page the spec shows on wide screens only (a phone's size leaves it for the
 * budget, so its phone shots would show the budget and the shots after them too): no phone size.
 */
export async function modalShots(
  page: Page,
  name: string,
  { wideOnly = false }: { wideOnly?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const setTheme = (theme: string) =>
    page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
  const own = String(await page.evaluate(`document.documentElement.dataset.theme ?? 'light'`));
  const reports: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme);
    for (const [size, viewport] of Object.entries(LOOK_SIZES)) {
      if (wideOnly && size === 'phone') continue;
      await page.setViewportSize(viewport);
      // One frame for the layout to follow the new size.
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}-${theme}.png`) });
      if (theme === 'light') await expectWholeFigures(page, `${name}-${size}`, { names: false });
      if (size === 'medium') continue;
      const violations = await axeViolations(page, { dialogOnly: true });
      if (violations.length > 0) {
        reports.push(describeViolations(`${name}-${size}-${theme}`, violations));
      }
    }
  }
  await setTheme(own);
  await page.setViewportSize(LOOK_SIZES.wide);
  if (reports.length > 0) throw new Error(reports.join('\n'));
}

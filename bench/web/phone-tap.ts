/**
 * The phone bench's timed taps (phone.ts, issue 29), as a finger makes them: the touch only.
 *
 * Why not Playwright's `tap()`: it first checks the element in the page (visible, stable over
 * two frames, enabled, not covered) with its own script on the page's main thread, then sends
 * the touch. Under the bench's CPU quota (one cgroup for the whole browser: phone-quota.ts) that
 * script took 22 ms of the main thread's CPU in the 120 ms before an 'Add transaction' tap
 * (a trace of the tap, load 4-8), drawn from the same CFS share the tap's own work then waited
 * for: the tap's click task ran 18 ms of CPU over 74 ms of wall time. A finger costs the page
 * nothing before it lifts. So the checks come first, the quota's period passes (unused share
 * does not carry over: the tap starts on a full one, whatever ran before), and then only the
 * touch is sent, at the element's centre.
 */
import type { Locator, Page } from 'playwright-core';

/** More than two of the quota's periods (phone-quota.ts): the touch starts on a full share. */
const REST_MS = 250;

/**
 * Taps `target` as a finger does, after checking that its centre reaches it (or the button or
 * row it is a part of). `before`: what the bench does in the page before the touch (arming the
 * frame watch), done before the rest too.
 */
export async function fingerTap(
  page: Page,
  target: Locator,
  { before }: { before?: () => Promise<void> } = {},
): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to tap has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const reached = await target.evaluate(
    (el, [px, py]) => {
      // Typed here: the root tsconfig (which checks bench/) has no DOM types.
      type Node = {
        contains(other: unknown): boolean;
        closest(selector: string): unknown;
        outerHTML: string;
      };
      const doc = (
        globalThis as unknown as {
          document: { elementFromPoint(x: number, y: number): Node | null };
        }
      ).document;
      const hit = doc.elementFromPoint(px!, py!);
      if (!hit) return 'nothing';
      // The same control takes the press: the element, a part of it, or the button or row
      // it is a part of (Actual 26.9's amount is a text in its row's button).
      const target = el as Node;
      if (target.contains(hit) || hit.contains(el)) return '';
      const pressable = (n: Node) => n.closest('button, a, [role="button"], [role="row"]');
      const own = pressable(target);
      return own !== null && own === pressable(hit) ? '' : hit.outerHTML.slice(0, 200);
    },
    [x, y],
  );
  if (reached) throw new Error(`at the element's centre (${x}, ${y}) is ${reached}`);
  await before?.();
  await page.waitForTimeout(REST_MS);
  await page.touchscreen.tap(x, y);
}

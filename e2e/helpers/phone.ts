import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { answerReleaseTags, launchBrowser, SIZES } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { PASSWORD, WAIT } from './session.ts';
import { bootstrapServer } from './steps.ts';

/** The phone widths every phone screen is checked at (issue 29), portrait. */
export const PHONE_SIZES = {
  '360': { width: 360, height: 780 },
  '390': { width: 390, height: 844 },
  '430': { width: 430, height: 932 },
} as const;

/** The smallest tap target, in CSS pixels (WCAG 2.5.5, Apple's and Google's guidance). */
export const MIN_TARGET = 44;

/** What the page and its workers reported as blocked by the Content-Security-Policy. */
export const CSP_PROBE = `
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
`;

/**
 * A browser profile that is a phone: touch (`hasTouch`, so `(pointer: coarse)` and
 * `(hover: none)` match and `tap()` works), `isMobile`, starting at the desktop size so the file
 * manager's flows can be used as they are, and the CSP probe in every page.
 */
export async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: SIZES.desktop,
    isMobile: true,
    hasTouch: true,
  });
  await answerReleaseTags(context);
  await context.addInitScript(CSP_PROBE);
  return context;
}

/** The CSP violations the page reported since it loaded. */
export async function cspViolations(page: Page): Promise<string[]> {
  return (await page.evaluate('window.__csp ?? []')) as string[];
}

/** What a person can tap: the same list the check below measures. */
const TAPPABLE =
  'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
  '[role=button], [role=link], [role=tab], [role=menuitem], [role=option], [role=checkbox], ' +
  '[role=radio], [role=switch], [tabindex]:not([tabindex="-1"])';

/** The measuring, as plain script text: it runs in the page (the e2e code has no DOM types). */
const TOUCH_PROBLEMS = `({ selector, min }) => {
      const out = [];
      const name = (e) => {
        const text =
          e.getAttribute('aria-label') ??
          e.labels?.[0]?.textContent ??
          e.textContent ??
          '';
        const cls = typeof e.className === 'string' ? e.className.split(' ')[0] : '';
        return \`\${e.tagName.toLowerCase()}\${cls ? '.' + cls : ''} "\${text.trim().slice(0, 30)}"\`;
      };
      const shown = (e) => {
        if (e.getClientRects().length === 0) return false;
        const style = getComputedStyle(e);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
        return !e.closest('[inert], [aria-hidden=true]');
      };
      // A checkbox or radio is tapped through its label too.
      const target = (e) =>
        e.matches('input[type=checkbox], input[type=radio]') ? (e.closest('label') ?? e) : e;
      // With a dialog or a menu open, what is behind it is meant to be out of reach: only the
      // controls inside it are measured.
      const layers = [...document.querySelectorAll('[aria-modal=true], [role=menu]')].filter(shown);
      const top = layers[layers.length - 1];
      const all = [...document.querySelectorAll(selector)]
        .filter(shown)
        .filter((e) => !top || top.contains(e));
      const els = all.filter((e) => !all.some((o) => o !== e && o.contains(e) && o !== target(e)));
      const rects = els.map((e) => target(e).getBoundingClientRect());
      // What of a target shows: a box that scrolls or clips (the page, a list) hides the rest,
      // so a row scrolled half under the tab bar is not laid over it.
      const vw = document.documentElement.clientWidth;
      const vh = document.documentElement.clientHeight;
      const seen = els.map((e, i) => {
        const r = rects[i];
        let box = { left: Math.max(0, r.left), top: Math.max(0, r.top) };
        let end = { right: Math.min(vw, r.right), bottom: Math.min(vh, r.bottom) };
        for (let p = target(e).parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflow === 'visible') continue;
          const c = p.getBoundingClientRect();
          box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top) };
          end = { right: Math.min(end.right, c.right), bottom: Math.min(end.bottom, c.bottom) };
        }
        return { ...box, ...end };
      });
      // A link inside a sentence is exempt, as WCAG's target size exempts it: it flows with the text.
      const inline = (e) =>
        e.tagName === 'A' && getComputedStyle(e).display === 'inline' &&
        (e.parentElement?.textContent ?? '').trim() !== (e.textContent ?? '').trim();
      els.forEach((e, i) => {
        const r = rects[i];
        if (inline(e)) return;
        if (r.width < min - 0.5 || r.height < min - 0.5) {
          out.push(\`small: \${name(e)} \${Math.round(r.width)}×\${Math.round(r.height)}\`);
        }
      });
      for (let i = 0; i < els.length; i++) {
        for (let j = i + 1; j < els.length; j++) {
          const a = seen[i];
          const b = seen[j];
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          const ta = target(els[i]);
          const tb = target(els[j]);
          if (w > 1 && h > 1 && !ta.contains(tb) && !tb.contains(ta)) {
            out.push(\`overlap: \${name(els[i])} and \${name(els[j])}\`);
          }
        }
      }
      els.forEach((e, i) => {
        // Only a target whose whole box shows is probed: a part scrolled away is not covered.
        const r = rects[i];
        const v = seen[i];
        const whole =
          v.left <= r.left + 0.5 &&
          v.top <= r.top + 0.5 &&
          v.right >= r.right - 0.5 &&
          v.bottom >= r.bottom - 0.5;
        if (!whole) return;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const t = target(e);
        if (hit && !t.contains(hit) && !hit.contains(t)) {
          out.push(\`covered: \${name(e)} by \${name(hit)}\`);
        }
      });
      const sideways = [document.scrollingElement, ...document.querySelectorAll('body *')].filter(
        (e) => {
          if (e.scrollWidth <= e.clientWidth + 1) return false;
          if (e === document.scrollingElement) return true;
          const x = getComputedStyle(e).overflowX;
          return x === 'auto' || x === 'scroll';
        },
      );
      for (const e of sideways) {
        out.push(\`scrolls sideways: \${name(e)} \${e.scrollWidth} > \${e.clientWidth}\`);
      }
      return out;
    }`;

/**
 * What is wrong for a finger on the page as it is now: targets under 44×44 px (a link inside a
 * sentence excepted, as WCAG 2.5.5 does; a checkbox or a
 * radio counts with its label), two targets over one another (one inside the other is fine), a
 * target on screen that something else covers at its centre, and anything that scrolls
 * sideways (the document or a box inside it). One line each, '' kinds of detail kept short.
 */
export async function touchProblems(page: Page): Promise<string[]> {
  const args = JSON.stringify({ selector: TAPPABLE, min: MIN_TARGET });
  return (await page.evaluate(`(${TOUCH_PROBLEMS})(${args})`)) as string[];
}

/**
 * A new budget made on a phone, past the mobile notice, with one local account (`name`, its
 * starting balance) open on the Accounts tab: where the phone's register and editor tests begin.
 */
async function phoneBudgetWithAccount(
  page: Page,
  serverUrl: string,
  name: string,
  balance: string,
): Promise<void> {
  await bootstrapServer(page, serverUrl, PASSWORD);
  await page.getByRole('button', { name: 'Create new file' }).tap();
  const tryIt = page.getByRole('button', { name: 'Try it anyway' });
  await tryIt.waitFor(WAIT);
  await tryIt.tap();
  await page.getByRole('navigation', { name: 'Main' }).getByText('Accounts').tap();
  await page.getByRole('main').getByRole('button', { name: 'Add account', exact: true }).tap();
  await page.getByRole('button', { name: 'Create local account' }).tap();
  await page.getByLabel('Name:').fill(name);
  await page.getByLabel('Balance:').fill(balance);
  await page.getByRole('button', { name: 'Create', exact: true }).tap();
  await page.getByRole('heading', { name }).waitFor(WAIT);
}

/** A phone signed in to its own server, on a budget's account: see `openPhoneAccount`. */
export interface PhoneAccount {
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors in the page, for a test to assert none happened. */
  errors: string[];
  /** Closes the browser and the server, and removes the server's data. */
  close(): Promise<void>;
}

/**
 * Where the phone editor's tests begin: a new server (its data in a folder named from
 * `prefix`), a 390×844 touch phone with `initScript` (a probe) in every page, and a new budget
 * with a local account 'Checking' of 100.00, open on the Accounts tab.
 */
export async function openPhoneAccount(prefix: string, initScript?: string): Promise<PhoneAccount> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startServer({ dataDir });
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: SIZES.phone,
      isMobile: true,
      hasTouch: true,
    });
    await answerReleaseTags(context);
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await phoneBudgetWithAccount(page, server.url, 'Checking', '100');
    return { server, context, page, errors, close };
  } catch (err) {
    // A start that failed half-way leaves no browser or server behind.
    await close();
    throw err;
  }
}

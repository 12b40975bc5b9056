import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { answerReleaseTags, launchBrowser, SIZES } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

// Needs `npm run build` first (the server bundle and packages/web/dist, or COFFER_E2E_WEB_ROOT).
export const BUILT =
  existsSync('packages/server/dist/main.js') &&
  existsSync(join(process.env.COFFER_E2E_WEB_ROOT ?? 'packages/web/dist', 'index.html'));

export const WAIT = { timeout: 20_000 };
/** The server password the first run sets up. */
export const PASSWORD = 'correct horse battery';

/** One browser profile on the app: its own context (cookies, localStorage, OPFS) and page. */
export interface Profile {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors in the page, for a test to assert none happened. */
  readonly errors: string[];
  text(t: string | RegExp): Locator;
  sidebar(): Locator;
  main(): Locator;
  /** Follow a sidebar link, opening the More group first when the link is inside it. */
  goTo(link: string): Promise<void>;
}

/** The server and browser a chain of stages shares; each stage continues where the last stopped. */
export interface Session {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The first profile, which sets everything up. */
  readonly first: Profile;
  /** Another browser profile on the same server (a fresh context: no storage shared). */
  newProfile(): Promise<Profile>;
  close(): Promise<void>;
}

async function openProfile(browser: Browser): Promise<Profile> {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  await answerReleaseTags(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' });
  return {
    context,
    page,
    errors,
    text: (t) => page.getByText(t).first(),
    sidebar,
    main: () => page.getByRole('main'),
    async goTo(link) {
      const target = sidebar().getByText(link, { exact: true });
      await sidebar().waitFor(WAIT);
      if (!(await target.isVisible())) await sidebar().getByText(/^More/).click();
      await target.click();
    },
  };
}

export async function startSession(
  options: { env?: Record<string, string> } = {},
): Promise<Session> {
  const server = await startServer(options);
  const browser = await launchBrowser();
  const profiles: Profile[] = [await openProfile(browser)];
  return {
    server,
    browser,
    first: profiles[0]!,
    async newProfile() {
      const profile = await openProfile(browser);
      profiles.push(profile);
      return profile;
    },
    async close() {
      for (const profile of profiles) await profile.context.close();
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * The phone's browser for bench/web/phone.ts (issue 29): Chromium in the bench's CPU cgroup with
 * a profile on disk, and a screenshot when a step fails.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** A Chromium that puts itself in the cgroup: a wrapper joins it and becomes Chromium. */
export function cgroupWrapper(dir: string, cgroup: string): string {
  const wrapper = join(dir, 'chromium-in-cgroup.sh');
  writeFileSync(
    wrapper,
    `#!/bin/sh\necho $$ > ${cgroup}/cgroup.procs\nexec /usr/bin/chromium "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  return wrapper;
}

export interface PhoneOptions {
  /** Where the profiles and the wrapper go. */
  dir: string;
  /** The app's name: each app gets its own profile. */
  name: string;
  cgroup: string;
  /** The phone's emulation (viewport, `isMobile`, `hasTouch`) and Chromium's arguments. */
  options: {
    viewport: { width: number; height: number };
    isMobile: boolean;
    hasTouch: boolean;
    args: string[];
  };
  incognito: boolean;
}

/**
 * The phone's browser for one app, in the cgroup: a profile on disk, as a phone's browser or an
 * installed app has. Playwright's `newContext` is an incognito profile, whose OPFS keeps files in
 * the browser process: each read of a sync access handle is a round trip to it, about 100× a
 * read from disk (1.3 ms against 0.013 ms a 4 KB page here), and SQLite reads page by page.
 * `incognito` keeps that way (`launched.newContext`), to compare.
 */
export async function openPhone(
  launched: Browser,
  phone: PhoneOptions,
): Promise<{ context: BrowserContext; browser: Browser }> {
  const { args, ...emulation } = phone.options;
  if (phone.incognito) return { context: await launched.newContext(emulation), browser: launched };
  const context = await chromium.launchPersistentContext(join(phone.dir, `profile-${phone.name}`), {
    executablePath: cgroupWrapper(phone.dir, phone.cgroup),
    args,
    ...emulation,
  });
  const own = context.browser();
  if (!own) throw new Error('a persistent context without its browser: no tracing');
  return { context, browser: own };
}

/** What the phone showed when a step failed, as a screenshot beside the results. */
export async function failureShot(context: BrowserContext, name: string): Promise<string> {
  const dir = resolve('bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `phone-failed-${name}.png`);
  const page = context.pages().at(-1);
  if (!page) return 'no page to show the failure';
  await page.screenshot({ path: file }).catch(() => undefined);
  return `the screen at the failure: ${file} (at ${page.url()})`;
}

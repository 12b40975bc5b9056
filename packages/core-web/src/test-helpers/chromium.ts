import { type Browser, type BrowserContext, chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless, without the background traffic (updates, sync, QUIC) that would
 * reach for a network the tests do not have. Shared by the core-web browser tests, the e2e
 * suite and the web benchmark; it imports nothing else so a benchmark bundle stays small.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * The same Chromium with a profile kept on disk in `userDataDir`, as a user's browser keeps
 * one. Contexts of `launchChromium` are incognito: their OPFS lives in the browser process's
 * memory, and a large write there took twice as long as on disk.
 */
export function launchPersistentChromium(
  userDataDir: string,
  /** More switches (a benchmark's `--js-flags=...`). */
  extraArgs: readonly string[] = [],
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: [...ARGS, ...extraArgs],
  });
}

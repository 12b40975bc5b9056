import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, without the background traffic (updates, sync, QUIC) that would
 * reach for a network the tests do not have. Shared by the core-web browser tests, the e2e
 * suite and the web benchmark; it imports nothing else so a benchmark bundle stays small.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

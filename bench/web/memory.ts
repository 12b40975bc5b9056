/**
 * The memory of an open app page, as the web benchmarks report it beside their times: the
 * page's JS heap and each dedicated worker's (the core's worker holds the SQLite database), both
 * through the DevTools protocol, and the resident memory of the renderer process that runs them
 * (its peak too: the wasm SQLite heap lives there and no JS heap figure counts it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface PageMemory {
  pageHeapMb: number;
  /** Each dedicated worker's JS heap, MB. */
  workerHeapMb: number[];
  /** The largest renderer process of the profile (the page's): now and its peak, MB. */
  rendererRssMb: number | null;
  rendererPeakMb: number | null;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Resident and peak memory of the profile's renderers (Linux /proc), the largest by RSS. */
function renderer(profileDir: string): { rss: number; peak: number } | null {
  let best: { rss: number; peak: number } | null = null;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || !cmd.includes(profileDir)) continue;
      if (cmd.includes('--top-chrome-webui')) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0); // prettier-ignore
      const found = { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
      if (!best || found.rss > best.rss) best = found;
    } catch {
      // The process ended while it was read.
    }
  }
  return best;
}

/** `profileDir`: the persistent profile the page's browser was launched with. */
export async function pageMemory(page: Page, profileDir: string): Promise<PageMemory> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const own = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    // Workers are reached through the page's session: attach to each, ask, match the answer by id.
    const answers = new Map<string, (usedSize: number) => void>();
    cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      const msg = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number } };
      if (msg.id === 1 && msg.result?.usedSize !== undefined) answers.get(e.sessionId)?.(msg.result.usedSize); // prettier-ignore
    });
    const workers: Array<Promise<number>> = [];
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type !== 'worker') return;
      workers.push(
        new Promise<number>((done) => {
          answers.set(e.sessionId, done);
          void cdp.send('Target.sendMessageToTarget', {
            sessionId: e.sessionId,
            message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
          });
        }),
      );
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }); // prettier-ignore
    const timeout = new Promise<number>((done) => setTimeout(() => done(NaN), 10_000));
    const workerHeaps = await Promise.all(workers.map((w) => Promise.race([w, timeout])));
    const r = renderer(profileDir);
    return {
      pageHeapMb: mb(own.usedSize),
      workerHeapMb: workerHeaps.map(mb),
      rendererRssMb: r ? Math.round(r.rss) : null,
      rendererPeakMb: r ? Math.round(r.peak) : null,
    };
  } finally {
    await cdp.detach().catch(() => {});
  }
}

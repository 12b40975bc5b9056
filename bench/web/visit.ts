import { readdirSync, readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';

/** One response the browser received while a visit was measured. */
export interface Loaded {
  url: string;
  kind: 'js' | 'wasm' | 'other';
  /** Fetched by the service worker itself (Actual precaches its whole build in the background). */
  byServiceWorker: boolean;
  /** Answered from the service worker's cache rather than the network. */
  fromServiceWorker: boolean;
  encoding: string | null;
  /** When it arrived, in ms from the start of the recording (about the start of navigation). */
  atMs: number;
}

function kindOf(response: Response): Loaded['kind'] {
  const type = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (type.includes('javascript') || /\.m?js$/.test(path)) return 'js';
  if (type.includes('wasm') || path.endsWith('.wasm')) return 'wasm';
  return 'other';
}

/**
 * Records every response of the page, its dedicated workers and its service worker (Playwright
 * reports all three on the context) until `stop` is called.
 */
export function recordResponses(page: Page): { stop(): Loaded[] } {
  const seen: Loaded[] = [];
  const start = performance.now();
  const onResponse = (response: Response) => {
    // blob: and data: URLs hold bytes that already arrived in another response.
    if (!/^https?:/.test(response.url())) return;
    seen.push({
      url: response.url(),
      kind: kindOf(response),
      byServiceWorker: response.request().serviceWorker() !== null,
      fromServiceWorker: response.fromServiceWorker(),
      encoding: response.headers()['content-encoding'] ?? null,
      atMs: Math.round(performance.now() - start),
    });
  };
  const context = page.context();
  context.on('response', onResponse);
  return {
    stop() {
      context.off('response', onResponse);
      return seen;
    },
  };
}

/** CPU time (user + system, ms) of each live process below `root`, by pid. */
export function cpuByPid(root = process.pid): Map<number, number> {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(name);
    parent.set(pid, Number(fields[1]));
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
  }
  const below = new Map<number, number>();
  for (const [pid, ms] of cpu) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        below.set(pid, ms);
        break;
      }
    }
  }
  return below;
}

/** CPU used between two samples, split into the server's process and everything else. */
export function cpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  serverPid: number,
): { browserMs: number; serverMs: number } {
  let browserMs = 0;
  let serverMs = 0;
  for (const [pid, ms] of after) {
    const used = ms - (before.get(pid) ?? 0);
    if (pid === serverPid) serverMs += used;
    else browserMs += used;
  }
  return { browserMs, serverMs };
}

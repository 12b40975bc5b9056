import type { Core } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import type { WebPlatform } from './platform.ts';
import { AHEAD_HOLD_MS, stagingCore } from './staging-core.ts';

/** A core and platform that log what is staged, let go and asked, in order. */
function fakes() {
  const log: string[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const platform = {
    documentDir: '/documents',
    fs: { join: (...parts: string[]) => parts.join('/') },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    timers: {
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      clearTimeout: () => undefined,
    },
    store: {
      busy: () => () => undefined,
      stageDatabase: async (path: string) => {
        log.push(`staged ${path}`);
        return () => void log.push(`let go ${path}`);
      },
    },
  } as unknown as WebPlatform;
  const core = {
    events: { onAny: () => () => undefined },
    isMutator: () => false,
    foreground: () => undefined,
    sendUnknown: async (name: string, args: unknown) => {
      log.push(`core ${name} ${JSON.stringify(args ?? null)}`);
      return {};
    },
  } as unknown as Core;
  return { log, timers, served: stagingCore(core, platform) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the staging core', () => {
  it("stages the named budget's folder before any request, once, for its load-budget", async () => {
    const { log, served } = fakes();
    served.stageAhead('home');
    await settle();
    expect(log).toEqual(['staged /documents/home/db.sqlite']);
    await served.sendUnknown('load-global-prefs', undefined);
    await served.sendUnknown('load-budget', { id: 'home' });
    // Staged once; held through the open, let go (to the open database) as it ends.
    expect(log).toEqual([
      'staged /documents/home/db.sqlite',
      'core load-global-prefs null',
      'core load-budget {"id":"home"}',
      'let go /documents/home/db.sqlite',
    ]);
  });

  it('lets the folder go for a load-budget of another budget, which stages its own', async () => {
    const { log, served } = fakes();
    served.stageAhead('home');
    await served.sendUnknown('load-budget', { id: 'work' });
    expect(log).toEqual([
      'staged /documents/home/db.sqlite',
      'staged /documents/work/db.sqlite',
      'let go /documents/home/db.sqlite',
      'core load-budget {"id":"work"}',
      'let go /documents/work/db.sqlite',
    ]);
    // Only the start's first open is staged ahead.
    served.stageAhead('home');
    await settle();
    expect(log.filter((line) => line.startsWith('staged'))).toHaveLength(2);
  });

  it('lets the folder go when no load-budget came in time', async () => {
    const { log, timers, served } = fakes();
    served.stageAhead('home');
    await settle();
    expect(timers.map((t) => t.ms)).toEqual([AHEAD_HOLD_MS]);
    timers[0]!.fn();
    await settle();
    expect(log).toEqual(['staged /documents/home/db.sqlite', 'let go /documents/home/db.sqlite']);
    // The page's open, later, stages it again.
    await served.sendUnknown('load-budget', { id: 'home' });
    expect(log.filter((line) => line.startsWith('staged'))).toHaveLength(2);
  });

  it('stages nothing for an id that is not a folder name', async () => {
    const { log, served } = fakes();
    served.stageAhead('../elsewhere');
    await settle();
    expect(log).toEqual([]);
  });
});

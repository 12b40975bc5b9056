/**
 * A returning open's steps (issue 29), timed in process on the bench's budget: the marks the
 * open sets through `Platform.mark` (prefs read, file opened, backup check, schema, the budget
 * database, each service the open runs), the last of several opens of the same folder, each
 * after a close, so the derived data is built and trusted as on a phone's returning start.
 * Unthrottled Node + better-sqlite3: the phone's worker runs the same steps on SQLite's wasm
 * build under the bench's quota, where the trace's `coffer-worker:open:*` marks time them.
 *   node bench/web-phone/open-steps.mjs <made dir> [opens = 5]
 */
import { createAppCore } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

async function main(made: string, opens: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-open-steps-'));
  cpSync(made, dir, { recursive: true });
  const id = readdirSync(dir)[0]!;
  let steps: Array<[string, number]> = [];
  const platform = {
    ...createNodePlatform({ documentDir: dir, log: quiet }),
    mark: (name: string) => void steps.push([name, performance.now()]),
  };
  const core = createAppCore({ platform, documentDir: dir, cloud: { syncOnLoad: false } });
  try {
    // The first open builds what a returning start finds built; the derived data's background
    // build is let finish before the close.
    for (let i = 0; i < opens; i++) {
      steps = [['asked', performance.now()]];
      await core.sendUnknown('load-budget', { id });
      steps.push(['answered', performance.now()]);
      const out = steps.map(([name, at], k) => `${name} +${(at - steps[Math.max(0, k - 1)]![1]).toFixed(1)}`); // prettier-ignore
      console.log(`open ${i + 1}: ${(steps.at(-1)![1] - steps[0]![1]).toFixed(1)} ms: ${out.slice(1).join(', ')}`); // prettier-ignore
      await new Promise((r) => setTimeout(r, i === 0 ? 20_000 : 3000));
      await core.sendUnknown('close-budget');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [made, opens] = process.argv.slice(2);
if (!made) throw new Error('usage: open-steps.mjs <made dir> [opens]');
await main(made, Number(opens ?? 5));
process.exit(0);

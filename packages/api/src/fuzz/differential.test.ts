/**
 * Coffer's api against the real `@actual-app/api`, 6.9 (the 23.x-era one the project uses) and
 * 26.9 (current, as `actual-api-26`), each in its own process: the shrunk sequences of every
 * divergence found so far, then many generated ones. Budgets must end the same, field by field
 * and month by month, except where `divergences.ts` documents a difference (the comparison with
 * that version then stops there). The long form: `npm run fuzz -- --sequences 10000`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHRUNK } from './shrunk-sequences.ts';
import { type Workers, expectSame, runMany, startWorkers } from './run.ts';

/** CI's share: enough to meet the common paths many times over in a few minutes. */
const SEQUENCES = Number(process.env.COFFER_FUZZ_SEQUENCES ?? 500);
const SEED = Number(process.env.COFFER_FUZZ_SEED ?? 20260921);

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers();
}, 180_000);
afterAll(() => workers?.stop());

describe('Coffer against @actual-app/api 6.9 and 26', () => {
  for (const c of SHRUNK) {
    it(`shrunk: ${c.name}`, async () => {
      const result = await expectSame(workers, c.ops);
      // The case still reaches the comparison it was kept for.
      for (const version of c.compared ?? ['6.9', '26']) {
        expect(result.stopped[version as '6.9' | '26'], `${version} stopped early`).toBeUndefined();
      }
    }, 180_000);
  }

  it(`${SEQUENCES} generated sequences end the same`, async () => {
    const started = performance.now();
    const report = await runMany(workers, { sequences: SEQUENCES, seed: SEED, shrink: 'none' });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`${report.sequences} sequences in ${seconds} s; stopped:`, report.stopped);
    expect(report.failure?.message ?? null).toBeNull();
    expect(report.sequences).toBe(SEQUENCES);
  }, 1_800_000);
});

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each slow test file (5 s and more) took in the last full run. A fresh CI machine has
 * no vitest cache, and vitest then starts the largest files first by bytes: the differential
 * fuzz (a short file, four minutes) started last and left the other worker idle meanwhile.
 */
const SECONDS = JSON.parse(
  readFileSync(join(import.meta.dirname, '.ci/test-seconds.json'), 'utf8'),
) as Record<string, number>;

/** The slowest files first, by this machine's last run of them or else by `SECONDS`. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) => {
      const path = relative(root, file.moduleId);
      const last = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
      return last ? last.duration / 1000 : (SECONDS[path] ?? 0);
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

/**
 * Browser tests one at a time unless `COFFER_E2E_WORKERS` says more: two at once on a 2-core
 * machine already loaded failed one of two files (a wait ran out), where one at a time passed.
 */
const E2E_WORKERS = Number(process.env.COFFER_E2E_WORKERS ?? 1);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}'],
          // Two files at once even on 2 cores (vitest's own default there is one): a unit
          // test file is one process on one core, and the other core was idle.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

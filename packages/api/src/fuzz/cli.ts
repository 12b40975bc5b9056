/**
 * The long form of the differential test: `npm run fuzz -- --sequences 10000 [--seed N]
 * [--against 6.9,26]`. Prints progress, and a failure shrunk to its shortest sequence (ready to
 * paste into `shrunk-sequences.ts`).
 */
import { type Version, VERSIONS } from './divergences.ts';
import { runMany, startWorkers } from './run.ts';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main() {
  const sequences = Number(option('sequences', '500'));
  const seed = Number(option('seed', String(Date.now() % 1_000_000_000)));
  const against = option('against', VERSIONS.join(',')).split(',') as Version[];
  console.log(`${sequences} sequences, seed ${seed}, Coffer against ${against.join(' and ')}`);
  const workers = await startWorkers(against);
  const started = performance.now();
  try {
    const report = await runMany(workers, {
      sequences,
      seed,
      shrink: true,
      onSequence: (done) => {
        if (done % 50 === 0) {
          const seconds = (performance.now() - started) / 1000;
          console.log(`${done} sequences, ${seconds.toFixed(0)} s`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`${report.sequences} sequences in ${seconds.toFixed(0)} s`);
    console.log('stopped at documented divergences:', report.stopped);
    for (const w of [workers.coffer, ...workers.actual]) {
      const t = w.timing;
      console.log(
        `${w.impl}: begin ${(t.begin / 1000).toFixed(0)} s, ops ${(t.op / 1000).toFixed(0)} s, ` +
          `reads ${(t.dump / 1000).toFixed(0)} s`,
      );
    }
    if (report.failure) {
      console.log(`\nFAILED (seed ${seed}):\n${report.failure.message}`);
      console.log(`\nshortest sequence:\n${JSON.stringify(report.failure.ops, null, 2)}`);
      process.exitCode = 1;
    } else {
      console.log('no divergence outside the documented table');
    }
  } finally {
    await workers.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
